/*
 * A physical memory map: the RAM banks board/ discovers and mmu/ maps.
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

#endif
