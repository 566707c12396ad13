/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Register models for test_uart.c: the UARTs whose transmit side is one
 * data register, one status register and an enable bit or two. Offsets and
 * bits are from each UART's documentation, as the driver file cites it:
 * PL011 TRM (DDI 0183), PC16550D, i.MX6 RM chapter 64, Zynq-7000 TRM
 * (UG585) appendix B, Linux samsung_tty.c/serial_s3c.h, meson_uart.c (more
 * in test_uart_soc.c). Each status read is a tick of the model clock
 * (test_uart.c): a FIFO drains one character every k.
 */
#include "tests/host/lib/console/test_uart.h"

#define BIT(n) (1u << (n))

static struct {
	uint32_t ctrl, ctrl2, reset_ctrl, reset_ctrl2;
} r;

/* ---- ARM PL011: DR 0x00, FR 0x18 (TXFF bit 5, TXFE bit 7) -------------- */

static void pl011_reset(void)
{
}

static uint32_t pl011_rd(unsigned off, unsigned bytes)
{
	if (off != 0x18)
		return model_unknown(off, bytes);
	model_width("UARTFR", bytes, 4);
	model_tick();
	return (model_wait(model_full()) ? BIT(5) : 0) | (model_empty() ? BIT(7) : 0);
}

static void pl011_wr(unsigned off, unsigned bytes, uint32_t v)
{
	if (off != 0x00) {
		model_unknown(off, bytes);
		return;
	}
	model_width("UARTDR", bytes, 4);
	model_push(v);
}

UART_MODEL(model_pl011, "pl011", pl011, 0, 1, 32, pl011_reset, pl011_rd, pl011_wr, NULL);

/* ---- 16550: THR register 0, LSR register 5 (THRE bit 5: FIFO empty) ----
 * Registers at i << shift, `width` bytes wide: the model takes the stride
 * and width the descriptor promises and checks every access against them. */

static unsigned stride, iowidth;

static void ns16550_reset(void)
{
	stride = 1, iowidth = 1;
}

static void dw_apb_reset(void)
{
	stride = 4, iowidth = 4;
}

static uint32_t ns16550_rd(unsigned off, unsigned bytes)
{
	if (off != 5 * stride)
		return model_unknown(off, bytes);
	model_width("LSR", bytes, iowidth);
	model_tick();
	return (model_wait(!model_empty()) ? 0 : BIT(5)) | (model_idle() ? BIT(6) : 0);
}

static void ns16550_wr(unsigned off, unsigned bytes, uint32_t v)
{
	if (off != 0) {
		model_unknown(off, bytes);
		return;
	}
	model_width("THR", bytes, iowidth);
	model_push(v);
}

UART_MODEL(model_ns16550, "ns16550a", ns16550, 0, 1, 16, ns16550_reset, ns16550_rd, ns16550_wr,
	   NULL);
UART_MODEL(model_dw_apb, "snps,dw-apb-uart", ns16550, 2, 4, 64, dw_apb_reset, ns16550_rd,
	   ns16550_wr, NULL);

/* ---- i.MX: UTXD 0x40, UCR1 0x80 (UARTEN bit 0), UCR2 0x84 (SRST bit 0,
 * active low; TXEN bit 2), UTS 0xb4 (TXFULL bit 4, TXEMPTY bit 6) -------- */

static void imx_reset(void)
{
	r.ctrl = r.reset_ctrl = 0x0000;   /* UART disabled (QEMU's sabrelite) */
	r.ctrl2 = r.reset_ctrl2 = 0x4020; /* IRTS, WS; TXEN off, in reset */
}

static uint32_t imx_rd(unsigned off, unsigned bytes)
{
	model_width("i.MX register", bytes, 4);
	switch (off) {
	case 0x80: return r.ctrl;
	case 0x84: return r.ctrl2;
	case 0xb4:
		model_tick();
		return (model_wait(model_full()) ? BIT(4) : 0) | (model_empty() ? BIT(6) : 0);
	}
	return model_unknown(off, bytes);
}

static void imx_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("i.MX register", bytes, 4);
	switch (off) {
	case 0x80: r.ctrl = v; return;
	case 0x84: r.ctrl2 = v; return;
	case 0x40:
		if (!(r.ctrl & BIT(0)) || (r.ctrl2 & (BIT(0) | BIT(2))) != (BIT(0) | BIT(2)))
			model_violation("UTXD written with UCR1 0x%x UCR2 0x%x", r.ctrl, r.ctrl2);
		model_push(v);
		return;
	}
	model_unknown(off, bytes);
}

static const char *imx_init(void)
{
	const char *why = model_enabled("UCR1", r.ctrl, r.reset_ctrl, BIT(0));
	return why ? why : model_enabled("UCR2", r.ctrl2, r.reset_ctrl2, BIT(0) | BIT(2));
}

UART_MODEL(model_imx, "fsl,imx6q-uart", imx, 0, 4, 32, imx_reset, imx_rd, imx_wr, imx_init);

/* ---- Cadence: CR 0x00 (TXEN bit 4, TXDIS bit 5: sends with TXEN and not
 * TXDIS), SR 0x2c (TXEMPTY bit 3, TXFULL bit 4), FIFO 0x30 --------------- */

static void cadence_reset(void)
{
	r.ctrl = r.reset_ctrl = 0x128; /* QEMU's reset value: RXDIS, TXDIS, STPBRK */
}

static uint32_t cadence_rd(unsigned off, unsigned bytes)
{
	model_width("Cadence register", bytes, 4);
	if (off == 0x00)
		return r.ctrl;
	if (off != 0x2c)
		return model_unknown(off, bytes);
	model_tick();
	return (model_wait(model_full()) ? BIT(4) : 0) | (model_empty() ? BIT(3) : 0);
}

static void cadence_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("Cadence register", bytes, 4);
	if (off == 0x00) {
		r.ctrl = v;
	} else if (off == 0x30) {
		if ((r.ctrl & (BIT(4) | BIT(5))) != BIT(4))
			model_violation("FIFO written with CR 0x%x (transmitter off)", r.ctrl);
		model_push(v);
	} else {
		model_unknown(off, bytes);
	}
}

static const char *cadence_init(void)
{
	if ((r.ctrl & (BIT(4) | BIT(5))) != BIT(4) || (r.ctrl & ~0x30u) != (r.reset_ctrl & ~0x30u))
		return "CR: wants TXEN set, TXDIS clear, the rest kept";
	return NULL;
}

UART_MODEL(model_cadence, "xlnx,xuartps", cadence, 0, 4, 64, cadence_reset, cadence_rd, cadence_wr,
	   cadence_init);

/* ---- Samsung: UCON 0x04 (TX mode bits 3:2, 01 polling), UFCON 0x08 (FIFO
 * mode bit 0), UTRSTAT 0x10 (TXFE bit 1: the buffer -- the FIFO in FIFO
 * mode -- is empty; TXE bit 2: and the shifter), UFSTAT 0x18, UTXH 0x20
 * (written a byte, or a word with reg-io-width 4). Other registers read 32
 * bits wide. ------------------------------------------------------------ */

static unsigned utxh_width;

static void exynos_reset(void)
{
	r.ctrl = r.reset_ctrl = 0x3c5; /* as U-Boot leaves it: TX/RX polling */
	r.ctrl2 = 1;                   /* FIFO mode */
	utxh_width = 1;
}

static void exynos_nofifo_reset(void)
{
	r.ctrl = r.reset_ctrl = 0x3c1; /* TX mode disabled: init must enable it */
	r.ctrl2 = 0;
	utxh_width = 1;
}

static void gs101_reset(void)
{
	exynos_reset();
	utxh_width = 4;
}

static uint32_t samsung_rd(unsigned off, unsigned bytes)
{
	model_width("Samsung register", bytes, 4);
	switch (off) {
	case 0x04: return r.ctrl;
	case 0x08: return r.ctrl2;
	case 0x10:
		model_tick();
		return (model_wait(!model_empty()) ? 0 : BIT(1)) | (model_idle() ? BIT(2) : 0);
	case 0x18: return ms.count << 16 | (model_full() ? BIT(24) : 0);
	}
	return model_unknown(off, bytes);
}

static void samsung_wr(unsigned off, unsigned bytes, uint32_t v)
{
	if (off == 0x04) {
		model_width("UCON", bytes, 4);
		r.ctrl = v;
	} else if (off == 0x20) {
		model_width("UTXH", bytes, utxh_width);
		if ((r.ctrl & 0xc) != 0x4)
			model_violation("UTXH written with UCON 0x%x (TX mode not polling)",
					r.ctrl);
		model_push(v);
	} else {
		model_unknown(off, bytes);
	}
}

static const char *samsung_init(void)
{
	if ((r.ctrl & 0xc) != 0x4 || (r.ctrl & ~0xcu) != (r.reset_ctrl & ~0xcu))
		return "UCON: wants TX mode 01 (polling), the rest kept";
	return NULL;
}

UART_MODEL(model_exynos, "samsung,exynos4210-uart", samsung, 0, 1, 64, exynos_reset, samsung_rd,
	   samsung_wr, samsung_init);
UART_MODEL(model_exynos_nofifo, "exynos, no FIFO", samsung, 0, 1, 1, exynos_nofifo_reset,
	   samsung_rd, samsung_wr, samsung_init);
UART_MODEL(model_gs101, "google,gs101-uart", samsung, 0, 4, 256, gs101_reset, samsung_rd,
	   samsung_wr, samsung_init);

/* ---- Meson: WFIFO 0x00, CONTROL 0x08 (TX_EN bit 12), STATUS 0x0c (RX_EMPTY
 * bit 20, TX_FULL bit 21, TX_EMPTY bit 22) ------------------------------- */

static void meson_reset(void)
{
	r.ctrl = r.reset_ctrl = BIT(13) | BIT(15); /* RX_EN, TWO_WIRE; TX_EN off */
}

static uint32_t meson_rd(unsigned off, unsigned bytes)
{
	model_width("Meson register", bytes, 4);
	if (off == 0x08)
		return r.ctrl;
	if (off != 0x0c)
		return model_unknown(off, bytes);
	model_tick();
	return BIT(20) | (model_wait(model_full()) ? BIT(21) : 0) | (model_empty() ? BIT(22) : 0);
}

static void meson_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("Meson register", bytes, 4);
	if (off == 0x08) {
		r.ctrl = v;
	} else if (off == 0x00) {
		if (!(r.ctrl & BIT(12)))
			model_violation("WFIFO written with TX_EN clear");
		model_push(v);
	} else {
		model_unknown(off, bytes);
	}
}

static const char *meson_init(void)
{
	return model_enabled("CONTROL", r.ctrl, r.reset_ctrl, BIT(12));
}

UART_MODEL(model_meson, "amlogic,meson-gx-uart", meson, 0, 4, 64, meson_reset, meson_rd, meson_wr,
	   meson_init);
