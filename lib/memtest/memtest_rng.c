/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The random test's sequence (lib/memtest/memtest.h, "The random test's
 * sequence"): its seed (the definition, memtest_rng_block, is inline there). The
 * loops that write and check it at speed are lib/memtest/<arch>/random.*;
 * the engine reports the words of a failing KiB from this definition.
 */
#include "lib/memtest/memtest.h"

void memtest_rng_seed(struct memtest_rng *s, uint64_t seed)
{
	uint64_t x = seed ? seed : 1;

	for (unsigned i = 0; i < 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		s->w[i] = x;
	}
	s->w[0] |= 1; /* an odd word in each lane: the full period */
	s->w[1] |= 1;
}
