/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The burn-in's cache kind: see memtest/burnin_cache.h. The clean comes
 * before the invalidate: a dirty line invalidated without it is dropped and
 * the read-back fetches what memory held before (ARM ARM DDI 0487, "Data
 * cache invalidate" by VA to the PoC: the line's data is lost; DDI 0406C
 * B4.2.1 DCIMVAC). The read-back after the invalidate comes from memory, so
 * the round proves the maintenance keeps the data on its way there.
 */
#include "memtest/burnin_cache.h"

#include "arch/image.h"
#include "cache/cache.h"
#include "lib/memtest/memtest.h"

uint64_t burnin_cache_round(uint64_t *p, uint64_t v)
{
	uint64_t bad = 0;

	memtest_fill(p, PAGE_SIZE, v, 0);
	dcache_clean_to_mem((uintptr_t)p, PAGE_SIZE);
	dcache_inval_to_mem((uintptr_t)p, PAGE_SIZE);
	for (size_t i = 0; i < PAGE_SIZE / 8; i++)
		bad += p[i] != v;
	return bad;
}
