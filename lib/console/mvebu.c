/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Marvell Armada 3700 UART, the standard register set of
 * "marvell,armada-3700-uart" (Linux drivers/tty/serial/mvebu-uart.c; 32-bit
 * registers): TSH 0x04 (transmit holding), STAT 0x0c with TX_FIFO_FUL bit
 * 11. The console polls TX_FIFO_FUL and writes TSH (mvebu_uart_putc). The
 * second UART, "marvell,armada-3700-uart-ext", has other offsets: not this
 * driver. (The Armada 38x's UARTs are 16550s, in ns16550.c.)
 */
#include "lib/console/console.h"

#ifndef UART_MUTANT_MVEBU_DATA_RBR /* TEST-ONLY: written to the receive register */
#define MVEBU_TSH 0x04
#else
#define MVEBU_TSH 0x00
#endif
#define MVEBU_STAT             0x0c
#define MVEBU_STAT_TX_FIFO_FUL (1u << 11)

static const struct uart_compat compat[] = {
	UART_COMPAT("marvell,armada-3700-uart", 0, 4),
};

UART_DRIVER(mvebu) = {
	.name = "Armada 3700",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = MVEBU_TSH,
	.status = MVEBU_STAT,
	.full = MVEBU_STAT_TX_FIFO_FUL,
};
