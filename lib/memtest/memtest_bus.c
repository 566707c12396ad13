/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bus and size tests of the DRAM test engine (contract:
 * lib/memtest/memtest.h): Barr's data and address bus tests (Michael Barr,
 * "Software-Based Memory Testing", Embedded Systems Programming, July 2000),
 * with the complement write between write and read that U-Boot's alternative
 * mtest (cmd/mem.c) uses against a floating bus, and the size/alias pairs.
 */
#include "lib/memtest/memtest.h"
#include "lib/memtest/memtest_priv.h"

#define MAX_PAIRS    64u /* size_alias: one pair per address bit */
#define ADDR_PATTERN 0xaaaaaaaaaaaaaaaaull
#define TAG_KEY      0xa5a5a5a5a5a5a5a5ull

void memtest_data_bus(struct memtest *t)
{
	size_t line = mt_line_bytes(t);
	unsigned r = 0;
	uintptr_t a;

	while (r < t->nranges && t->ranges[r].size < 4 * line)
		r++;
	if (r == t->nranges)
		return;
	a = t->ranges[r].va;
	for (unsigned k = 0; k < 128; k++) {
		uint64_t pat = (uint64_t)1 << (k & 63), v;

		if (k >= 64)
			pat = ~pat; /* walking zeros */
		mt_put_line(t, a, pat);
#ifndef MEMTEST_MUTANT_NO_COMPLEMENT /* host tests only: a floating bus passes (must be caught) */
		mt_put_line(t, a + 2 * line, ~pat); /* another line gets the complement */
#endif
		v = mt_get(t, a);
		if (v != pat)
			mt_report(t, MT_DATA_BUS, a, pat, v, 0);
	}
}

/* The largest naturally aligned power-of-two block inside one range:
 * its base and log2 of its size (0 if there is no range). */
static unsigned aligned_block(const struct memtest *t, uintptr_t *base)
{
	unsigned best = 0;

	for (unsigned i = 0; i < t->nranges; i++) {
		const struct memtest_range *r = &t->ranges[i];
		for (unsigned k = 63; k > best; k--) {
			uint64_t sz = (uint64_t)1 << k;
			uint64_t b = ((uint64_t)r->va + sz - 1) & ~(sz - 1);
			if (sz <= r->size && b >= r->va && b - r->va <= r->size - sz) {
				best = k;
				*base = (uintptr_t)b;
				break;
			}
		}
	}
	return best;
}

/* The lowest address bit the address tests drive: 3 (a 64-bit word), or
 * with the cache on the line's: below it two addresses are words of one
 * line, which reach DRAM in one burst, so the line written back carries the
 * stale aliased word too and the bit cannot be told (an uncached run can). */
static unsigned low_bit(const struct memtest *t)
{
	return t->cached ? (unsigned)__builtin_ctzll(mt_line_bytes(t)) : 3;
}

void memtest_address_bus(struct memtest *t)
{
	uintptr_t base = 0;
	unsigned k = aligned_block(t, &base);
	const uint64_t pat = ADDR_PATTERN, anti = ~ADDR_PATTERN;
	const unsigned lo = low_bit(t);

	if (k <= lo)
		return;
	/* Every power-of-two offset and offset 0 hold the pattern. */
	mt_put(t, base, pat);
	for (unsigned n = lo; n < k; n++)
		mt_put(t, base + ((uintptr_t)1 << n), pat);
	/* Stuck high: writing offset 0 must change no other offset. */
	mt_put(t, base, anti);
	for (unsigned n = lo; n < k; n++) {
		uintptr_t a = base + ((uintptr_t)1 << n);
		uint64_t v = mt_get(t, a);
		if (v != pat)
			mt_report(t, MT_ADDRESS_BUS, a, pat, v, base);
	}
	mt_put(t, base, pat);
	/* Stuck low or shorted: writing offset 2^n must change no other. */
	for (unsigned n = lo; n < k && !mt_saturated(t, MT_ADDRESS_BUS); n++) {
		uintptr_t an = base + ((uintptr_t)1 << n);
		mt_put(t, an, anti);
		uint64_t v = mt_get(t, base);
		if (v != pat)
			mt_report(t, MT_ADDRESS_BUS, base, pat, v, an);
		for (unsigned m = lo; m < k; m++) {
			uintptr_t am = base + ((uintptr_t)1 << m);
			if (m != n && (v = mt_get(t, am)) != pat)
				mt_report(t, MT_ADDRESS_BUS, am, pat, v, an);
		}
		mt_put(t, an, pat);
	}
}

/* An 8-byte word at va lies in one of the ranges. */
static bool in_ranges(const struct memtest *t, uintptr_t va)
{
	return (va & 7) == 0 && mt_range_of(t, va) != NULL;
}

static uint64_t tag_of(uintptr_t va)
{
	return (uint64_t)va ^ TAG_KEY;
}

void memtest_size_alias(struct memtest *t)
{
	uintptr_t addr[2 * MAX_PAIRS];
	unsigned n = 0;

	/* One pair per address bit: x with bit b clear, x | bit, both free. */
	for (unsigned b = low_bit(t); b < 8 * sizeof(uintptr_t) && n + 2 <= 2 * MAX_PAIRS; b++) {
		uintptr_t bit = (uintptr_t)1 << b;
		for (unsigned i = 0; i < t->nranges; i++) {
			uintptr_t x = t->ranges[i].va;
			if (x & bit)
				x = (x + bit) & ~(bit - 1); /* the next address with bit b clear */
			if (x < t->ranges[i].va || !in_ranges(t, x) || !in_ranges(t, x | bit))
				continue;
			addr[n++] = x;
			addr[n++] = x | bit;
			break;
		}
	}
	/* Tags in ascending order of address bit: a higher address that is the
	 * same memory as a lower one overwrites it. */
	for (unsigned i = 0; i < n; i++)
		mt_put(t, addr[i], tag_of(addr[i]));
	for (unsigned i = 0; i < n && !mt_saturated(t, MT_SIZE_ALIAS); i++) {
		uint64_t v = mt_get(t, addr[i]);
		uintptr_t other = (uintptr_t)(v ^ TAG_KEY);
		bool known = false;

		if (v == tag_of(addr[i]))
			continue;
		for (unsigned j = 0; j < n; j++)
			known |= addr[j] == other && other != addr[i];
		mt_report(t, MT_SIZE_ALIAS, addr[i], tag_of(addr[i]), v, known ? other : 0);
	}
}
