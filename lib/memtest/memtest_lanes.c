/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The byte-lane test of the DRAM test engine (contract: lib/memtest/memtest.h,
 * byte_lanes). Masked writes: a store narrower than the memory's data bus
 * reaches DRAM with the other byte lanes' data-mask (DM) lines asserted, so
 * only the driven lanes change (JEDEC JESD79-3 DDR3, "Data Mask": DM high
 * masks the input data of a write). Only an uncached access is seen so: a
 * cached store merges into the line and the write-back drives every lane.
 * The narrow stores are memtest_store_lanes, in a file of their own
 * (memtest_narrow.c) so that the host model can see them
 * (tests/host/lib/memtest/memtest_model.c links around the call).
 */
#include "lib/memtest/memtest.h"
#include "lib/memtest/memtest_priv.h"

/* One pass over the chunk at p: every word x by full stores, then its
 * `width` bytes at `slot` the complement by narrow ones, verified. */
static void lanes_pass(struct memtest *t, uintptr_t p, unsigned width, unsigned slot, uint64_t x)
{
	uint64_t v = ~x, lane = (width == 1 ? 0xffull : 0xffffull) << (8 * width * slot);

	memtest_fill((void *)p, MEMTEST_CHUNK, x, 0);
	mt_swept(t, MEMTEST_CHUNK);
#ifdef MEMTEST_MUTANT_LANES_WIDE /* host tests only: whole words written (must be caught) */
	for (size_t i = 0; i < MEMTEST_CHUNK; i += 8) {
		volatile uint64_t *w = (volatile uint64_t *)(p + i);
		*w = (*w & ~lane) | (v & lane);
	}
#else
	memtest_store_lanes((void *)p, MEMTEST_CHUNK, v, width, slot);
#endif
	mt_swept(t, MEMTEST_CHUNK / 8 * width);
	mt_check_chunk(t, MT_BYTE_LANES, p, MEMTEST_CHUNK, (x & ~lane) | (v & lane));
}

void memtest_byte_lanes(struct memtest *t)
{
	if (t->cached)
		return;
	for (unsigned k = 0; k < t->nranges; k++) {
		const struct memtest_range *r = &t->ranges[k];
		for (size_t off = 0; off < r->size && !mt_saturated(t, MT_BYTE_LANES);
		     off += MEMTEST_CHUNK)
			for (unsigned width = 1; width <= 2; width++)
				for (unsigned slot = 0; slot < 8 / width; slot++) {
					lanes_pass(t, r->va + off, width, slot, 0);
					lanes_pass(t, r->va + off, width, slot, ~0ull);
				}
	}
}
