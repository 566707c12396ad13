/*
 * bringup ARMv7-A entry: zImage header, HYP -> SVC, self-relocation, BSS,
 * stacks for every exception mode, vectors, VFP/NEON, PMU, then boot_main().
 *
 * Entry contract (Linux ARM boot protocol, as QEMU -kernel and U-Boot bootz
 * honour it): ARM state, r0 = 0, r1 = machine type, r2 = DTB (or ATAGS/0),
 * MMU off, D-cache off or cleaned, HYP or SVC (Secure SVC on vexpress).
 */
#include "arch/asm.h"
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
/*
 * _head: the image's first byte and ELF entry point, and the zImage header
 * (as Linux arch/arm/boot/compressed/head.S lays it out): 8 NOPs and the
 * branch are code, then magic/start/end/endianness at 0x24 are data.
 * Not called from C: entry state is the entry contract above. Clobbers
 * nothing. No stack.
 */
FUNC _head
	.rept	8
	mov	r0, r0
	.endr
	b	entry
	.word	ZIMAGE_MAGIC		/* 0x24 */
	.word	0			/* 0x28: start (position independent) */
	.word	__file_size		/* 0x2c: end = size of the file */
	.word	0x04030201		/* 0x30: little-endian */
ENDFUNC _head

	.section .text.boot, "ax"
/*
 * entry: not called from C. Entry state: the entry contract above, from
 * _head. Parks every CPU but the boot one, sets r8 = DTB and r10 = entry
 * mode (| FW_CACHE_ON). In HYP it gives SVC the timer, coprocessors and
 * PMU and drops to at_svc with ERET, which loads PC from ELR_hyp and CPSR
 * from SPSR_hyp and, as an exception return, is a context synchronization
 * operation for the HYP register writes before it (ARM ARM DDI 0406C
 * B9.3.3 ERET; HCR B4.1.65, HSTR B4.1.73, HCPTR B4.1.64, HDCR B4.1.66,
 * CNTHCTL B4.1.22, CNTVOFF B4.1.35). In SVC it branches to at_svc.
 * Clobbers: r0, r1, r8, r10, flags. No stack.
 */
LOCAL_FUNC entry
	mov	r8, r2			/* r8 = DTB pointer */
	mrc	p15, 0, r0, c0, c0, 5	/* MPIDR */
	tst	r0, #MPIDR_MP_FORMAT	/* multiprocessing extensions format? */
	beq	1f
	/* The boot CPU is core 0 of its cluster (Aff0), whatever the cluster
	 * number: BCM2836 (Raspberry Pi 2) reports cluster 0xf on every core,
	 * so its boot CPU's MPIDR is 0x80000f00. */
	ands	r0, r0, #MPIDR_AFF0_MASK
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
	orr	r0, r0, #(CNTHCTL_PL1PCTEN | CNTHCTL_PL1PCEN) /* CNTHCTL */
	mcr	p15, 4, r0, c14, c1, 0
	mov	r0, #0
	mov	r1, #0
	mcrr	p15, 4, r0, r1, c14	/* CNTVOFF = 0 */
	mrc	p15, 0, r0, c9, c12, 0	/* PMCR */
	ubfx	r0, r0, #PMCR_N_SHIFT, #PMCR_N_BITS /* PMCR.N -> HDCR.HPMN: SVC sees every counter */
	mcr	p15, 4, r0, c1, c1, 1	/* HDCR */
	adr	r0, at_svc
	msr	elr_hyp, r0
	mov	r0, #(MODE_SVC | PSR_AIF)
	msr	spsr_cxsf, r0		/* in HYP, SPSR is SPSR_hyp (the banked form UNDEFs) */
	eret
ENDFUNC entry

/*
 * at_svc: not called from C. Entry state: SVC or HYP's ERET into SVC, MMU
 * off, r8 and r10 as entry sets them. CPSID into SVC with A, I, F masked
 * (B9.3.2 CPS); SCTLR (B4.1.130) to MMU/caches off, alignment checked, then
 * ISB so the write takes effect before what follows (A3.8.3 "Memory
 * barriers"); pmu_start, vfp_enable; D-cache set/way maintenance to LoC,
 * ICIALLU (B4.1.78) and BPIALL (B4.1.16), DSB so they complete, ISB so
 * the next fetch sees it (A3.8.3; B2.2 "Caches and memory hierarchy");
 * self-relocation; BSS; the exception modes' and SVC's stacks; VBAR
 * (B4.1.156), ISB. Then boot_main(dtb, entry mode, load delta, firmware
 * cache state) and, if that returns, platform_exit(EXIT_BOOT_RETURNED).
 * Never returns. Clobbers: every register. Stack: none until the ones it
 * sets up just before boot_main.
 */
LOCAL_FUNC at_svc
	cpsid	aif, #MODE_SVC
	mrc	p15, 0, r0, c1, c0, 0	/* SCTLR */
	tst	r0, #SCTLR_C
	orrne	r10, r10, #FW_CACHE_ON
	ldr	r1, =SCTLR_OFF_BITS	/* MMU, caches, alignment, high vectors, TRE, AFE, TE off */
	bic	r0, r0, r1
	orr	r0, r0, #SCTLR_A	/* alignment checked until the MMU is on: see arch/armv7/sysreg.h */
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
	and	r5, r5, #0xff		/* ELF32_R_TYPE(r_info) */
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
ENDFUNC at_svc

/*
 * park_secondary: not called from C. Entry state: a secondary CPU from
 * entry, HYP or SVC, MMU off. Masks A, I, F and waits in WFE for ever: only
 * the boot CPU runs bringup. Clobbers: nothing. No stack.
 */
LOCAL_FUNC park_secondary
	cpsid	aif
1:	wfe
	b	1b
ENDFUNC park_secondary

/*
 * void pmu_start(void)
 * Event counter 0 on INST_RETIRED (0x08) and the cycle counter, if ID_DFR0
 * (B4.1.82) reports an architected PMU (PerfMon neither 0 nor 0xf): PMSELR,
 * PMXEVTYPER, PMCR, PMCNTENSET (B4.1.122, B4.1.126, B4.1.117, B4.1.116),
 * then ISB so counting has started before the next instruction (A3.8.3).
 * Clobbers: r0, flags. No stack.
 */
FUNC pmu_start
	mrc	p15, 0, r0, c0, c1, 2	/* ID_DFR0 */
	ubfx	r0, r0, #ID_DFR0_PMU_SHIFT, #ID_DFR0_PMU_BITS /* PerfMon */
	cmp	r0, #0
	cmpne	r0, #PERFMON_IMPDEF
	beq	1f
	mov	r0, #0
	mcr	p15, 0, r0, c9, c12, 5	/* PMSELR = 0 */
	mov	r0, #PMU_EVT_INST_RETIRED
	mcr	p15, 0, r0, c9, c13, 1	/* PMXEVTYPER */
	mov	r0, #(PMCR_E | PMCR_P | PMCR_C)
	mcr	p15, 0, r0, c9, c12, 0	/* PMCR */
	ldr	r0, =(PMCNTEN_C | PMCNTEN_P0)
	mcr	p15, 0, r0, c9, c12, 1	/* PMCNTENSET: cycle counter + counter 0 */
	isb
1:	bx	lr
ENDFUNC pmu_start

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

	.ltorg				/* the LDR = literals of the routines above */
