/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The drop from HYP to SVC, for the boot CPU's entry (boot/armv7/entry.S)
 * and a secondary's (boot/armv7/secondary.S) alike: ARMv7's counterpart of
 * boot/aarch64/el_drop.S. In a file of its own so that both entries call it
 * and neither calls the other back.
 */
#include "arch/asm.h"
#include "arch/armv7/sysreg.h"

	.syntax	unified
	.arch	armv7-a
	.arch_extension virt	/* ERET, MSR ELR_hyp (the Virtualization Extensions) */
	.text

/*
 * hyp_to_svc: not called from C. Entry state: HYP, MMU off, HVBAR set, r11
 * = the SVC code to drop to (entry: at_svc; a secondary CPU's entry,
 * boot/armv7/secondary.S: its own). A known HSCTLR, the ID registers PL1
 * reads, then gives SVC the timer, coprocessors and PMU, and drops (ERET
 * to r11), as entry's comment describes. Clobbers: r0, r1, flags. No stack.
 */
FUNC hyp_to_svc
	mrc	p15, 4, r0, c1, c0, 0	/* HSCTLR */
	ldr	r1, =HSCTLR_CLEAR_BITS
	bic	r0, r0, r1
	mcr	p15, 4, r0, c1, c0, 0
	isb
	mrc	p15, 0, r0, c0, c0, 0	/* MIDR */
	mcr	p15, 4, r0, c0, c0, 0	/* VPIDR */
	mrc	p15, 0, r0, c0, c0, 5	/* MPIDR */
	mcr	p15, 4, r0, c0, c0, 5	/* VMPIDR */
	mov	r0, #0
	mcr	p15, 4, r0, c1, c1, 0	/* HCR: no traps, no stage 2 */
	mcr	p15, 4, r0, c1, c1, 3	/* HSTR */
	ldr	r0, =HCPTR_NOTRAP
	mcr	p15, 4, r0, c1, c1, 2	/* HCPTR */
	mrc	p15, 4, r0, c14, c1, 0
	orr	r0, r0, #(CNTHCTL_PL1PCTEN | CNTHCTL_PL1PCEN) /* CNTHCTL */
	mcr	p15, 4, r0, c14, c1, 0
	mov	r0, #0
	mov	r1, #0
	mcrr	p15, 4, r0, r1, c14	/* CNTVOFF = 0 */
	mrc	p15, 0, r0, c0, c1, 2	/* ID_DFR0 */
	ubfx	r0, r0, #ID_DFR0_PMU_SHIFT, #ID_DFR0_PMU_BITS /* PerfMon */
	cmp	r0, #PERFMON_IMPDEF
	moveq	r0, #0			/* not the architected PMU: no PMCR */
	cmp	r0, #0
	mrcne	p15, 0, r0, c9, c12, 0	/* PMCR */
	ubfxne	r0, r0, #PMCR_N_SHIFT, #PMCR_N_BITS /* PMCR.N -> HDCR.HPMN: SVC sees every counter */
	mcr	p15, 4, r0, c1, c1, 1	/* HDCR */
	msr	elr_hyp, r11
	mov	r0, #(MODE_SVC | PSR_AIF)
	msr	spsr_cxsf, r0		/* in HYP, SPSR is SPSR_hyp (the banked form UNDEFs) */
	eret
ENDFUNC hyp_to_svc

	.ltorg
