/*
 * bringup AArch64 entry: arm64 Image header, drop to EL1, self-relocation,
 * BSS, stacks, vectors, PMU start, then boot_main().
 *
 * Entry contract (Linux arm64 boot protocol, as QEMU -kernel and U-Boot booti
 * honour it): x0 = physical address of the DTB (or 0), MMU off, D-cache off or
 * cleaned, any of EL3/EL2/EL1. An ELF entered by QEMU at EL3 gets x0 = 0.
 */
#include "arch/asm.h"
#include "arch/aarch64/sysreg.h"
#include "arch/exit.h"

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
 * _head. Parks every CPU but the boot one (MPIDR_EL1 Aff3..Aff0 all 0), then
 * branches to the part for the EL it runs at. Sets x19 = DTB, x20 = entry
 * EL, x21 = 0 (from_el3/from_el2/at_el1 keep x19-x21; at_el1 hands them to
 * boot_main). Clobbers: x1, x2, x19-x21, flags. No stack.
 */
LOCAL_FUNC entry
	mov	x19, x0			/* x19 = DTB pointer, kept until boot_main */
	mrs	x1, mpidr_el1
	ldr	x2, =MPIDR_AFF_MASK
	and	x1, x1, x2
	cbnz	x1, park_secondary
	mrs	x20, CurrentEL
	lsr	x20, x20, #CURRENTEL_SHIFT /* x20 = entry EL, reported later */
	mov	x21, #0			/* x21 = 1 if the firmware left the D-cache on */
	cmp	x20, #3
	b.eq	from_el3
	cmp	x20, #2
	b.eq	from_el2
	b	at_el1
ENDFUNC entry

/*
 * from_el3: not called from C. Entry state: EL3, from entry, x19-x21 as
 * entry sets them. Notes SCTLR_EL3.C in x21; SCR_EL3 (Non-secure, lower ELs
 * AArch64, HVC allowed), no CPTR_EL3/MDCR_EL3 traps; then ERET to from_el2
 * at EL2h, or to at_el1 at EL1h without EL2, DAIF masked. ERET is the
 * exception return that applies SPSR_EL3/ELR_EL3 and synchronizes the
 * system register writes before it (ARM ARM DDI 0487 chapter D1, exception
 * return; the ERET instruction). Clobbers: x1, x21, flags. No stack.
 */
LOCAL_FUNC from_el3
	mrs	x1, sctlr_el3
	tst	x1, #SCTLR_C
	cset	x21, ne
	ldr	x1, =SCR_EL3_VALUE
	msr	scr_el3, x1
	msr	cptr_el3, xzr		/* no FP/SIMD traps to EL3 */
	msr	mdcr_el3, xzr		/* PMU usable from the Non-secure ELs */
	mrs	x1, id_aa64pfr0_el1
	ubfx	x1, x1, #ID_AA64PFR0_EL2_SHIFT, #ID_AA64PFR0_EL_BITS
	cbz	x1, 1f
	adr	x1, from_el2
	msr	elr_el3, x1
	mov	x1, #SPSR_EL2H_MASKED
	msr	spsr_el3, x1
	eret
1:	adr	x1, at_el1		/* no EL2: straight to Non-secure EL1 */
	msr	elr_el3, x1
	mov	x1, #SPSR_EL1H_MASKED
	msr	spsr_el3, x1
	eret
ENDFUNC from_el3

/*
 * from_el2: not called from C. Entry state: EL2, from entry or from_el3's
 * ERET, x19-x21 as entry sets them. Notes SCTLR_EL2.C in x21; HCR_EL2.RW
 * (EL1 is AArch64, no traps, no stage 2), EL1 access to the physical
 * timer and counter, no CPTR_EL2/HSTR_EL2 traps, every PMU event counter
 * to EL1 (MDCR_EL2.HPMN = PMCR_EL0.N), SCTLR_EL1 as bringup boots with;
 * then ERET to at_el1 at EL1h, DAIF masked (DDI 0487 chapter D1, exception
 * return; ERET). Clobbers: x1, x21, flags. No stack.
 */
LOCAL_FUNC from_el2
	mrs	x1, sctlr_el2
	tst	x1, #SCTLR_C
	csinc	x21, x21, xzr, eq	/* keep an EL3 answer, or 1 if EL2 had it on */
	mov	x1, #HCR_EL2_RW
	msr	hcr_el2, x1		/* EL1 is AArch64; no traps, no stage 2 */
	mrs	x1, cnthctl_el2
	orr	x1, x1, #CNTHCTL_EL1PCTEN_EL1PCEN
	msr	cnthctl_el2, x1		/* EL1 may use the physical timer/counter */
	msr	cntvoff_el2, xzr
	mov	x1, #CPTR_EL2_NOTRAP
	msr	cptr_el2, x1
	msr	hstr_el2, xzr
	mrs	x1, pmcr_el0
	ubfx	x1, x1, #PMCR_N_SHIFT, #PMCR_N_BITS /* PMCR.N: give EL1 every event counter */
	msr	mdcr_el2, x1
	msr	vttbr_el2, xzr
	ldr	x1, =SCTLR_EL1_BOOT
	msr	sctlr_el1, x1
	adr	x1, at_el1
	msr	elr_el2, x1
	mov	x1, #SPSR_EL1H_MASKED
	msr	spsr_el2, x1
	eret
ENDFUNC from_el2

/*
 * at_el1: not called from C. Entry state: EL1, from entry or an ERET,
 * MMU off, x19-x21 as entry sets them. Masks DAIF; SCTLR_EL1 to the boot
 * value, FP/SIMD on (CPACR_EL1), each followed by an ISB so the write
 * takes effect before the next instruction (DDI 0487, "Synchronization
 * requirements for AArch64 System registers"); pmu_start; D-cache set/way
 * maintenance to LoC, IC IALLU, DSB NSH, ISB (DDI 0487 chapter "The
 * AArch64 System Level Memory Model": cache maintenance instructions and
 * their completion; IC IALLU acts on this PE only, not broadcast, so a
 * non-shareable DSB completes it);
 * self-relocation; BSS; SP_EL1 = exception stack, SP_EL0 = main stack,
 * VBAR_EL1, ISB. Then boot_main(dtb, entry EL, load delta, firmware cache
 * state) and, if that returns, platform_exit(EXIT_BOOT_RETURNED).
 * Never returns. Clobbers: every register. Stack: none until the two it
 * sets up just before boot_main.
 */
LOCAL_FUNC at_el1
	msr	daifset, #DAIF_ALL
	mrs	x1, sctlr_el1
	tst	x1, #SCTLR_C
	csinc	x21, x21, xzr, eq
	ldr	x1, =SCTLR_EL1_BOOT	/* MMU and caches off, alignment checked */
	msr	sctlr_el1, x1
	isb
	mov	x1, #CPACR_FPEN
	msr	cpacr_el1, x1		/* FP/SIMD on: newlib's mem* use it */
	isb
	bl	pmu_start

	/*
	 * Caches. Entered with the D-cache on, the firmware's dirty lines are
	 * real data: clean+invalidate. So too when a loader passed a DTB: it
	 * ran with the caches on (U-Boot turns them off just before booti) and
	 * may have left dirty lines, which must reach memory, not be dropped.
	 * Entered cold (no DTB, caches off), the contents are whatever reset
	 * left (garbage on some cores): invalidate, never clean, since a clean
	 * would write lines of undefined data and tags back to memory (why
	 * Linux's v7_invalidate_l1 in arch/arm/mm/cache-v7.S invalidates).
	 * All walk every level to the Level of Coherence.
	 */
	cbnz	x21, 1f
	cbz	x19, 2f
1:	bl	dcache_clean_inval_all
	b	3f
2:	bl	dcache_inval_all
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
	/* BSS: 16-byte aligned by the linker script; the MMU is off, so no DC ZVA. */
	adr	x0, __bss_start
	adr	x1, __bss_end
6:	cmp	x0, x1
	b.hs	7f
	stp	xzr, xzr, [x0], #16
	b	6b
7:
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

	mov	x0, x19			/* dtb */
	mov	x1, x20			/* entry EL */
	mov	x2, x22			/* load delta */
	mov	x3, x21			/* firmware left caches on */
	bl	boot_main
	mov	x0, #EXIT_BOOT_RETURNED
	bl	platform_exit
ENDFUNC at_el1

/*
 * park_secondary: not called from C. Entry state: a secondary CPU from
 * entry (an ELF at EL3 starts every core here; so may some board firmware),
 * any EL, MMU off. Masks DAIF and waits in WFE for ever: only the boot CPU
 * runs bringup. Clobbers: nothing. No stack.
 */
LOCAL_FUNC park_secondary
	msr	daifset, #DAIF_ALL
1:	wfe
	b	1b
ENDFUNC park_secondary

/*
 * void pmu_start(void)
 * Starts event counter 0 on INST_RETIRED (0x08) and the cycle counter, if the
 * CPU has a PMU (ID_AA64DFR0_EL1.PMUVer neither 0 nor IMPLEMENTATION DEFINED).
 * The closing ISB makes the PMCNTENSET_EL0 write take effect before the next
 * instruction (DDI 0487, "Synchronization requirements for AArch64 System
 * registers"): counting starts here, so the boot benchmark covers everything
 * after EL1 entry. Clobbers: x0, flags. No stack.
 */
FUNC pmu_start
	mrs	x0, id_aa64dfr0_el1
	ubfx	x0, x0, #ID_AA64DFR0_PMUVER_SHIFT, #ID_AA64DFR0_PMUVER_BITS
	cbz	x0, 1f
	cmp	x0, #PMUVER_IMPDEF
	b.eq	1f
	msr	pmselr_el0, xzr
	mov	x0, #PMU_EVT_INST_RETIRED
	msr	pmxevtyper_el0, x0
	msr	pmccfiltr_el0, xzr	/* cycle counter: count EL1 and EL0 */
	mov	x0, #(PMCR_E | PMCR_P | PMCR_C)
	msr	pmcr_el0, x0
	mov	x0, #PMCNTEN_C
	orr	x0, x0, #PMCNTEN_P0
	msr	pmcntenset_el0, x0
	isb
1:	ret
ENDFUNC pmu_start

	.ltorg				/* the LDR = literals of the routines above */
