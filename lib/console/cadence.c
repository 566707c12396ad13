/* SPDX-License-Identifier: BSD-2-Clause */
/* Cadence UART, Zynq-7000 and ZynqMP (Zynq-7000 TRM UG585, appendix B,
 * UART registers: CR 0x00, SR 0x2c with TXFULL bit 4, FIFO 0x30); 32-bit
 * registers. */
#include "lib/console/console.h"

#define CDNS_CR       0x00
#define CDNS_CR_TXEN  (1u << 4)
#define CDNS_CR_TXDIS (1u << 5)

/* It sends only with TXEN 1 and TXDIS 0 (TXDIS wins). U-Boot leaves it
 * sending; QEMU's model comes out of reset with TXDIS set (control 0x128),
 * and so may a board whose firmware used another UART. Read-modify-write:
 * the receiver, mode register and baud divisors stay as firmware set them. */
static void init(const struct uart_desc *u)
{
	uart_write(u, CDNS_CR, (uart_read(u, CDNS_CR) & ~CDNS_CR_TXDIS) | CDNS_CR_TXEN);
}

/* Zynq-7000 trees list xlnx,xuartps + cdns,uart-r1p8, ZynqMP ones
 * xlnx,zynqmp-uart + cdns,uart-r1p12. */
static const struct uart_compat compat[] = {
	UART_COMPAT("xlnx,xuartps", 0, 4),
	UART_COMPAT("cdns,uart-r1p8", 0, 4),
	UART_COMPAT("cdns,uart-r1p12", 0, 4),
};

UART_DRIVER(cadence) = {
	.name = "Cadence",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = 0x30,
	.status = 0x2c,
	.full = 1u << 4,
	.init = init,
};
