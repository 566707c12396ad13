/*
 * Cache maintenance by address range: checks, edge lines, then the per-line
 * assembly loops (cache/<arch>/range.S) with the line sizes read at boot.
 * Contract in cache/cache.h.
 */
#include <stdint.h>

#include "cache/cache.h"

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

int dcache_clean_poc(uintptr_t start, size_t size)
{
	return run(dcache_clean_poc_lines, start, size, cache_info.dline);
}

int dcache_clean_pou(uintptr_t start, size_t size)
{
	return run(dcache_clean_pou_lines, start, size, cache_info.dline);
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
