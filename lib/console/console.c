/* The console and the polling the drivers share: see console.h. */
#include "lib/console/console.h"

#include "arch/out.h"

const struct uart_driver *const uart_drivers[] = {
	&uart_pl011,   /* first: some SoCs list a PL011 beside a vendor string */
	&uart_ns16550, /* the 8250 family, at any stride and width */
	&uart_imx,     /* i.MX21-style: i.MX 5, 6, 7, 8M */
	&uart_cadence, /* Zynq-7000, ZynqMP */
	&uart_samsung, /* S5PV210/Exynos, Apple S5L, GS101, ARTPEC-8 */
	&uart_meson,   /* Amlogic */
	&uart_msm,     /* Qualcomm UARTDM */
	&uart_geni,    /* Qualcomm GENI debug UART */
	&uart_stm32f4, /* STM32 F4 layout (Cortex-M parts only) */
	&uart_stm32f7, /* STM32 F7/H7 layout: the STM32MP1s */
	&uart_lpuart,  /* NXP i.MX 7ULP/8/9 LPUART */
	&uart_mvebu,   /* Marvell Armada 3700 */
	&uart_scif,    /* Renesas R-Car SCIF/HSCIF */
};
const unsigned uart_ndrivers = sizeof(uart_drivers) / sizeof(uart_drivers[0]);

static struct uart_desc con;

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
