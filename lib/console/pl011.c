/* SPDX-License-Identifier: BSD-2-Clause */
/* ARM PL011 (PrimeCell UART TRM, DDI 0183: UARTDR 0x00, UARTFR 0x18 with
 * TXFF bit 5, transmit FIFO full). */
#include "lib/console/console.h"

static const struct uart_compat compat[] = {
	UART_COMPAT("arm,pl011", 0, 1),
	/* SBSA generic UART: a PL011 subset (no baud/line control, those
	 * registers read as zero and ignore writes), so this driver works. */
	UART_COMPAT("arm,sbsa-uart", 0, 1),
};

UART_DRIVER(pl011) = {
	.name = "PL011",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = 0x00,
	.status = 0x18,
	.full = 1u << 5,
};
