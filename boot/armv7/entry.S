/*
 * bringup ARMv7-A entry: zImage header, HYP -> SVC, self-relocation, BSS,
 * stacks for every exception mode, vectors, VFP/NEON, PMU, then boot_main().
 *
 * Entry contract (Linux ARM boot protocol, as QEMU -kernel and U-Boot bootz
 * honour it): ARM state, r0 = 0, r1 = machine type, r2 = DTB (or ATAGS/0),
 * MMU off, D-cache off or cleaned, HYP or SVC (Secure SVC on vexpress).
 */
#include "arch/armv7/sysreg.h"
#include "arch/exit.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.arch_extension sec
	.arch_extension virt

/* adr_l reg, sym: reg = run-time address of sym, in any section (PC-relative
 * literal, resolved at link time: needs no relocation). */
.macro adr_l reg, sym
	ldr	\reg, 1001f
1000:	add	\reg, pc, \reg
	b	1002f
1001:	.word	\sym - (1000b + 8)
1002:
.endm

	.section .text.head, "ax"
	.globl	_head
_head:
	/* zImage header: 8 NOPs, branch, then magic/start/end at 0x24. */
	.rept	8
	mov	r0, r0
	.endr
	b	entry
	.word	ZIMAGE_MAGIC		/* 0x24 */
	.word	0			/* 0x28: start (position independent) */
	.word	__file_size		/* 0x2c: end = size of the file */
	.word	0x04030201		/* 0x30: little-endian */

	.section .text.boot, "ax"
entry:
	mov	r8, r2			/* r8 = DTB pointer */
	mrc	p15, 0, r0, c0, c0, 5	/* MPIDR */
	tst	r0, #(1 << 31)		/* multiprocessing extensions format? */
	beq	1f
	/* The boot CPU is core 0 of its cluster (Aff0), whatever the cluster
	 * number: BCM2836 (Raspberry Pi 2) reports cluster 0xf on every core,
	 * so its boot CPU's MPIDR is 0x80000f00. */
	ands	r0, r0, #0xff
	bne	park_secondary
	/* r10 = entry mode, | FW_CACHE_ON if the firmware left the D-cache on.
	 * (r8, r10, r11 are the registers the cache routines preserve.) */
1:	mrs	r10, cpsr
	and	r10, r10, #MODE_MASK
	cmp	r10, #MODE_HYP
	bne	at_svc

	/* HYP: give SVC the timer, coprocessors and PMU, then drop (ERET). */
	mrc	p15, 4, r0, c1, c0, 0	/* HSCTLR */
	tst	r0, #SCTLR_C
	orrne	r10, r10, #FW_CACHE_ON
	mov	r0, #0
	mcr	p15, 4, r0, c1, c1, 0	/* HCR: no traps, no stage 2 */
	mcr	p15, 4, r0, c1, c1, 3	/* HSTR */
	ldr	r0, =HCPTR_NOTRAP
	mcr	p15, 4, r0, c1, c1, 2	/* HCPTR */
	mrc	p15, 4, r0, c14, c1, 0
	orr	r0, r0, #3		/* CNTHCTL: PL1PCTEN | PL1PCEN */
	mcr	p15, 4, r0, c14, c1, 0
	mov	r0, #0
	mov	r1, #0
	mcrr	p15, 4, r0, r1, c14	/* CNTVOFF = 0 */
	mrc	p15, 0, r0, c9, c12, 0	/* PMCR */
	ubfx	r0, r0, #11, #5		/* PMCR.N -> HDCR.HPMN: SVC sees every counter */
	mcr	p15, 4, r0, c1, c1, 1	/* HDCR */
	adr	r0, at_svc
	msr	elr_hyp, r0
	mov	r0, #(MODE_SVC | PSR_AIF)
	msr	spsr_cxsf, r0		/* in HYP, SPSR is SPSR_hyp (the banked form UNDEFs) */
	eret

at_svc:
	cpsid	aif, #MODE_SVC
	mrc	p15, 0, r0, c1, c0, 0	/* SCTLR */
	tst	r0, #SCTLR_C
	orrne	r10, r10, #FW_CACHE_ON
	ldr	r1, =SCTLR_OFF_BITS	/* MMU, caches, alignment, high vectors, TRE, AFE, TE off */
	bic	r0, r0, r1
	orr	r0, r0, #SCTLR_A	/* alignment checked until the MMU is on: see sysregs.h */
	mcr	p15, 0, r0, c1, c0, 0
	isb
	bl	pmu_start
	bl	vfp_enable

	/* Caches: as on AArch64 (boot/aarch64/entry.S): clean+invalidate what a
	 * firmware left on or a loader that passed r2 (DTB/ATAGS) may have left
	 * dirty, else invalidate what reset left (never clean it). */
	tst	r10, #FW_CACHE_ON
	cmpeq	r8, #0
	beq	2f
	bl	dcache_clean_inval_all_nostack
	b	3f
2:	bl	dcache_inval_all_nostack
3:	mov	r0, #0
	mcr	p15, 0, r0, c7, c5, 0	/* ICIALLU */
	mcr	p15, 0, r0, c7, c5, 6	/* BPIALL */
	dsb
	isb

	/* Self-relocation: apply R_ARM_RELATIVE (REL: the addend is in place). */
	adr_l	r0, _head
	ldr	r1, =LINK_BASE_VALUE
	subs	r11, r0, r1		/* r11 = load delta */
	beq	5f
	adr_l	r2, __rel_start
	adr_l	r3, __rel_end
4:	cmp	r2, r3
	bhs	5f
	ldmia	r2!, {r4, r5}		/* r_offset, r_info */
	and	r5, r5, #0xff
	cmp	r5, #R_ARM_RELATIVE	/* the build rejects any other type */
	bne	4b
	ldr	r6, [r4, r11]
	add	r6, r6, r11
	str	r6, [r4, r11]
	b	4b
5:
	/* BSS (MMU off: plain stores). */
	adr_l	r0, __bss_start
	adr_l	r1, __bss_end
	mov	r2, #0
	mov	r3, #0
6:	cmp	r0, r1
	strdlo	r2, r3, [r0], #8
	blo	6b

	/* Stacks: SVC on its own; ABT, UND, IRQ, FIQ share the exception stack,
	 * so an SVC stack overflow into its guard page can still be reported. */
	adr_l	r0, __exc_stack_top
	cps	#MODE_ABT
	mov	sp, r0
	cps	#MODE_UND
	mov	sp, r0
	cps	#MODE_IRQ
	mov	sp, r0
	cps	#MODE_FIQ
	mov	sp, r0
	cps	#MODE_SVC
	adr_l	r0, __stack_top
	mov	sp, r0
	adr_l	r0, exception_vectors
	mcr	p15, 0, r0, c12, c0, 0	/* VBAR */
	isb

	mov	r0, r8			/* dtb */
	and	r1, r10, #MODE_MASK	/* entry mode */
	mov	r2, r11			/* load delta */
	lsr	r3, r10, #FW_CACHE_ON_SHIFT /* firmware left caches on */
	bl	boot_main
	mov	r0, #EXIT_BOOT_RETURNED
	bl	platform_exit

/* Secondary CPUs: park with interrupts masked. */
park_secondary:
	cpsid	aif
1:	wfe
	b	1b

/*
 * void pmu_start(void)
 * Event counter 0 on INST_RETIRED (0x08) and the cycle counter, if ID_DFR0
 * reports a PMUv1/v2 (PerfMon 1..0xe). Clobbers r0, r1. No stack.
 */
	.globl	pmu_start
pmu_start:
	mrc	p15, 0, r0, c0, c1, 2	/* ID_DFR0 */
	ubfx	r0, r0, #24, #4
	cmp	r0, #0
	cmpne	r0, #0xf
	beq	1f
	mov	r0, #0
	mcr	p15, 0, r0, c9, c12, 5	/* PMSELR = 0 */
	mov	r0, #PMU_EVT_INST_RETIRED
	mcr	p15, 0, r0, c9, c13, 1	/* PMXEVTYPER */
	mov	r0, #(PMCR_E | PMCR_P | PMCR_C)
	mcr	p15, 0, r0, c9, c12, 0	/* PMCR */
	ldr	r0, =0x80000001
	mcr	p15, 0, r0, c9, c12, 1	/* PMCNTENSET: cycle counter + counter 0 */
	isb
1:	bx	lr

/*
 * void vfp_enable(void)
 * Full access to CP10/CP11 in CPACR; if that sticks, the CPU has VFP (and
 * maybe NEON): set FPEXC.EN. Clobbers r0. No stack. (ARM ARM B4.1.40 CPACR,
 * B6.1.41 FPEXC; the ISB makes the CPACR write visible to the VMSR.)
 */
	.globl	vfp_enable
vfp_enable:
	mrc	p15, 0, r0, c1, c0, 2
	orr	r0, r0, #(0xf << 20)
	mcr	p15, 0, r0, c1, c0, 2
	isb
	mrc	p15, 0, r0, c1, c0, 2
	and	r0, r0, #(0xf << 20)
	cmp	r0, #(0xf << 20)
	bxne	lr
	mov	r0, #(1 << 30)
	.fpu	vfpv3
	vmsr	fpexc, r0
	bx	lr
	.ltorg
