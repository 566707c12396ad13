/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 loops of the random test's sequence (contract:
 * lib/memtest/memtest.h, "The random test's sequence": v0 += v1, v1 += v2,
 * v2 += v3, v3 += v0 per 64 B, lane by lane, written out v0..v3). The state
 * lives in v0-v3 for the whole call. Ordinary loads and stores: no barrier,
 * no maintenance; the caller cleans and invalidates to memory between the
 * fill and the verify that must read DRAM.
 */
#include "arch/asm.h"

	.text

/* One 64 B step of the sequence: v0..v3 the next four pairs of words. */
.macro step
	add	v0.2d, v0.2d, v1.2d
	add	v1.2d, v1.2d, v2.2d
	add	v2.2d, v2.2d, v3.2d
	add	v3.2d, v3.2d, v0.2d
.endm

/*
 * void memtest_random_fill(void *p, size_t bytes, struct memtest_rng *s)
 * p 16-byte aligned, bytes a non-zero multiple of 1 KiB; s 16-byte aligned.
 * Per 64 B: four ADD and one ST1 of four Q registers; 256 B per iteration
 * (20 + CMP + B.NE: 0.086 insn/B).
 * Clobbers: x1, v0-v3, flags. No stack.
 */
FUNC memtest_random_fill, 64
	add	x1, x0, x1		/* end */
	ld1	{v0.2d-v3.2d}, [x2]
1:	.rept	4
	step
	st1	{v0.2d-v3.2d}, [x0], #64
	.endr
	cmp	x0, x1
	b.ne	1b
	st1	{v0.2d-v3.2d}, [x2]
	ret
ENDFUNC memtest_random_fill

/*
 * size_t memtest_random_verify(const void *p, size_t bytes, struct memtest_rng *s)
 * p 16-byte aligned, bytes a non-zero multiple of 1 KiB; s 16-byte aligned.
 * Returns the offset of the first 1 KiB block holding a word other than the
 * sequence's, with *s as at that block's start; else bytes, *s advanced.
 * Per 64 B: one LD1 of four Q registers, the step's four ADD, four EOR with
 * them, four ORR folding the differences (none in the first 64 B of a KiB);
 * per KiB the state saved (four MOV) and the fold tested once (three ORR,
 * UMAXV, FMOV, CBNZ, CMP, B.NE): 212 instructions per KiB, 0.207 insn/B.
 * Clobbers: x1, x3, x5, v0-v7, v16-v24, flags. No stack.
 */
FUNC memtest_random_verify, 64
	mov	x5, x0			/* start, for the offset */
	add	x1, x0, x1		/* end */
	ld1	{v0.2d-v3.2d}, [x2]
1:	mov	v20.16b, v0.16b		/* the state at this KiB's start */
	mov	v21.16b, v1.16b
	mov	v22.16b, v2.16b
	mov	v23.16b, v3.16b
	ld1	{v16.2d-v19.2d}, [x0], #64
	step
	eor	v4.16b, v16.16b, v0.16b
	eor	v5.16b, v17.16b, v1.16b
	eor	v6.16b, v18.16b, v2.16b
	eor	v7.16b, v19.16b, v3.16b
	.rept	15
	ld1	{v16.2d-v19.2d}, [x0], #64
	step
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	eor	v18.16b, v18.16b, v2.16b
	eor	v19.16b, v19.16b, v3.16b
	orr	v4.16b, v4.16b, v16.16b
	orr	v5.16b, v5.16b, v17.16b
	orr	v6.16b, v6.16b, v18.16b
	orr	v7.16b, v7.16b, v19.16b
	.endr
	orr	v4.16b, v4.16b, v5.16b
	orr	v6.16b, v6.16b, v7.16b
	orr	v4.16b, v4.16b, v6.16b
	umaxv	s24, v4.4s		/* not s1: v1 is the state */
	fmov	w3, s24
	cbnz	w3, 2f
	cmp	x0, x1
	b.ne	1b
	st1	{v0.2d-v3.2d}, [x2]
	sub	x0, x0, x5
	ret
2:	st1	{v20.2d-v23.2d}, [x2]
	sub	x0, x0, x5		/* just past the failing KiB */
	sub	x0, x0, #1024
	ret
ENDFUNC memtest_random_verify
