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

static uintptr_t reg_addr(const struct uart_desc *u, unsigned off)
{
	return (uintptr_t)u->base + (u->driver->indexed ? (uintptr_t)off << u->reg_shift : off);
}

static bool byte_wide(const struct uart_desc *u)
{
	return u->driver->indexed && u->reg_io_width != 4;
}

uint32_t uart_read(const struct uart_desc *u, unsigned off)
{
	uintptr_t a = reg_addr(u, off);
	return byte_wide(u) ? *(volatile uint8_t *)a : *(volatile uint32_t *)a;
}

void uart_write(const struct uart_desc *u, unsigned off, uint32_t v)
{
	uintptr_t a = reg_addr(u, off);
	if (byte_wide(u))
		*(volatile uint8_t *)a = (uint8_t)v;
	else
		*(volatile uint32_t *)a = v;
}

static bool tx_full(const struct uart_desc *u)
{
	const struct uart_driver *d = u->driver;
	bool set;

	if (d->tx_full)
		return d->tx_full(u);
	set = (uart_read(u, d->status) & d->full) != 0;
	return d->full_if_clear ? !set : set;
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
	while (tx_full(&con) && ++n < UART_TX_POLL_LIMIT)
		;
	if (con.driver->tx)
		con.driver->tx(&con, c);
	else
		uart_write(&con, con.driver->data, (uint8_t)c);
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
