/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_compat.c: the compatibles bringup acts on, and the classifier the
 * board scanner runs on every node's "compatible" list. Contract in
 * fdt_scan.h.
 */
#include "board/fdt_compat.h"

#include <string.h>

static const struct {
	const char *compat;
	unsigned bit;
} other_table[] = {
	{ "arm,armv8-timer", C_TIMER8 },
	{ "arm,armv7-timer", C_TIMER7 },
	{ "arm,psci-1.0", C_PSCI10 },
	{ "arm,psci-0.2", C_PSCI02 },
	{ "arm,psci", C_PSCI },
	{ "fixed-clock", C_FIXED_CLOCK },
	{ "arm,pl310-cache", C_PL310 },
	{ "arm,cortex-a9-global-timer", C_GTIMER },
	{ "arm,cortex-a9-twd-timer", C_TWD },
};

#define NOTHERS (sizeof other_table / sizeof other_table[0])

/* Built on first use: every driver's compatibles in one list (the section's
 * order, then each driver's own; no string is two drivers', so the order
 * decides nothing: the node's list decides between strings), the first
 * characters of every compatible we act on as a bitmap (a string starting
 * otherwise is none of ours), and each other entry's length (compared
 * before any byte is). */
#define UART_TYPES_MAX 64
static struct uart_type uart_table[UART_TYPES_MAX];
static unsigned nuarts;
/* The table as chains by first character, in table order, as index + 1
 * (0: none, so the BSS needs no set-up): uart_first[c] is the first entry
 * starting with c, uart_next[i] the one after entry i. */
static uint8_t uart_first[256], uart_next[UART_TYPES_MAX];
static uint32_t first_chars[8];
static uint8_t other_len[NOTHERS];
static bool tables_ready;

static void init_tables(void)
{
	uint8_t last[256];

	tables_ready = true;
	UART_EACH_DRIVER(d)
	for (unsigned i = 0; i < d->ncompat && nuarts < UART_TYPES_MAX; i++) {
		const struct uart_compat *e = &d->compat[i];
		uint8_t c = (uint8_t)e->compat[0];
		first_chars[c / 32] |= 1u << (c % 32);
		if (!uart_first[c])
			uart_first[c] = (uint8_t)(nuarts + 1);
		else
			uart_next[last[c]] = (uint8_t)(nuarts + 1);
		last[c] = (uint8_t)nuarts;
		uart_table[nuarts++] = (struct uart_type){ d, e };
	}
	for (unsigned i = 0; i < NOTHERS; i++) {
		uint8_t c = (uint8_t)other_table[i].compat[0];
		first_chars[c / 32] |= 1u << (c % 32);
		other_len[i] = (uint8_t)strlen(other_table[i].compat);
	}
}

/* Each string is compared only with the table entries of its length and
 * first character: most nodes name none of ours, and this runs for every
 * node at every boot. */
unsigned fdt_classify_compat(const void *list, int len, const struct uart_type **uart)
{
	const char *p = list, *end = p + (len > 0 ? len : 0);
	unsigned bits = 0, best = UART_TYPES_MAX;

	if (!tables_ready)
		init_tables();
	while (p < end) {
		const char *z = memchr(p, 0, (size_t)(end - p));
		size_t n = z ? (size_t)(z - p) : (size_t)(end - p);
		uint8_t c0 = (uint8_t)p[0];
		if (!(first_chars[c0 / 32] & (1u << (c0 % 32)))) { /* none of ours starts so */
			p += n + 1;
			continue;
		}
		/* The node's order decides: once an entry of the list is a
		 * UART's, later entries are not looked up as UARTs. */
		for (unsigned k = best == UART_TYPES_MAX ? uart_first[c0] : 0, i; k;
		     k = uart_next[i])
			if (uart_table[i = k - 1].compat->len == n &&
			    !memcmp(uart_table[i].compat->compat, p, n)) {
				best = i;
				break;
			}
		for (unsigned i = 0; i < NOTHERS; i++)
			if (other_len[i] == n && other_table[i].compat[0] == p[0] &&
			    !memcmp(other_table[i].compat, p, n))
				bits |= other_table[i].bit;
		p += n + 1;
	}
	*uart = best < nuarts ? &uart_table[best] : NULL;
	return bits;
}

const struct uart_type *fdt_uart_type(const void *compat, int len)
{
	const struct uart_type *t = NULL;
	if (compat)
		fdt_classify_compat(compat, len, &t);
	return t;
}
