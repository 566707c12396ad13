/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Maintenance "to memory": the inner caches by VA to PoC, and the outer
 * cache (cache/outer.h) when one is active. Contract in cache/cache.h.
 *
 * The order follows where the data goes (Linux arch/arm/mm/dma-mapping.c,
 * __dma_page_cpu_to_dev and __dma_page_dev_to_cpu):
 *   clean: inner first, then outer. The inner clean writes its dirty lines
 *     into the outer cache; the outer clean then takes them, and
 *     everything older, to memory. The other order leaves the inner
 *     cache's data in the outer cache.
 *   clean+invalidate: inner clean, outer clean+invalidate, then inner
 *     clean+invalidate. A cache may fetch any Normal cacheable line at any
 *     time, speculatively (ARM ARM DDI 0406C B2.2, "Caches and memory
 *     hierarchy"): after an inner clean+invalidate first, a line refilled
 *     from the still-valid outer copy before the outer operation survives
 *     it, and the next read is answered by L1, not by memory (a DRAM test
 *     would pass a bad cell). Dropping the inner lines last means the next
 *     read fetches from memory; a clean+invalidate rather than an
 *     invalidate so that a line dirtied meanwhile is not thrown away.
 *     Without an active outer cache it is one inner clean+invalidate.
 *   invalidate: outer first, then inner. Someone else wrote memory; while
 *     the inner lines are still valid nothing refills the outer cache from
 *     them, and a line the inner cache fetches after the outer invalidate
 *     comes from memory. The other order lets an inner line refetched in
 *     between come from the stale outer copy.
 * The outer cache is given physical addresses: cache/outer.c translates
 * the range page by page (an alias window's VA is not its PA).
 */
#include "cache/cache.h"
#include "cache/outer.h"

static int both(int inner, int outer_err)
{
	return inner ? inner : outer_err ? CACHE_ERR_OUTER : CACHE_OK;
}

#ifdef MEMORY_MUTANT_POC_ONLY /* host tests only: "to PoC" taken for "to memory" */
#define outer_clean(a, n)       0
#define outer_clean_inval(a, n) 0
#define outer_inval(a, n)       0
#define outer_clean_inval_all() 0
#endif

int dcache_clean_to_mem(uintptr_t start, size_t size)
{
	int e = dcache_clean_poc(start, size);
	return both(e, e ? 0 : outer_clean(start, size));
}

int dcache_clean_inval_to_mem(uintptr_t start, size_t size)
{
	int e;

#ifndef MEMORY_MUTANT_CINV_FIRST /* host tests: inner clean+invalidate first (caught) */
	if (outer.active) {
		e = dcache_clean_poc(start, size);
		if (!e && outer_clean_inval(start, size))
			return CACHE_ERR_OUTER;
		return e ? e : dcache_clean_inval_poc(start, size);
	}
#endif
	e = dcache_clean_inval_poc(start, size);
	return both(e, e ? 0 : outer_clean_inval(start, size));
}

int dcache_clean_inval_to_mem_down(uintptr_t start, size_t size)
{
	size_t line = cache_info.dline;
	uintptr_t first, a;

	if (size > UINTPTR_MAX - start)
		return CACHE_ERR_WRAP;
	if (!size)
		return CACHE_OK;
	if (!outer.active) {
		dcache_clean_inval_poc_lines_down(start, start + size, line);
		return CACHE_OK;
	}
	/* Each line the three steps above, the top one first. */
	first = start & ~(uintptr_t)(line - 1);
	for (a = (start + size - 1) & ~(uintptr_t)(line - 1);; a -= line) {
		int e = dcache_clean_inval_to_mem(a, line);
		if (e || a == first)
			return e;
	}
}

int dcache_inval_to_mem(uintptr_t start, size_t size)
{
	int o;

	if (size > UINTPTR_MAX - start)
		return CACHE_ERR_WRAP; /* before the outer cache is touched */
	o = outer_inval(start, size);
	return both(dcache_inval_poc(start, size), o);
}

/*
 * Everything to memory, for the exit path: set/way clean+invalidate of
 * every inner level to LoC (this CPU only: the others are parked), then
 * the outer cache by way (by index where PL310 erratum 727915 applies).
 * No stack beyond the calls', bounded polls: safe from exception context.
 */
void dcache_clean_inval_all_to_mem(void)
{
	dcache_clean_inval_all();
	(void)outer_clean_inval_all();
}
