/* SPDX-License-Identifier: BSD-2-Clause */
/* The cycle counter, read without disturbing the PMU (arch/cycles.h). */
#include "arch/cycles.h"

#include "arch/aarch64/sysreg.h"

#define PMCR_D (1u << 3) /* PMCR_EL0.D: PMCCNTR counts every 64th cycle */

bool arch_cycles(uint64_t *cycles)
{
	uint64_t pmuver = (read_sysreg(id_aa64dfr0_el1) >> ID_AA64DFR0_PMUVER_SHIFT) & 0xf;
	uint64_t pmcr;

	if (pmuver == 0 || pmuver == PMUVER_IMPDEF)
		return false;
	pmcr = read_sysreg(pmcr_el0);
	if (!(pmcr & PMCR_E) || !(read_sysreg(pmcntenset_el0) & PMCNTEN_C)) {
		if (!(pmcr & PMCR_E)) /* nothing counted yet: count EL1 and EL0 */
			write_sysreg(pmccfiltr_el0, 0);
		write_sysreg(pmcr_el0, (pmcr & ~(uint64_t)(PMCR_P | PMCR_C)) | PMCR_E);
		write_sysreg(pmcntenset_el0, PMCNTEN_C);
	}
	isb(); /* not read ahead of the code before it */
	*cycles = read_sysreg(pmccntr_el0) << (pmcr & PMCR_D ? 6 : 0);
	return true;
}

unsigned arch_cycles_bits(void)
{
	return 64;
}
