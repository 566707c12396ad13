/*
 * bringup AArch64 entry: arm64 Image header, drop to EL1, self-relocation,
 * BSS, stacks, vectors, PMU start, then boot_main().
 *
 * Entry contract (Linux arm64 boot protocol, as QEMU -kernel and U-Boot booti
 * honour it): x0 = physical address of the DTB (or 0), MMU off, D-cache off or
 * cleaned, any of EL3/EL2/EL1. An ELF entered by QEMU at EL3 gets x0 = 0.
 */
#include "arch/aarch64/sysreg.h"
#include "arch/exit.h"

	.section .text.head, "ax"
	.globl	_head
_head:
	/* arm64 Image header (Documentation/arch/arm64/booting.rst layout). */
	b	entry			/* code0 */
	.long	0			/* code1 */
	.quad	0			/* text_offset: QEMU then loads at RAM + 2 MiB */
	.quad	__image_size		/* image_size, bss and stacks included */
	.quad	IMAGE_FLAGS		/* LE, 4 KiB pages, place anywhere */
	.quad	0, 0, 0			/* res2..res4 */
	.ascii	"ARM\x64"		/* magic */
	.long	0			/* res5 (no PE header) */

	.section .text.boot, "ax"
entry:
	mov	x19, x0			/* x19 = DTB pointer, kept until boot_main */
	mrs	x1, mpidr_el1
	ldr	x2, =MPIDR_AFF_MASK
	and	x1, x1, x2
	cbnz	x1, park_secondary
	mrs	x20, CurrentEL
	lsr	x20, x20, #2		/* x20 = entry EL, reported later */
	mov	x21, #0			/* x21 = 1 if the firmware left the D-cache on */
	cmp	x20, #3
	b.eq	from_el3
	cmp	x20, #2
	b.eq	from_el2
	b	at_el1

from_el3:
	mrs	x1, sctlr_el3
	tst	x1, #SCTLR_C
	cset	x21, ne
	ldr	x1, =SCR_EL3_VALUE
	msr	scr_el3, x1
	msr	cptr_el3, xzr		/* no FP/SIMD traps to EL3 */
	msr	mdcr_el3, xzr		/* PMU usable from the Non-secure ELs */
	mrs	x1, id_aa64pfr0_el1
	ubfx	x1, x1, #8, #4		/* EL2 field */
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

from_el2:
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
	ubfx	x1, x1, #11, #5		/* PMCR.N: give EL1 every event counter */
	msr	mdcr_el2, x1
	msr	vttbr_el2, xzr
	ldr	x1, =SCTLR_EL1_BOOT
	msr	sctlr_el1, x1
	adr	x1, at_el1
	msr	elr_el2, x1
	mov	x1, #SPSR_EL1H_MASKED
	msr	spsr_el2, x1
	eret

at_el1:
	msr	daifset, #0xf
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
	 * left (garbage on some cores): invalidate, never clean (GUIDE §2.5).
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
	msr	spsel, #0
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

/*
 * Secondary CPUs (an ELF at EL3 starts every core here; so may some board
 * firmware): park with interrupts masked. Only the boot CPU runs bringup.
 */
park_secondary:
	msr	daifset, #0xf
1:	wfe
	b	1b

/*
 * void pmu_start(void)
 * Starts event counter 0 on INST_RETIRED (0x08) and the cycle counter, if the
 * CPU has a PMU (ID_AA64DFR0_EL1.PMUVer not 0 or 0xf). Clobbers x0, x1. No stack.
 * Counting starts here, so the boot benchmark covers everything after EL1 entry.
 */
	.globl	pmu_start
pmu_start:
	mrs	x0, id_aa64dfr0_el1
	ubfx	x0, x0, #8, #4
	cbz	x0, 1f
	cmp	x0, #0xf
	b.eq	1f
	msr	pmselr_el0, xzr
	mov	x0, #PMU_EVT_INST_RETIRED
	msr	pmxevtyper_el0, x0
	msr	pmccfiltr_el0, xzr	/* cycle counter: count EL1 and EL0 */
	mov	x0, #(PMCR_E | PMCR_P | PMCR_C)
	msr	pmcr_el0, x0
	mov	x0, #(1 << 31)
	orr	x0, x0, #1
	msr	pmcntenset_el0, x0
	isb
1:	ret
	.ltorg
