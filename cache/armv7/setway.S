/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A data-cache maintenance by set/way, every data or unified level
 * from L1 up to a limit read from CLIDR (LoC or LoUIS), way-outer
 * set-inner: consecutive operations walk consecutive sets, which hold lines
 * of consecutive addresses (modulo the way size), so the write-backs of a
 * clean tend to reach DRAM in address order (Linux's v7_flush_dcache_all in
 * arch/arm/mm/cache-v7.S loops ways outer too). Ways and sets count down;
 * the set loop is unrolled by 16 after a remainder loop, so a line costs
 * the MCR plus one address step plus 2/16 of loop control.
 *
 * Sequence (ARM ARM DDI 0406C B4.2.1 "Cache and branch predictor
 * maintenance operations", B4.1.19 CCSIDR, B4.1.20 CLIDR, B4.1.41 CSSELR,
 * B4.1.45/48/50 DCCISW/DCCSW/DCISW): DSB first (the caller's stores
 * complete before any set/way operation); write CSSELR, ISB, read CCSIDR with
 * IRQ/FIQ masked so nothing reselects in between; DCISW/DCCSW/DCCISW per
 * line; DSB after each level (Cortex-A7 erratum 814220, set/way operations
 * on different levels may otherwise be reordered: Linux
 * CONFIG_ARM_ERRATA_814220 puts the same DSB in cache-v7.S) and at the end
 * (A3.8.3 "Memory barriers"). Operand: way in [31:32-A], set in [L+S-1:L],
 * level-1 in [3:1] (CSSELR_LEVEL_SHIFT).
 * Cortex-A9 r0pX reports LoUIS 0 (erratum 643719): the LoUIS variants then
 * do nothing (Linux's v7_flush_dcache_louis, CONFIG_ARM_ERRATA_643719,
 * uses 1 on that core instead; bringup does not).
 *
 * Loop exits compare counters unsigned (HS/LO): a signed test stops early
 * once a value uses bit 31, which the way field of an operand does. Linux's
 * v7_flush_dcache_all keeps its way counter shifted to the top and ends
 * that loop on carry (BCS); TF-A moved its set/way loops from signed to
 * unsigned tests (lib/aarch32/cache_helpers.S, commit 355a5d0: a signed
 * test on an unsigned value inverts for high enough values).
 *
 * The *_nostack routines: no stack (the CACHE_TRACE host build's macros use
 * it), MMU on or off, ARM state. Clobber: r0-r7, r9, r12, flags; r8, r10, r11
 * preserved (entry.S keeps its state there). The plain names are the same
 * with AAPCS register saving, for C (they use 24 bytes of stack).
 */
#include "arch/asm.h"
#include "arch/cacheid.h"
#include "cache/armv7/ops.h"

	.syntax	unified
	.arm
	.arch	armv7-a

/* 3 * level, the Ctype<n> field's position in CLIDR, is computed as
 * (level << CSSELR_LEVEL_SHIFT) + level below. */
.if CLIDR_CTYPE_BITS != 3 || CSSELR_LEVEL_SHIFT != 1
.error "setway.S: the Ctype position arithmetic assumes 3-bit fields, level in [3:1]"
.endif

/*
 * setway_all op, limit_lsb, max: the body of each *_nostack routine below.
 *   op:        isw | csw | cisw
 *   limit_lsb: CLIDR_LOC_SHIFT or CLIDR_LOUIS_SHIFT (the CLIDR field that
 *              bounds the walk)
 *   max:       at most this many levels from L1 (7: no further bound; 1:
 *              L1 only, whatever LoC says)
 */
.macro setway_all op, limit_lsb, max=7
	/* The caller's last stores before the walk: cache maintenance is
	 * ordered after earlier explicit accesses only by a DSB (DDI 0406C
	 * A3.8.3 "Memory barriers": a DSB completes the accesses before it), so
	 * without it a clean could miss a line still being written. One per
	 * call; Linux's v7_flush_dcache_all opens with a barrier for the same
	 * reason. */
	dsb
	irq_save_mask r12
	read_clidr r0
	ubfx	r3, r0, #\limit_lsb, #CLIDR_LEVEL_BITS
	cmp	r3, #\max
	movhi	r3, #\max
	lsls	r3, r3, #CSSELR_LEVEL_SHIFT /* limit in CSSELR units (level << 1) */
	beq	9f
	mov	r9, #0			/* r9 = level << 1 */
1:	add	r2, r9, r9, lsr #CSSELR_LEVEL_SHIFT /* 3 * level: Ctype field */
	mov	r1, r0, lsr r2
	and	r1, r1, #((1 << CLIDR_CTYPE_BITS) - 1)
	cmp	r1, #CTYPE_DATA		/* 0 none, 1 instruction only: skip */
	blo	8f
	read_ccsidr r9, r1
	and	r2, r1, #((1 << CCSIDR_LINESIZE_BITS) - 1)
	add	r2, r2, #CCSIDR_LINESIZE_BIAS /* r2 = log2(line bytes) = set shift */
	ubfx	r4, r1, #CCSIDR_ASSOC_SHIFT, #CCSIDR_ASSOC_BITS /* r4 = ways - 1 */
	ubfx	r5, r1, #CCSIDR_SETS_SHIFT, #CCSIDR_SETS_BITS
	add	r5, r5, #1		/* r5 = sets */
	/* Way field shift CLZ(ways-1) = 32-A. For one way, CLZ of 0 is 32
	 * (CLZ counts every bit of a zero operand): the way number is then
	 * always 0, so use shift 0 rather than a shift by 32 (a register LSL
	 * by 32 does give 0 in A32, but nothing here needs to rely on it). */
	clz	r6, r4
	cmp	r4, #0
	moveq	r6, #0
	mov	r7, #1
	lsl	r7, r7, r2		/* r7 = one set step */
#ifdef TRACE_MUTANT_BOUND /* host trace test only: one set short (must be caught) */
	subs	r5, r5, #1
	beq	7f
#endif
#ifdef TRACE_MUTANT_ORDER /* host trace test only: set-outer, way-inner (must be caught) */
	sub	r1, r5, #1		/* outer counter: sets - 1 */
	add	r5, r4, #1		/* inner count: ways */
	mov	r4, r1
	rsb	r1, r6, #32		/* log2 of the way step (32 - A; shift 0 if one way) */
	cmp	r6, #0
	moveq	r1, #0
	mov	r6, r2			/* outer shift: the set shift */
	mov	r7, #1
	lsl	r7, r7, r1		/* inner step: one way */
#endif
4:	orr	r1, r9, r4, lsl r6	/* way | level */
	mul	r2, r5, r7
	sub	r2, r2, r7
	add	r1, r1, r2		/* operand of the last set of this way */
	ands	r2, r5, #15		/* sets mod 16 first, one at a time */
	beq	6f
5:	dc_sw	\op, r1
	sub	r1, r1, r7
	subs	r2, r2, #1
	bne	5b
6:	movs	r3, r5, lsr #4		/* then groups of 16 */
	beq	7f
.Lgroup_\op\()_\@:
	.rept	16
	dc_sw	\op, r1
	sub	r1, r1, r7
	.endr
	subs	r3, r3, #1
	bne	.Lgroup_\op\()_\@
7:	subs	r4, r4, #1		/* next way, down to 0 */
	bhs	4b
	dsb
	ubfx	r3, r0, #\limit_lsb, #CLIDR_LEVEL_BITS /* r3 was the group counter: the limit again */
	cmp	r3, #\max
	movhi	r3, #\max
	lsl	r3, r3, #CSSELR_LEVEL_SHIFT
8:	add	r9, r9, #(1 << CSSELR_LEVEL_SHIFT) /* next level */
	cmp	r9, r3
	blo	1b
9:	reset_csselr r0
	dsb
	isb
	irq_restore r12
	bx	lr
.endm

/*
 * sw_entry name, op, limit_lsb: two routines.
 *   name_nostack: not called from C (entry.S, before there is a stack).
 *     Entry state: ARM state, PL1, MMU on or off, any LR. The set/way walk
 *     (setway_all) with the sequence in the file header. Clobbers: r0-r7,
 *     r9, r12, flags. No stack.
 *   name: the same for C (AAPCS): saves r4-r7, r9, lr, calls
 *     name_nostack. Clobbers: r0-r3, r12, flags. Stack: 24 bytes.
 */
.macro sw_entry name, op, limit_lsb, max=7
FUNC \name\()_nostack
	setway_all \op, \limit_lsb, \max
ENDFUNC \name\()_nostack
	.ltorg				/* the CACHE_TRACE build's literals, after the BX LR */
FUNC \name
	push	{r4-r7, r9, lr}
	bl	\name\()_nostack
	pop	{r4-r7, r9, pc}
ENDFUNC \name
.endm

	.text
/* void dcache_inval_all(void), dcache_inval_all_nostack: DCISW to LoC.
 * Discards dirty lines: boot only. */
	sw_entry dcache_inval_all, isw, CLIDR_LOC_SHIFT
/* void dcache_clean_all(void), dcache_clean_all_nostack: DCCSW to LoC. */
	sw_entry dcache_clean_all, csw, CLIDR_LOC_SHIFT
/* void dcache_clean_inval_all(void), dcache_clean_inval_all_nostack:
 * DCCISW to LoC. */
	sw_entry dcache_clean_inval_all, cisw, CLIDR_LOC_SHIFT
/* void dcache_inval_l1(void), dcache_inval_l1_nostack: DCISW on level 1
 * only (if CLIDR puts it below LoC), never beyond: what a core whose L1
 * comes out of reset UNKNOWN needs (DDI 0406C B2.2.2; the Cortex-A9 TRM;
 * Linux arch/arm/mm/cache-v7.S v7_invalidate_l1 walks L1 alone), without
 * touching a shared L2 that may hold other masters' dirty lines. Discards
 * dirty lines: cold boot only. */
	sw_entry dcache_inval_l1, isw, CLIDR_LOC_SHIFT, 1
/* void dcache_inval_louis(void), dcache_inval_louis_nostack: DCISW to
 * LoUIS. Discards dirty lines. */
	sw_entry dcache_inval_louis, isw, CLIDR_LOUIS_SHIFT
/* void dcache_clean_louis(void), dcache_clean_louis_nostack: DCCSW to LoUIS. */
	sw_entry dcache_clean_louis, csw, CLIDR_LOUIS_SHIFT
/* void dcache_clean_inval_louis(void), dcache_clean_inval_louis_nostack:
 * DCCISW to LoUIS. */
	sw_entry dcache_clean_inval_louis, cisw, CLIDR_LOUIS_SHIFT
