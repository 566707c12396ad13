/* SPDX-License-Identifier: BSD-2-Clause */
/* The console and the polling the drivers share: see console.h. */
#include "lib/console/console.h"

#include "arch/out.h"

static struct uart_desc con;

/* The fault fallback (console.h): where output goes once the console
 * faulted. Stages, each tried once: 0 the console, 1 semihosting output,
 * 2 the identified platform's console, 3 nothing left (output dropped). */
static bool (*fallback_write)(const char *s, size_t n);
static const struct uart_desc *fallback_uart; /* the platform's: const data */
static enum { SINK_UART, SINK_WRITER } sink;
static unsigned stage;

/* Register access is in mmio.c (the seam a host test replaces). */

bool uart_wait(const struct uart_desc *u, unsigned off, uint32_t mask, bool set)
{
	for (unsigned n = 0; n < UART_TX_POLL_LIMIT; n++)
		if (((uart_read(u, off) & mask) != 0) == set)
			return true;
	return false;
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

static void start(void)
{
	if (!con.reg_io_width)
		con.reg_io_width = 1;
	out_busy(true); /* init may fault: a fault now is the console's */
	if (con.driver && con.driver->init)
		con.driver->init(&con);
	out_busy(false);
}

void console_init(const struct uart_desc *uart)
{
	con = *uart;
	sink = SINK_UART;
	stage = 0;
	start();
	out_set_writer(console_write);
	out_set_fail_over(console_fail_over);
}

static void tx(char c)
{
	unsigned n = 0;

	if (!con.driver)
		return;
	out_busy(true);
	while (tx_full(&con) && ++n < UART_TX_POLL_LIMIT)
		;
	if (con.driver->tx)
		con.driver->tx(&con, c);
	else
		uart_write(&con, con.driver->data, (uint8_t)c);
	out_busy(false);
}

void console_touch(void)
{
	if (sink != SINK_UART || !con.driver)
		return;
	out_busy(true);
	(void)tx_full(&con);
	out_busy(false);
}

void console_set_fallbacks(bool (*write)(const char *s, size_t n), const struct uart_desc *uart)
{
	fallback_write = write;
	fallback_uart = uart;
}

/* "# console PL011 at 0x... faulted; output continues on <where>". */
static void say_failed_over(const struct uart_desc *dead, const char *where)
{
	out_puts(uart_name(dead->driver));
	out_puts(" at ");
	out_puthex((uintptr_t)dead->base);
	out_puts(" faulted; output continues on ");
	out_puts(where);
	out_puts("\n");
}

bool console_fail_over(void)
{
	const struct uart_desc dead = con;

	out_busy(false);
	if (stage < 1) {
		stage = 1;
		/* The line's first words are the probe: false if no semihosting. */
		if (fallback_write && fallback_write("# console ", 10)) {
			sink = SINK_WRITER;
			say_failed_over(&dead, "semihosting (SYS_WRITE0)");
			return true;
		}
	}
	if (stage < 2) {
		stage = 2;
		if (fallback_uart && fallback_uart->driver &&
		    (fallback_uart->driver != dead.driver || fallback_uart->base != dead.base)) {
			con = *fallback_uart;
			sink = SINK_UART;
			start(); /* a fault here comes back with stage 2: nothing left */
			out_puts("# console ");
			say_failed_over(&dead, "the platform's console");
			return true;
		}
	}
	stage = 3;
	sink = SINK_UART;
	con.driver = NULL;
	return false;
}

void console_putc(char c)
{
	if (c == '\n')
		tx('\r');
	tx(c);
}

void console_write(const char *s, size_t n)
{
	if (sink == SINK_WRITER) {
		fallback_write(s, n);
		return;
	}
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
