/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A copy loop of the DRAM stress (contract: lib/memtest/memtest_stress.h;
 * the C loop of memtest_stress_loops.c serves AArch64 and the host). Per
 * 64-byte line: the tag's LDRD, CMP, CMPEQ, BNE; the new tag's two STR;
 * seven words each LDRD, STRD and the two 64-bit adds of Fletcher's sums
 * (ADDS, ADC, ADDS, ADC: a 32-bit core needs two instructions a 64-bit
 * add); the tags' and pointers' four ADDs, CMP, BLO: 54 instructions, 0.84
 * insn/B, of which the 28 adds are the checksum's own floor. Integer
 * registers only (NEON is optional on Cortex-A9). Ordinary loads and stores:
 * no barrier, no maintenance.
 */
#include "arch/asm.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.text

/*
 * size_t stress_copy(uint64_t *dst, const uint64_t *src, size_t bytes,
 *                    uint64_t tag, uint64_t dtag, uint64_t inv,
 *                    struct stress_sum *sum)
 * r0 dst, r1 src, r2 bytes (a multiple of 64); on the stack (AAPCS: 64-bit
 * arguments in 8-byte slots) tag, dtag, inv and sum. A tag's high word is
 * taken from tag and dtag as given and kept for the call (addresses below
 * 4 GiB: the low word's steps of 64 never carry). Returns the offset of the
 * first line whose tag differs, else bytes.
 * Clobbers: r0-r3, r12, flags. Stack: saves r1, r4-r11, lr (40 B).
 */
FUNC stress_copy
	push	{r1, r4-r11, lr}
	ldrd	r4, r5, [sp, #40]	/* tag */
	ldrd	r6, r7, [sp, #56]	/* inv: 0 or all ones */
	eor	r3, r4, r6		/* want, low word */
	eor	r4, r5, r7		/* want, high word */
	ldrd	r10, r11, [sp, #48]	/* dtag */
	eor	r5, r10, r6		/* put, low word */
	eor	lr, r11, r7		/* put, high word */
	mov	r12, #64		/* the tags' step: -64 when inverted */
	cmp	r6, #0
	rsbne	r12, r12, #0
	ldr	r10, [sp, #64]		/* sum */
	ldrd	r6, r7, [r10]		/* a */
	ldrd	r8, r9, [r10, #8]	/* b */
	add	r2, r1, r2		/* end */
	cmp	r1, r2
	bhs	2f
1:	ldrd	r10, r11, [r1]
	cmp	r10, r3
	cmpeq	r11, r4
	bne	2f
	str	r5, [r0]
	str	lr, [r0, #4]
	.irp	off, 8, 16, 24, 32, 40, 48, 56
	ldrd	r10, r11, [r1, #\off]
	strd	r10, r11, [r0, #\off]
	adds	r6, r6, r10		/* a += w */
	adc	r7, r7, r11
	adds	r8, r8, r6		/* b += a */
	adc	r9, r9, r7
	.endr
	add	r3, r3, r12
	add	r5, r5, r12
	add	r1, r1, #64
	add	r0, r0, #64
	cmp	r1, r2
	blo	1b
2:	ldr	r10, [sp, #64]
	strd	r6, r7, [r10]
	strd	r8, r9, [r10, #8]
	pop	{r2}			/* src as given */
	sub	r0, r1, r2
	pop	{r4-r11, pc}
ENDFUNC stress_copy
