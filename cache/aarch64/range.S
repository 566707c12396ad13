/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 cache maintenance by virtual address over [start, end), one
 * operation per line of the given size (the caller passes CTR_EL0 DminLine or
 * IminLine as read at boot: cache_info.dline / .iline). The C wrappers in
 * cache/range.c check the range and handle partial edge lines.
 *
 * Completion (ARM ARM DDI 0487, "A64 Cache maintenance instructions", and
 * in it "Ordering and completion of data and instruction cache
 * instructions": a maintenance instruction is only guaranteed complete
 * after a DSB by the PE that issued it): a DSB SY after the data-cache loop
 * makes the operations complete before anything that follows (a DMA start,
 * a mapping change). For new code, the D-side clean to PoU must complete
 * (DSB ISH) before the IC IVAU, and the I-side invalidate (DSB ISH, ISB)
 * before the code runs.
 *
 * The line loop is unrolled by 16 after a remainder loop: DC + one address
 * step per line, plus 2/16 of loop control. DC takes no offset or writeback,
 * so two instructions per line is the floor for a VA walk.
 *
 * All routines: no stack, MMU on or off. Clobber: x0-x6, flags (and x16,
 * x17 in the CACHE_TRACE host build, whose macros also use the stack).
 */
#include "arch/asm.h"
#include "cache/aarch64/ops.h"

/* va_lines op: x0 start, x1 end (exclusive, > start), x2 line bytes (power of 2). */
.macro va_lines op, name
	sub	x3, x2, #1
	bic	x0, x0, x3		/* first line */
	sub	x4, x1, x0
	add	x4, x4, x3
	clz	x5, x2
	mov	x6, #63
	sub	x5, x6, x5		/* log2(line) */
	lsr	x4, x4, x5		/* x4 = lines to operate on */
	ands	x6, x4, #15
	b.eq	2f
1:	\op	x0
	add	x0, x0, x2
	subs	x6, x6, #1
	b.ne	1b
2:	lsr	x4, x4, #4
	cbz	x4, 4f
.L\name\()_group:
	.rept	16
	\op	x0
	add	x0, x0, x2
	.endr
	subs	x4, x4, #1
	b.ne	.L\name\()_group
4:
.endm

.macro dc_civac reg
	dc_va	civac, \reg
.endm
.macro dc_cvac reg
	dc_va	cvac, \reg
.endm
.macro dc_cvau reg
	dc_va	cvau, \reg
.endm
.macro dc_ivac reg
	dc_va	ivac, \reg
.endm

	.text
/*
 * void dcache_clean_poc_lines(uintptr_t start, uintptr_t end, size_t line)
 * DC CVAC per line, then DSB SY: the lines have reached the PoC before the
 * return. Clobbers: x0-x6, flags. No stack.
 */
FUNC dcache_clean_poc_lines
	va_lines dc_cvac, clean_poc
	dsb	sy
	ret
ENDFUNC dcache_clean_poc_lines

/*
 * void dcache_clean_pou_lines(uintptr_t start, uintptr_t end, size_t line)
 * DC CVAU per line, then DSB ISH: complete for the Inner Shareable domain,
 * whose instruction fetches an IC IVAU that follows must see it.
 * Clobbers: x0-x6, flags. No stack.
 */
FUNC dcache_clean_pou_lines
	va_lines dc_cvau, clean_pou
	dsb	ish
	ret
ENDFUNC dcache_clean_pou_lines

/*
 * void dcache_inval_poc_lines(uintptr_t start, uintptr_t end, size_t line)
 * DC IVAC per line, then DSB SY. Whole lines only: the caller
 * clean+invalidates partial edge lines first. Clobbers: x0-x6, flags.
 * No stack.
 */
FUNC dcache_inval_poc_lines
	va_lines dc_ivac, inval_poc
	dsb	sy
	ret
ENDFUNC dcache_inval_poc_lines

/*
 * void dcache_clean_inval_poc_lines(uintptr_t start, uintptr_t end, size_t line)
 * DC CIVAC per line, then DSB SY. Clobbers: x0-x6, flags. No stack.
 */
FUNC dcache_clean_inval_poc_lines
	va_lines dc_civac, clean_inval_poc
	dsb	sy
	ret
ENDFUNC dcache_clean_inval_poc_lines

/*
 * void icache_inval_pou_lines(uintptr_t start, uintptr_t end, size_t line)
 * IC IVAU per line, DSB ISH (complete everywhere it is broadcast to), ISB
 * (this PE fetches afresh). The caller cleaned the D-side to PoU first.
 * Clobbers: x0-x6, flags. No stack.
 */
FUNC icache_inval_pou_lines
	va_lines ic_va, inval_ipou
	dsb	ish
	isb
	ret
ENDFUNC icache_inval_pou_lines

/*
 * void icache_inval_all(void)
 * IC IALLU (this PE's instruction caches to PoU), DSB ISH, ISB.
 * Clobbers: nothing. No stack.
 */
FUNC icache_inval_all
	ic_all
	dsb	ish
	isb
	ret
ENDFUNC icache_inval_all

/*
 * void dcache_clean_inval_poc_lines_down(uintptr_t start, uintptr_t end, size_t line)
 * DC CIVAC per line from the last line of [start, end) down to the first,
 * each followed by DSB SY: a DC by VA is complete, its write-back done, only
 * at a DSB that follows it (ARM ARM DDI 0487, "Ordering and completion of
 * data and instruction cache instructions"), so each line reaches memory
 * before the next is issued and memory is written from the top down (the
 * DRAM test's descending March elements, lib/memtest/memtest.h).
 * Clobbers: x1, x3, flags. No stack.
 */
FUNC dcache_clean_inval_poc_lines_down
	sub	x3, x2, #1
	bic	x0, x0, x3		/* first line */
	sub	x1, x1, #1
	bic	x1, x1, x3		/* last line (end - 1: no overflow at the top) */
1:	dc_civac x1
	dsb	sy
	cmp	x1, x0
	sub	x1, x1, x2		/* flags still the CMP's */
	b.hi	1b
	ret
ENDFUNC dcache_clean_inval_poc_lines_down
