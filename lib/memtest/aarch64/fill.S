/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 fill and verify loops of the DRAM test (contract:
 * lib/memtest/memtest.h). Ordinary loads and stores: no barrier, no
 * maintenance; the caller cleans and invalidates to memory between a fill and
 * the verify that must read DRAM.
 */
#include "arch/asm.h"

	.text

/*
 * void memtest_fill(void *p, size_t bytes, uint64_t pattern, size_t zva)
 * p 16-byte aligned, bytes a non-zero multiple of 1 KiB; zva 0 or a power of
 * two dividing 1 KiB (the DCZID_EL0 block, used only when pattern is 0).
 * Stores: ST1 of four Q registers holding the pattern, 64 B per
 * instruction, 256 B per iteration (4 ST1 + CMP + B.NE: 0.023 insn/B).
 * Zeros: DC ZVA per block (ARM ARM DDI 0487 K.a, the DC ZVA description:
 * the block holding the address is written with zeros as by stores; DC ZVA
 * to Device memory faults, so the caller passes zva only for Normal memory
 * with the MMU on): blocks of 64 B or less 16 per iteration (DC ZVA + ADD
 * each: 0.033 insn/B at 64 B), larger ones one per iteration (DC ZVA, ADD,
 * CMP, B.NE: 0.031 insn/B at 128 B, less above).
 * Clobbers: x0, x1, v0-v3, flags. No stack.
 */
FUNC memtest_fill, 64
	add	x1, x0, x1		/* x1 = end */
	cbz	x3, 2f
	cbnz	x2, 2f
	cmp	x3, #64
	b.hi	4f
1:	.rept	16
	dc	zva, x0
	add	x0, x0, x3
	.endr
	cmp	x0, x1
	b.lo	1b
	ret
4:	dc	zva, x0
	add	x0, x0, x3
	cmp	x0, x1
	b.lo	4b
	ret
2:	dup	v0.2d, x2
	mov	v1.16b, v0.16b
	mov	v2.16b, v0.16b
	mov	v3.16b, v0.16b
3:	.rept	4
	st1	{v0.2d-v3.2d}, [x0], #64
	.endr
	cmp	x0, x1
	b.ne	3b
	ret
ENDFUNC memtest_fill

/*
 * size_t memtest_verify(const void *p, size_t bytes, uint64_t pattern)
 * p 16-byte aligned, bytes a non-zero multiple of 1 KiB. Returns the offset
 * of the first 1 KiB block holding a word other than pattern, else bytes.
 * Per 64 B: one LD1 of four Q registers, four EOR with the pattern, four ORR
 * folding the differences into one register; the fold is tested once per
 * KiB (UMAXV, FMOV, CBNZ): 148 instructions per KiB, 0.145 insn/B.
 * Clobbers: x1, x3, x5, v0, v1, v4-v7, v16-v19, flags. No stack.
 */
FUNC memtest_verify, 64
	mov	x5, x0			/* start, for the offset */
	add	x1, x0, x1		/* end */
	dup	v0.2d, x2
1:	ld1	{v16.2d-v19.2d}, [x0], #64
	eor	v4.16b, v16.16b, v0.16b
	eor	v5.16b, v17.16b, v0.16b
	eor	v6.16b, v18.16b, v0.16b
	eor	v7.16b, v19.16b, v0.16b
	.rept	15
	ld1	{v16.2d-v19.2d}, [x0], #64
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v0.16b
	eor	v18.16b, v18.16b, v0.16b
	eor	v19.16b, v19.16b, v0.16b
	orr	v4.16b, v4.16b, v16.16b
	orr	v5.16b, v5.16b, v17.16b
	orr	v6.16b, v6.16b, v18.16b
	orr	v7.16b, v7.16b, v19.16b
	.endr
	orr	v4.16b, v4.16b, v5.16b
	orr	v6.16b, v6.16b, v7.16b
	orr	v4.16b, v4.16b, v6.16b
	umaxv	s1, v4.4s
	fmov	w3, s1
	cbnz	w3, 2f
	cmp	x0, x1
	b.ne	1b
	sub	x0, x0, x5
	ret
2:	sub	x0, x0, x5		/* just past the failing KiB */
	sub	x0, x0, #1024
	ret
ENDFUNC memtest_verify
