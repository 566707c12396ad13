/* PL011, 8250/16550, i.MX and Cadence transmit paths (PL011 TRM DDI 0183
 * UARTFR; 16550 LSR; Zynq-7000 TRM UG585 appendix B, UART registers). */
#include "lib/console.h"

#include <stdint.h>
#include <string.h>

#define PL011_DR          0x00
#define PL011_FR          0x18
#define PL011_FR_TXFF     (1u << 5)
#define UART8250_THR      0
#define UART8250_LSR      5
#define UART8250_LSR_THRE (1u << 5)
#define IMX_UTXD          0x40
#define IMX_UCR1          0x80
#define IMX_UCR1_UARTEN   (1u << 0)
#define IMX_UCR2          0x84
#define IMX_UCR2_SRST     (1u << 0) /* active low: 1 = not in reset */
#define IMX_UCR2_TXEN     (1u << 2)
#define IMX_UTS           0xb4
#define IMX_UTS_TXFULL    (1u << 4)
#define CDNS_CR           0x00 /* Cadence (Zynq-7000, ZynqMP): 32-bit registers */
#define CDNS_CR_TXEN      (1u << 4)
#define CDNS_CR_TXDIS     (1u << 5)
#define CDNS_SR           0x2c
#define CDNS_SR_TXFULL    (1u << 4)
#define CDNS_FIFO         0x30
#define TX_POLL_LIMIT     1000000 /* ~ms at any plausible baud rate; then drop */

static struct board_uart con;

void console_init(const struct board_uart *uart)
{
	con = *uart;
	if (con.kind == UART_NS16550 && con.reg_io_width == 0)
		con.reg_io_width = 1;
	if (con.kind == UART_IMX) {
		/* The one bit of set-up bringup does: a UART the boot ROM left
		 * with its transmitter off (QEMU's sabrelite does) would print
		 * nothing. The baud rate stays as firmware left it. */
		volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)con.base;
		r[IMX_UCR1 / 4] |= IMX_UCR1_UARTEN;
		r[IMX_UCR2 / 4] |= IMX_UCR2_TXEN | IMX_UCR2_SRST;
	}
	if (con.kind == UART_CADENCE) {
		/* It sends only with TXEN 1 and TXDIS 0 (TXDIS wins). U-Boot
		 * leaves it sending; QEMU's model comes out of reset with TXDIS
		 * set (control 0x128), and so may a board whose firmware used
		 * another UART. Read-modify-write: the receiver, mode register
		 * and baud divisors stay as firmware set them. */
		volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)con.base;
		r[CDNS_CR / 4] = (r[CDNS_CR / 4] & ~CDNS_CR_TXDIS) | CDNS_CR_TXEN;
	}
}

static uint32_t rd8250(unsigned reg)
{
	uintptr_t a = (uintptr_t)con.base + ((uintptr_t)reg << con.reg_shift);
	return con.reg_io_width == 4 ? *(volatile uint32_t *)a : *(volatile uint8_t *)a;
}

static void wr8250(unsigned reg, uint32_t v)
{
	uintptr_t a = (uintptr_t)con.base + ((uintptr_t)reg << con.reg_shift);
	if (con.reg_io_width == 4)
		*(volatile uint32_t *)a = v;
	else
		*(volatile uint8_t *)a = (uint8_t)v;
}

static void tx(char c)
{
	volatile uint32_t *regs = (volatile uint32_t *)(uintptr_t)con.base;
	unsigned n = 0;

	switch (con.kind) {
	case UART_PL011:
		while ((regs[PL011_FR / 4] & PL011_FR_TXFF) && ++n < TX_POLL_LIMIT)
			;
		regs[PL011_DR / 4] = (uint8_t)c;
		break;
	case UART_NS16550:
		while (!(rd8250(UART8250_LSR) & UART8250_LSR_THRE) && ++n < TX_POLL_LIMIT)
			;
		wr8250(UART8250_THR, (uint8_t)c);
		break;
	case UART_IMX:
		while ((regs[IMX_UTS / 4] & IMX_UTS_TXFULL) && ++n < TX_POLL_LIMIT)
			;
		regs[IMX_UTXD / 4] = (uint8_t)c;
		break;
	case UART_CADENCE:
		while ((regs[CDNS_SR / 4] & CDNS_SR_TXFULL) && ++n < TX_POLL_LIMIT)
			;
		regs[CDNS_FIFO / 4] = (uint8_t)c;
		break;
	default: break;
	}
}

void console_putc(char c)
{
	if (c == '\n')
		tx('\r');
	tx(c);
}

void console_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		console_putc(s[i]);
}

void console_puts(const char *s)
{
	console_write(s, strlen(s));
}

void console_puthex(uintptr_t v)
{
	console_puts("0x");
	for (int shift = (int)sizeof(v) * 8 - 4; shift >= 0; shift -= 4)
		console_putc("0123456789abcdef"[(v >> shift) & 0xf]);
}

const char *uart_kind_name(int kind)
{
	return kind == UART_PL011     ? "PL011"
	       : kind == UART_NS16550 ? "8250/16550"
	       : kind == UART_IMX     ? "i.MX"
	       : kind == UART_CADENCE ? "Cadence"
				      : "none";
}
