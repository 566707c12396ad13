/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A fill and verify loops of the DRAM test (contract:
 * lib/memtest/memtest.h). The fill and the fallback verify use integer
 * registers only (LDM/STM of eight words), so they run on a core without
 * NEON (it is optional on Cortex-A9: Tegra 2 has none); the verify takes
 * NEON loads when memtest_simd says NEON is there and enabled. Ordinary
 * loads and stores: no barrier, no maintenance.
 */
#include "arch/asm.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.fpu	neon
	.text

/*
 * void memtest_fill(void *p, size_t bytes, uint64_t pattern, size_t zva)
 * r0 p, r1 bytes (a non-zero multiple of 1 KiB), r2:r3 pattern (low, high
 * word), zva on the stack and unused (no DC ZVA on ARMv7). The even words get
 * r2, the odd ones r3. 128 B per iteration: 4 STM of eight registers, CMP,
 * BNE (0.047 insn/B).
 * Clobbers: r0-r3, r12, flags. Stack: saves r4-r9 (24 B).
 */
FUNC memtest_fill
	push	{r4-r9}
	add	r1, r0, r1		/* end */
	mov	r4, r2
	mov	r5, r3
	mov	r6, r2
	mov	r7, r3
	mov	r8, r2
	mov	r9, r3
1:	stmia	r0!, {r2-r9}
	stmia	r0!, {r2-r9}
	stmia	r0!, {r2-r9}
	stmia	r0!, {r2-r9}
	cmp	r0, r1
	bne	1b
	pop	{r4-r9}
	bx	lr
ENDFUNC memtest_fill

/* Eight words loaded; Z clear at the end if any differs (conditional CMPs:
 * the chain stops comparing at the first difference). */
.macro check8
	ldmia	r0!, {r4-r11}
	cmp	r4, r2
	cmpeq	r5, r3
	cmpeq	r6, r2
	cmpeq	r7, r3
	cmpeq	r8, r2
	cmpeq	r9, r3
	cmpeq	r10, r2
	cmpeq	r11, r3
	bne	2f
.endm

/*
 * size_t memtest_verify(const void *p, size_t bytes, uint64_t pattern)
 * r0 p, r1 bytes (a non-zero multiple of 1 KiB), r2:r3 pattern. Returns the
 * offset of the first 1 KiB block holding a word other than the pattern, else
 * bytes. 128 B per iteration: 4 x (LDM, 8 CMP, BNE), CMP, BNE (0.33 insn/B).
 * Clobbers: r0-r3, r12, flags. Stack: saves r4-r11 (32 B).
 */
FUNC memtest_verify
	ldr	ip, 3f
4:	add	ip, pc, ip		/* &memtest_simd, PC-relative (position independent) */
	ldrb	ip, [ip]
	cmp	ip, #0
	bne	memtest_verify_neon
	push	{r4-r11}
	mov	r12, r0			/* start */
	add	r1, r0, r1		/* end */
1:	check8
	check8
	check8
	check8
	cmp	r0, r1
	bne	1b
	sub	r0, r0, r12
	pop	{r4-r11}
	bx	lr
2:	sub	r0, r0, r12		/* just past the failing eight words */
	sub	r0, r0, #1
	bic	r0, r0, #1020		/* down to its KiB: clear bits 2..9 */
	bic	r0, r0, #3
	pop	{r4-r11}
	bx	lr
3:	.word	memtest_simd - (4b + 8)
ENDFUNC memtest_verify

/* 64 B: two VLD1 of four D registers, the difference from the pattern (q0)
 * folded into q1/q2. \first: the first 64 B of a KiB start the fold. */
.macro check64 first=0
	vld1.64	{d16-d19}, [r0]!
	vld1.64	{d20-d23}, [r0]!
	.if	\first
	veor	q1, q8, q0
	veor	q2, q9, q0
	.else
	veor	q8, q8, q0
	veor	q9, q9, q0
	vorr	q1, q1, q8
	vorr	q2, q2, q9
	.endif
	veor	q10, q10, q0
	veor	q11, q11, q0
	vorr	q1, q1, q10
	vorr	q2, q2, q11
.endm

/*
 * size_t memtest_verify_neon(const void *p, size_t bytes, uint64_t pattern)
 * The same contract as memtest_verify, by NEON: per 64 B two VLD1, four VEOR
 * with the pattern, four VORR folding the differences; the fold is moved to
 * core registers and tested once per KiB (0.16 insn/B). Reached from
 * memtest_verify only when memtest_simd is set (CPACR/FPEXC enabled it).
 * Clobbers: r0-r3, r12, q0-q2, q8-q11 (d0-d5, d16-d23: caller-saved in the
 * AAPCS), flags. No stack.
 */
FUNC memtest_verify_neon
	mov	r12, r0			/* start */
	add	r1, r0, r1		/* end */
	vmov	d0, r2, r3
	vmov	d1, r2, r3		/* q0 = the pattern twice */
1:	check64	1
	.rept	15
	check64
	.endr
	vorr	q1, q1, q2
	vorr	d2, d2, d3
	vmov	r2, r3, d2
	orrs	r2, r2, r3
	bne	2f
	cmp	r0, r1
	bne	1b
	sub	r0, r0, r12
	bx	lr
2:	sub	r0, r0, r12		/* just past the failing KiB */
	sub	r0, r0, #1024
	bx	lr
ENDFUNC memtest_verify_neon
