/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bringup ARMv7-A secondary CPUs: the entry point a secondary starts at
 * (PSCI CPU_ON's entry_point_address, or a board's release mechanism), and
 * its power-down.
 *
 * Entry contract: ARM state, MMU off, HYP or SVC (PSCI starts a CPU in
 * the highest Non-secure mode: DEN0022 "CPU_ON", so in HYP where the
 * Virtualization Extensions are), r0 = context_id or anything: the CPU
 * finds its struct smp_args by its own MPIDR in the smp_args table (smp/smp.h),
 * which the boot CPU filled and cleaned to memory before starting it.
 */
#include "arch/asm.h"
#include "arch/cacheid.h"
#include "arch/psci.h"
#include "arch/armv7/sysreg.h"
#include "boot/secondary.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.arch_extension sec
	.arch_extension virt

	.text
/*
 * void secondary_entry(void) -- not called from C: the entry contract
 * above. In HYP points HVBAR at hyp_vectors and drops to secondary_svc
 * through hyp_to_svc (boot/armv7/entry.S, r11 = where to go), which sets up
 * HYP for this CPU as for the boot CPU. r0 at entry (PSCI CPU_ON's context
 * ID, DEN0022 "CPU_ON") is kept in r10, which nothing on the way down
 * touches (the *_nostack cache routines preserve it), and reaches fn as its
 * second argument. Clobbers: r0, r1, r10, r11, flags. No stack.
 */
FUNC secondary_entry
	mov	r10, r0			/* PSCI CPU_ON's context ID, for smp_secondary_main */
	adr	r11, secondary_svc
	mrs	r0, cpsr
	and	r0, r0, #MODE_MASK
	cmp	r0, #MODE_HYP
	bne	secondary_svc
	adr_l	r0, hyp_vectors
	mcr	p15, 4, r0, c12, c0, 0	/* HVBAR */
	isb
	b	hyp_to_svc
ENDFUNC secondary_entry

/*
 * uint32_t actlr_smp_core(void) -- internal, no stack: r0 = the ACTLR bits
 * this core needs for coherency (SMP, and FW on the Cortex-A9/A5: the lists
 * in arch/armv7/sysreg.h, through actlr_smp_bits_asm, arch/armv7/actlr.S),
 * 0 on a core without them. Clobbers: r0-r2, lr, flags.
 */
LOCAL_FUNC actlr_smp_core
	mrc	p15, 0, r0, c0, c0, 0	/* MIDR */
	b	actlr_smp_bits_asm	/* returns to our caller */
ENDFUNC actlr_smp_core

/*
 * secondary_svc: not called from C. Entry state: SVC (or HYP's ERET into
 * it), MMU off. CPSID into SVC with A, I, F masked; SCTLR MMU/caches off,
 * alignment checked, ISB; VFP on. Finds this CPU's smp_args (key = MPIDR
 * Aff2..0 | SMP_KEY_VALID; none yet: a release meant for another CPU woke
 * this one, so it waits in the holding pen, park_secondary, for its own).
 * ACTLR.SMP where the core has it, with ACTLR.FW on the Cortex-A9/A5 (they
 * must be set before the caches and MMU are on for the L1 to take part in
 * coherency and for its maintenance to be broadcast: Cortex-A9 TRM 4.3.10,
 * Cortex-A15 TRM 4.3.28; Linux arch/arm/mm/proc-v7.S __v7_ca9mp_setup),
 * written only if a bit is missing (arch/armv7/sysreg.h), ISB. Its own L1
 * invalidated by set/way, L1 alone (dcache_inval_l1, cache/armv7/setway.S),
 * never cleaned (its contents are UNKNOWN after reset: DDI 0406C B2.2.2;
 * Linux v7_invalidate_l1 for the same CPUs) and never beyond L1 (that
 * would drop the boot CPU's dirty lines in a shared L2; it also covers the
 * Cortex-A9 r0pX, whose CLIDR says LoUIS 0: erratum 643719), ICIALLU,
 * BPIALL, TLBIALL, DSB, ISB. VBAR (B4.1.156) = the boot CPU's vectors, ISB,
 * before the MMU is on (with VBAR at its reset value, 0, an abort while
 * the MMU comes on would jump to whatever is at 0). Then the boot CPU's
 * DACR, TTBCR, TTBR0, ISB, SCTLR (M, C, I, Z), ISB (B3.2, "Enabling and
 * disabling the MMU"). Only then stacks: the ABT/UND/IRQ/FIQ ones on its
 * exception stack, SVC on its own; then fn(arg, r10, r11: its security
 * state, security_probe's, read before anything else), which does not
 * return (smp_secondary_main). No write to memory before the MMU and
 * caches are on. Never returns. Clobbers: every register.
 */
LOCAL_FUNC secondary_svc
	cpsid	aif, #MODE_SVC
	mrc	p15, 0, r0, c1, c0, 0	/* SCTLR */
	ldr	r1, =SCTLR_OFF_BITS
	bic	r0, r0, r1
	orr	r0, r0, #SCTLR_A
	mcr	p15, 0, r0, c1, c0, 0
	isb
	bl	security_probe		/* r11 = SMP_SEC_* */
	bl	vfp_enable
	mrc	p15, 0, r1, c0, c0, 5	/* MPIDR */
	ldr	r2, =MPIDR_AFF_MASK	/* Aff2..Aff0 */
	and	r1, r1, r2
	mov	r3, #SMP_KEY_VALID_HI
	adr_l	r8, smp_args_table
	ldr	r2, [r8, #SMP_TABLE_COUNT]	/* the count first: published last */
	ldr	r8, [r8, #SMP_TABLE_ARGS]
	cmp	r2, #0
	beq	park_secondary
1:	ldr	r4, [r8, #SMP_ARGS_KEY]
	ldr	r5, [r8, #(SMP_ARGS_KEY + 4)]
	cmp	r4, r1
	cmpeq	r5, r3
	beq	2f
	add	r8, r8, #SMP_ARGS_SIZE
	subs	r2, r2, #1
	bne	1b
	b	park_secondary		/* not (yet) a CPU the boot CPU started: the pen */
2:	bl	actlr_smp_core		/* r0 = SMP [| FW], or 0 */
	mrc	p15, 0, r1, c1, c0, 1	/* ACTLR */
	bics	r2, r0, r1		/* a bit missing? (write only then: see sysreg.h) */
	orrne	r1, r1, r0
	mcrne	p15, 0, r1, c1, c0, 1
	isb
	bl	dcache_inval_l1_nostack	/* clobbers r0-r7, r9, r12 */
	mov	r0, #0
	mcr	p15, 0, r0, c7, c5, 0	/* ICIALLU */
	mcr	p15, 0, r0, c7, c5, 6	/* BPIALL */
	mcr	p15, 0, r0, c8, c7, 0	/* TLBIALL */
	dsb
	isb
	adr_l	r0, exception_vectors	/* before the MMU is on: a fault while */
	mcr	p15, 0, r0, c12, c0, 0	/* enabling it is reported (VBAR) */
	isb
	ldr	r0, [r8, #SMP_ARGS_MMU]	/* DACR */
	mcr	p15, 0, r0, c3, c0, 0
	ldr	r0, [r8, #(SMP_ARGS_MMU + 8)]	/* TTBCR */
	mcr	p15, 0, r0, c2, c0, 2
	ldr	r0, [r8, #(SMP_ARGS_MMU + 16)]	/* TTBR0 */
	mcr	p15, 0, r0, c2, c0, 0
	isb
	ldr	r0, [r8, #(SMP_ARGS_MMU + 24)]	/* SCTLR */
	mcr	p15, 0, r0, c1, c0, 0
	isb
	ldr	r0, [r8, #SMP_ARGS_EXC_SP]
	exc_stacks r0
	ldr	sp, [r8, #SMP_ARGS_SP]
	ldr	r3, [r8, #SMP_ARGS_FN]
	ldr	r0, [r8, #SMP_ARGS_ARG]
	mov	r1, r10			/* the context ID secondary_entry kept */
	mov	r2, r11			/* its security state, security_probe's */
	blx	r3
	b	secondary_park
ENDFUNC secondary_svc

/*
 * unsigned security_probe(void) -- internal, its result in r11, not r0:
 * called from secondary_svc (SVC, MMU off, SCTLR.V and TE clear, A, I, F
 * masked), no stack, no memory write. r11 = this CPU's security state
 * (boot/secondary.h SMP_SEC_*): SMP_SEC_NONE without the Security
 * Extensions (ID_PFR1.Security 0, DDI 0406C B4.1.94), else an MRC of SCR,
 * which reads at Secure PL1 and is UNDEFINED at Non-secure PL1 (B4.1.129):
 * VBAR (banked: the current state's) points at security_probe_vectors for
 * it, whose Undefined entry sets r11 to SMP_SEC_NONSECURE and returns past
 * the MRC (LR_und is its address + 4 in ARM state: DDI 0406C B1.9, the
 * Undefined Instruction exception). secondary_svc sets VBAR again (the
 * boot CPU's vectors) before the MMU is on. Clobbers: r0, r11, flags;
 * LR_und and SPSR_und.
 */
LOCAL_FUNC security_probe
	mrc	p15, 0, r0, c0, c1, 1	/* ID_PFR1 */
	ubfx	r0, r0, #4, #4		/* Security */
	cmp	r0, #0
	moveq	r11, #SMP_SEC_NONE
	bxeq	lr
	adr_l	r0, security_probe_vectors
	mcr	p15, 0, r0, c12, c0, 0	/* VBAR */
	isb
	mov	r11, #SMP_SEC_SECURE
	mrc	p15, 0, r0, c1, c1, 0	/* SCR: UNDEFINED if Non-secure */
	bx	lr
ENDFUNC security_probe

/*
 * security_probe_vectors: security_probe's vector table (VBAR needs 32-byte
 * alignment, B4.1.156). Undefined: r11 = SMP_SEC_NONSECURE, back to the
 * instruction after the MRC, SPSR restored (MOVS PC, LR). Any other
 * exception stops the CPU there (it is then not online within
 * SMP_START_TIMEOUT_MS: reported as not come up). Clobbers: r11.
 */
LOCAL_FUNC security_probe_vectors, 32
	b	.			/* reset */
	b	1f			/* Undefined */
	b	.			/* SVC */
	b	.			/* Prefetch Abort */
	b	.			/* Data Abort */
	b	.			/* HYP trap (not taken here) */
	b	.			/* IRQ */
	b	.			/* FIQ */
1:	mov	r11, #SMP_SEC_NONSECURE
	movs	pc, lr
ENDFUNC security_probe_vectors

/*
 * park_secondary: not called from C. Entry state: a CPU that lost
 * boot_elect (boot/armv7/entry.S), or one released before the boot CPU
 * published its smp_args (secondary_svc), HYP or SVC, MMU off. Masks A, I,
 * F and waits in WFE, touching no memory but reads: a holding pen, as
 * boot/aarch64/secondary.S describes; when the smp_args table holds this CPU's key
 * (MPIDR Aff2..0 | SMP_KEY_VALID) it goes to secondary_entry (above).
 * Clobbers: r1-r5, flags. No stack.
 */
FUNC park_secondary
	cpsid	aif
	mrc	p15, 0, r1, c0, c0, 5	/* MPIDR */
	ldr	r2, =MPIDR_AFF_MASK	/* Aff2..Aff0 */
	and	r1, r1, r2
1:	wfe
	adr_l	r2, smp_args_table
	ldr	r3, [r2, #SMP_TABLE_COUNT]	/* the count first: published last */
	ldr	r2, [r2, #SMP_TABLE_ARGS]
	cmp	r3, #0
	beq	1b
2:	ldr	r4, [r2, #SMP_ARGS_KEY]
	ldr	r5, [r2, #(SMP_ARGS_KEY + 4)]
	cmp	r4, r1
	cmpeq	r5, #SMP_KEY_VALID_HI
	beq	secondary_entry
	add	r2, r2, #SMP_ARGS_SIZE
	subs	r3, r3, #1
	bne	2b
	b	1b
ENDFUNC park_secondary

/*
 * secondary_park: not called from C. A, I, F masked, WFE for ever. No
 * memory access. Clobbers: nothing.
 */
LOCAL_FUNC secondary_park
	cpsid	aif
1:	wfe
	b	1b
ENDFUNC secondary_park

/*
 * void smp_psci_cpu_off(bool hvc) -- does not return. The power-down
 * sequence for this CPU (Linux arch/arm/include/asm/cacheflush.h
 * v7_exit_coherency_flush; DEN0022 "CPU_OFF"): SCTLR.C off and ISB, so
 * that no new line is allocated; its own data cache cleaned and
 * invalidated to LoUIS by set/way, with no stack (a push with the D-cache
 * off would go around the dirty line the clean then writes back); CLREX,
 * DSB; then CPU_OFF (0x84000002) by HVC if hvc, else SMC. ACTLR.SMP is left
 * to the firmware: leaving coherency is the last step of its own power-down
 * (U-Boot's sunxi/mx7 PSCI, TF-A's cpu_off), and a Non-secure write where
 * NSACR.NS_SMP is 1 would take the core out before that code runs; Linux
 * arch/arm/kernel/psci_smp.c psci_cpu_die calls CPU_OFF with it set.
 * If that returns
 * (DENIED), the CPU parks. Entry state: SVC, MMU on.
 * Clobbers: every register. No stack.
 */
FUNC smp_psci_cpu_off
	mov	r8, r0
	mrc	p15, 0, r0, c1, c0, 0	/* SCTLR */
	bic	r0, r0, #SCTLR_C
	mcr	p15, 0, r0, c1, c0, 0
	isb
	bl	dcache_clean_inval_louis_nostack /* clobbers r0-r7, r9, r12 */
	clrex
	dsb
	ldr	r0, =PSCI_CPU_OFF
	cmp	r8, #0
	bne	1f
	smc	#0
	b	secondary_park
1:	hvc	#0
	b	secondary_park
ENDFUNC smp_psci_cpu_off

	.ltorg

/*
 * struct smp_args_table smp_args_table (smp/smp.h): in the loaded image
 * (.data), 0 and 0 until smp_init() points it at the heap's struct
 * smp_args[] and cleans it to memory (the count last); a CPU reads it with
 * its MMU off.
 */
	.section .data.smp_args, "aw"
	.balign	8
	.globl	smp_args_table
smp_args_table:
	.fill	16, 1, 0
