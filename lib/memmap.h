/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A physical memory map: the RAM banks board/ discovers and mmu/ maps, and
 * the free part of a range with holes in it (the heap, around the DTB and
 * reserved memory).
 * Addresses are CPU physical addresses; a bank never wraps (base + size
 * fits 64 bits).
 */
#ifndef LIB_MEMMAP_H
#define LIB_MEMMAP_H

#include <stdint.h>

#define MEM_MAX_BANKS 8 /* banks a memory map holds; more are ignored */

struct mem_bank {
	uint64_t base, size;
};

#define MEMMAP_MAX_HOLES 32 /* holes memmap_largest_free() considers */

/*
 * The largest part of [lo, hi) that none of the holes touches, each hole
 * first rounded out to `align` (a power of two); into [*out_lo, *out_hi)
 * (empty if nothing is left). Returns how many times a hole cut the range.
 * Pure: no allocation, no output. Holes past MEMMAP_MAX_HOLES are ignored.
 */
/*
 * The free segments of [lo, hi) (each hole rounded out to align first): at
 * most MEMMAP_MAX_HOLES + 1, non-empty, ascending, into seg; returns how many.
 * *cuts (if not NULL): how many times a hole cut the range.
 */
unsigned memmap_free(uint64_t lo, uint64_t hi, const struct mem_bank *holes, unsigned nholes,
		     uint64_t align, struct mem_bank seg[MEMMAP_MAX_HOLES + 1], unsigned *cuts);

/*
 * Adds [base, base + size), rounded out to `granule` (a power of two), to the
 * sorted list of n disjoint ranges (at most max), merging it with every range
 * it overlaps or touches: a device map coalesced at block granularity. A
 * range that does not fit (the list full) is merged with its nearest
 * neighbour instead, so the list still covers every range added (more than
 * was asked, never less). size 0 adds nothing; the top end saturates.
 */
void memmap_add_coalesced(struct mem_bank *list, unsigned *n, unsigned max, uint64_t base,
			  uint64_t size, uint64_t granule);

unsigned memmap_largest_free(uint64_t lo, uint64_t hi, const struct mem_bank *holes,
			     unsigned nholes, uint64_t align, uint64_t *out_lo, uint64_t *out_hi);

#endif
