/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Qualcomm MSM UARTDM, v1.1 to v1.4 (Linux drivers/tty/serial/msm_serial.c;
 * 32-bit registers): SR 0x08 (TX_READY bit 2: room in the TX FIFO; TX_EMPTY
 * bit 3), CR 0x10 (commands; RESET_TX_READY is 3 << 8), ISR 0x14 (TX_READY
 * bit 7: the characters NCF_TX announced have all been taken), NCF_TX 0x40
 * (how many characters the next transfer holds), TF 0x70.
 *
 * The UARTDM sends only characters it was told about: each one goes as a
 * transfer of one, in Linux's msm_poll_put_char order: wait until the last
 * transfer is done (SR TX_EMPTY, or ISR TX_READY: msm_wait_for_xmitr), reset
 * TX_READY, write NCF_TX = 1 and read it back (msm_reset_dm_count), wait for
 * SR TX_READY, write the character to TF. The old non-DM "qcom,msm-uart"
 * (TF at 0x0c, no NCF_TX) is not this driver.
 */
#include "lib/console/console.h"

#define MSM_SR                0x08
#define MSM_SR_TX_READY       (1u << 2)
#define MSM_SR_TX_EMPTY       (1u << 3)
#define MSM_CR                0x10
#define MSM_CR_RESET_TX_READY (3u << 8)
#define MSM_ISR               0x14
#define MSM_ISR_TX_READY      (1u << 7)
#define MSM_NCF_TX            0x40
#define MSM_TF                0x70

/* The previous transfer is still under way. */
static bool tx_full(const struct uart_desc *u)
{
	return !(uart_read(u, MSM_SR) & MSM_SR_TX_EMPTY) &&
	       !(uart_read(u, MSM_ISR) & MSM_ISR_TX_READY);
}

static void tx(const struct uart_desc *u, char c)
{
	uart_write(u, MSM_CR, MSM_CR_RESET_TX_READY);
#ifndef UART_MUTANT_MSM_NO_NCF /* TEST-ONLY: the transfer is never announced */
	uart_write(u, MSM_NCF_TX, 1);
	(void)uart_read(u, MSM_NCF_TX);
#endif
	(void)uart_wait(u, MSM_SR, MSM_SR_TX_READY, true);
	uart_write(u, MSM_TF, (uint8_t)c);
}

static const struct uart_compat compat[] = {
	UART_COMPAT("qcom,msm-uartdm", 0, 4),      UART_COMPAT("qcom,msm-uartdm-v1.1", 0, 4),
	UART_COMPAT("qcom,msm-uartdm-v1.2", 0, 4), UART_COMPAT("qcom,msm-uartdm-v1.3", 0, 4),
	UART_COMPAT("qcom,msm-uartdm-v1.4", 0, 4),
};

UART_DRIVER(msm) = {
	.name = "MSM UARTDM",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = MSM_TF,
	.status = MSM_SR,
	.tx_full = tx_full,
	.tx = tx,
};
