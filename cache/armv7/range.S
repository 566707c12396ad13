/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A cache maintenance by virtual address over [start, end), one
 * operation per line of the given size (CTR DminLine / IminLine read at boot:
 * cache_info.dline / .iline). The C wrappers in cache/range.c check the
 * range and handle partial edge lines.
 *
 * Completion (ARM ARM DDI 0406C B2.2 "Caches and memory hierarchy", the
 * ordering of cache and branch predictor maintenance operations; DSB and
 * ISB in A3.8.3 "Memory barriers"; the operations in B4.2.1): DSB after the
 * data-cache loop; for new code the D-side clean to PoU must complete (DSB)
 * before ICIMVAU, and the I-side invalidate plus BPIALL (DSB, ISB) before
 * the code runs.
 *
 * The line loop is unrolled by 16 after a remainder loop.
 * All routines: no stack, MMU on or off, ARM state. Clobber: r0-r3, r12, flags
 * (the CACHE_TRACE host build's macros also use the stack).
 */
#include "arch/asm.h"
#include "cache/armv7/ops.h"

	.syntax	unified
	.arm
	.arch	armv7-a

/* va_lines op, name: r0 start, r1 end (exclusive, > start), r2 line bytes
 * (power of 2). Opens with a DSB: the caller's stores complete before the
 * first operation, which Cortex-A9 erratum 764369 requires of by-MVA
 * maintenance of Inner Shareable memory with several CPUs (ARM Cortex-A9
 * errata notice; Linux arch/arm/mm/cache-v7.S puts the same DSB at the head
 * of its by-MVA loops under CONFIG_ARM_ERRATA_764369; arch/armv7/errata.h). */
.macro va_lines op, name
	dsb
	sub	r3, r2, #1
	bic	r0, r0, r3		/* first line */
	sub	r1, r1, r0
	add	r1, r1, r3
	clz	r12, r2
	rsb	r12, r12, #31		/* log2(line) */
	lsr	r1, r1, r12		/* r1 = lines to operate on */
	ands	r3, r1, #15
	beq	2f
1:	\op	r0
	add	r0, r0, r2
	subs	r3, r3, #1
	bne	1b
2:	lsrs	r1, r1, #4
	beq	4f
.L\name\()_group:
	.rept	16
	\op	r0
	add	r0, r0, r2
	.endr
	subs	r1, r1, #1
	bne	.L\name\()_group
4:
.endm

	.text
/*
 * void dcache_clean_poc_lines(uintptr_t start, uintptr_t end, size_t line)
 * DCCMVAC (B4.1.46) per line, then DSB. Clobbers: r0-r3, r12, flags.
 * No stack.
 */
FUNC dcache_clean_poc_lines
	va_lines dc_cvac, clean_poc
	dsb
	bx	lr
ENDFUNC dcache_clean_poc_lines

/*
 * void dcache_clean_pou_lines(uintptr_t start, uintptr_t end, size_t line)
 * DCCMVAU (B4.1.47) per line, then DSB: complete before an ICIMVAU that
 * follows. Clobbers: r0-r3, r12, flags. No stack.
 */
FUNC dcache_clean_pou_lines
	va_lines dc_cvau, clean_pou
	dsb
	bx	lr
ENDFUNC dcache_clean_pou_lines

/*
 * void dcache_inval_poc_lines(uintptr_t start, uintptr_t end, size_t line)
 * DCIMVAC (B4.1.49) per line, then DSB. Whole lines only: the caller
 * clean+invalidates partial edge lines first. Clobbers: r0-r3, r12, flags.
 * No stack.
 */
FUNC dcache_inval_poc_lines
	va_lines dc_ivac, inval_poc
	dsb
	bx	lr
ENDFUNC dcache_inval_poc_lines

/*
 * void dcache_clean_inval_poc_lines(uintptr_t start, uintptr_t end, size_t line)
 * DCCIMVAC (B4.1.44) per line, then DSB. Clobbers: r0-r3, r12, flags.
 * No stack.
 */
FUNC dcache_clean_inval_poc_lines
	va_lines dc_civac, clean_inval_poc
	dsb
	bx	lr
ENDFUNC dcache_clean_inval_poc_lines

/*
 * void icache_inval_pou_lines(uintptr_t start, uintptr_t end, size_t line)
 * ICIMVAU (B4.1.80) per line, then BPIALLIS with the Multiprocessing
 * Extensions, else BPIALL (B4.1.16: the branch predictor holds addresses
 * too; ops.h bp_inval_all), DSB, ISB. The caller cleaned the D-side to PoU
 * first. Clobbers: r0-r3, r12, flags. No stack.
 */
FUNC icache_inval_pou_lines
	va_lines ic_va, inval_ipou
	bp_inval_all r0
	dsb
	isb
	bx	lr
ENDFUNC icache_inval_pou_lines

/*
 * void icache_inval_all(void)
 * ICIALLUIS + BPIALLIS with the Multiprocessing Extensions, else ICIALLU
 * (B4.1.78) + BPIALL (B4.1.16) (ops.h ic_all), DSB, ISB. Clobbers: r0,
 * flags. No stack.
 */
FUNC icache_inval_all
	ic_all	r0
	dsb
	isb
	bx	lr
ENDFUNC icache_inval_all

/*
 * void dcache_clean_inval_poc_lines_down(uintptr_t start, uintptr_t end, size_t line)
 * DCCIMVAC (B4.1.44) per line from the last line of [start, end) down to
 * the first, each followed by DSB: a maintenance operation is complete
 * only at a DSB that follows it (B2.2 "Caches and memory hierarchy", the
 * completion of cache maintenance operations), so each line reaches PoC
 * before the next is issued and memory is written from the top down (the
 * DRAM test's descending March elements, lib/memtest/memtest.h). Opens with
 * the DSB va_lines opens with (Cortex-A9 erratum 764369).
 * Clobbers: r0-r3, flags. No stack.
 */
FUNC dcache_clean_inval_poc_lines_down
	dsb
	sub	r3, r2, #1
	bic	r0, r0, r3		/* first line */
	sub	r1, r1, #1
	bic	r1, r1, r3		/* last line (end - 1: no overflow at the top) */
1:	dc_civac r1
	dsb
	cmp	r1, r0
	sub	r1, r1, r2		/* flags still the CMP's */
	bhi	1b
	bx	lr
ENDFUNC dcache_clean_inval_poc_lines_down
