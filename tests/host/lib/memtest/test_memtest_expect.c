/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the DRAM test engine must report for a set of faults, worked out
 * from the faults alone (tests/host/lib/memtest/test_memtest.h), not from the engine's
 * own counts.
 */
#include "tests/host/lib/memtest/test_memtest.h"

/* The value memtest_random writes to word `word` of a one-range run from
 * `seed`, worked out here on its own from the definition lib/memtest/memtest.h
 * gives: eight words of Marsaglia's xorshift64 (shifts 13, 7, 17) from the
 * seed, the first two made odd, are x[-4..-1] of two lanes (words 2j + lane);
 * then x[n] = x[n-4] + x[n-3] in each lane, word i being x[i / 2] of lane
 * i % 2. */
static uint64_t random_value(uint64_t seed, size_t word)
{
	uint64_t x = seed ? seed : 1, init[8], lag[4];
	unsigned lane = word & 1;
	size_t n = word / 2;

	for (unsigned i = 0; i < 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		init[i] = x;
	}
	init[0] |= 1;
	init[1] |= 1;
	for (unsigned j = 0; j < 4; j++)
		lag[j] = init[2 * j + lane]; /* x[j - 4] */
	for (size_t i = 0;; i++) {
		uint64_t v = lag[i % 4] + lag[(i + 1) % 4]; /* x[i-4] + x[i-3] */
		lag[i % 4] = v;
		if (i == n)
			return v;
	}
}

/* Whether memtest_random alone must report cell fault f (no address fault
 * in the set): a stuck bit when the value it writes there has the other
 * bit; a coupling when the victim lies below the aggressor (the write-backs
 * go up, so the aggressor's flips the victim after the victim's own; a
 * victim above is rewritten after the flip). */
bool tm_random_sees(const struct fault *f, uint64_t seed)
{
	if (f->kind == F_COUPLING)
		return f->cell2 < f->cell;
	return (random_value(seed, f->cell) >> f->bit & 1) != f->value;
}

/* The errors each test must report, from the faults alone, or -1 where the
 * count is not worked out here (address faults: aliases everywhere; data
 * faults beyond data_bus: half of every read; a coupling under March C-:
 * chunk order). Fault-free: none. data_bus: one per pattern (walking ones,
 * walking zeros: 128) that a data fault spoils: a stuck line where the
 * pattern has the other bit, a floating line always (the last word DRAM
 * saw was the complement line's). Cell faults lie outside the bus, address
 * and size tests' lines: those see none. march_c, a stuck bit: the three r0
 * reads when the background has the other bit, else the two r1 reads.
 * random: one per fault it sees (tm_random_sees). */
void tm_expect_errors(const struct fault *f, unsigned n, uint64_t bg, uint64_t rseed,
		      long want[MT_NTESTS])
{
	bool data = false, coupling = false;

	for (unsigned k = 0; k < MT_NTESTS; k++)
		want[k] = 0;
	want[MT_BIT_FADE] = -1; /* not run here */
	for (unsigned i = 0; i < n; i++) {
		if (f[i].kind >= F_ADDR_STUCK) {
			for (unsigned k = 0; k < MT_NTESTS; k++)
				want[k] = -1;
			return;
		}
		data |= f[i].kind <= F_DATA_FLOAT;
		coupling |= f[i].kind == F_COUPLING;
	}
	for (unsigned k = 0; data && k < 128; k++) {
		uint64_t pat = (uint64_t)1 << (k & 63);
		bool wrong = false;
		if (k >= 64)
			pat = ~pat;
		for (unsigned i = 0; i < n; i++)
			wrong |= f[i].kind == F_DATA_FLOAT ||
				 (f[i].kind == F_DATA_STUCK && (pat >> f[i].bit & 1) != f[i].value);
		want[MT_DATA_BUS] += wrong;
	}
	for (unsigned i = 0; i < n; i++) {
		if (f[i].kind == F_CELL_STUCK)
			want[MT_MARCH_C] += (bg >> f[i].bit & 1) == f[i].value ? 2 : 3;
		if (f[i].kind == F_CELL_STUCK || f[i].kind == F_COUPLING)
			want[MT_RANDOM] += tm_random_sees(&f[i], rseed);
	}
	if (data)
		want[MT_ADDRESS_BUS] = want[MT_SIZE_ALIAS] = want[MT_MARCH_C] = want[MT_RANDOM] =
			-1;
	if (coupling)
		want[MT_MARCH_C] = -1;
}
