/* PL011 and 8250/16550 transmit paths (PL011 TRM DDI 0183 UARTFR; 16550 LSR). */
#include "lib/console.h"

#include <stdint.h>
#include <string.h>

#define PL011_DR          0x00
#define PL011_FR          0x18
#define PL011_FR_TXFF     (1u << 5)
#define UART8250_THR      0
#define UART8250_LSR      5
#define UART8250_LSR_THRE (1u << 5)
#define TX_POLL_LIMIT     1000000 /* ~ms at any plausible baud rate; then drop */

static struct board_uart con;

void console_init(const struct board_uart *uart)
{
	con = *uart;
	if (con.kind == UART_NS16550 && con.reg_io_width == 0)
		con.reg_io_width = 1;
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
	volatile uint32_t *pl011 = (volatile uint32_t *)(uintptr_t)con.base;
	unsigned n = 0;

	switch (con.kind) {
	case UART_PL011:
		while ((pl011[PL011_FR / 4] & PL011_FR_TXFF) && ++n < TX_POLL_LIMIT)
			;
		pl011[PL011_DR / 4] = (uint8_t)c;
		break;
	case UART_NS16550:
		while (!(rd8250(UART8250_LSR) & UART8250_LSR_THRE) && ++n < TX_POLL_LIMIT)
			;
		wr8250(UART8250_THR, (uint8_t)c);
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

const char *uart_kind_name(int kind)
{
	return kind == UART_PL011 ? "PL011" : kind == UART_NS16550 ? "8250/16550" : "none";
}
