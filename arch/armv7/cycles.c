/* SPDX-License-Identifier: BSD-2-Clause */
/* The cycle counter, read without disturbing the PMU (arch/cycles.h). */
#include "arch/cycles.h"

#include "arch/armv7/sysreg.h"

/* DDI 0406C B4.1.117 PMCR, B4.1.116 PMCNTENSET, B4.1.113 PMCCNTR. */
#define CYC_PMCR       0, c9, c12, 0
#define CYC_PMCNTENSET 0, c9, c12, 1
#define CYC_PMCCNTR    0, c9, c13, 0
#define PMCR_D         (1u << 3) /* PMCCNTR counts every 64th cycle */

bool arch_cycles(uint64_t *cycles)
{
	uint32_t pmu = (read_cp15(CP15_ID_DFR0) >> ID_DFR0_PMU_SHIFT) & 0xf;
	uint32_t pmcr;

	if (pmu == 0 || pmu == PERFMON_IMPDEF)
		return false;
	pmcr = read_cp15(CYC_PMCR);
	if (!(pmcr & PMCR_E) || !(read_cp15(CYC_PMCNTENSET) & PMCNTEN_C)) {
		write_cp15(CYC_PMCR, (pmcr & ~(uint32_t)(PMCR_P | PMCR_C)) | PMCR_E);
		write_cp15(CYC_PMCNTENSET, PMCNTEN_C);
	}
	isb(); /* not read ahead of the code before it */
	*cycles = (uint64_t)read_cp15(CYC_PMCCNTR) << (pmcr & PMCR_D ? 6 : 0);
	return true;
}

unsigned arch_cycles_bits(void)
{
	return 32;
}
