/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bringup ARMv7-A entry: zImage header, HYP vectors, the boot CPU, HYP ->
 * SVC, self-relocation, BSS, stacks for every exception mode, vectors,
 * VFP/NEON, PMU, then boot_main().
 *
 * Entry contract (Linux ARM boot protocol, as QEMU -kernel and U-Boot bootz
 * honour it): ARM state, r0 = 0, r1 = machine type, r2 = DTB (or ATAGS/0),
 * MMU off, D-cache off or cleaned, HYP or SVC (Secure SVC on vexpress), on
 * any CPU. Which CPU runs bringup: the one a loader handed over to (r2 !=
 * 0), whatever its MPIDR; with no handover (r2 = 0) every core may have
 * entered at once (the Pi 2's firmware can start all four here): one is
 * elected (boot_elect) and the others park in WFE (park_secondary,
 * boot/armv7/secondary.S).
 */
#include "arch/asm.h"
#include "arch/armv7/sysreg.h"
#include "arch/exit.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.arch_extension sec
	.arch_extension virt

/* adr_l: arch/asm.h. */

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

/* The election's slots: Aff0[3:0] and Aff1[3:0] (boot_elect). */
#define ELECT_AFF_BITS 4
#define ELECT_SLOTS    (1 << (2 * ELECT_AFF_BITS))

	.section .text.boot, "ax"
/*
 * entry: not called from C. Entry state: the entry contract above, from
 * _head. In HYP first points HVBAR (B4.1.77) at bringup's hyp_vectors
 * (arch/armv7/vectors.S: a fault from here on is reported, not a jump
 * through an UNKNOWN HVBAR), ISB so it is in use (A3.8.3). Notes the entry
 * mode's SCTLR/HSCTLR.C, the firmware's cache state, before anything
 * writes it. Then boot_elect (see boot/aarch64/entry.S: the CPU a loader
 * handed over to, r2 != 0, runs bringup; with no handover one is elected
 * among those that entered and the others park). That one clears
 * higher_el_c_ready. In SVC it branches to at_svc. In HYP: HSCTLR with MMU,
 * caches, alignment check, WXN, FI, EE and TE cleared (B4.1.71: the HYP
 * vectors run in ARM state, little-endian) and ISB; VPIDR/VMPIDR =
 * MIDR/MPIDR (B4.1.158, B4.1.157: what PL1 reads as its MIDR/MPIDR, UNKNOWN
 * at reset); gives SVC the timer and coprocessors; with a PMU (ID_DFR0
 * B4.1.82 PerfMon neither 0 nor 0xf) every event counter (HDCR.HPMN =
 * PMCR.N), else HDCR = 0 and PMCR untouched (no PMU: PMCR is not there);
 * then drops to at_svc with ERET, which loads PC from ELR_hyp and CPSR from
 * SPSR_hyp and, as an exception return, is a context synchronization
 * operation for the HYP register writes before it (ARM ARM DDI 0406C
 * B9.3.3 ERET; HCR B4.1.65, HSTR B4.1.73, HCPTR B4.1.64, HDCR B4.1.66,
 * CNTHCTL B4.1.22, CNTVOFF B4.1.35).
 * Sets r8 = DTB and r10 = entry mode (| FW_CACHE_ON); in HYP r11 =
 * at_svc for hyp_to_svc. Clobbers: r0-r8, r10, r11, lr, flags. No stack.
 */
LOCAL_FUNC entry
	mov	r8, r2			/* r8 = DTB pointer */
	/* r10 = entry mode, | FW_CACHE_ON if the firmware left the D-cache on.
	 * (r8, r10, r11 are the registers the cache routines preserve.) */
	mrs	r10, cpsr
	and	r10, r10, #MODE_MASK
	cmp	r10, #MODE_HYP
	bne	1f
	adr_l	r0, hyp_vectors
	mcr	p15, 4, r0, c12, c0, 0	/* HVBAR */
	isb
	mrc	p15, 4, r0, c1, c0, 0	/* HSCTLR */
	b	2f
1:	mrc	p15, 0, r0, c1, c0, 0	/* SCTLR */
2:	tst	r0, #SCTLR_C
	orrne	r10, r10, #FW_CACHE_ON
	subs	r0, r8, #0
	movne	r0, #1			/* a DTB/ATAGS pointer: a loader's handover */
	bl	boot_elect		/* returns on the CPU that runs bringup only */
	adr_l	r0, higher_el_c_ready
	mov	r1, #0
	str	r1, [r0]		/* no C in HYP until relocated (a re-entry finds 1) */
	and	r0, r10, #MODE_MASK
	cmp	r0, #MODE_HYP
	bne	at_svc
	adr	r11, at_svc
	b	hyp_to_svc
ENDFUNC entry

/*
 * void boot_elect(bool handover) -- not C-callable (a loser never
 * returns). Lamport's bakery algorithm over plain loads and stores with
 * the MMU off, one-shot, as boot/aarch64/entry.S describes: every data
 * access is then Strongly-ordered (B3.2.1 "VMSA behavior when a stage 1
 * MMU is disabled"), Shareable and uncached (A3.5.5), so aligned word
 * accesses are single-copy atomic accesses to memory itself, ordered for
 * every observer by DMB (A3.8.3); the exclusives are UNPREDICTABLE there
 * (Cortex-A15 TRM 6.4.5 "Synchronization primitives"; A3.4.5). handover
 * (r0 != 0): take a ticket and return. Else take one and return only if
 * no other slot holds a smaller one (ties: the lower slot wins); a CPU that
 * loses branches to park_secondary and writes nothing more. The slot:
 * MPIDR Aff1[3:0]:Aff0[3:0] (B4.1.106) -- BCM2836's cluster 0xf keeps its
 * four cores apart --, slot 0 when MPIDR is not in the Multiprocessing
 * Extensions format (a uniprocessor: Cortex-A8). The table is the
 * image's, as loaded (.data).
 * Entry state: any mode, MMU off, r0 = handover. Clobbers: r0-r7, flags.
 * No stack.
 */
LOCAL_FUNC boot_elect
	mrc	p15, 0, r1, c0, c0, 5	/* MPIDR */
	tst	r1, #MPIDR_MP_FORMAT
	moveq	r1, #0
	ubfx	r2, r1, #MPIDR_AFF1_SHIFT, #ELECT_AFF_BITS
	ubfx	r1, r1, #MPIDR_AFF0_SHIFT, #ELECT_AFF_BITS
	orr	r1, r1, r2, lsl #ELECT_AFF_BITS /* r1 = this CPU's slot */
	adr_l	r2, elect_choosing
	adr_l	r3, elect_ticket
	mov	r4, #1
	str	r4, [r2, r1, lsl #2]	/* choosing[me] = 1 */
	dmb
	mov	r4, #0			/* r4 = the largest ticket taken so far */
	mov	r5, #0
1:	ldr	r6, [r3, r5, lsl #2]
	cmp	r6, r4
	movhi	r4, r6
	add	r5, r5, #1
	cmp	r5, #ELECT_SLOTS
	blo	1b
	add	r4, r4, #1		/* r4 = this CPU's ticket: one more */
	str	r4, [r3, r1, lsl #2]
	dmb				/* the ticket is seen before choosing[me] = 0 */
	mov	r6, #0
	str	r6, [r2, r1, lsl #2]
	dmb				/* ... and before the reads below */
	cmp	r0, #0
	bxne	lr			/* a handover: it runs bringup */
	mov	r5, #0
2:	cmp	r5, r1
	beq	4f
3:	ldr	r6, [r2, r5, lsl #2]	/* wait while slot r5 is drawing a ticket */
	cmp	r6, #0
	bne	3b
	dmb
	ldr	r6, [r3, r5, lsl #2]
	cmp	r6, #0
	beq	4f			/* none: it will draw a larger one than ours */
	cmp	r6, r4
	blo	park_secondary		/* a smaller ticket: that CPU runs bringup */
	bne	4f
	cmp	r5, r1
	blo	park_secondary		/* the same ticket: the lower slot wins */
4:	add	r5, r5, #1
	cmp	r5, #ELECT_SLOTS
	blo	2b
	bx	lr
ENDFUNC boot_elect

/*
 * at_svc: not called from C. Entry state: SVC or HYP's ERET into SVC, MMU
 * off, r8 and r10 as entry sets them. CPSID into SVC with A, I, F masked
 * (B9.3.2 CPS); SCTLR (B4.1.130) to MMU/caches off, alignment checked, then
 * ISB so the write takes effect before what follows (A3.8.3 "Memory
 * barriers"); pmu_start, vfp_enable; D-cache maintenance (after a loader:
 * set/way to LoC; cold: L1 by set/way, the image by VA, below),
 * ICIALLU (B4.1.78) and BPIALL (B4.1.16), DSB so they complete, ISB so
 * the next fetch sees it (A3.8.3; B2.2 "Caches and memory hierarchy");
 * self-relocation; BSS; the exception modes' and SVC's stacks; VBAR
 * (B4.1.156), ISB; higher_el_c_ready. Then boot_main(dtb, entry mode, load
 * delta, firmware cache state) and, if that returns,
 * platform_exit(EXIT_BOOT_RETURNED).
 * Never returns. Clobbers: every register. Stack: none until the ones it
 * sets up just before boot_main.
 */
LOCAL_FUNC at_svc
	cpsid	aif, #MODE_SVC
	mrc	p15, 0, r0, c1, c0, 0	/* SCTLR */
	ldr	r1, =SCTLR_OFF_BITS	/* MMU, caches, alignment, high vectors, TRE, AFE, TE off */
	bic	r0, r0, r1
	orr	r0, r0, #SCTLR_A	/* alignment checked until the MMU is on: see arch/armv7/sysreg.h */
	mcr	p15, 0, r0, c1, c0, 0
	isb
	bl	pmu_start
	bl	vfp_enable

	/* Caches. Entered with the D-cache on, or from a loader that passed
	 * r2 (DTB/ATAGS: it ran with its caches on and may have left dirty
	 * lines), those lines are real data: clean+invalidate by set/way to
	 * LoC, as boot/aarch64/entry.S does.
	 *
	 * Entered cold (r2 = 0, caches off): never set/way beyond L1. A shared
	 * L2 may hold other masters' dirty lines, which an invalidate by
	 * set/way would drop, and set/way misses system caches (DDI 0406C
	 * B2.2.6: set/way operations are for power-up and power-down of the
	 * caches of this processor). What the core itself needs: its L1 may
	 * come out of reset holding UNKNOWN contents that software must
	 * invalidate before the caches are enabled (DDI 0406C B2.2.2 "Behavior
	 * of the caches at reset"), as the Cortex-A9's does (its TRM's start-up
	 * sequence invalidates the L1 data cache); never cleaned, which would
	 * write lines of undefined data and tags back. So the L1 alone by
	 * set/way (dcache_inval_l1, cache/armv7/setway.S: what Linux
	 * arch/arm/mm/cache-v7.S v7_invalidate_l1 does, on every MP core in
	 * arch/arm/mm/proc-v7.S), then, for the levels beyond, what an earlier
	 * stage may have left there of the memory bringup writes with the MMU
	 * off: all inside [__image_start, __image_end) (relocations, BSS,
	 * stacks, page tables, boot_elect's table; the secondaries' stacks
	 * are heap, first written with the MMU on): DCIMVAC per line to PoC (B4.2.1;
	 * the image is whole, clean lines as loaded, so nothing is lost),
	 * stride CTR.DminLine, after a DMB so the stores before are ordered
	 * before it (A3.8.3; Linux arch/arm64/kernel/head.S does the same
	 * with "dmb sy" before its DC IVAC with the MMU off). With SCTLR.C = 0
	 * every data access is Strongly-ordered, never cached or read
	 * speculatively (B3.2.1), so no line comes back before the MMU is on. */
	tst	r10, #FW_CACHE_ON
	cmpeq	r8, #0
	beq	2f
	bl	dcache_clean_inval_all_nostack
	b	3f
2:	bl	dcache_inval_l1_nostack	/* clobbers r0-r7, r9, r12 */
	mrc	p15, 0, r2, c0, c0, 1	/* CTR */
	ubfx	r2, r2, #CTR_DMINLINE_SHIFT, #CTR_LINE_BITS
	mov	r3, #4
	lsl	r2, r3, r2		/* r2 = smallest D-cache line, bytes */
	adr_l	r0, __image_start
	adr_l	r1, __image_end
	dmb
	bl	dcache_inval_poc_lines	/* DCIMVAC per line, DSB; clobbers r0-r3, r12 */
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
	exc_stacks r0
	adr_l	r0, __stack_top
	mov	sp, r0
	adr_l	r0, exception_vectors
	mcr	p15, 0, r0, c12, c0, 0	/* VBAR */
	isb
	/* Relocated, BSS clear: the HYP vectors may call C to report. */
	adr_l	r0, higher_el_c_ready
	mov	r1, #1
	str	r1, [r0]

	mov	r0, r8			/* dtb */
	and	r1, r10, #MODE_MASK	/* entry mode */
	mov	r2, r11			/* load delta */
	lsr	r3, r10, #FW_CACHE_ON_SHIFT /* firmware left caches on */
	bl	boot_main
	mov	r0, #EXIT_BOOT_RETURNED
	bl	platform_exit
ENDFUNC at_svc

	.ltorg				/* the LDR = literals of the routines above */

/*
 * The election table (boot_elect): in the loaded image, zero as loaded,
 * written and read with the MMU off only.
 */
	.section .data.boot_elect, "aw"
	.balign	4
elect_choosing:
	.fill	ELECT_SLOTS, 4, 0
elect_ticket:
	.fill	ELECT_SLOTS, 4, 0
