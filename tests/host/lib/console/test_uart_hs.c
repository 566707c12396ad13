/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Register models for test_uart.c: the UARTs with a per-character
 * handshake. From the Linux sources the drivers cite: msm_serial.c
 * (UARTDM), qcom_geni_serial.c + geni-se.h (GENI), sh-sci.c + sh-sci.h
 * (SCIF). All state is the model's own; ticks and the FIFO are
 * test_uart.c's.
 */
#include <string.h>

#include "tests/host/lib/console/test_uart.h"

#define BIT(n) (1u << (n))

/* ---- MSM UARTDM: SR 0x08 (TX_READY bit 2: FIFO room; TX_EMPTY bit 3), CR
 * 0x10 (commands; RESET_TX_READY = 3 << 8), ISR 0x14 (TX_READY bit 7: the
 * NCF_TX characters are all in the FIFO), NCF_TX 0x40, TF 0x70. The UARTDM
 * sends only what NCF_TX announced: a TF write beyond it is not sent. The
 * rules Linux's msm_reset_dm_count follows are checked as rules: NCF_TX
 * only once the last transfer is done and TX_READY was reset, read back
 * before TF is written. ---------------------------------------------------- */

static struct {
	unsigned remaining; /* characters NCF_TX announced and TF has not given */
	bool isr_ready;     /* ISR TX_READY */
	bool read_back;     /* NCF_TX read since it was written */
	uint32_t irq, wm, trans_len;
	bool active; /* GENI: a command */
	bool tdfe, tdfe_read, tend_read, te;
	unsigned trigger;
	uint16_t scscr_reset;
} h;

static void msm_reset(void)
{
	memset(&h, 0, sizeof h);
	h.isr_ready = true; /* stale, from firmware's last transfer */
}

static uint32_t msm_rd(unsigned off, unsigned bytes)
{
	model_width("UARTDM register", bytes, 4);
	switch (off) {
	case 0x08:
		model_tick();
		return (model_wait(model_full()) ? 0 : BIT(2)) | (model_idle() ? BIT(3) : 0);
	case 0x14:
		model_tick();
		return model_wait(!h.isr_ready && !model_idle()) ? 0 : h.isr_ready ? BIT(7) : 0;
	case 0x40: h.read_back = true; return h.remaining;
	}
	return model_unknown(off, bytes);
}

static void msm_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("UARTDM register", bytes, 4);
	switch (off) {
	case 0x10:
		if (v != 3u << 8)
			model_violation("CR command 0x%x", v);
		h.isr_ready = false;
		return;
	case 0x40:
		if (h.remaining)
			model_violation("NCF_TX written with %u characters still announced",
					h.remaining);
		if (h.isr_ready)
			model_violation("NCF_TX written before TX_READY was reset");
		h.remaining = v, h.read_back = false;
		return;
	case 0x70:
		if (!h.remaining) {
			model_violation("TF '%c' written, no transfer announced: not sent",
					(char)v);
			return;
		}
		if (!h.read_back)
			model_violation("TF written before NCF_TX was read back");
		if (model_full() && ms.never)
			return; /* lost; the transfer stays open */
		model_push(v & 0xff);
		if (--h.remaining == 0)
			h.isr_ready = true;
		return;
	}
	model_unknown(off, bytes);
}

UART_MODEL(model_msm, "qcom,msm-uartdm-v1.4", msm, 0, 4, 64, msm_reset, msm_rd, msm_wr, NULL);

/* ---- GENI: STATUS 0x40 (M_GENI_CMD_ACTIVE bit 0), TX_TRANS_LEN 0x270,
 * M_CMD0 0x600 (opcode 31:27, START_TX 1), M_CMD_CTRL 0x604 (ABORT bit 1),
 * M_IRQ_STATUS 0x610 / M_IRQ_CLEAR 0x618 (DONE bit 0, ABORT bit 5, TX
 * watermark bit 30), TX_FIFOn 0x700, TX_WATERMARK 0x80c. A START_TX command
 * takes TX_TRANS_LEN bytes; the watermark IRQ is raised while the command
 * runs with no more than TX_WATERMARK words queued; DONE once its bytes
 * are all out on the line. --------------------------------------------- */

static void geni_reset(void)
{
	memset(&h, 0, sizeof h);
}

/* Firmware's last command still running: its bytes in the FIFO. */
static void geni_busy_reset(void)
{
	geni_reset();
	h.active = true;
	ms.count = 3;
	ms.busy = true;
}

static void geni_update(void)
{
	if (h.active && ms.count <= h.wm)
		h.irq |= BIT(30);
	if (h.active && !h.remaining && model_idle()) {
		h.active = false;
		h.irq |= BIT(0);
	}
}

static uint32_t geni_rd(unsigned off, unsigned bytes)
{
	model_width("GENI register", bytes, 4);
	switch (off) {
	case 0x40:
		model_tick();
		geni_update();
		return model_wait(h.active) ? BIT(0) : 0;
	case 0x610:
		model_tick();
		geni_update();
		model_wait(h.active);
		return h.irq;
	}
	return model_unknown(off, bytes);
}

static void geni_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("GENI register", bytes, 4);
	switch (off) {
	case 0x270: h.trans_len = v; return;
	case 0x600:
		if (h.active)
			model_violation("M_CMD0 written while a command is active");
		if (v != 1u << 27)
			model_violation("M_CMD0 0x%x is not START_TX", v);
		if (!h.trans_len)
			model_violation("START_TX with TX_TRANS_LEN 0");
		h.active = true, h.remaining = h.trans_len;
		return;
	case 0x604:
		if (v & BIT(1))
			h.active = false, h.remaining = 0, h.irq |= BIT(5);
		return;
	case 0x618: h.irq &= ~v; return;
	case 0x700:
		if (!h.active || !h.remaining) {
			model_violation("TX FIFO '%c' written with no command taking it", (char)v);
			return;
		}
		if (model_full() && ms.never)
			return;
		model_push(v & 0xff);
		h.remaining--;
		return;
	case 0x80c: h.wm = v; return;
	}
	model_unknown(off, bytes);
}

static const char *geni_init(void)
{
	return h.wm == 2 ? NULL : "TX_WATERMARK not 2 words";
}

UART_MODEL(model_geni, "qcom,geni-debug-uart", geni, 0, 4, 4, geni_reset, geni_rd, geni_wr,
	   geni_init);
UART_MODEL(model_geni_busy, "geni, firmware's TX on", geni, 0, 4, 4, geni_busy_reset, geni_rd,
	   geni_wr, geni_init);

/* ---- SCIF: SCSCR 0x08 16-bit (TE bit 5), SCFTDR 0x0c 8-bit, SCFSR 0x10
 * 16-bit (TDFE bit 5: set when a character leaving the FIFO leaves no more
 * than the trigger number; TEND bit 6: nothing left to send). A flag is
 * cleared by writing 0 to it after reading it as 1; writing 1 keeps it.
 * Here only software clears TDFE, and writing 0 to a receive or error flag
 * (bits 0-4, 7) is a violation: this driver has no business with them. - */

static void scif_reset(void)
{
	memset(&h, 0, sizeof h);
	h.tdfe = true; /* set at reset */
	h.trigger = 8;
	h.scscr_reset = 0x0010; /* RE; TE off */
	h.te = false;
}

static void hscif_reset(void)
{
	scif_reset();
	h.trigger = 64;
	h.te = true;
	h.scscr_reset = 0x0030;
}

static unsigned scif_count;

static uint32_t scif_rd(unsigned off, unsigned bytes)
{
	switch (off) {
	case 0x08:
		model_width("SCSCR", bytes, 2);
		return (h.scscr_reset & ~BIT(5)) | (h.te ? BIT(5) : 0);
	case 0x10:
		model_width("SCFSR", bytes, 2);
		scif_count = ms.count;
		model_tick();
		if (ms.count < scif_count && ms.count <= h.trigger)
			h.tdfe = true;
		h.tdfe_read = h.tdfe, h.tend_read = model_idle();
		return (model_wait(!h.tdfe) ? 0 : BIT(5)) | (model_idle() ? BIT(6) : 0);
	}
	return model_unknown(off, bytes);
}

static void scif_wr(unsigned off, unsigned bytes, uint32_t v)
{
	switch (off) {
	case 0x08:
		model_width("SCSCR", bytes, 2);
		if ((v & ~BIT(5)) != (h.scscr_reset & ~BIT(5)))
			model_violation("SCSCR 0x%x from 0x%x: not just TE", v, h.scscr_reset);
		h.te = v & BIT(5);
		return;
	case 0x0c:
		model_width("SCFTDR", bytes, 1);
		if (!h.te)
			model_violation("SCFTDR written with TE clear");
		model_push(v);
		return;
	case 0x10:
		model_width("SCFSR", bytes, 2);
		if ((v & 0x9f) != 0x9f)
			model_violation("SCFSR 0x%x clears a receive or error flag", v);
		if (!(v & BIT(5)) && h.tdfe_read)
			h.tdfe = false;
		h.tdfe_read = false;
		return;
	}
	model_unknown(off, bytes);
}

static const char *scif_init(void)
{
	return h.te ? NULL : "SCSCR TE not set";
}

UART_MODEL(model_scif, "renesas,rcar-gen3-scif", scif, 0, 1, 16, scif_reset, scif_rd, scif_wr,
	   scif_init);
UART_MODEL(model_hscif, "renesas,hscif", scif, 0, 1, 128, hscif_reset, scif_rd, scif_wr, scif_init);
