/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Qualcomm GENI serial engine as a debug UART, "qcom,geni-debug-uart"
 * (Linux drivers/tty/serial/qcom_geni_serial.c and
 * include/linux/soc/qcom/geni-se.h; 32-bit registers): SE_GENI_STATUS 0x40
 * (M_GENI_CMD_ACTIVE bit 0), SE_UART_TX_TRANS_LEN 0x270, SE_GENI_M_CMD0
 * 0x600 (opcode in bits 31:27, UART_START_TX = 1), SE_GENI_M_CMD_CTRL_REG
 * 0x604 (M_GENI_CMD_ABORT bit 1), SE_GENI_M_IRQ_STATUS 0x610 and
 * SE_GENI_M_IRQ_CLEAR 0x618 (M_CMD_DONE bit 0, M_CMD_ABORT bit 5,
 * M_TX_FIFO_WATERMARK bit 30), SE_GENI_TX_FIFOn 0x700,
 * SE_GENI_TX_WATERMARK_REG 0x80c.
 *
 * Each character is one TX command, in qcom_geni_serial_poll_put_char's
 * order: TX_TRANS_LEN = 1, M_CMD0 = START_TX, wait for the watermark IRQ,
 * write the character to TX_FIFOn, clear the watermark IRQ, wait for
 * M_CMD_DONE (abort the command if it never comes), clear it.
 *
 * What this relies on: firmware left the serial engine loaded with the UART
 * protocol and in FIFO mode, bytes packed one per FIFO word LSB first, 8-bit
 * words, clocks and baud rate set -- all of which Linux's earlycon setup
 * (qcom_geni_serial_earlycon_setup) programs itself and this driver does
 * not. qcom,geni-uart (a high-speed UART Linux drives by DMA) is left out.
 */
#include "lib/console/console.h"

#define GENI_STATUS            0x40
#define GENI_STATUS_M_ACTIVE   (1u << 0)
#define GENI_TX_TRANS_LEN      0x270
#define GENI_M_CMD0            0x600
#define GENI_M_CMD_START_TX    (1u << 27)
#define GENI_M_CMD_CTRL        0x604
#define GENI_M_CMD_CTRL_ABORT  (1u << 1)
#define GENI_M_IRQ_STATUS      0x610
#define GENI_M_IRQ_CLEAR       0x618
#define GENI_M_IRQ_DONE        (1u << 0)
#define GENI_M_IRQ_ABORT       (1u << 5)
#define GENI_M_IRQ_TX_WM       (1u << 30)
#define GENI_TX_FIFO           0x700
#define GENI_TX_WATERMARK      0x80c
#define GENI_TX_WATERMARK_WORD 2 /* DEF_TX_WM */

/* Wait for the command in flight, aborting it if it never ends
 * (qcom_geni_serial_poll_tx_done), then clear its IRQs. */
static void tx_done(const struct uart_desc *u)
{
	uint32_t clear = GENI_M_IRQ_DONE;

	if (!uart_wait(u, GENI_M_IRQ_STATUS, GENI_M_IRQ_DONE, true)) {
		uart_write(u, GENI_M_CMD_CTRL, GENI_M_CMD_CTRL_ABORT);
		clear |= GENI_M_IRQ_ABORT;
		(void)uart_wait(u, GENI_M_IRQ_STATUS, GENI_M_IRQ_ABORT, true);
	}
	uart_write(u, GENI_M_IRQ_CLEAR, clear);
}

/* The watermark Linux sets before every console write; and a command that
 * firmware left running is waited for, so the first DONE seen is ours. */
static void init(const struct uart_desc *u)
{
	if (uart_read(u, GENI_STATUS) & GENI_STATUS_M_ACTIVE)
		tx_done(u);
	uart_write(u, GENI_M_IRQ_CLEAR, GENI_M_IRQ_DONE | GENI_M_IRQ_TX_WM);
	uart_write(u, GENI_TX_WATERMARK, GENI_TX_WATERMARK_WORD);
}

static void tx(const struct uart_desc *u, char c)
{
#ifdef UART_MUTANT_GENI_FIFO_FIRST /* TEST-ONLY: data before the command */
	uart_write(u, GENI_TX_FIFO, (uint8_t)c);
#endif
	uart_write(u, GENI_TX_TRANS_LEN, 1);
	uart_write(u, GENI_M_CMD0, GENI_M_CMD_START_TX);
#ifndef UART_MUTANT_GENI_FIFO_FIRST
	if (uart_wait(u, GENI_M_IRQ_STATUS, GENI_M_IRQ_TX_WM, true))
		uart_write(u, GENI_TX_FIFO, (uint8_t)c);
#endif
	uart_write(u, GENI_M_IRQ_CLEAR, GENI_M_IRQ_TX_WM);
	tx_done(u);
}

static const struct uart_compat compat[] = {
	UART_COMPAT("qcom,geni-debug-uart", 0, 4),
};

/* "Full" while a command is active: the next one must not start. */
UART_DRIVER(geni) = {
	.name = "GENI",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = GENI_TX_FIFO,
	.status = GENI_STATUS,
	.full = GENI_STATUS_M_ACTIVE,
	.init = init,
	.tx = tx,
};
