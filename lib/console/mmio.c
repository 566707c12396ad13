/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console's MMIO seam: every register access a UART driver makes goes
 * through these (console.h). In the image they are plain volatile loads and
 * stores (the region is mapped Device); tests/host/lib/console/test_uart.c links a
 * register model in their place.
 */
#include "lib/console/console.h"

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

uint16_t uart_read16(const struct uart_desc *u, unsigned off)
{
	return *(volatile uint16_t *)((uintptr_t)u->base + off);
}

void uart_write16(const struct uart_desc *u, unsigned off, uint16_t v)
{
	*(volatile uint16_t *)((uintptr_t)u->base + off) = v;
}

void uart_write8(const struct uart_desc *u, unsigned off, uint8_t v)
{
	*(volatile uint8_t *)((uintptr_t)u->base + off) = v;
}
