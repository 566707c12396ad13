/* Reads the ARMv7-A cache ID registers for cache_decode(). */
#include "cache/cache.h"

void cache_read_regs(struct cache_regs *raw)
{
	uint32_t ctr, clidr, ccsidr, cpsr;

	__asm__ volatile("mrc p15, 0, %0, c0, c0, 1" : "=r"(ctr));
	__asm__ volatile("mrc p15, 1, %0, c0, c0, 1" : "=r"(clidr));
	raw->ctr = ctr;
	raw->clidr = clidr;
	raw->dczid = 0;
	raw->has_dczid = false;
	raw->ccidx = false;
	__asm__ volatile("mrs %0, cpsr; cpsid if" : "=r"(cpsr));
	for (unsigned n = 0; n < CACHE_MAX_LEVELS; n++) {
		unsigned type = (clidr >> (3 * n)) & 7;
		for (unsigned ind = 0; ind < 2; ind++) {
			raw->ccsidr[n][ind] = 0;
			if (type == 0 || (ind == 0 && type == 1) ||
			    (ind == 1 && type != 1 && type != 3))
				continue;
			__asm__ volatile("mcr p15, 2, %1, c0, c0, 0; isb; mrc p15, 1, %0, c0, c0, 0"
					 : "=r"(ccsidr)
					 : "r"(n << 1 | ind));
			raw->ccsidr[n][ind] = ccsidr;
		}
	}
	__asm__ volatile("msr cpsr_c, %0" ::"r"(cpsr));
}

void cache_probe(void)
{
	struct cache_regs raw;

	cache_read_regs(&raw);
	cache_decode(&cache_info, &raw);
}
