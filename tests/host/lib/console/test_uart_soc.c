/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Register models for test_uart.c, continued: STM32 (Linux stm32-usart.h),
 * NXP LPUART (fsl_lpuart.c), Marvell Armada 3700 (mvebu-uart.c). As in
 * test_uart_models.c: offsets and bits from the documentation, each status
 * read a tick of the model clock.
 */
#include "tests/host/lib/console/test_uart.h"

#define BIT(n) (1u << (n))

static struct {
	uint32_t ctrl, reset_ctrl;
} r;

/* ---- STM32: TXE bit 7 (on the H7 with the FIFO on: TXFNF, not full), TC
 * bit 6; CR1 TE bit 3, UE bit 13 (F4) or 0 (F7/H7). F4: SR 0x00, DR 0x04,
 * CR1 0x0c. F7/H7: CR1 0x00, ISR 0x1c, TDR 0x28. ------------------------- */

static unsigned cr1, isr, tdr;
static uint32_t ue;

static void mvebu_reset(void)
{
}

static void stm32f4_reset(void)
{
	cr1 = 0x0c, isr = 0x00, tdr = 0x04, ue = BIT(13);
	r.ctrl = r.reset_ctrl = 0; /* disabled */
}

static void stm32f7_reset(void)
{
	cr1 = 0x00, isr = 0x1c, tdr = 0x28, ue = BIT(0);
	r.ctrl = r.reset_ctrl = BIT(0) | BIT(2); /* UE, RE: the transmitter off */
}

static void stm32h7_reset(void)
{
	stm32f7_reset();
	r.ctrl = r.reset_ctrl = BIT(29) | BIT(0) | BIT(2) | BIT(3); /* FIFOEN */
}

static uint32_t stm32_rd(unsigned off, unsigned bytes)
{
	model_width("STM32 register", bytes, 4);
	if (off == cr1)
		return r.ctrl;
	if (off != isr)
		return model_unknown(off, bytes);
	model_tick();
	return (model_wait(model_full()) ? 0 : BIT(7)) | (model_idle() ? BIT(6) : 0);
}

static void stm32_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("STM32 register", bytes, 4);
	if (off == cr1) {
		r.ctrl = v;
	} else if (off == tdr) {
		if ((r.ctrl & (ue | BIT(3))) != (ue | BIT(3)))
			model_violation("TDR written with CR1 0x%x (UE or TE clear)", r.ctrl);
		model_push(v);
	} else {
		model_unknown(off, bytes);
	}
}

static const char *stm32_init(void)
{
	return model_enabled("CR1", r.ctrl, r.reset_ctrl, ue | BIT(3));
}

UART_MODEL(model_stm32f4, "st,stm32-uart", stm32f4, 0, 4, 1, stm32f4_reset, stm32_rd, stm32_wr,
	   stm32_init);
UART_MODEL(model_stm32f7, "st,stm32f7-uart", stm32f7, 0, 4, 1, stm32f7_reset, stm32_rd, stm32_wr,
	   stm32_init);
UART_MODEL(model_stm32h7, "st,stm32h7-uart FIFO", stm32f7, 0, 4, 16, stm32h7_reset, stm32_rd,
	   stm32_wr, stm32_init);

/* ---- LPUART (i.MX 8): registers at +0x10: STAT 0x14 (TDRE bit 23: no more
 * than TXWATER words queued; TC bit 22), CTRL 0x18 (TE bit 19), DATA 0x1c */

#define LPUART_TXWATER 2

static void lpuart_reset(void)
{
	r.ctrl = r.reset_ctrl = BIT(18); /* RE; TE off */
}

static uint32_t lpuart_rd(unsigned off, unsigned bytes)
{
	model_width("LPUART register", bytes, 4);
	if (off == 0x18)
		return r.ctrl;
	if (off != 0x14)
		return model_unknown(off, bytes);
	model_tick();
	return (model_wait(ms.count > LPUART_TXWATER) ? 0 : BIT(23)) | (model_idle() ? BIT(22) : 0);
}

static void lpuart_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("LPUART register", bytes, 4);
	if (off == 0x18) {
		r.ctrl = v;
	} else if (off == 0x1c) {
		if (!(r.ctrl & BIT(19)))
			model_violation("DATA written with TE clear");
		model_push(v);
	} else {
		model_unknown(off, bytes);
	}
}

static const char *lpuart_init(void)
{
	return model_enabled("CTRL", r.ctrl, r.reset_ctrl, BIT(19));
}

UART_MODEL(model_lpuart, "fsl,imx8qxp-lpuart", lpuart, 0, 4, 16, lpuart_reset, lpuart_rd, lpuart_wr,
	   lpuart_init);

/* ---- Armada 3700: RBR 0x00 (read only), TSH 0x04, STAT 0x0c (TX_EMP bit
 * 6, TX_FIFO_FUL bit 11, TX_FIFO_EMP bit 13) ------------------------------ */

static uint32_t mvebu_rd(unsigned off, unsigned bytes)
{
	model_width("Armada register", bytes, 4);
	if (off != 0x0c)
		return model_unknown(off, bytes);
	model_tick();
	return (model_idle() ? BIT(6) : 0) | (model_wait(model_full()) ? BIT(11) : 0) |
	       (model_empty() ? BIT(13) : 0);
}

static void mvebu_wr(unsigned off, unsigned bytes, uint32_t v)
{
	model_width("Armada register", bytes, 4);
	if (off == 0x04)
		model_push(v);
	else
		model_unknown(off, bytes);
}

UART_MODEL(model_mvebu, "marvell,armada-3700-uart", mvebu, 0, 4, 32, mvebu_reset, mvebu_rd,
	   mvebu_wr, NULL);
