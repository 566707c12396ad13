/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A loops of the random test's sequence (contract: lib/memtest/memtest.h,
 * "The random test's sequence"), in C: ARMv7 has no 64-bit vector add
 * without NEON (optional on Cortex-A9), and the instruction target of the
 * random test is set for Cortex-A53 (AArch64, lib/memtest/aarch64/random.S).
 * The step is memtest_rng_block's, written out over eight locals (v_j =
 * x[2j], x[2j + 1]) so that the state stays in registers: through *s, stores
 * to the buffer could alias it and every word would reload it.
 */
#include "lib/memtest/memtest.h"

#define STEP(x)                                                                                    \
	do {                                                                                       \
		x[0] += x[2], x[1] += x[3];                                                        \
		x[2] += x[4], x[3] += x[5];                                                        \
		x[4] += x[6], x[5] += x[7];                                                        \
		x[6] += x[0], x[7] += x[1];                                                        \
	} while (0)

void memtest_random_fill(void *p, size_t bytes, struct memtest_rng *s)
{
	uint64_t x[8], *w = p;

	for (unsigned k = 0; k < 8; k++)
		x[k] = s->w[k];
	for (size_t i = 0; i < bytes / sizeof(*w); i += 8) {
		STEP(x);
		for (unsigned k = 0; k < 8; k++)
			w[i + k] = x[k];
	}
	for (unsigned k = 0; k < 8; k++)
		s->w[k] = x[k];
}

size_t memtest_random_verify(const void *p, size_t bytes, struct memtest_rng *s)
{
	const uint64_t *w = p;
	uint64_t x[8];

	for (unsigned k = 0; k < 8; k++)
		x[k] = s->w[k];
	for (size_t off = 0; off < bytes; off += 1024) {
		uint64_t d = 0;
		for (size_t i = off / 8; i < (off + 1024) / 8; i += 8) {
			STEP(x);
			for (unsigned k = 0; k < 8; k++)
				d |= w[i + k] ^ x[k];
		}
		if (d) {
			/* *s at this KiB's start: the sequence from s, 16 steps a KiB */
			for (size_t i = 0; i < off / 64; i++)
				memtest_rng_block(s, (uint64_t[8]){ 0 });
			return off;
		}
	}
	for (unsigned k = 0; k < 8; k++)
		s->w[k] = x[k];
	return bytes;
}
