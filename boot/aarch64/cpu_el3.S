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
1:	mrs	x0, CPUECTLR_EL1
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
