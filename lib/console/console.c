/* The console and the register access the drivers share: see console.h. */
#include "lib/console/console.h"

#include "arch/out.h"

const struct uart_driver *const uart_drivers[] = {
	/* PL011 first: some SoCs list a PL011 beside a vendor string. */
	&uart_pl011,
	&uart_ns16550,
	&uart_imx,
	&uart_cadence,
};
const unsigned uart_ndrivers = sizeof(uart_drivers) / sizeof(uart_drivers[0]);

static struct uart_desc con;

uint32_t uart_read(const struct uart_desc *u, unsigned reg)
{
	uintptr_t a = (uintptr_t)u->base + ((uintptr_t)reg << u->reg_shift);
	return u->reg_io_width == 4 ? *(volatile uint32_t *)a : *(volatile uint8_t *)a;
}

void uart_write(const struct uart_desc *u, unsigned reg, uint32_t v)
{
	uintptr_t a = (uintptr_t)u->base + ((uintptr_t)reg << u->reg_shift);
	if (u->reg_io_width == 4)
		*(volatile uint32_t *)a = v;
	else
		*(volatile uint8_t *)a = (uint8_t)v;
}

void console_init(const struct uart_desc *uart)
{
	con = *uart;
	if (!con.reg_io_width)
		con.reg_io_width = 1;
	if (con.driver && con.driver->init)
		con.driver->init(&con);
	out_set_writer(console_write);
}

static void tx(char c)
{
	unsigned n = 0;

	if (!con.driver)
		return;
	while (con.driver->tx_full(&con) && ++n < UART_TX_POLL_LIMIT)
		;
	con.driver->tx(&con, c);
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
	size_t n = 0;

	while (s[n])
		n++;
	console_write(s, n);
}

const char *uart_name(const struct uart_driver *d)
{
	return d ? d->name : "none";
}
