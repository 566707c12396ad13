/*
 * AArch64 data-cache maintenance by set/way, every data or unified level from
 * L1 up to a limit read from CLIDR_EL1 (LoC or LoUIS).
 *
 * Loop order is way-outer, set-inner (seed 003): consecutive operations walk
 * consecutive sets, so the write-backs of a clean walk DRAM in address order.
 *
 * Sequence (ARM ARM DDI 0487 D7.4 "Cache support", "Performing cache
 * maintenance instructions"; K.a: CSSELR_EL1/CCSIDR_EL1): select the level
 * with CSSELR_EL1, ISB, read CCSIDR_EL1 -- with interrupts masked so nothing
 * can change CSSELR in between -- then DC xSW per line, DSB SY after each
 * level (Cortex-A7 erratum 814220 wants the levels ordered) and at the end.
 * CCSIDR layout depends on FEAT_CCIDX (ID_AA64MMFR2_EL1.CCIDX).
 *
 * Set/way operations are not broadcast and are not a coherency mechanism
 * (GUIDE §2.4): use them at boot and power-down only.
 *
 * All routines: no stack, safe with the MMU off.
 * Clobber: x0-x13, flags. Preserve: x14-x30 (entry.S keeps state in x19-x22).
 */

/*
 * setway_all op, limit_lsb
 *   op:        isw | csw | cisw
 *   limit_lsb: 24 for LoC, 21 for LoUIS (CLIDR_EL1 bit position)
 */
.macro setway_all op, limit_lsb
	mrs	x9, daif
	msr	daifset, #0xf
	mrs	x0, clidr_el1
	ubfx	x3, x0, #\limit_lsb, #3
	lsl	x3, x3, #1		/* limit in CSSELR units (level << 1) */
	mrs	x12, id_aa64mmfr2_el1
	ubfx	x12, x12, #20, #4	/* x12 = FEAT_CCIDX */
	mov	x10, #0			/* x10 = level << 1 */
1:	cmp	x10, x3
	b.hs	9f
	add	x2, x10, x10, lsr #1	/* 3 * level: Ctype field of this level */
	lsr	x1, x0, x2
	and	x1, x1, #7
	cmp	x1, #2			/* 0 none, 1 instruction only: skip */
	b.lo	8f
	msr	csselr_el1, x10
	isb
	mrs	x1, ccsidr_el1
	and	x2, x1, #7
	add	x2, x2, #4		/* x2 = log2(line bytes) = set shift */
	cbnz	x12, 2f
	ubfx	x4, x1, #3, #10		/* x4 = ways - 1 */
	ubfx	x5, x1, #13, #15	/* x5 = sets - 1 */
	b	3f
2:	ubfx	x4, x1, #3, #21
	ubfx	x5, x1, #32, #24
3:	/*
	 * Way field: bits [31:32-A], A = ceil(log2(ways)); CLZ of (ways-1) as a
	 * 32-bit value is exactly 32-A. For one way it is 32: the way number is
	 * then always 0, and a 64-bit shift by 32 of 0 is still 0 (GUIDE §2.1).
	 */
	clz	w6, w4
	mov	x11, #1
	lsl	x11, x11, x2		/* x11 = one set step */
	lsl	x13, x5, x2		/* x13 = offset of the last set */
4:	lsl	x7, x4, x6
	orr	x7, x7, x10		/* way | level */
	mov	x8, x13
5:	orr	x1, x7, x8
	dc	\op, x1
	subs	x8, x8, x11
	b.hs	5b			/* unsigned: stops after set 0 (GUIDE §2.2) */
	subs	x4, x4, #1
	b.hs	4b
	dsb	sy
8:	add	x10, x10, #2
	b	1b
9:	msr	csselr_el1, xzr
	dsb	sy
	isb
	msr	daif, x9
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

/* void dcache_clean_inval_louis(void): clean+invalidate to LoUIS (CPU power-down). */
	.globl	dcache_clean_inval_louis
dcache_clean_inval_louis:
	setway_all cisw, 21
