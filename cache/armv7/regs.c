/* SPDX-License-Identifier: BSD-2-Clause */
/* Reads the ARMv7-A cache ID registers for cache_decode(). */
#include "cache/cache.h"

#include "arch/armv7/sysreg.h"

void cache_read_regs(struct cache_regs *raw)
{
	uint32_t clidr = read_cp15(CP15_CLIDR), cpsr;

	raw->ctr = read_cp15(CP15_CTR);
	raw->clidr = clidr;
	raw->dczid = 0;
	raw->has_dczid = false;
	raw->ccidx = false;
	__asm__ volatile("mrs %0, cpsr; cpsid if" : "=r"(cpsr)::"memory");
	for (unsigned n = 0; n < CACHE_MAX_LEVELS; n++) {
		unsigned type = (clidr >> (CLIDR_CTYPE_BITS * n)) & 7;
		for (unsigned ind = 0; ind < 2; ind++) {
			raw->ccsidr[n][ind] = 0;
			if (!cache_level_has(type, ind))
				continue; /* no such cache: CCSIDR would be UNKNOWN */
			write_cp15(CP15_CSSELR, n << CSSELR_LEVEL_SHIFT | ind);
			isb();
			raw->ccsidr[n][ind] = read_cp15(CP15_CCSIDR);
		}
	}
	__asm__ volatile("msr cpsr_c, %0" ::"r"(cpsr) : "memory");
}

void cache_probe(void)
{
	struct cache_regs raw;

	cache_read_regs(&raw);
	cache_decode(&cache_info, &raw);
}

bool cache_cpu_flz_off(void)
{
	uint32_t actlr;

	if ((read_cp15(CP15_MIDR) & 0xff0ffff0u) != 0x410fc090u) /* Cortex-A9 */
		return true;
	actlr = read_cp15(CP15_ACTLR);
	if (actlr & ACTLR_A9_FLZ_PREFETCH) {
		write_cp15(CP15_ACTLR, actlr & ~(uint32_t)ACTLR_A9_FLZ_PREFETCH);
		isb();
	}
	return !(read_cp15(CP15_ACTLR) & ACTLR_A9_FLZ);
}
