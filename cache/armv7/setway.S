/*
 * ARMv7-A data-cache maintenance by set/way, every data or unified level
 * from L1 up to a limit read from CLIDR (LoC or LoUIS), way-outer set-inner
 * (seed 003: consecutive operations walk consecutive sets). Ways and sets
 * count down; the set loop is unrolled by 16 after a remainder loop, so a
 * line costs the MCR plus one address step plus 2/16 of loop control.
 *
 * Sequence (ARM ARM DDI 0406C B4.2.1 "Cache and branch predictor maintenance
 * operations", B4.1.19 CCSIDR / B4.1.41 CSSELR): write CSSELR, ISB, read
 * CCSIDR with IRQ/FIQ masked so nothing reselects in between; DCISW/DCCSW/
 * DCCISW per line; DSB after each level (Cortex-A7 erratum 814220) and at
 * the end. Operand: way in [31:32-A], set in [L+S-1:L], level-1 in [3:1].
 * Cortex-A9 r0pX reports LoUIS 0 (erratum 643719): the LoUIS variants then
 * do nothing, as the architecture says they may.
 *
 * Loop exits compare counters unsigned: the way field reaches bit 31, so a
 * signed test on an operand would stop early (GUIDE §2.2).
 *
 * The *_nostack routines: no stack (the CACHE_TRACE host build's macros use
 * it), MMU on or off, ARM state. Clobber: r0-r7, r9, r12, flags; r8, r10, r11
 * preserved (entry.S keeps its state there). The plain names are the same
 * with AAPCS register saving, for C (they use 24 bytes of stack).
 */
#include "cache/armv7/ops.h"

	.syntax	unified
	.arm
	.arch	armv7-a

/* setway_all op, limit_lsb: op isw|csw|cisw; limit_lsb 24 for LoC, 21 for LoUIS. */
.macro setway_all op, limit_lsb
	irq_save_mask r12
	read_clidr r0
	ubfx	r3, r0, #\limit_lsb, #3
	lsls	r3, r3, #1		/* limit in CSSELR units (level << 1) */
	beq	9f
	mov	r9, #0			/* r9 = level << 1 */
1:	add	r2, r9, r9, lsr #1	/* 3 * level: Ctype field */
	mov	r1, r0, lsr r2
	and	r1, r1, #7
	cmp	r1, #2			/* 0 none, 1 instruction only: skip */
	blo	8f
	read_ccsidr r9, r1
	and	r2, r1, #7
	add	r2, r2, #4		/* r2 = log2(line bytes) = set shift */
	ubfx	r4, r1, #3, #10		/* r4 = ways - 1 */
	ubfx	r5, r1, #13, #15
	add	r5, r5, #1		/* r5 = sets */
	/* Way field shift CLZ(ways-1) = 32-A. For one way CLZ(0) = 32: the way
	 * number is then always 0, so use shift 0 rather than rely on what a
	 * shift by 32 gives (GUIDE §2.1). */
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
.Lgroup_\op\()_\limit_lsb:
	.rept	16
	dc_sw	\op, r1
	sub	r1, r1, r7
	.endr
	subs	r3, r3, #1
	bne	.Lgroup_\op\()_\limit_lsb
7:	subs	r4, r4, #1		/* next way, down to 0 */
	bhs	4b
	dsb
	ubfx	r3, r0, #\limit_lsb, #3	/* r3 was the group counter: the limit again */
	lsl	r3, r3, #1
8:	add	r9, r9, #2
	cmp	r9, r3
	blo	1b
9:	reset_csselr r0
	dsb
	isb
	irq_restore r12
	bx	lr
.endm

/*
 * sw_entry name, op, limit_lsb: name_nostack is the routine itself (for
 * entry.S, before there is a stack; clobbers r4-r7/r9 as above); name is
 * the AAPCS version for C, which saves the callee-saved registers it uses.
 */
.macro sw_entry name, op, limit_lsb
	.globl	\name\()_nostack
\name\()_nostack:
	setway_all \op, \limit_lsb
	.globl	\name
\name:
	push	{r4-r7, r9, lr}
	bl	\name\()_nostack
	pop	{r4-r7, r9, pc}
.endm

	.text
/* void dcache_inval_all(void): invalidate to LoC. Discards dirty lines: boot only. */
	sw_entry dcache_inval_all, isw, 24
/* void dcache_clean_all(void): clean to LoC. */
	sw_entry dcache_clean_all, csw, 24
/* void dcache_clean_inval_all(void): clean+invalidate to LoC. */
	sw_entry dcache_clean_inval_all, cisw, 24
/* void dcache_inval_louis(void): invalidate to LoUIS. */
	sw_entry dcache_inval_louis, isw, 21
/* void dcache_clean_louis(void): clean to LoUIS. */
	sw_entry dcache_clean_louis, csw, 21
/* void dcache_clean_inval_louis(void): clean+invalidate to LoUIS. */
	sw_entry dcache_clean_inval_louis, cisw, 21
