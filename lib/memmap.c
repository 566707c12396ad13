/* Free memory in a range: see memmap.h. */
#include "lib/memmap.h"

unsigned memmap_largest_free(uint64_t lo, uint64_t hi, const struct mem_bank *holes,
			     unsigned nholes, uint64_t align, uint64_t *out_lo, uint64_t *out_hi)
{
	/* The free segments of [lo, hi) left by the holes seen so far. */
	struct mem_bank seg[MEMMAP_MAX_HOLES + 1];
	unsigned nseg = 1, best = 0, cut = 0;

	seg[0] = (struct mem_bank){ lo, hi - lo };
	for (unsigned h = 0; h < nholes && h < MEMMAP_MAX_HOLES; h++) {
		uint64_t hb = holes[h].base & ~(align - 1),
			 he = (holes[h].base + holes[h].size + align - 1) & ~(align - 1);
		for (unsigned i = 0; i < nseg; i++) {
			uint64_t sb = seg[i].base, se = sb + seg[i].size;
			if (he <= sb || hb >= se)
				continue; /* no overlap */
			cut++;
			seg[i] = (struct mem_bank){ sb, hb > sb ? hb - sb : 0 };
			if (he < se) /* what is left above the hole */
				seg[nseg++] = (struct mem_bank){ he, se - he };
		}
	}
	for (unsigned i = 1; i < nseg; i++)
		if (seg[i].size > seg[best].size)
			best = i;
	*out_lo = seg[best].base;
	*out_hi = seg[best].base + seg[best].size;
	return cut;
}
