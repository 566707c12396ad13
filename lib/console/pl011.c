/* ARM PL011 (PrimeCell UART TRM, DDI 0183: UARTDR 0x00, UARTFR 0x18). */
#include "lib/console/console.h"

#define PL011_DR      0x00
#define PL011_FR      0x18
#define PL011_FR_TXFF (1u << 5) /* transmit FIFO full */

static volatile uint32_t *regs(const struct uart_desc *u)
{
	return (volatile uint32_t *)(uintptr_t)u->base;
}

static bool tx_full(const struct uart_desc *u)
{
	return regs(u)[PL011_FR / 4] & PL011_FR_TXFF;
}

static void tx(const struct uart_desc *u, char c)
{
	regs(u)[PL011_DR / 4] = (uint8_t)c;
}

static const struct uart_compat compat[] = {
	UART_COMPAT("arm,pl011", 0, 1),
	/* SBSA generic UART: a PL011 subset (no baud/line control, those
	 * registers read as zero and ignore writes), so this driver works. */
	UART_COMPAT("arm,sbsa-uart", 0, 1),
};

const struct uart_driver uart_pl011 = {
	.name = "PL011",
	.compat = compat,
	.ncompat = sizeof(compat) / sizeof(compat[0]),
	.tx_full = tx_full,
	.tx = tx,
};
