/* SPDX-License-Identifier: BSD-2-Clause */
/* 8250/16550-style UARTs (National Semiconductor PC16550D datasheet: THR is
 * register 0, LSR register 5 with THRE bit 5, transmit holding register
 * empty), at the register stride and width the tree or the compatible gives. */
#include "lib/console/console.h"

static const struct uart_compat compat[] = {
	UART_COMPAT("ns16550a", 0, 1),
	UART_COMPAT("ns16550", 0, 1),
	UART_COMPAT("ns16450", 0, 1),
	UART_COMPAT("ns8250", 0, 1),
	UART_COMPAT("snps,dw-apb-uart", 0, 1),    /* trees set shift 2, width 4 */
	UART_COMPAT("nvidia,tegra20-uart", 2, 1), /* later Tegras list it too */
	/* The Pi's mini UART: 16550 registers at a 4-byte stride, 32-bit only
	 * (Linux drivers/tty/serial/8250/8250_bcm2835aux.c; the tree does not
	 * say). */
	UART_COMPAT("brcm,bcm2835-aux-uart", 2, 4),
	/* TI OMAP/AM UARTs: 16C750-compatible, 4-byte stride implied. */
	UART_COMPAT("ti,omap2-uart", 2, 1),
	UART_COMPAT("ti,omap3-uart", 2, 1),
	UART_COMPAT("ti,omap4-uart", 2, 1),
	UART_COMPAT("ti,am3352-uart", 2, 1),
	UART_COMPAT("ti,am654-uart", 2, 1),
	UART_COMPAT("ti,dra742-uart", 2, 1),
};

UART_DRIVER(ns16550) = {
	.name = "8250/16550",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = 0,
	.status = 5,
	.full = 1u << 5,
	.full_if_clear = true,
	.indexed = true,
};
