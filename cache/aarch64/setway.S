/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 data-cache maintenance by set/way, every data or unified level from
 * L1 up to a limit read from CLIDR_EL1 (LoC or LoUIS).
 *
 * Loop order is way-outer, set-inner: consecutive operations walk
 * consecutive sets, which hold lines of consecutive addresses (modulo the
 * way size), so the write-backs of a clean tend to reach DRAM in address
 * order (Linux's v7_flush_dcache_all in arch/arm/mm/cache-v7.S loops ways
 * outer too). Ways and sets both count
 * down; the set loop is unrolled by 16 (a remainder loop takes sets mod 16
 * first), so a line costs DC + one address step plus 2/16 of loop control:
 * 2.125 instructions.
 *
 * Sequence (ARM ARM DDI 0487, "Cache support": "Cache identification" and
 * the example in "Performing cache maintenance instructions"; the
 * CSSELR_EL1, CCSIDR_EL1, CLIDR_EL1 and DC ISW/CSW/CISW descriptions):
 * DSB SY first (the caller's stores complete before any set/way operation);
 * select the level with CSSELR_EL1, ISB, read CCSIDR_EL1 -- with interrupts
 * masked so nothing can reselect in between -- then DC xSW per line, DSB SY
 * after each level (Cortex-A7 erratum 814220, set/way operations on
 * different levels may otherwise be reordered: Linux CONFIG_ARM_ERRATA_814220
 * puts the same DSB in cache-v7.S) and at the end. The CCSIDR_EL1 layout
 * depends on FEAT_CCIDX (ID_AA64MMFR2_EL1.CCIDX).
 *
 * Operand (DC ISW/CSW/CISW): way in [31:32-A] (A = ceil(log2(ways))), set in
 * [L+S-1:L] (L = log2(line bytes)), level-1 in [3:1] (CSSELR_LEVEL_SHIFT).
 *
 * Set/way operations act on this PE's caches only, are not broadcast, and a
 * line can be allocated or migrate to another PE's cache while the walk
 * runs, so they are no coherency mechanism: Arm strongly discourages that
 * use and expects them only for cache power-up and power-down (DDI 0487,
 * "Performing cache maintenance instructions"). bringup uses them at boot.
 *
 * All routines: no stack, safe with the MMU off (the CACHE_TRACE host build
 * uses the stack inside its macros, see ops.h).
 * Clobber: x0-x13, flags. Preserve: x14-x30 (entry.S keeps state in x19-x22).
 */
#include "arch/asm.h"
#include "arch/cacheid.h"
#include "cache/aarch64/ops.h"

/* 3 * level, the Ctype<n> field's position in CLIDR_EL1, is computed as
 * (level << CSSELR_LEVEL_SHIFT) + level below. */
.if CLIDR_CTYPE_BITS != 3 || CSSELR_LEVEL_SHIFT != 1
.error "setway.S: the Ctype position arithmetic assumes 3-bit fields, level in [3:1]"
.endif

/*
 * setway_all op, limit_lsb: the body of each routine below.
 *   op:        isw | csw | cisw
 *   limit_lsb: CLIDR_LOC_SHIFT or CLIDR_LOUIS_SHIFT (the CLIDR_EL1 field
 *              that bounds the walk)
 */
.macro setway_all op, limit_lsb
	/* The caller's last stores before the walk: a set/way instruction is
	 * ordered after earlier stores only by a DSB (DDI 0487, "Ordering and
	 * completion of data and instruction cache instructions"), so without
	 * it a clean could miss a line still being written. One per call. */
	dsb	sy
	irq_save_mask x9
	read_clidr x0
	ubfx	x3, x0, #\limit_lsb, #CLIDR_LEVEL_BITS
	lsl	x3, x3, #CSSELR_LEVEL_SHIFT /* limit in CSSELR units (level << 1) */
	read_mmfr2 x12
	ubfx	x12, x12, #ID_AA64MMFR2_CCIDX_SHIFT, #ID_AA64MMFR2_CCIDX_BITS /* x12 = FEAT_CCIDX */
	mov	x10, #0			/* x10 = level << 1 */
1:	cmp	x10, x3
	b.hs	9f
	add	x2, x10, x10, lsr #CSSELR_LEVEL_SHIFT /* 3 * level: Ctype field of this level */
	lsr	x1, x0, x2
	and	x1, x1, #((1 << CLIDR_CTYPE_BITS) - 1)
	cmp	x1, #CTYPE_DATA		/* 0 none, 1 instruction only: skip */
	b.lo	8f
	read_ccsidr x10, x1
	and	x2, x1, #((1 << CCSIDR_LINESIZE_BITS) - 1)
	add	x2, x2, #CCSIDR_LINESIZE_BIAS /* x2 = log2(line bytes) = set shift */
	cbnz	x12, 2f
	ubfx	x4, x1, #CCSIDR_ASSOC_SHIFT, #CCSIDR_ASSOC_BITS /* x4 = ways - 1 */
	ubfx	x5, x1, #CCSIDR_SETS_SHIFT, #CCSIDR_SETS_BITS	 /* x5 = sets - 1 */
	b	3f
2:	ubfx	x4, x1, #CCSIDR_ASSOC_SHIFT, #CCSIDR_CCIDX_ASSOC_BITS
	ubfx	x5, x1, #CCSIDR_CCIDX_SETS_SHIFT, #CCSIDR_CCIDX_SETS_BITS
3:	/*
	 * Way field shift: CLZ of (ways-1) as a 32-bit value is exactly 32-A.
	 * For one way, CLZ of 0 is 32 (CLZ counts every bit of a zero
	 * operand): the way number is then always 0, and a 64-bit LSL of 0
	 * by 32 is still 0, so no special case is needed here.
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
	/* Next way, down to 0, with an unsigned test (HS): the count is
	 * unsigned, and a signed test stops early once a value uses its top
	 * bit, as a way number kept shifted into a 32-bit operand does (bit
	 * 31). TF-A moved its set/way loop from signed to unsigned tests
	 * (lib/aarch64/cache_helpers.S, commit 355a5d0 "Replace ASM signed
	 * tests with unsigned": they invert for high enough values). */
7:	subs	x4, x4, #1
	b.hs	4b
	dsb	sy
8:	add	x10, x10, #(1 << CSSELR_LEVEL_SHIFT) /* next level */
	b	1b
9:	reset_csselr
	dsb	sy
	isb
	irq_restore x9
	ret
.endm

	.text
/*
 * Each routine below: DC <op>SW on every line of every data or unified
 * level up to its limit, by the sequence in the file header (CSSELR_EL1,
 * ISB, CCSIDR_EL1; DSB SY per level and at the end, as a maintenance
 * instruction is only known complete after a DSB: DDI 0487, "Ordering and
 * completion of data and instruction cache instructions"). Interrupts are
 * masked meanwhile and restored. Clobbers: x0-x13, flags. No stack.
 */

/* void dcache_inval_all(void): DC ISW to LoC. Discards dirty data: boot only. */
FUNC dcache_inval_all
	setway_all isw, CLIDR_LOC_SHIFT
ENDFUNC dcache_inval_all

/* void dcache_clean_all(void): DC CSW to LoC. */
FUNC dcache_clean_all
	setway_all csw, CLIDR_LOC_SHIFT
ENDFUNC dcache_clean_all

/* void dcache_clean_inval_all(void): DC CISW to LoC. */
FUNC dcache_clean_inval_all
	setway_all cisw, CLIDR_LOC_SHIFT
ENDFUNC dcache_clean_inval_all

/* void dcache_inval_louis(void): DC ISW to LoUIS. Discards dirty data. */
FUNC dcache_inval_louis
	setway_all isw, CLIDR_LOUIS_SHIFT
ENDFUNC dcache_inval_louis

/* void dcache_clean_louis(void): DC CSW to LoUIS. */
FUNC dcache_clean_louis
	setway_all csw, CLIDR_LOUIS_SHIFT
ENDFUNC dcache_clean_louis

/* void dcache_clean_inval_louis(void): DC CISW to LoUIS (CPU power-down). */
FUNC dcache_clean_inval_louis
	setway_all cisw, CLIDR_LOUIS_SHIFT
ENDFUNC dcache_clean_inval_louis
