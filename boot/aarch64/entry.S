/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bringup AArch64 entry: arm64 Image header, higher-EL vectors, the boot
 * CPU, drop to EL1, cache maintenance, self-relocation, BSS, stacks,
 * vectors, PMU start, then boot_main().
 *
 * Entry contract (Linux arm64 boot protocol, as QEMU -kernel, U-Boot booti
 * and PSCI CPU_ON with the DTB as context_id honour it): x0 = physical
 * address of the DTB (or 0), MMU off, D-cache off or cleaned, any of
 * EL3/EL2/EL1, on any CPU. An ELF entered by QEMU at EL3 gets x0 = 0 and
 * starts every CPU here.
 *
 * Which CPU runs bringup: the one that entered with a loader's handover (a
 * DTB pointer in x0), whatever its MPIDR -- loaders enter on other cores
 * than Aff 0.0.0.0 (Ampere Altra boots on 0x120000, HiSilicon parts on
 * 0x10000) and PSCI CPU_ON can start any. With no handover (x0 = 0) every
 * core may have entered at once: one is elected (boot_elect) and the
 * others park in WFE (park_secondary, boot/aarch64/secondary.S).
 */
#include "arch/asm.h"
#include "arch/aarch64/sysreg.h"
#include "arch/exit.h"

/* The election's slots: Aff0[3:0] and Aff1[3:0] (boot_elect). */
#define ELECT_AFF_BITS 4
#define ELECT_SLOTS    (1 << (2 * ELECT_AFF_BITS))

	.section .text.head, "ax"
/*
 * _head: the image's first byte and ELF entry point, and the arm64 Image
 * header (Linux Documentation/arch/arm64/booting.rst layout): code0 is the
 * only instruction, the rest is the header's data.
 * Not called from C: entry state is the entry contract above. Clobbers
 * nothing. No stack.
 */
FUNC _head
	b	entry			/* code0 */
	.long	0			/* code1 */
	.quad	0			/* text_offset: QEMU then loads at RAM + 2 MiB */
	.quad	__image_size		/* image_size, bss and stacks included */
	.quad	IMAGE_FLAGS		/* LE, 4 KiB pages, place anywhere */
	.quad	0, 0, 0			/* res2..res4 */
	.ascii	"ARM\x64"		/* magic */
	.long	0			/* res5 (no PE header) */
ENDFUNC _head

	.section .text.boot, "ax"
/*
 * entry: not called from C. Entry state: the entry contract above, from
 * _head. At EL3 / EL2 first points VBAR_EL3 / VBAR_EL2 at bringup's
 * (arch/aarch64/vectors.S: a fault from here on is reported, not a jump
 * through an UNKNOWN vector base), ISB so they are in use (DDI 0487,
 * "Synchronization requirements for AArch64 System registers"). Notes the
 * entry level's SCTLR_ELx.C, the firmware's cache state, before anything
 * writes that register (the lower levels' SCTLRs are UNKNOWN when entered
 * from above, so only the entry level's says anything). Then boot_elect:
 * the CPU that runs bringup returns, any other parks. That one clears
 * higher_el_c_ready and branches to the part for its EL.
 * Sets x19 = DTB, x20 = entry EL, x21 = 1 if the entry level's D-cache was
 * on (from_el3/from_el2/at_el1 keep x19-x21; at_el1 hands them to
 * boot_main), x23 = at_el1. Clobbers: x0-x7, x19-x21, x23, flags. No stack.
 */
LOCAL_FUNC entry
	mov	x19, x0			/* x19 = DTB pointer, kept until boot_main */
	mrs	x20, CurrentEL
	lsr	x20, x20, #CURRENTEL_SHIFT /* x20 = entry EL, reported later */
	cmp	x20, #2
	b.hi	1f
	b.eq	2f
	mrs	x1, sctlr_el1
	b	3f
1:	adr_l	x2, higher_el_vectors
	msr	vbar_el3, x2
	mrs	x1, sctlr_el3
	b	3f
2:	adr_l	x2, higher_el_vectors
	msr	vbar_el2, x2
	mrs	x1, sctlr_el2
3:	isb
	tst	x1, #SCTLR_C
	cset	x21, ne			/* x21 = 1 if the firmware left the D-cache on */
	cmp	x19, #0
	cset	x0, ne			/* a DTB pointer: a loader's handover */
	bl	boot_elect		/* returns on the CPU that runs bringup only */
	adr_l	x1, higher_el_c_ready
	str	wzr, [x1]		/* no C at EL3/EL2 until relocated (a re-entry finds 1) */
	adr	x23, at_el1		/* where from_el3 / from_el2 drop to */
	cmp	x20, #3
	b.eq	from_el3
	cmp	x20, #2
	b.eq	from_el2
	b	at_el1
ENDFUNC entry

/*
 * void boot_elect(bool handover) -- not C-callable (no stack, and a loser
 * never returns). Decides whether this CPU runs bringup.
 *
 * handover (x0 != 0): this CPU was handed the boot (a DTB in x0), so it
 * runs bringup whatever the others do; it still takes a ticket, so that
 * any CPU that enters later without a handover loses to it. Else an
 * election among the CPUs that enter without one, which must work with the
 * MMU and caches off on every one of them: every data access is then
 * Device-nGnRnE (DDI 0487, AArch64 VMSA chapter, "The effects of disabling
 * an address translation stage"), which is Outer Shareable, never cached
 * and never read speculatively (chapter B2, "Device memory"), so plain
 * aligned loads and stores of bytes and halfwords are single-copy atomic
 * (chapter B2, "Single-copy atomicity") accesses to memory itself. The
 * exclusives are not usable there: a Load-Exclusive to Device or
 * Non-cacheable memory needs a global monitor in the interconnect, and
 * without one it aborts (Cortex-A35/A55 TRMs, "Internal exclusive
 * monitor"; ARMv7: Cortex-A15 TRM 6.4.5, UNPREDICTABLE on Device or
 * Strongly-ordered memory). So the election is Lamport's bakery algorithm,
 * which needs only reads and writes (TF-A lib/locks/bakery/ uses it for the
 * same reason), one-shot: nobody ever releases, so a CPU that finds a
 * smaller ticket than its own (or the same ticket in a lower slot) has
 * lost and parks at once instead of waiting. Its ordering requirements (a write
 * observed before the reads after it) are DMB SY between the steps (chapter
 * B2, "Memory barriers": DMB orders the explicit accesses before it before
 * those after it, for every observer in the domain, the full system here).
 *
 * The table, elect_choosing[] and elect_ticket[], is part of the loaded
 * image (.data, zero as loaded; never in BSS: the winner clears BSS while
 * a late CPU may still read the table). One slot per CPU,
 * Aff1[3:0]:Aff0[3:0]: distinct for up to 16 CPUs in each of 16 clusters
 * (QEMU virt, whose GICv3 layout puts 16 CPUs per Aff1, up to 256;
 * big.LITTLE and DynamIQ clusters). Two CPUs that share a slot and enter
 * at once may both win: such a system must use a handover. An image
 * re-entered without reloading finds the old tickets: every CPU without a
 * handover then loses and parks.
 *
 * After this, a losing CPU writes nothing: it parks (park_secondary).
 * Entry state: any EL, MMU off, x0 = handover. Returns on the CPU that
 * runs bringup. Clobbers: x0-x7, flags. No stack.
 */
LOCAL_FUNC boot_elect
	mrs	x1, mpidr_el1
	ubfx	x2, x1, #MPIDR_AFF1_SHIFT, #ELECT_AFF_BITS
	ubfx	x1, x1, #MPIDR_AFF0_SHIFT, #ELECT_AFF_BITS
	orr	x1, x1, x2, lsl #ELECT_AFF_BITS /* x1 = this CPU's slot */
	adr_l	x2, elect_choosing
	adr_l	x3, elect_ticket
	mov	w4, #1
	strb	w4, [x2, x1]		/* choosing[me] = 1 */
	dmb	sy
	mov	w4, #0			/* w4 = the largest ticket taken so far */
	mov	x5, #0
1:	ldrh	w6, [x3, x5, lsl #1]
	cmp	w6, w4
	csel	w4, w6, w4, hi
	add	x5, x5, #1
	cmp	x5, #ELECT_SLOTS
	b.lo	1b
	add	w4, w4, #1		/* w4 = this CPU's ticket: one more */
	strh	w4, [x3, x1, lsl #1]
	dmb	sy			/* the ticket is seen before choosing[me] = 0 */
	strb	wzr, [x2, x1]
	dmb	sy			/* ... and before the reads below */
	cbnz	x0, 5f			/* a handover: it runs bringup */
	mov	x5, #0
2:	cmp	x5, x1
	b.eq	4f
3:	ldrb	w6, [x2, x5]		/* wait while slot x5 is drawing a ticket */
	cbnz	w6, 3b
	dmb	sy
	ldrh	w6, [x3, x5, lsl #1]
	cbz	w6, 4f			/* none: it will draw a larger one than ours */
	cmp	w6, w4
	b.lo	park_secondary		/* a smaller ticket: that CPU runs bringup */
	b.ne	4f
	cmp	x5, x1
	b.lo	park_secondary		/* the same ticket: the lower slot wins */
4:	add	x5, x5, #1
	cmp	x5, #ELECT_SLOTS
	b.lo	2b
5:	ret
ENDFUNC boot_elect

/*
 * at_el1: not called from C. Entry state: EL1, from entry or an ERET,
 * MMU off, x19-x21 as entry sets them. Masks DAIF; SCTLR_EL1 to the boot
 * value, FP/SIMD on (CPACR_EL1), each followed by an ISB so the write
 * takes effect before the next instruction (DDI 0487, "Synchronization
 * requirements for AArch64 System registers"); pmu_start; D-cache
 * maintenance (below), IC IALLU, DSB NSH, ISB (DDI 0487 chapter "The
 * AArch64 System Level Memory Model": cache maintenance instructions and
 * their completion; IC IALLU acts on this PE only, not broadcast, so a
 * non-shareable DSB completes it); self-relocation; BSS; SP_EL1 =
 * exception stack, SP_EL0 = main stack, VBAR_EL1, ISB; higher_el_c_ready.
 * Then boot_main(dtb, entry EL, load delta, firmware cache state) and, if
 * that returns, platform_exit(EXIT_BOOT_RETURNED).
 * Never returns. Clobbers: every register. Stack: none until the two it
 * sets up just before boot_main.
 */
LOCAL_FUNC at_el1
	msr	daifset, #DAIF_ALL
	ldr	x1, =SCTLR_EL1_BOOT	/* MMU and caches off, alignment checked */
	msr	sctlr_el1, x1
	isb
	mov	x1, #CPACR_FPEN
	msr	cpacr_el1, x1		/* FP/SIMD on: newlib's mem* use it */
	isb
	bl	pmu_start

	/*
	 * Caches. Entered with the D-cache on, the firmware's dirty lines are
	 * real data: clean+invalidate by set/way to the Level of Coherence.
	 * So too when a loader passed a DTB: it ran with the caches on
	 * (U-Boot turns them off just before booti) and may have left dirty
	 * lines, which must reach memory, not be dropped.
	 *
	 * Entered cold (no DTB, caches off: QEMU's ELF at EL3, or as BL33
	 * from TF-A), no set/way invalidate: from Non-secure it would also
	 * drop other agents' dirty lines in a shared L2, set/way operations
	 * miss system caches, and ARMv8 Cortex cores invalidate their caches
	 * at reset themselves (Cortex-A53 TRM, DDI 0500, "Data cache
	 * invalidate on reset": "not necessary for software to invalidate the
	 * caches on startup"; the A57 and A72 TRMs say the same). What can go
	 * wrong is a line, left in a cache by an earlier stage, for memory
	 * bringup writes with the MMU off: if dirty, its eviction would
	 * overwrite bringup's write; if clean, bringup would read it, stale,
	 * once its caches are on. That memory is all inside [__image_start,
	 * __image_end): the relocations, BSS, stacks, page tables, and
	 * boot_elect's table (nothing outside the image is written before
	 * boot_main turns the MMU on: the heap is first used after that; code
	 * that allocates earlier must invalidate its memory too; the
	 * secondary CPUs' stacks are heap). So
	 * invalidate that range by VA to the Point of Coherency, before the
	 * relocation (TF-A el3_common_macros.S _init_c_runtime and bl2
	 * invalidate their RW memory by VA for the same reason). It is whole
	 * lines (page-aligned) and clean as loaded (the boot protocol), so
	 * nothing of the image is lost; what boot_elect and entry wrote is in
	 * memory already. With stage 1 off, data accesses are Device-nGnRnE,
	 * never cached or speculatively read, so no line for the range comes
	 * back before the MMU is on. The stride is CTR_EL0.DminLine (log2 of
	 * words). DMB SY first: those earlier stores are ordered before the
	 * invalidate of their lines (Linux arch/arm64/kernel/head.S,
	 * preserve_boot_args: "dmb sy // needed before dc ivac with MMU off").
	 */
	cbnz	x21, 1f
	cbz	x19, 2f
1:	bl	dcache_clean_inval_all
	b	3f
2:	mrs	x3, ctr_el0
	ubfx	x3, x3, #CTR_DMINLINE_SHIFT, #CTR_LINE_BITS
	mov	x2, #4
	lsl	x2, x2, x3		/* x2 = smallest D-cache line, bytes */
	adr_l	x0, __image_start
	adr_l	x1, __image_end
	dmb	sy
	bl	dcache_inval_poc_lines	/* DC IVAC per line, DSB SY */
3:	ic	iallu
	dsb	nsh
	isb

	/* Self-relocation: delta = where we run - where we were linked. */
	adr	x0, _head
	ldr	x1, =LINK_BASE_VALUE
	subs	x22, x0, x1		/* x22 = load delta, reported later */
	b.eq	5f
	adr	x2, __rela_start
	adr	x3, __rela_end
4:	cmp	x2, x3
	b.hs	5f
	ldp	x4, x5, [x2], #24	/* r_offset, r_info */
	ldur	x6, [x2, #-8]		/* r_addend */
	cmp	w5, #R_AARCH64_RELATIVE	/* the build rejects any other type */
	b.ne	4b
	add	x6, x6, x22
	str	x6, [x4, x22]
	b	4b
5:
	/* BSS: start and end 64-byte aligned by the linker script, 64 B per
	 * iteration (4 STP, CMP, B.LO); the MMU is off, so no DC ZVA. */
	adr	x0, __bss_start
	adr	x1, __bss_end
	b	7f
6:	stp	xzr, xzr, [x0, #16]
	stp	xzr, xzr, [x0, #32]
	stp	xzr, xzr, [x0, #48]
	stp	xzr, xzr, [x0], #64
7:	cmp	x0, x1
	b.lo	6b
	/* Exceptions run on SP_EL1 (own stack), everything else on SP_EL0, so a
	 * stack overflow into the guard page can still be reported. */
	adr	x0, __exc_stack_top
	mov	sp, x0
	adr	x0, __stack_top
	msr	sp_el0, x0
	msr	spsel, #0		/* SPSel.SP = 0: run on SP_EL0 */
	adr	x0, exception_vectors
	msr	vbar_el1, x0
	isb
	/* Relocated, BSS clear: the EL3/EL2 vectors may call C to report. */
	adr_l	x0, higher_el_c_ready
	mov	w1, #1
	str	w1, [x0]

	mov	x0, x19			/* dtb */
	mov	x1, x20			/* entry EL */
	mov	x2, x22			/* load delta */
	mov	x3, x21			/* firmware left caches on */
	bl	boot_main
	mov	x0, #EXIT_BOOT_RETURNED
	bl	platform_exit
ENDFUNC at_el1

	.ltorg				/* the LDR = literals of the routines above */

/*
 * The election table (boot_elect): in the loaded image, zero as loaded,
 * written and read with the MMU off only.
 */
	.section .data.boot_elect, "aw"
	.balign	2
elect_ticket:				/* 16 bits: at most ELECT_SLOTS tickets are drawn */
	.fill	ELECT_SLOTS, 2, 0
elect_choosing:
	.fill	ELECT_SLOTS, 1, 0
