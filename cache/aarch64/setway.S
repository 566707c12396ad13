/*
 * AArch64 data-cache maintenance by set/way, every data or unified level from
 * L1 up to a limit read from CLIDR_EL1 (LoC or LoUIS).
 *
 * Loop order is way-outer, set-inner (seed 003): consecutive operations walk
 * consecutive sets, so the write-backs of a clean walk DRAM in address order.
 * Ways and sets both count down; the set loop is unrolled by 16 (a remainder
 * loop takes sets mod 16 first), so a line costs DC + one address step plus
 * 2/16 of loop control: 2.125 instructions.
 *
 * Sequence (ARM ARM DDI 0487 D7.4 "Cache support", "Performing cache
 * maintenance instructions"; CSSELR_EL1/CCSIDR_EL1 in D17.2): select the
 * level with CSSELR_EL1, ISB, read CCSIDR_EL1 -- with interrupts masked so
 * nothing can reselect in between -- then DC xSW per line, DSB SY after each
 * level (Cortex-A7 erratum 814220 wants the levels ordered) and at the end.
 * CCSIDR layout depends on FEAT_CCIDX (ID_AA64MMFR2_EL1.CCIDX).
 *
 * Operand (DC ISW/CSW/CISW): way in [31:32-A] (A = ceil(log2(ways))), set in
 * [L+S-1:L] (L = log2(line bytes)), level-1 in [3:1].
 *
 * Set/way operations are not broadcast and are not a coherency mechanism
 * (GUIDE §2.4): use them at boot and power-down only.
 *
 * All routines: no stack, safe with the MMU off (the CACHE_TRACE host build
 * uses the stack inside its macros, see ops.h).
 * Clobber: x0-x13, flags. Preserve: x14-x30 (entry.S keeps state in x19-x22).
 */
#include "cache/aarch64/ops.h"

/*
 * setway_all op, limit_lsb
 *   op:        isw | csw | cisw
 *   limit_lsb: 24 for LoC, 21 for LoUIS (CLIDR_EL1 bit position)
 */
.macro setway_all op, limit_lsb
	irq_save_mask x9
	read_clidr x0
	ubfx	x3, x0, #\limit_lsb, #3
	lsl	x3, x3, #1		/* limit in CSSELR units (level << 1) */
	read_mmfr2 x12
	ubfx	x12, x12, #20, #4	/* x12 = FEAT_CCIDX */
	mov	x10, #0			/* x10 = level << 1 */
1:	cmp	x10, x3
	b.hs	9f
	add	x2, x10, x10, lsr #1	/* 3 * level: Ctype field of this level */
	lsr	x1, x0, x2
	and	x1, x1, #7
	cmp	x1, #2			/* 0 none, 1 instruction only: skip */
	b.lo	8f
	read_ccsidr x10, x1
	and	x2, x1, #7
	add	x2, x2, #4		/* x2 = log2(line bytes) = set shift */
	cbnz	x12, 2f
	ubfx	x4, x1, #3, #10		/* x4 = ways - 1 */
	ubfx	x5, x1, #13, #15	/* x5 = sets - 1 */
	b	3f
2:	ubfx	x4, x1, #3, #21
	ubfx	x5, x1, #32, #24
3:	/*
	 * Way field shift: CLZ of (ways-1) as a 32-bit value is exactly 32-A.
	 * For one way it is 32: the way number is always 0 and a 64-bit shift
	 * of 0 by 32 is still 0 (GUIDE §2.1): no special case needed here.
	 */
	clz	w6, w4
	mov	x11, #1
	lsl	x11, x11, x2		/* x11 = one set step */
	lsl	x13, x5, x2		/* x13 = offset of the last set */
	add	x5, x5, #1		/* x5 = sets */
#ifdef TRACE_MUTANT_BOUND /* host trace test only: one set short (must be caught) */
	sub	x5, x5, #1
	cbz	x5, 7f
#endif
#ifdef TRACE_MUTANT_ORDER /* host trace test only: set-outer, way-inner (must be caught) */
	sub	x7, x5, #1		/* outer counter: sets - 1 */
	add	x5, x4, #1		/* inner count: ways */
	mov	x4, x7
	mov	x7, x6
	mov	x6, x2			/* outer shift: the set shift */
	mov	x11, #1
	lsl	x11, x11, x7		/* inner step: one way */
	sub	x13, x5, #1
	lsl	x13, x13, x7
#endif
4:	lsl	x7, x4, x6
	orr	x7, x7, x10		/* way | level */
	add	x1, x7, x13		/* operand of the last set of this way */
	ands	x8, x5, #15		/* sets mod 16 first, one at a time */
	b.eq	6f
5:	dc_sw	\op, x1
	sub	x1, x1, x11
	subs	x8, x8, #1
	b.ne	5b
6:	lsr	x8, x5, #4		/* then groups of 16 */
	cbz	x8, 7f
.Lgroup_\op\()_\limit_lsb:
	.rept	16
	dc_sw	\op, x1
	sub	x1, x1, x11
	.endr
	subs	x8, x8, #1
	b.ne	.Lgroup_\op\()_\limit_lsb
7:	subs	x4, x4, #1		/* next way, down to 0 (unsigned: GUIDE §2.2) */
	b.hs	4b
	dsb	sy
8:	add	x10, x10, #2
	b	1b
9:	reset_csselr
	dsb	sy
	isb
	irq_restore x9
	ret
.endm

	.text
/* void dcache_inval_all(void): invalidate to LoC. Discards dirty data: boot only. */
	.globl	dcache_inval_all
dcache_inval_all:
	setway_all isw, 24

/* void dcache_clean_all(void): clean to LoC. */
	.globl	dcache_clean_all
dcache_clean_all:
	setway_all csw, 24

/* void dcache_clean_inval_all(void): clean+invalidate to LoC. */
	.globl	dcache_clean_inval_all
dcache_clean_inval_all:
	setway_all cisw, 24

/* void dcache_inval_louis(void): invalidate to LoUIS. */
	.globl	dcache_inval_louis
dcache_inval_louis:
	setway_all isw, 21

/* void dcache_clean_louis(void): clean to LoUIS. */
	.globl	dcache_clean_louis
dcache_clean_louis:
	setway_all csw, 21

/* void dcache_clean_inval_louis(void): clean+invalidate to LoUIS (CPU power-down). */
	.globl	dcache_clean_inval_louis
dcache_clean_inval_louis:
	setway_all cisw, 21
