/*
 * ARMv7-A data-cache maintenance by set/way, every data or unified level
 * from L1 up to a limit read from CLIDR (LoC or LoUIS), way-outer set-inner
 * (seed 003: consecutive operations walk consecutive sets).
 *
 * Sequence (ARM ARM DDI 0406C B4.2.1 "Cache and branch predictor maintenance
 * operations", B4.1.19 CCSIDR / B4.1.41 CSSELR): write CSSELR, ISB, read
 * CCSIDR with IRQ/FIQ masked so nothing reselects in between; DCISW/DCCSW/
 * DCCISW per line; DSB after each level (Cortex-A7 erratum 814220) and at
 * the end. Cortex-A9 r0pX reports LoUIS 0 (erratum 643719): the LoUIS
 * variant then does nothing, as the architecture says it may.
 *
 * All routines: no stack, safe with the MMU off, ARM state.
 * Clobber: r0-r7, r9, r12, flags (AAPCS caller-saved plus r4-r7/r9, which
 * entry.S does not use). r8, r10, r11 are preserved (entry.S state).
 */
	.syntax	unified
	.arm
	.arch	armv7-a

/* setway_all crm, op2, limit_lsb: DCISW c6,2 / DCCSW c10,2 / DCCISW c14,2; LoC 24, LoUIS 21. */
.macro setway_all crm, op2, limit_lsb
	mrs	r12, cpsr
	cpsid	if
	mrc	p15, 1, r0, c0, c0, 1	/* CLIDR */
	ubfx	r3, r0, #\limit_lsb, #3
	lsls	r3, r3, #1		/* limit in CSSELR units (level << 1) */
	beq	9f
	mov	r9, #0			/* r9 = level << 1 */
1:	add	r2, r9, r9, lsr #1	/* 3 * level: Ctype field */
	mov	r1, r0, lsr r2
	and	r1, r1, #7
	cmp	r1, #2			/* 0 none, 1 instruction only: skip */
	blo	8f
	mcr	p15, 2, r9, c0, c0, 0	/* CSSELR */
	isb
	mrc	p15, 1, r1, c0, c0, 0	/* CCSIDR */
	and	r2, r1, #7
	add	r2, r2, #4		/* r2 = log2(line bytes) = set shift */
	ubfx	r4, r1, #3, #10		/* r4 = ways - 1 */
	ubfx	r5, r1, #13, #15	/* r5 = sets - 1 */
	/* Way field at [31:32-A]; CLZ(ways-1) = 32-A. One way: CLZ(0) = 32, and a
	 * register-specified LSL by 32 gives 0, the right (empty) way field --
	 * but keep it explicit rather than rely on that (GUIDE §2.1). */
	clz	r6, r4
	cmp	r4, #0
	moveq	r6, #0
	mov	r7, #1
	lsl	r7, r7, r2		/* r7 = one set step */
	lsl	r5, r5, r2		/* r5 = offset of the last set */
4:	orr	r1, r9, r4, lsl r6	/* way | level */
	mov	r3, r5
5:	orr	r2, r1, r3
	mcr	p15, 0, r2, c7, \crm, \op2
	subs	r3, r3, r7
	bhs	5b			/* unsigned: stops after set 0 (GUIDE §2.2) */
	subs	r4, r4, #1
	bhs	4b
	dsb
	/* r3 was reused: reload the limit for the next level. */
	ubfx	r3, r0, #\limit_lsb, #3
	lsl	r3, r3, #1
8:	add	r9, r9, #2
	cmp	r9, r3
	blo	1b
9:	mov	r0, #0
	mcr	p15, 2, r0, c0, c0, 0
	dsb
	isb
	msr	cpsr_c, r12
	bx	lr
.endm

	.text
/* void dcache_inval_all(void): invalidate to LoC. Discards dirty lines: boot only. */
	.globl	dcache_inval_all
dcache_inval_all:
	setway_all c6, 2, 24

/* void dcache_clean_all(void): clean to LoC. */
	.globl	dcache_clean_all
dcache_clean_all:
	setway_all c10, 2, 24

/* void dcache_clean_inval_all(void): clean+invalidate to LoC. */
	.globl	dcache_clean_inval_all
dcache_clean_inval_all:
	setway_all c14, 2, 24

/* void dcache_clean_inval_louis(void): clean+invalidate to LoUIS. */
	.globl	dcache_clean_inval_louis
dcache_clean_inval_louis:
	setway_all c14, 2, 21
