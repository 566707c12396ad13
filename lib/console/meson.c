/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Amlogic Meson UARTs, EE and AO (Linux drivers/tty/serial/meson_uart.c):
 * WFIFO 0x00, CONTROL 0x08 with TX_EN bit 12, STATUS 0x0c with TX_FULL bit
 * 21; 32-bit registers (readl/writel). The console polls TX_FULL and
 * writes WFIFO (meson_console_putchar).
 */
#include "lib/console/console.h"

#define MESON_WFIFO         0x00
#define MESON_CONTROL       0x08
#define MESON_CONTROL_TX_EN (1u << 12)
#define MESON_STATUS        0x0c
#ifndef UART_MUTANT_MESON_FULL_BIT /* TEST-ONLY: the wrong status bit */
#define MESON_STATUS_TX_FULL (1u << 21)
#else
#define MESON_STATUS_TX_FULL (1u << 20) /* RX_EMPTY */
#endif

/* Linux's startup sets TX_EN (meson_uart_startup) and its stop_tx clears
 * it: a UART that firmware or a kernel left stopped transmits nothing. */
static void init(const struct uart_desc *u)
{
	uart_write(u, MESON_CONTROL, uart_read(u, MESON_CONTROL) | MESON_CONTROL_TX_EN);
}

/* Linux's table (meson6/8/8b, gx, g12a, s4, a1), and the binding's
 * "amlogic,meson-ao-uart", which the always-on UARTs list after their SoC
 * string (not in Linux's table: the same registers). */
static const struct uart_compat compat[] = {
	UART_COMPAT("amlogic,meson6-uart", 0, 4),     UART_COMPAT("amlogic,meson8-uart", 0, 4),
	UART_COMPAT("amlogic,meson8b-uart", 0, 4),    UART_COMPAT("amlogic,meson-gx-uart", 0, 4),
	UART_COMPAT("amlogic,meson-g12a-uart", 0, 4), UART_COMPAT("amlogic,meson-s4-uart", 0, 4),
	UART_COMPAT("amlogic,meson-a1-uart", 0, 4),   UART_COMPAT("amlogic,meson-ao-uart", 0, 4),
};

UART_DRIVER(meson) = {
	.name = "Meson",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = MESON_WFIFO,
	.status = MESON_STATUS,
	.full = MESON_STATUS_TX_FULL,
	.init = init,
};
