/* Cadence UART, Zynq-7000 and ZynqMP (Zynq-7000 TRM UG585, appendix B,
 * UART registers: CR 0x00, SR 0x2c, FIFO 0x30); 32-bit registers. */
#include "lib/console/console.h"

#define CDNS_CR        0x00
#define CDNS_CR_TXEN   (1u << 4)
#define CDNS_CR_TXDIS  (1u << 5)
#define CDNS_SR        0x2c
#define CDNS_SR_TXFULL (1u << 4)
#define CDNS_FIFO      0x30

static volatile uint32_t *regs(const struct uart_desc *u)
{
	return (volatile uint32_t *)(uintptr_t)u->base;
}

/* It sends only with TXEN 1 and TXDIS 0 (TXDIS wins). U-Boot leaves it
 * sending; QEMU's model comes out of reset with TXDIS set (control 0x128),
 * and so may a board whose firmware used another UART. Read-modify-write:
 * the receiver, mode register and baud divisors stay as firmware set them. */
static void init(const struct uart_desc *u)
{
	regs(u)[CDNS_CR / 4] = (regs(u)[CDNS_CR / 4] & ~CDNS_CR_TXDIS) | CDNS_CR_TXEN;
}

static bool tx_full(const struct uart_desc *u)
{
	return regs(u)[CDNS_SR / 4] & CDNS_SR_TXFULL;
}

static void tx(const struct uart_desc *u, char c)
{
	regs(u)[CDNS_FIFO / 4] = (uint8_t)c;
}

/* Zynq-7000 trees list xlnx,xuartps + cdns,uart-r1p8, ZynqMP ones
 * xlnx,zynqmp-uart + cdns,uart-r1p12. */
static const struct uart_compat compat[] = {
	UART_COMPAT("xlnx,xuartps", 0, 4),
	UART_COMPAT("cdns,uart-r1p8", 0, 4),
	UART_COMPAT("cdns,uart-r1p12", 0, 4),
};

const struct uart_driver uart_cadence = {
	.name = "Cadence",
	.compat = compat,
	.ncompat = sizeof(compat) / sizeof(compat[0]),
	.init = init,
	.tx_full = tx_full,
	.tx = tx,
};
