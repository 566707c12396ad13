/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * VFP and Advanced SIMD on for the calling CPU, if it has them: the boot
 * CPU's entry and each secondary's call it before any C (newlib's string
 * routines may use them).
 */
#include "arch/asm.h"
#include "arch/armv7/sysreg.h"

	.syntax	unified
	.arch	armv7-a
	.text

/*
 * void vfp_enable(void)
 * Full access to CP10/CP11 in CPACR (B4.1.40); if that sticks, the CPU has
 * VFP (and maybe NEON): set FPEXC.EN (B4.1.57). The ISB makes the CPACR
 * write visible to the read-back and the VMSR (A3.8.3).
 * Clobbers: r0, flags. No stack.
 */
FUNC vfp_enable
	mrc	p15, 0, r0, c1, c0, 2	/* CPACR */
	orr	r0, r0, #CPACR_CP10_CP11
	mcr	p15, 0, r0, c1, c0, 2
	isb
	mrc	p15, 0, r0, c1, c0, 2
	and	r0, r0, #CPACR_CP10_CP11
	cmp	r0, #CPACR_CP10_CP11
	bxne	lr
	mov	r0, #FPEXC_EN
	.fpu	vfpv3
	vmsr	fpexc, r0
	bx	lr
ENDFUNC vfp_enable
