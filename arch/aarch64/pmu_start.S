/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU counting from boot: event counter 0 on INST_RETIRED and the cycle
 * counter, for the boot benchmark and the per-test instruction counts
 * (arch/arch.h pmu_read). Called by the boot CPU's entry before boot_main()
 * and by each CPU of the DRAM test on itself.
 */
#include "arch/asm.h"
#include "arch/aarch64/sysreg.h"

	.text

/*
 * void pmu_start(void)
 * Starts event counter 0 on INST_RETIRED (0x08) and the cycle counter, if the
 * CPU has a PMU (ID_AA64DFR0_EL1.PMUVer neither 0 nor IMPLEMENTATION DEFINED).
 * The closing ISB makes the PMCNTENSET_EL0 write take effect before the next
 * instruction (DDI 0487, "Synchronization requirements for AArch64 System
 * registers"): counting starts here, so the boot benchmark covers everything
 * after EL1 entry. Clobbers: x0, flags. No stack.
 */
FUNC pmu_start
	mrs	x0, id_aa64dfr0_el1
	ubfx	x0, x0, #ID_AA64DFR0_PMUVER_SHIFT, #ID_AA64DFR0_PMUVER_BITS
	cbz	x0, 1f
	cmp	x0, #PMUVER_IMPDEF
	b.eq	1f
	msr	pmselr_el0, xzr
	mov	x0, #PMU_EVT_INST_RETIRED
	msr	pmxevtyper_el0, x0
	msr	pmccfiltr_el0, xzr	/* cycle counter: count EL1 and EL0 */
	mov	x0, #(PMCR_E | PMCR_P | PMCR_C)
	msr	pmcr_el0, x0
	mov	x0, #PMCNTEN_C
	orr	x0, x0, #PMCNTEN_P0
	msr	pmcntenset_el0, x0
	isb
1:	ret
ENDFUNC pmu_start
