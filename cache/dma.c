/*
 * Streaming DMA cache maintenance: see the contract in cache/cache.h.
 * With an outer cache (cache/outer.h): clean inner then outer, invalidate
 * outer then inner (Linux arch/arm/mm/dma-mapping.c, __dma_page_cpu_to_dev
 * and __dma_page_dev_to_cpu). bringup maps memory 1:1, so the VA given
 * is also the PA the outer cache wants.
 */
#include "cache/cache.h"
#include "cache/outer.h"

static int both(int inner, int outer_err)
{
	return inner ? inner : outer_err ? CACHE_ERR_OUTER : CACHE_OK;
}

static int clean(uintptr_t a, size_t n)
{
	int e = dcache_clean_poc(a, n);
	return both(e, e ? 0 : outer_clean(a, n));
}

static int inval(uintptr_t a, size_t n)
{
	int o = outer_inval(a, n);
	return both(dcache_inval_poc(a, n), o);
}

static int clean_inval(uintptr_t a, size_t n)
{
	int e = dcache_clean_inval_poc(a, n);
	return both(e, e ? 0 : outer_clean_inval(a, n));
}

int dma_sync_for_device(uintptr_t addr, size_t size, enum dma_dir dir)
{
	switch (dir) {
	case DMA_TO_DEVICE: return clean(addr, size);
	case DMA_FROM_DEVICE: return inval(addr, size);
	case DMA_BIDIRECTIONAL: return clean_inval(addr, size);
	default: return CACHE_ERR_DIR;
	}
}

int dma_sync_for_cpu(uintptr_t addr, size_t size, enum dma_dir dir)
{
	switch (dir) {
	case DMA_TO_DEVICE: return size > UINTPTR_MAX - addr ? CACHE_ERR_WRAP : CACHE_OK;
	case DMA_FROM_DEVICE:
	case DMA_BIDIRECTIONAL: return inval(addr, size);
	default: return CACHE_ERR_DIR;
	}
}
