/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bringup AArch64 secondary CPUs: the entry point a secondary starts at
 * (PSCI CPU_ON's entry_point_address, or the address written to its
 * spin-table cpu-release-addr), and its power-down.
 *
 * Entry contract: MMU off, any of EL3/EL2/EL1 (PSCI starts a CPU at the
 * highest Non-secure EL: DEN0022 "CPU_ON", so at EL2 where there is one;
 * a spin table releases it at the level it spun at), x0 = context_id (PSCI)
 * or anything (spin-table): the CPU finds its struct smp_args by its own
 * MPIDR in the smp_args table (smp/smp.h), which the boot CPU filled and cleaned
 * to memory before starting it.
 */
#include "arch/asm.h"
#include "arch/psci.h"
#include "arch/aarch64/sysreg.h"
#include "boot/secondary.h"

	.text
/*
 * void secondary_entry(void) -- not called from C: the entry contract
 * above. At EL3/EL2 points VBAR_ELx at higher_el_vectors (as the boot CPU's
 * entry does) and drops to secondary_el1 through from_el3 / from_el2
 * (boot/aarch64/entry.S, x23 = where to go), which set up the levels above
 * EL1 for this CPU as for the boot CPU (from EL3 also cpu_el3_setup: SMPEN
 * and the reset errata). x0 at entry (PSCI CPU_ON's context ID, DEN0022
 * "CPU_ON") is kept in x24, which nothing on the way down touches, and
 * reaches fn as its second argument. Clobbers: x0-x3, x23, x24, x30, flags.
 * No stack.
 */
FUNC secondary_entry
	mov	x24, x0			/* PSCI CPU_ON's context ID, for smp_secondary_main */
	adr	x23, secondary_el1
	mrs	x1, CurrentEL
	lsr	x1, x1, #CURRENTEL_SHIFT
	cmp	x1, #2
	b.lo	secondary_el1
	adr_l	x2, higher_el_vectors
	b.eq	1f
	msr	vbar_el3, x2
	isb
	b	from_el3
1:	msr	vbar_el2, x2
	isb
	b	from_el2
ENDFUNC secondary_entry

/*
 * secondary_el1: not called from C. Entry state: EL1, MMU off. DAIF
 * masked; SCTLR_EL1 to the boot value and FP/SIMD on, each with an ISB
 * (DDI 0487, "Synchronization requirements for AArch64 System registers").
 * Finds this CPU's smp_args (key = MPIDR affinity | SMP_KEY_VALID; none
 * yet: a release meant for another CPU woke this one, so it waits in the
 * holding pen, park_secondary, for its own). Its stack pointers (SP_EL1 =
 * its exception stack, SP_EL0 = its stack; registers only, nothing is
 * written) and VBAR_EL1 = the boot CPU's vectors, then ISB, so that an
 * abort while the MMU is being turned on reaches bringup's vectors with a
 * stack to report on, not an UNKNOWN vector base (VBAR_EL1 resets to an
 * UNKNOWN value: DDI 0487, VBAR_EL1). Then the MMU on the boot CPU's
 * tables: IC IALLU and TLBI VMALLE1 (this PE only; its TLBs and I-cache may
 * hold entries from before reset or an earlier run), DSB NSH to complete
 * them, MAIR/TCR/TTBR0 as the boot CPU has them, ISB, SCTLR_EL1 (M, C, I),
 * ISB (D8.2 / K11 "Enabling the MMU"; the data caches of an ARMv8 Cortex
 * core are invalid after reset, Cortex-A53 TRM "Data cache invalidate on
 * reset"). Coherency of the L1 (CPUECTLR_EL1.SMPEN on the cores of
 * arch/aarch64/cpu.h CPUECTLR_SMPEN_PARTS) is set by cpu_el3_setup when
 * this CPU entered at EL3, else it is the firmware's to set before it
 * releases the core (TF-A lib/cpus/aarch64/cortex_a53.S reset function).
 * Then fn(arg, x24), which does not return (smp_secondary_main). No write to
 * memory before the MMU and caches are on, so no line of this CPU's can go
 * stale against another's. scripts/check-vbar-before-mmu.sh checks the
 * order in the built image. Never returns. Clobbers: every register.
 */
LOCAL_FUNC secondary_el1
	msr	daifset, #DAIF_ALL
	ldr	x1, =SCTLR_EL1_BOOT
	msr	sctlr_el1, x1
	isb
	mov	x1, #CPACR_FPEN
	msr	cpacr_el1, x1
	isb
	mrs	x1, mpidr_el1
	ldr	x2, =MPIDR_AFF_MASK
	and	x1, x1, x2
	orr	x1, x1, #SMP_KEY_VALID
	adr_l	x19, smp_args_table
	ldr	x3, [x19, #SMP_TABLE_COUNT]	/* the count first: published last */
	ldr	x19, [x19, #SMP_TABLE_ARGS]
	cbz	x3, park_secondary
1:	ldr	x2, [x19, #SMP_ARGS_KEY]
	cmp	x2, x1
	b.eq	2f
	add	x19, x19, #SMP_ARGS_SIZE
	subs	x3, x3, #1
	b.ne	1b
	b	park_secondary		/* not (yet) a CPU the boot CPU started: the pen */
2:	ldr	x1, [x19, #SMP_ARGS_EXC_SP]
	mov	sp, x1			/* SP_EL1 (SPSel is 1 here) */
	ldr	x1, [x19, #SMP_ARGS_SP]
	msr	sp_el0, x1
	msr	spsel, #0
	adr_l	x1, exception_vectors
	msr	vbar_el1, x1		/* before the MMU: an abort there is reported */
	ic	iallu
	tlbi	vmalle1
	dsb	nsh
	isb
	ldp	x1, x2, [x19, #SMP_ARGS_MMU]	/* MAIR, TCR */
	msr	mair_el1, x1
	msr	tcr_el1, x2
	ldp	x1, x2, [x19, #(SMP_ARGS_MMU + 16)] /* TTBR0, SCTLR */
	msr	ttbr0_el1, x1
	isb
	msr	sctlr_el1, x2
	isb
	ldp	x2, x0, [x19, #SMP_ARGS_FN]	/* fn, arg */
	mov	x1, x24			/* the context ID secondary_entry kept */
	blr	x2
	b	secondary_park
ENDFUNC secondary_el1

/*
 * park_secondary: not called from C. Entry state: a CPU that lost
 * boot_elect (boot/aarch64/entry.S), or one released before the boot CPU
 * published its smp_args (secondary_el1), any EL, MMU off. Masks DAIF and
 * waits in WFE, touching no memory but reads: a holding pen (as Linux
 * arm64's secondary_holding_pen was). Only the boot CPU runs bringup,
 * until it starts this CPU too (smp/smp.c: every core entered, so the
 * tree's enable-method has no one to start): then the smp_args table holds an
 * entry whose key is this CPU's MPIDR affinity | SMP_KEY_VALID, cleaned to
 * memory before the boot CPU's SEV, and the CPU goes to secondary_entry
 * (above) at the level it waited at. Reads with the MMU off are
 * Device-nGnRnE, from memory itself. Clobbers: x1-x4, flags. No stack.
 */
FUNC park_secondary
	msr	daifset, #DAIF_ALL
	mrs	x1, mpidr_el1
	ldr	x2, =MPIDR_AFF_MASK
	and	x1, x1, x2
	orr	x1, x1, #SMP_KEY_VALID
1:	wfe
	adr_l	x2, smp_args_table
	ldr	x3, [x2, #SMP_TABLE_COUNT]	/* the count first: published last */
	ldr	x2, [x2, #SMP_TABLE_ARGS]
	cbz	x3, 1b
2:	ldr	x4, [x2, #SMP_ARGS_KEY]
	cmp	x4, x1
	b.eq	secondary_entry
	add	x2, x2, #SMP_ARGS_SIZE
	subs	x3, x3, #1
	b.ne	2b
	b	1b
ENDFUNC park_secondary

/*
 * secondary_park: not called from C. DAIF masked, WFE for ever. No
 * memory access. Clobbers: nothing.
 */
LOCAL_FUNC secondary_park
	msr	daifset, #DAIF_ALL
1:	wfe
	b	1b
ENDFUNC secondary_park

/*
 * void smp_psci_cpu_off(bool hvc) -- does not return.
 * The power-down sequence for this CPU (DEN0022 "CPU_OFF": the caller
 * gives up its caches' contents; TF-A lib/psci/psci_off.c, Linux
 * arch/arm64 cpu_psci_cpu_die): SCTLR_EL1.C off and ISB, so that no new
 * line is allocated, then its own data caches cleaned and invalidated to
 * LoUIS by set/way (dcache_clean_inval_louis: no stack, which matters with
 * the D-cache off: a stack push would go around the dirty line the clean
 * then writes back), then CPU_OFF (0x84000002) through the conduit. If that
 * returns (DENIED), the CPU parks. Entry state: EL1, MMU on.
 * Clobbers: every register. No stack.
 */
FUNC smp_psci_cpu_off
	mov	x19, x0
	mrs	x1, sctlr_el1
	bic	x1, x1, #SCTLR_C
	msr	sctlr_el1, x1
	isb
	bl	dcache_clean_inval_louis	/* clobbers x0-x13 */
	ldr	x0, =PSCI_CPU_OFF
	cbnz	x19, 1f
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
