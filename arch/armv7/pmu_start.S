/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU counting from boot: event counter 0 on INST_RETIRED and the cycle
 * counter, for the boot benchmark and the per-test instruction counts
 * (arch/arch.h pmu_read). Called by the boot CPU's entry before boot_main()
 * and by each CPU of the DRAM test on itself.
 */
#include "arch/asm.h"
#include "arch/armv7/sysreg.h"

	.text

/*
 * void pmu_start(void)
 * Event counter 0 on INST_RETIRED (0x08) and the cycle counter, if ID_DFR0
 * (B4.1.82) reports an architected PMU (PerfMon neither 0 nor 0xf): PMSELR,
 * PMXEVTYPER, PMCR, PMCNTENSET (B4.1.122, B4.1.126, B4.1.117, B4.1.116),
 * then ISB so counting has started before the next instruction (A3.8.3).
 * Clobbers: r0, flags. No stack.
 */
FUNC pmu_start
	mrc	p15, 0, r0, c0, c1, 2	/* ID_DFR0 */
	ubfx	r0, r0, #ID_DFR0_PMU_SHIFT, #ID_DFR0_PMU_BITS /* PerfMon */
	cmp	r0, #0
	cmpne	r0, #PERFMON_IMPDEF
	beq	1f
	mov	r0, #0
	mcr	p15, 0, r0, c9, c12, 5	/* PMSELR = 0 */
	mov	r0, #PMU_EVT_INST_RETIRED
	mcr	p15, 0, r0, c9, c13, 1	/* PMXEVTYPER */
	mov	r0, #(PMCR_E | PMCR_P | PMCR_C)
	mcr	p15, 0, r0, c9, c12, 0	/* PMCR */
	ldr	r0, =(PMCNTEN_C | PMCNTEN_P0)
	mcr	p15, 0, r0, c9, c12, 1	/* PMCNTENSET: cycle counter + counter 0 */
	isb
1:	bx	lr
ENDFUNC pmu_start

	.ltorg
