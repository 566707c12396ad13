/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A bandwidth loops of the memory figures (lib/figures/figures.h,
 * selftests/figures_test.c), at their instruction floor with integer
 * registers only (LDM/STM of eight words: 32 B an instruction), so they run
 * on a core without NEON. The write loop is the DRAM test's memtest_fill
 * (STM, lib/memtest/armv7/fill.S).
 */
#include "arch/asm.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.text

/*
 * void fig_read(const void *p, size_t bytes)
 * r0 p (32-byte aligned), r1 bytes (a non-zero multiple of 256). Per 128 B:
 * four LDM of eight registers, CMP, BNE: 0.047 insn/B.
 * Clobbers: r0-r3, r12, flags. Stack: saves r4-r9 (24 B).
 */
FUNC fig_read
	push	{r4-r9}
	add	r1, r0, r1
1:	ldmia	r0!, {r2-r9}
	ldmia	r0!, {r2-r9}
	ldmia	r0!, {r2-r9}
	ldmia	r0!, {r2-r9}
	cmp	r0, r1
	bne	1b
	pop	{r4-r9}
	bx	lr
ENDFUNC fig_read

/*
 * void fig_copy(void *dst, const void *src, size_t bytes)
 * r0 dst, r1 src (32-byte aligned, not overlapping), r2 bytes (a non-zero
 * multiple of 256). Per 64 B: two LDM and two STM of eight registers, CMP,
 * BNE: 0.094 insn/B.
 * Clobbers: r0-r3, r12, flags. Stack: saves r4-r11 (32 B).
 */
FUNC fig_copy
	push	{r4-r11}
	add	r2, r1, r2
1:	ldmia	r1!, {r3-r10}
	stmia	r0!, {r3-r10}
	ldmia	r1!, {r3-r10}
	stmia	r0!, {r3-r10}
	cmp	r1, r2
	bne	1b
	pop	{r4-r11}
	bx	lr
ENDFUNC fig_copy

/*
 * uint64_t fig_cycles(void)
 * PMCCNTR, the PMU's cycle counter (32 bits on ARMv7: a window must stay
 * under 2^32 cycles, seconds at a GHz); call only where arch_inst_retired()
 * counts. ARM ARM DDI 0406C, C12.8.
 * Clobbers: r0, r1. No stack.
 */
FUNC fig_cycles
	mrc	p15, 0, r0, c9, c13, 0
	mov	r1, #0
	bx	lr
ENDFUNC fig_cycles
