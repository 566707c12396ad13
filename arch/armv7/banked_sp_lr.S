/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Another mode's banked SP and LR, for the crash report's decode
 * (arch/armv7/decode.c). Apart from the vectors, which call the decode: the
 * decode calls this, and nothing calls back.
 */
#include "arch/asm.h"
#include "arch/armv7/sysreg.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.text

/*
 * void banked_sp_lr(unsigned mode, uint32_t out[2])
 * Reads SP and LR of another PL1 mode (USR is read through SYS) by switching
 * to it with MSR CPSR_c (A, I, F masked meanwhile) and back. Not for HYP/MON.
 * Clobbers: r0, r2, r3. No stack. No barrier: the new mode's banked SP/LR
 * are used from the next instruction on, as Linux's cpu_init()
 * (arch/arm/kernel/setup.c) also relies on after its MSR CPSR_c.
 */
FUNC banked_sp_lr
	mrs	r2, cpsr
	cmp	r0, #MODE_USR
	moveq	r0, #MODE_SYS
	bic	r3, r2, #MODE_MASK
	orr	r3, r3, r0
	orr	r3, r3, #PSR_AIF
	msr	cpsr_c, r3
	str	sp, [r1]
	str	lr, [r1, #4]
	msr	cpsr_c, r2
	bx	lr
ENDFUNC banked_sp_lr
