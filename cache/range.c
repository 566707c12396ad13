/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cache maintenance by address range: checks, edge lines, then the per-line
 * assembly loops (cache/<arch>/range.S) with the line sizes read at boot.
 * Contract in cache/cache.h.
 */
#include <stdint.h>

#include "cache/cache.h"

#ifdef __aarch64__
#include "arch/aarch64/cpu.h"
#endif

typedef void (*lines_fn)(uintptr_t start, uintptr_t end, size_t line);

/* size 0: nothing; a range past the top of the address space: refused. */
static int check(uintptr_t start, size_t size)
{
	if (size > UINTPTR_MAX - start)
		return CACHE_ERR_WRAP;
	return CACHE_OK;
}

static int run(lines_fn fn, uintptr_t start, size_t size, unsigned line)
{
	int err = check(start, size);

	if (err || size == 0)
		return err;
	fn(start, start + size, line);
	return CACHE_OK;
}

/*
 * Cortex-A53 r0p0-r0p2 (errata 819472, 824069, 826319, 827319): a clean by
 * address, to PoC or to PoU, is issued as DC CIVAC (Linux
 * arch/arm64/kernel/cpu_errata.c ARM64_WORKAROUND_CLEAN_CACHE). A clean to
 * PoU that goes on to PoC and drops the line does everything the clean
 * promised: the data reaches PoU, and later reads refetch it. Chosen once
 * per call from cache_info, not per line: the loops are unchanged.
 */
void cache_use_cpu(uint64_t midr)
{
#if defined(__aarch64__) && !defined(CACHE_MUTANT_NO_CLEAN_CIVAC) /* mutant: host-cache-trace */
	if (cpu_clean_as_civac(midr))
		cache_info.clean_as_civac = true;
#else
	(void)midr;
#endif
}

static lines_fn clean_lines(lines_fn clean)
{
	return cache_info.clean_as_civac ? dcache_clean_inval_poc_lines : clean;
}

int dcache_clean_poc(uintptr_t start, size_t size)
{
	return run(clean_lines(dcache_clean_poc_lines), start, size, cache_info.dline);
}

int dcache_clean_pou(uintptr_t start, size_t size)
{
	return run(clean_lines(dcache_clean_pou_lines), start, size, cache_info.dline);
}

int dcache_clean_inval_poc(uintptr_t start, size_t size)
{
	return run(dcache_clean_inval_poc_lines, start, size, cache_info.dline);
}

int icache_inval_pou(uintptr_t start, size_t size)
{
	return run(icache_inval_pou_lines, start, size, cache_info.iline);
}

/*
 * Invalidate to PoC. A line only partly inside the range also holds bytes
 * outside it, perhaps dirty: invalidating it would throw them away (Linux
 * arch/arm64/mm/cache.S dcache_inval_poc does the same). So the partial first and last lines are
 * cleaned+invalidated, and only the whole lines in between are invalidated.
 */
int dcache_inval_poc(uintptr_t start, size_t size)
{
	uintptr_t line = cache_info.dline, mask = line - 1, end;
	int err = check(start, size);

	if (err || size == 0)
		return err;
	end = start + size;
	if (start & mask) {
		dcache_clean_inval_poc_lines(start, start + 1, line);
		start = (start | mask) + 1; /* next line; 0 if this was the last one */
		if (start == 0 || start >= end)
			return CACHE_OK;
	}
	if (end & mask) {
		dcache_clean_inval_poc_lines(end - 1, end, line);
		end &= ~mask;
	}
	if (start < end)
		dcache_inval_poc_lines(start, end, line);
	return CACHE_OK;
}

const char *cache_strerror(int err)
{
	switch (err) {
	case CACHE_OK: return "ok";
	case CACHE_ERR_WRAP: return "range wraps past the end of the address space";
	case CACHE_ERR_DIR: return "not a DMA direction";
	case CACHE_ERR_OUTER: return "the outer cache controller reported an error";
	default: return "unknown cache error";
	}
}
