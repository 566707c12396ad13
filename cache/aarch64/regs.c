/* Reads the AArch64 cache ID registers for cache_decode(). */
#include "cache/cache.h"

#define MRS(r, v) __asm__ volatile("mrs %0, " #r : "=r"(v))

void cache_read_regs(struct cache_regs *raw)
{
	uint64_t mmfr2, daif;

	MRS(ctr_el0, raw->ctr);
	MRS(clidr_el1, raw->clidr);
	MRS(dczid_el0, raw->dczid);
	MRS(id_aa64mmfr2_el1, mmfr2);
	raw->ccidx = ((mmfr2 >> 20) & 0xf) != 0;
	raw->has_dczid = true;
	/* CSSELR then CCSIDR, with nothing in between that could reselect. */
	MRS(daif, daif);
	__asm__ volatile("msr daifset, #0xf");
	for (unsigned n = 0; n < CACHE_MAX_LEVELS; n++) {
		unsigned type = (raw->clidr >> (3 * n)) & 7;
		for (unsigned ind = 0; ind < 2; ind++) {
			raw->ccsidr[n][ind] = 0;
			if (type == 0 || (ind == 0 && type == 1) ||
			    (ind == 1 && type != 1 && type != 3))
				continue; /* no such cache: CCSIDR would be UNKNOWN */
			__asm__ volatile("msr csselr_el1, %0; isb" ::"r"((uint64_t)(n << 1 | ind)));
			MRS(ccsidr_el1, raw->ccsidr[n][ind]);
		}
	}
	__asm__ volatile("msr csselr_el1, xzr; msr daif, %0" ::"r"(daif));
}

void cache_probe(void)
{
	struct cache_regs raw;

	cache_read_regs(&raw);
	cache_decode(&cache_info, &raw);
}
