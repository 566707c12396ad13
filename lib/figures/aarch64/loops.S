/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 bandwidth loops of the memory figures (lib/figures/figures.h,
 * selftests/figures_test.c): each at its instruction floor, so that on a
 * board the figure is the memory's limit, not the loop's. Ordinary loads
 * and stores to Normal memory: no barrier, no maintenance. The write loop
 * is the DRAM test's memtest_fill (ST1 of four Q registers; DC ZVA for
 * zeros, lib/memtest/aarch64/fill.S).
 */
#include "arch/asm.h"

	.text

/*
 * void fig_read(const void *p, size_t bytes)
 * p 64-byte aligned, bytes a non-zero multiple of 256. Per 256 B: four LD1
 * of four Q registers (64 B each), CMP, B.NE: 6 instructions, 0.023 insn/B.
 * The values are discarded: a load to Normal memory is performed whether
 * or not its register is read again (ARM ARM DDI 0487, B2.3).
 * Clobbers: x0, x1, v0-v3, flags. No stack.
 */
FUNC fig_read, 64
	add	x1, x0, x1
1:	.rept	4
	ld1	{v0.2d-v3.2d}, [x0], #64
	.endr
	cmp	x0, x1
	b.ne	1b
	ret
ENDFUNC fig_read

/*
 * void fig_copy(void *dst, const void *src, size_t bytes)
 * dst and src 64-byte aligned, not overlapping; bytes a non-zero multiple of
 * 256. Per 256 B: four LD1 and four ST1 of four Q registers, CMP, B.NE:
 * 10 instructions, 0.039 insn/B.
 * Clobbers: x0-x2, v0-v7, flags. No stack.
 */
FUNC fig_copy, 64
	add	x2, x1, x2
1:	.rept	2
	ld1	{v0.2d-v3.2d}, [x1], #64
	ld1	{v4.2d-v7.2d}, [x1], #64
	st1	{v0.2d-v3.2d}, [x0], #64
	st1	{v4.2d-v7.2d}, [x0], #64
	.endr
	cmp	x1, x2
	b.ne	1b
	ret
ENDFUNC fig_copy

/*
 * uint64_t fig_cycles(void)
 * PMCCNTR_EL0, the PMU's cycle counter (pmu_start enabled it at boot where
 * the CPU has a PMU; call only where arch_inst_retired() counts).
 * Clobbers: x0. No stack.
 */
FUNC fig_cycles
	mrs	x0, pmccntr_el0
	ret
ENDFUNC fig_cycles
