/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Streaming DMA cache maintenance: see the contract in cache/cache.h.
 *
 * Linux arch/arm/mm/dma-mapping.c: __dma_page_cpu_to_dev runs the inner
 * operation, then the outer one, whatever the direction; __dma_page_dev_to_cpu
 * the outer one, then the inner one. So, with an outer cache:
 *   for_device, any direction: inner first. Partial edge lines are
 *     cleaned+invalidated by the inner invalidate, and an invalidate by VA
 *     may write a dirty line back too (ARM ARM DDI 0487, DC IVAC: at EL1
 *     with HCR_EL2.VM set it is a clean and invalidate; the Cortex-A32 TRM,
 *     Arm 100241 A5.5, says its DCIMVAC cleans dirty data first): either
 *     lands in the outer cache, where the outer operation then finds it.
 *     The other order leaves those dirty lines in the outer cache during
 *     the transfer, to be written back over the device's data.
 *   for_cpu: outer first, then inner (cache/memory.c says why).
 * The outer cache is given physical addresses (cache/outer.c translates).
 */
#include "cache/cache.h"
#include "cache/outer.h"

static int both(int inner, int outer_err)
{
	return inner ? inner : outer_err ? CACHE_ERR_OUTER : CACHE_OK;
}

/* Before a device writes the buffer: no dirty line of it may remain in any
 * cache, and the edge lines' other bytes reach memory. */
static int inval_for_device(uintptr_t a, size_t n)
{
#ifdef DMA_MUTANT_OUTER_FIRST /* host tests only: the old order, outer first (must be caught) */
	int o = outer_inval(a, n);
	return both(dcache_inval_poc(a, n), o);
#else
	int e = dcache_inval_poc(a, n);
	return both(e, e ? 0 : outer_inval(a, n));
#endif
}

static int inval_for_cpu(uintptr_t a, size_t n)
{
#ifdef DMA_MUTANT_INNER_FIRST_FOR_CPU /* host tests only: must be caught */
	int e = dcache_inval_poc(a, n);
	return both(e, e ? 0 : outer_inval(a, n));
#else
	return dcache_inval_to_mem(a, n);
#endif
}

int dma_sync_for_device(uintptr_t addr, size_t size, enum dma_dir dir)
{
	switch (dir) {
	case DMA_TO_DEVICE: return dcache_clean_to_mem(addr, size);
	case DMA_FROM_DEVICE: return inval_for_device(addr, size);
	case DMA_BIDIRECTIONAL: return dcache_clean_inval_to_mem(addr, size);
	default: return CACHE_ERR_DIR;
	}
}

int dma_sync_for_cpu(uintptr_t addr, size_t size, enum dma_dir dir)
{
	switch (dir) {
	case DMA_TO_DEVICE: return size > UINTPTR_MAX - addr ? CACHE_ERR_WRAP : CACHE_OK;
	case DMA_FROM_DEVICE:
	case DMA_BIDIRECTIONAL: return inval_for_cpu(addr, size);
	default: return CACHE_ERR_DIR;
	}
}
