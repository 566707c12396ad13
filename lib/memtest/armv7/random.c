/*
 * ARMv7-A loops of the random test's sequence (contract: lib/memtest/memtest.h,
 * "The random test's sequence"), in C over its definition: ARMv7 has no
 * 64-bit vector add without NEON (optional on Cortex-A9), and the
 * instruction target of the random test is set for Cortex-A53 (AArch64,
 * lib/memtest/aarch64/random.S).
 */
#include "lib/memtest/memtest.h"

void memtest_random_fill(void *p, size_t bytes, struct memtest_rng *s)
{
	uint64_t *w = p;

	for (size_t i = 0; i < bytes / sizeof(*w); i += 8)
		memtest_rng_block(s, &w[i]);
}

size_t memtest_random_verify(const void *p, size_t bytes, struct memtest_rng *s)
{
	const uint64_t *w = p;

	for (size_t off = 0; off < bytes; off += 1024) {
		struct memtest_rng at = *s;
		uint64_t want[8], x = 0;
		for (size_t i = off / 8; i < (off + 1024) / 8; i += 8) {
			memtest_rng_block(s, want);
			for (unsigned k = 0; k < 8; k++)
				x |= w[i + k] ^ want[k];
		}
		if (x) {
			*s = at;
			return off;
		}
	}
	return bytes;
}
