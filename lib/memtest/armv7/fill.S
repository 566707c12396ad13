/*
 * ARMv7-A fill and verify loops of the DRAM test (contract:
 * lib/memtest/memtest.h). Integer registers only (LDM/STM of eight words), so
 * they run on a core without NEON (Cortex-A9 options, Tegra 2). Ordinary
 * loads and stores: no barrier, no maintenance.
 */
#include "arch/asm.h"

	.syntax	unified
	.arm
	.arch	armv7-a
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
ENDFUNC memtest_verify
