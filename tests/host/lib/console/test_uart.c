/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the console drivers (lib/console/) against register models
 * of their UARTs (test_uart_models.c, test_uart_soc.c, test_uart_hs.c).
 * This file is the MMIO seam the image has in lib/console/mmio.c, routed
 * to the model, and the checks. For each model, at several drain rates:
 *   - init sets the enable bits the UART needs and nothing else;
 *   - a test string arrives whole, in order, "\n" as "\r\n";
 *   - no character is written while the model is full or before its
 *     handshake (MSM NCF_TX, GENI command, SCIF flags), every access has the
 *     width the UART wants, no register outside the model is touched;
 *   - the driver had to wait at least once and never sat out the poll
 *     bound while the UART could take data (status reads within a budget);
 * and with a line that never drains: console_write returns, the characters
 * past the FIFO are dropped after the bounded poll, accesses stay bounded.
 * Also: every compatible string of every driver classifies to that driver
 * (board/fdt_compat.c's table holds them all: no string is two drivers'),
 * and every driver linked in (the section uart_drivers) has a model here
 * (the section uart_models): a new UART is its driver file and its model.
 * Built with -DUART_MUTANT_* (tests/host/lib/console/console.mk) a broken driver must make
 * this fail, and so must a driver linked in without a model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/fdt_scan.h"
#include "tests/host/common/check.h"
#include "tests/host/lib/console/test_uart.h"

CHECK_COUNTERS;

#define BASE 0x1c090000u

struct uart_model_state ms;
static const struct uart_model *cur;
static unsigned long long budget; /* register accesses a run may take */
static jmp_buf over_budget;

/* Every model linked in (test_uart.h UART_MODEL), in link order. */
#define EACH_MODEL(m_)                                                                             \
	for (const struct uart_model *m_ = __start_uart_models; m_ < __stop_uart_models; m_++)

static const char text[] =
	"bringup: TAP version 13\nok 1 - boot: discovery\n"
	"# the quick brown fox jumps over the lazy dog, 0123456789 times\n"
	"# ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz !\"#$%&'()*+,-./\n"
	"EXIT: STATUS=0\n";

static void note(unsigned *counter, const char *fmt, va_list ap)
{
	if (!ms.protocol && !ms.bus)
		vsnprintf(ms.first, sizeof ms.first, fmt, ap);
	(*counter)++;
}

void model_violation(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	note(&ms.protocol, fmt, ap);
	va_end(ap);
}

void model_bus(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	note(&ms.bus, fmt, ap);
	va_end(ap);
}

void model_width(const char *reg, unsigned bytes, unsigned want)
{
	if (bytes != want)
		model_bus("%s accessed %u bytes wide, wants %u", reg, bytes, want);
}

void model_tick(void)
{
	if (ms.never || ++ms.reads < ms.k)
		return;
	ms.reads = 0;
	ms.busy = false;
	if (ms.count) {
		ms.count--;
		ms.busy = true;
	}
}

void model_push(uint32_t c)
{
	if (model_full()) {
		if (!ms.never)
			model_violation("'%c' written to a full FIFO (%u)", (char)c, ms.depth);
		return;
	}
	ms.count++;
	if (ms.nout < sizeof ms.out)
		ms.out[ms.nout++] = (char)c;
}

const char *model_enabled(const char *name, uint32_t now, uint32_t before, uint32_t want)
{
	static char why[96];
	if ((now & want) != want || (now & ~want) != (before & ~want)) {
		snprintf(why, sizeof why, "%s 0x%x from 0x%x, wants bits 0x%x set, others kept",
			 name, now, before, want);
		return why;
	}
	return NULL;
}

uint32_t model_unknown(unsigned off, unsigned bytes)
{
	model_bus("no register at 0x%x (%u bytes)", off, bytes);
	return 0;
}

/* ---- the MMIO seam (lib/console/mmio.c in the image) ------------------ */

static void bus_check(const struct uart_desc *u)
{
	if (u->base != BASE)
		model_bus("access at base 0x%llx", (unsigned long long)u->base);
	if (++ms.accesses > budget)
		longjmp(over_budget, 1);
}

/* The bus as the image's mmio.c drives it: an indexed (8250-style) driver's
 * register i at i << reg-shift, reg-io-width wide (1 unless 4); any other
 * at its byte offset, 32 bits wide. */
static unsigned bus_off(const struct uart_desc *u, unsigned off, unsigned *bytes)
{
	bool idx = u->driver->indexed;
	*bytes = idx && u->reg_io_width != 4 ? 1 : 4;
	return idx ? off << u->reg_shift : off;
}

static uint32_t mask(unsigned bytes)
{
	return bytes == 4 ? 0xffffffffu : (1u << (8 * bytes)) - 1;
}

uint32_t uart_read(const struct uart_desc *u, unsigned off)
{
	unsigned b, o = bus_off(u, off, &b);
	bus_check(u);
	return cur->rd(o, b) & mask(b);
}

void uart_write(const struct uart_desc *u, unsigned off, uint32_t v)
{
	unsigned b, o = bus_off(u, off, &b);
	bus_check(u);
	cur->wr(o, b, v & mask(b));
}

uint16_t uart_read16(const struct uart_desc *u, unsigned off)
{
	bus_check(u);
	return (uint16_t)cur->rd(off, 2);
}

void uart_write16(const struct uart_desc *u, unsigned off, uint16_t v)
{
	bus_check(u);
	cur->wr(off, 2, v);
}

void uart_write8(const struct uart_desc *u, unsigned off, uint8_t v)
{
	bus_check(u);
	cur->wr(off, 1, v);
}

/* ---- the checks --------------------------------------------------------- */

static size_t expand(const char *s, size_t n, char *out)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			out[m++] = '\r';
		out[m++] = s[i];
	}
	return m;
}

static size_t same_prefix(const char *a, size_t na, const char *b, size_t nb)
{
	size_t i = 0;
	while (i < na && i < nb && a[i] == b[i])
		i++;
	return i;
}

static void start(const struct uart_model *m, unsigned k, bool never, unsigned long long b)
{
	struct uart_desc d = {
		.driver = m->drv, .base = BASE, .reg_shift = m->shift, .reg_io_width = m->width
	};
	const char *why;

	cur = m;
	memset(&ms, 0, sizeof ms);
	ms.depth = m->depth;
	ms.k = k;
	ms.never = never;
	budget = b;
	m->reset();
	snprintf(d.path, sizeof d.path, "/soc/serial@%x", BASE);
	console_init(&d);
	why = m->init_check ? m->init_check() : NULL;
	CHECK(!why, "%s: init: %s", m->name, why);
}

/* The text at drain rate k: whole, in order, by the rules, promptly: within
 * a budget generous enough for a FIFO-empty wait per character and a few
 * handshake reads, far below one poll bound sat out. */
static void run(const struct uart_model *m, unsigned k)
{
	static char want[2 * sizeof text];
	size_t n = expand(text, sizeof text - 1, want);
	unsigned long long b = (unsigned long long)(n + m->depth) * (4ull * k + 16) + 1000;

	if (setjmp(over_budget)) {
		CHECK(false,
		      "%s k=%u: over %llu register accesses for %zu characters: it waits "
		      "out the poll bound while the UART has room (%u taken)",
		      m->name, k, b, n, ms.nout);
		return;
	}
	start(m, k, false, b);
	console_write(text, sizeof text - 1);
	CHECK(ms.nout == n && !memcmp(ms.out, want, n),
	      "%s k=%u: %u characters arrived, %zu sent; first difference at %zu", m->name, k,
	      ms.nout, n, same_prefix(ms.out, ms.nout, want, n));
	CHECK(!ms.protocol && !ms.bus, "%s k=%u: %u protocol, %u bus violations; first: %s",
	      m->name, k, ms.protocol, ms.bus, ms.first);
	CHECK(ms.waited || k < 50 || m->depth > n, "%s k=%u: the driver never had to wait", m->name,
	      k);
}

/* A line that never drains, with a FIFO of at most 4: it fills, then each
 * further character costs the bounded poll and is dropped; console_write
 * comes back. */
static void run_never(const struct uart_model *m)
{
	char s[8];
	unsigned depth, n, dropped;
	unsigned long long b = 7ull * 6 * UART_TX_POLL_LIMIT;

	if (setjmp(over_budget)) {
		CHECK(false, "%s never draining: over %llu register accesses: unbounded", m->name,
		      b);
		return;
	}
	start(m, 1, true, b);
	depth = ms.depth = m->depth < 4 ? m->depth : 4;
	n = depth + 2;
	memset(s, 'x', n);
	console_write(s, n);
	dropped = n - ms.nout;
	CHECK(ms.nout <= depth && !memcmp(ms.out, s, ms.nout),
	      "%s never draining: %u of %u characters taken, FIFO of %u", m->name, ms.nout, n,
	      depth);
	CHECK(dropped >= 1, "%s never draining: nothing dropped", m->name);
	CHECK(!ms.bus, "%s never draining: %s", m->name, ms.first);
	CHECK(ms.accesses >= (unsigned long long)dropped * UART_TX_POLL_LIMIT,
	      "%s never draining: %llu accesses for %u dropped characters: it did not wait",
	      m->name, ms.accesses, dropped);
}

/* Every string in every driver's table finds that driver. */
static void check_tables(void)
{
	unsigned total = 0, ndrivers = 0;

	UART_EACH_DRIVER(drv)
	{
		bool modelled = false;
		ndrivers++;
		for (const struct uart_model *m = __start_uart_models; m < __stop_uart_models; m++)
			modelled |= m->drv == drv;
		CHECK(modelled, "driver %s has no model here", drv->name);
		for (unsigned i = 0; i < drv->ncompat; i++, total++) {
			const struct uart_compat *c = &drv->compat[i];
			const struct uart_type *t = fdt_uart_type(c->compat, (int)c->len + 1);
			CHECK(c->len == strlen(c->compat), "%s: length of %s", drv->name,
			      c->compat);
			CHECK(t && t->driver == drv && t->compat == c,
			      "%s: \"%s\" classifies to %s", drv->name, c->compat,
			      t ? t->driver->name : "nothing");
		}
	}
	CHECK(ndrivers > 0, "no driver in the section uart_drivers");
	printf("uart: %u drivers, %u compatible strings, all classified to their driver\n",
	       ndrivers, total);
}

int main(void)
{
	static const unsigned rates[] = { 1, 3, 50 };

	check_tables();
	EACH_MODEL(m)
	{
		unsigned before = failures;
		for (unsigned r = 0; r < sizeof rates / sizeof rates[0]; r++)
			run(m, rates[r]);
		run_never(m);
		printf("uart %-22s %-12s %s\n", m->name, m->drv->name,
		       failures == before ? "ok" : "FAILED");
	}
	return check_report("host-uart");
}
