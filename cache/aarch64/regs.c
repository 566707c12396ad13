/* SPDX-License-Identifier: BSD-2-Clause */
/* Reads the AArch64 cache ID registers for cache_decode(). */
#include "cache/cache.h"

#include "arch/aarch64/sysreg.h"

void cache_read_regs(struct cache_regs *raw)
{
	uint64_t mmfr2, daif;

	raw->ctr = read_sysreg(ctr_el0);
	raw->clidr = read_sysreg(clidr_el1);
	raw->dczid = read_sysreg(dczid_el0);
	mmfr2 = read_sysreg(id_aa64mmfr2_el1);
	raw->ccidx = ((mmfr2 >> ID_AA64MMFR2_CCIDX_SHIFT) & 0xf) != 0;
	raw->has_dczid = true;
	/* CSSELR then CCSIDR, with nothing in between that could reselect. */
	daif = read_sysreg(daif);
	__asm__ volatile("msr daifset, #0xf" ::: "memory");
	for (unsigned n = 0; n < CACHE_MAX_LEVELS; n++) {
		unsigned type = (raw->clidr >> (CLIDR_CTYPE_BITS * n)) & 7;
		for (unsigned ind = 0; ind < 2; ind++) {
			raw->ccsidr[n][ind] = 0;
			if (!cache_level_has(type, ind))
				continue; /* no such cache: CCSIDR would be UNKNOWN */
			write_sysreg(csselr_el1, n << CSSELR_LEVEL_SHIFT | ind);
			isb();
			raw->ccsidr[n][ind] = read_sysreg(ccsidr_el1);
		}
	}
	write_sysreg(csselr_el1, 0);
	write_sysreg(daif, daif);
}

void cache_probe(void)
{
	struct cache_regs raw;

	cache_read_regs(&raw);
	cache_decode(&cache_info, &raw);
	cache_use_cpu(read_sysreg(midr_el1));
}

bool cache_cpu_flz_off(void)
{
	return true; /* no Cortex-A9 */
}
