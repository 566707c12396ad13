/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the burn-in's cache kind (memtest/burnin_cache.c, with the
 * real lib/memtest/<arch>/fill.S) under qemu-user, against two CPUs with
 * private write-back data caches over one DRAM, as host-memtest-cpus runs
 * the slices: QEMU has no cache, so no row can see the kind lose its data.
 *
 * The model: CPU c's page as it sees it, view[c], is the contents of its
 * cache (every line valid); shadow[c] is what the model last put there, and
 * a line that differs from it is dirty. dcache_clean_to_mem (the link seam
 * of cache/cache.h) writes the range's dirty lines to DRAM and leaves them
 * clean; dcache_inval_to_mem drops the range's lines, so that the view shows
 * what a fetch from DRAM returns: a dirty line dropped is lost. Each call
 * must name lines of the calling CPU's own page.
 *
 * Each round, for CPU 0 then CPU 1: DRAM holds the complement of the
 * pattern, the cache a clean copy of it; burnin_cache_round(view[c], v)
 * must count no word off the pattern, leave no dirty line, and leave the
 * pattern in DRAM (what the other CPU, or a device, reads). Exit 0 iff
 * every check holds. A copy of the file without its clean must fail
 * (tests/host/lib/memtest/memtest.mk).
 */
#include <stdio.h>
#include <string.h>

#include "cache/cache.h"
#include "memtest/burnin_cache.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

#ifdef __aarch64__
#define NAME "host-burnin-cache (aarch64)"
#else
#define NAME "host-burnin-cache (armv7)"
#endif

#define CPUS   2u
#define PAGE   4096u
#define LINE   64u
#define WORDS  (PAGE / 8)
#define ROUNDS 200u

static uint64_t view[CPUS][WORDS] __attribute__((aligned(PAGE)));
static uint64_t shadow[CPUS][WORDS], dram[CPUS][WORDS];
static unsigned cleans[CPUS], invals[CPUS], outside;

/* The CPU whose page holds [start, start + size), or CPUS. */
static unsigned owner(uintptr_t start, size_t size)
{
	for (unsigned c = 0; c < CPUS; c++)
		if (start >= (uintptr_t)view[c] && size <= PAGE &&
		    start + size <= (uintptr_t)view[c] + PAGE)
			return c;
	outside++;
	return CPUS;
}

int dcache_clean_to_mem(uintptr_t start, size_t size)
{
	unsigned c = owner(start, size);

	if (c == CPUS)
		return 0;
	cleans[c]++;
	for (size_t w = (start - (uintptr_t)view[c]) / 8 & ~(size_t)(LINE / 8 - 1);
	     w * 8 < start + size - (uintptr_t)view[c]; w++)
		if (view[c][w] != shadow[c][w])
			dram[c][w] = shadow[c][w] = view[c][w];
	return 0;
}

int dcache_inval_to_mem(uintptr_t start, size_t size)
{
	unsigned c = owner(start, size);

	if (c == CPUS)
		return 0;
	invals[c]++;
	for (size_t w = (start - (uintptr_t)view[c]) / 8 & ~(size_t)(LINE / 8 - 1);
	     w * 8 < start + size - (uintptr_t)view[c]; w++)
		view[c][w] = shadow[c][w] = dram[c][w];
	return 0;
}

int main(void)
{
	uint64_t v = 0x0123456789abcdefull;
	unsigned failed_rounds = 0;

	for (unsigned r = 0; r < ROUNDS; r++) {
		for (unsigned c = 0; c < CPUS; c++) {
			unsigned dirty = 0, off = 0;
			uint64_t bad;

			v = v * 6364136223846793005ull + 1442695040888963407ull; /* Knuth's LCG */
			for (unsigned w = 0; w < WORDS; w++)
				view[c][w] = shadow[c][w] = dram[c][w] = ~v;
			cleans[c] = invals[c] = 0;
			bad = burnin_cache_round(view[c], v);
			for (unsigned w = 0; w < WORDS; w++) {
				dirty += view[c][w] != shadow[c][w];
				off += dram[c][w] != v;
			}
			failed_rounds += bad || dirty || off;
			if (failed_rounds > 3)
				continue; /* the first few failures printed */
			CHECK(bad == 0,
			      "cpu%u: the cache kind read back %llu words not the pattern", c,
			      (unsigned long long)bad);
			CHECK(dirty == 0, "cpu%u: %u words left dirty in its cache", c, dirty);
			CHECK(off == 0,
			      "cpu%u: DRAM holds %u words not the pattern (another CPU reads them)",
			      c, off);
			CHECK(cleans[c] >= 1 && invals[c] >= 1, "cpu%u: %u cleans, %u invalidates",
			      c, cleans[c], invals[c]);
		}
	}
	CHECK(outside == 0, "%u maintenance calls outside the calling CPU's page", outside);
	CHECK(failed_rounds == 0, "%u of %u rounds failed", failed_rounds, ROUNDS * CPUS);
	return check_report(NAME);
}
