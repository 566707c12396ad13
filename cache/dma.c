/* Streaming DMA cache maintenance: see the contract in cache/cache.h. */
#include "cache/cache.h"

int dma_sync_for_device(uintptr_t addr, size_t size, enum dma_dir dir)
{
	switch (dir) {
	case DMA_TO_DEVICE: return dcache_clean_poc(addr, size);
	case DMA_FROM_DEVICE: return dcache_inval_poc(addr, size);
	case DMA_BIDIRECTIONAL: return dcache_clean_inval_poc(addr, size);
	default: return CACHE_ERR_DIR;
	}
}

int dma_sync_for_cpu(uintptr_t addr, size_t size, enum dma_dir dir)
{
	switch (dir) {
	case DMA_TO_DEVICE: return size > UINTPTR_MAX - addr ? CACHE_ERR_WRAP : CACHE_OK;
	case DMA_FROM_DEVICE:
	case DMA_BIDIRECTIONAL: return dcache_inval_poc(addr, size);
	default: return CACHE_ERR_DIR;
	}
}
