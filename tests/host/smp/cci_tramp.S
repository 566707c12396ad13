/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CCI trampoline of the two-cluster start methods (smp/smp_cci.c holds
 * it as words), assembled by host-smp-methods so its words are checked
 * against this source: void tramp(void), entered in ARM state with the MMU
 * and caches off, no stack; clobbers r0-r2; enables its cluster's CCI
 * port (snoop + DVM, CCI-400 TRM DDI 0470 "Snoop Control Register"), waits
 * (bounded) for the CCI's change-pending bit, then loads pc from `entry`.
 * Device-nGnRnE order with the MMU off keeps the store before the polls.
 */
	.syntax unified
	.arm
	.text
tramp:
	mrc	p15, 0, r0, c0, c0, 5	@ MPIDR
	ubfx	r0, r0, #8, #1		@ Aff1: cluster 0 or 1
	adr	r1, ports
	ldr	r1, [r1, r0, lsl #2]
	mov	r0, #3
	str	r0, [r1]
	ldr	r1, status
	mov	r2, #0x100000
1:	subs	r2, r2, #1
	beq	2f
	ldr	r0, [r1]
	tst	r0, #1
	bne	1b
2:	mov	r0, #0
	ldr	pc, entry
ports:	.word	0, 0
status:	.word	0
entry:	.word	0
