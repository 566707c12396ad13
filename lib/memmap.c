/* SPDX-License-Identifier: BSD-2-Clause */
/* Free memory in a range: see memmap.h. */
#include "lib/memmap.h"

#include <stdint.h>

unsigned memmap_free(uint64_t lo, uint64_t hi, const struct mem_bank *holes, unsigned nholes,
		     uint64_t align, struct mem_bank seg[MEMMAP_MAX_HOLES + 1], unsigned *cuts)
{
	unsigned nseg = 1, cut = 0, out = 0;

	seg[0] = (struct mem_bank){ lo, hi > lo ? hi - lo : 0 };
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
	/* Drop the empty segments, then sort by address (at most 33: insertion). */
	for (unsigned i = 0; i < nseg; i++)
		if (seg[i].size)
			seg[out++] = seg[i];
	for (unsigned i = 1; i < out; i++)
		for (unsigned j = i; j && seg[j - 1].base > seg[j].base; j--) {
			struct mem_bank s = seg[j];
			seg[j] = seg[j - 1];
			seg[j - 1] = s;
		}
	if (cuts)
		*cuts = cut;
	return out;
}

unsigned memmap_largest_free(uint64_t lo, uint64_t hi, const struct mem_bank *holes,
			     unsigned nholes, uint64_t align, uint64_t *out_lo, uint64_t *out_hi)
{
	struct mem_bank seg[MEMMAP_MAX_HOLES + 1];
	unsigned cut, n = memmap_free(lo, hi, holes, nholes, align, seg, &cut), best = 0;

	for (unsigned i = 1; i < n; i++)
		if (seg[i].size > seg[best].size)
			best = i;
	*out_lo = n ? seg[best].base : lo;
	*out_hi = n ? seg[best].base + seg[best].size : lo;
	return cut;
}

void memmap_add_coalesced(struct mem_bank *list, unsigned *n, unsigned max, uint64_t base,
			  uint64_t size, uint64_t granule)
{
	uint64_t lo = base & ~(granule - 1), hi = base + size;
	unsigned i = 0, j;

	if (!size || !max)
		return;
	hi = hi < base || hi > UINT64_MAX - granule ? UINT64_MAX & ~(granule - 1)
						    : (hi + granule - 1) & ~(granule - 1);
	while (i < *n && list[i].base + list[i].size < lo) /* wholly before, not touching */
		i++;
	if (i == *n || list[i].base > hi) { /* touches nothing: a new entry at i */
		if (*n == max) {            /* full: widen the nearest neighbour to cover it */
			if (i == *n || (i > 0 && lo - (list[i - 1].base + list[i - 1].size) <
							 list[i].base - hi))
				i--, list[i].size = hi - list[i].base;
			else
				list[i].size += list[i].base - lo, list[i].base = lo;
			lo = list[i].base, hi = list[i].base + list[i].size;
		} else {
			for (j = (*n)++; j > i; j--)
				list[j] = list[j - 1];
			list[i] = (struct mem_bank){ lo, hi - lo };
			return;
		}
	}
	/* list[i] overlaps or touches [lo, hi): absorb it and every later one that does */
	for (j = i; j < *n && list[j].base <= hi; j++) {
		if (list[j].base < lo)
			lo = list[j].base;
		if (list[j].base + list[j].size > hi)
			hi = list[j].base + list[j].size;
	}
	list[i] = (struct mem_bank){ lo, hi - lo };
	for (unsigned k = j; k < *n; k++) /* close the gap the absorbed ones left */
		list[i + 1 + k - j] = list[k];
	*n = i + 1 + (*n - j);
}
