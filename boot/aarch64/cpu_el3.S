/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bringup AArch64: what firmware does to a core at reset, done by bringup
 * when it is the firmware (entered at EL3): coherency on (SMPEN), the
 * Cortex-A53 errata workarounds that need EL3, the counter frequency.
 * Below EL3 the firmware owns all of this and bringup leaves it alone.
 * Which cores have what is the part table's (arch/midr.h CPU_PARTS, expanded
 * below); the registers and the errata' revisions are arch/aarch64/cpu.h's.
 */
#include "arch/asm.h"
#include "arch/aarch64/cpu.h"

/* A CPU_PARTS entry with `flag` (arch/midr.h): x1 == its MIDR implementer +
 * part number (w0 built from the two halves) branches to `label`. */
#define PART_BRANCH(impl, pn, flags, flag, label)                                                  \
	.if (flags) & (flag);                                                                      \
	mov w0, #(MIDR_IMPL_PART(impl, pn) & 0xffff);                                              \
	movk w0, #(MIDR_IMPL_PART(impl, pn) >> 16), lsl #16;                                       \
	cmp w1, w0;                                                                                \
	b.eq label;                                                                                \
	.endif;
#define SMPEN_PART(impl, pn, name, flags) PART_BRANCH(impl, pn, flags, PARTF_SMPEN, 1f)
#define EA53_PART(impl, pn, name, flags)  PART_BRANCH(impl, pn, flags, PARTF_EA53, 11f)

/*
 * A57_A72_ERRATA: expanded in cpu_el3_setup (no stack, no call: x30 is its
 * return). With x1 = MIDR implementer + part, x2 = variant << 4 | revision,
 * on a Cortex-A57/A72 ORs its reset errata's bits into CPUACTLR_EL1 (the
 * rules of arch/aarch64/cpu.h cpu_a57_a72_el3_actlr); else nothing.
 * Clobbers: x0, x3, flags.
 */
.macro A57_A72_ERRATA
#ifndef CPU_EL3_MUTANT_NO_A57 /* host-cpu-el3: the old code, none applied (caught) */
	mov	x3, #0
	mov	w0, #(MIDR_IMPL_PART(IMPLEMENTER_ARM, MIDR_PART_A72) & 0xffff)
	movk	w0, #(MIDR_IMPL_PART(IMPLEMENTER_ARM, MIDR_PART_A72) >> 16), lsl #16
	cmp	w1, w0
	b.ne	21f
	cmp	x2, #A72_859971_LAST_RV
	b.hi	29f
	orr	x3, x3, #(1 << A57_A72_DIS_INSTR_PREFETCH_SHIFT)
	b	28f
21:	mov	w0, #(MIDR_IMPL_PART(IMPLEMENTER_ARM, MIDR_PART_A57) & 0xffff)
	movk	w0, #(MIDR_IMPL_PART(IMPLEMENTER_ARM, MIDR_PART_A57) >> 16), lsl #16
	cmp	w1, w0
	b.ne	29f
	cmp	x2, #A57_R0P0_LAST_RV				/* 806969 813420 814670 */
	b.hi	22f
	orr	x3, x3, #(1 << A57_NO_ALLOC_WBWA_SHIFT)
	orr	x3, x3, #(1 << A57_DCC_AS_DCCI_SHIFT)
	orr	x3, x3, #(1 << A57_DIS_DMB_NULLIFICATION_SHIFT)
22:	cmp	x2, #A57_R1P1_LAST_RV				/* 826974 826977 828024 */
	b.hi	23f
	orr	x3, x3, #(1 << A57_DIS_LOAD_PASS_DMB_SHIFT)
	orr	x3, x3, #(1 << A57_GRE_NGRE_AS_NGNRE_SHIFT)
	orr	x3, x3, #(1 << A57_NO_ALLOC_WBWA_SHIFT)
	orr	x3, x3, #A57_DIS_L1_STREAMING
	orr	x3, x3, #A57_DIS_STREAMING
23:	cmp	x2, #A57_R1P2_LAST_RV				/* 829520 833471 */
	b.hi	24f
	orr	x3, x3, #A57_DIS_INDIRECT_PREDICTOR
	orr	x3, x3, #(1 << A57_FORCE_FPSCR_FLUSH_SHIFT)
24:	cmp	x2, #A57_R1P3_LAST_RV				/* 859972 */
	b.hi	28f
	orr	x3, x3, #(1 << A57_A72_DIS_INSTR_PREFETCH_SHIFT)
28:	mrs	x0, CPUACTLR_EL1
	orr	x0, x0, x3
	msr	CPUACTLR_EL1, x0
29:
#endif
.endm

	.text
/*
 * void cpu_el3_setup(void) -- from from_el3 (boot/aarch64/entry.S) on every
 * CPU, the boot CPU and each secondary, before its caches and MMU are on.
 * Entry state: EL3, MMU and caches off. Not C-callable in practice (it
 * runs before there is a stack) but keeps the C call convention.
 *  - On the parts with PARTF_SMPEN: CPUECTLR_EL1.SMPEN set (the
 *    core's TRM: before the caches and the MMU are enabled).
 *  - On the PARTF_EA53 parts (the Cortex-A53), by revision
 *    (cpu_a53_el3_errata): 826319 (L2ACTLR),
 *    836870 (CPUACTLR.DTAH), 855873 (CPUACTLR.ENDCCASCI); arch/aarch64/cpu.h
 *    says why each matters here.
 *  - On the Cortex-A57 and A72, by revision: the CPUACTLR_EL1 bits of their
 *    reset errata (arch/aarch64/cpu.h, cpu_a57_a72_el3_actlr: the same
 *    rules in C, for the report and host-mmu).
 *  - CNTFRQ_EL0, if it reads 0, from cntfrq_el3_value (arch/aarch64/arch.c:
 *    0 as loaded, then the frequency the boot CPU programmed, cleaned to
 *    memory) when the boot CPU has set it (a secondary; the boot CPU itself
 *    programs its own later, from the tree or the platform, through
 *    arch_counter_set_hz). CNTFRQ_EL0 is
 *    writable only at the highest implemented EL (DDI 0487, CNTFRQ_EL0).
 * Then ISB: the writes take effect before anything that follows (DDI 0487,
 * "Synchronization requirements for AArch64 System registers").
 * Clobbers: x0-x3, flags. No stack.
 */
FUNC cpu_el3_setup
	mrs	x0, midr_el1
	ubfx	x2, x0, #MIDR_VARIANT_SHIFT, #MIDR_VARIANT_BITS
	and	x3, x0, #MIDR_REVISION_MASK
	orr	x2, x3, x2, lsl #4				/* x2 = rv */
	mov	w3, #(MIDR_IMPL_PART_MASK & 0xffff)
	movk	w3, #(MIDR_IMPL_PART_MASK >> 16), lsl #16
	and	w1, w0, w3					/* x1 = implementer + part */
	CPU_PARTS(SMPEN_PART)
	b	5f
1:
	A57_A72_ERRATA
	mrs	x0, CPUECTLR_EL1
	orr	x0, x0, #CPUECTLR_SMPEN
	msr	CPUECTLR_EL1, x0
	CPU_PARTS(EA53_PART)
	b	5f
11:
	cmp	x2, #A53_ERRATUM_826319_LAST_RV			/* erratum 826319 */
	b.hi	2f
	mrs	x0, L2ACTLR_EL1
	bic	x0, x0, #L2ACTLR_ENABLE_UNIQUECLEAN
	orr	x0, x0, #L2ACTLR_DISABLE_CLEAN_PUSH
	msr	L2ACTLR_EL1, x0
2:	cmp	x2, #A53_ERRATUM_836870_LAST_RV			/* erratum 836870 */
	b.hi	3f
	mrs	x0, CPUACTLR_EL1
	orr	x0, x0, #CPUACTLR_DTAH
	msr	CPUACTLR_EL1, x0
3:	cmp	x2, #A53_ERRATUM_855873_FIRST_RV		/* erratum 855873 */
	b.lo	5f
	mrs	x0, CPUACTLR_EL1
	orr	x0, x0, #(1 << CPUACTLR_ENDCCASCI_SHIFT)
	msr	CPUACTLR_EL1, x0
5:	mrs	x0, cntfrq_el0
	cbnz	x0, 6f
	adr_l	x0, cntfrq_el3_value
	ldr	w0, [x0]		/* MMU off: read from memory, where the boot CPU cleaned it */
	cbz	w0, 6f
	msr	cntfrq_el0, x0
6:	isb
	ret
ENDFUNC cpu_el3_setup

