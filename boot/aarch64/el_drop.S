/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bringup AArch64: the drop from EL3 or EL2 to EL1, for the boot CPU
 * (boot/aarch64/entry.S) and every secondary (boot/aarch64/secondary.S):
 * each level above EL1 set up as firmware would leave it for a
 * Non-secure EL1 kernel, then an exception return to the EL1 code in x23.
 */
#include "arch/asm.h"
#include "arch/aarch64/sysreg.h"

	.section .text.boot, "ax"
/*
 * from_el3: not called from C. Entry state: EL3, from entry (or a
 * secondary's secondary_entry), x19-x21 as
 * entry sets them. SCTLR_EL3 to its RES1 bits (MMU, caches, alignment
 * checks off, little-endian), ISB; cpu_el3_setup (boot/aarch64/cpu_el3.S:
 * SMPEN, the Cortex-A53 reset errata, CNTFRQ_EL0 on a secondary: what
 * firmware does at reset, on every CPU that enters here, before its caches
 * and MMU are on); SCR_EL3 (Non-secure, lower ELs AArch64,
 * HVC allowed), no CPTR_EL3/MDCR_EL3 traps; with the GIC system registers
 * (ID_AA64PFR0_EL1.GIC) ICC_SRE_EL3 = Enable | DIB | DFB | SRE, ISB (ARM
 * IHI 0069H 12.2.23: the lower levels may then enable theirs; TF-A
 * drivers/arm/gic/v3/gicv3_main.c gicv3_cpuif_enable does the same). Then, with EL2: SCTLR_EL2 to
 * its RES1 bits (UNKNOWN at reset: the MMU or caches of EL2 may be "on"
 * when it is first entered) and VBAR_EL2, then ERET to from_el2 at EL2h;
 * without EL2: SCTLR_EL1 to the boot value (UNKNOWN too), then ERET to
 * x23 at EL1h; DAIF masked. ERET is the exception return that applies
 * SPSR_EL3/ELR_EL3 and synchronizes the system register writes before it
 * (ARM ARM DDI 0487 chapter D1, exception return; the ERET instruction).
 * x23 = the EL1 code to drop to (entry: at_el1; a secondary CPU's
 * entry, boot/aarch64/secondary.S: its own), kept. Clobbers: x0-x3, x30,
 * flags. No stack.
 */
FUNC from_el3
	ldr	x1, =SCTLR_EL3_RESET
	msr	sctlr_el3, x1
	isb
	bl	cpu_el3_setup		/* clobbers x0-x3 */
	ldr	x1, =SCR_EL3_VALUE
	msr	scr_el3, x1
	msr	cptr_el3, xzr		/* no FP/SIMD traps to EL3 */
	msr	mdcr_el3, xzr		/* PMU usable from the Non-secure ELs */
	mrs	x1, id_aa64pfr0_el1
	ubfx	x1, x1, #ID_AA64PFR0_GIC_SHIFT, #ID_AA64PFR0_EL_BITS
	cbz	x1, 2f			/* no GIC system registers */
	mov	x1, #ICC_SRE_HIGHER
	msr	ICC_SRE_EL3_REG, x1	/* EL2/EL1 may enable their system-register interface */
	isb
2:
	mrs	x1, id_aa64pfr0_el1
	ubfx	x1, x1, #ID_AA64PFR0_EL2_SHIFT, #ID_AA64PFR0_EL_BITS
	cbz	x1, 1f
	ldr	x1, =SCTLR_EL2_RESET
	msr	sctlr_el2, x1
	adr_l	x1, higher_el_vectors
	msr	vbar_el2, x1
	adr	x1, from_el2
	msr	elr_el3, x1
	mov	x1, #SPSR_EL2H_MASKED
	msr	spsr_el3, x1
	eret
1:	ldr	x1, =SCTLR_EL1_BOOT	/* no EL2: straight to Non-secure EL1 */
	msr	sctlr_el1, x1
	msr	elr_el3, x23
	mov	x1, #SPSR_EL1H_MASKED
	msr	spsr_el3, x1
	eret
ENDFUNC from_el3

/*
 * from_el2: not called from C. Entry state: EL2, from entry (VBAR_EL2
 * set) or from_el3's ERET (SCTLR_EL2, VBAR_EL2 set), x19-x21 as entry sets
 * them. SCTLR_EL2 to its RES1 bits, ISB (entered at EL2 it held the
 * loader's value, read by entry); VPIDR_EL2/VMPIDR_EL2 = MIDR_EL1/MPIDR_EL1
 * as read here (what EL1 reads as its MIDR/MPIDR; UNKNOWN at reset; Linux
 * arch/arm64/include/asm/el2_setup.h __init_el2_nvhe_idregs); HCR_EL2.RW
 * (EL1 is AArch64, no traps, no stage 2), ISB, and E2H read back: the
 * layout of CNTHCTL_EL2 and CPTR_EL2 depends on it (DDI 0487, both
 * registers; E2H is RES1 on a CPU without FEAT_E2H0); then EL1 access to
 * the physical timer and counter, no CPTR_EL2/HSTR_EL2 traps; with the GIC system registers
 * ICC_SRE_EL2 = Enable | DIB | DFB | SRE, ISB, and ICH_HCR_EL2 = 0 (IHI
 * 0069H 12.2.22: with Enable clear, EL1's accesses to ICC_SRE_EL1 trap to
 * EL2; Linux arch/arm64/include/asm/el2_setup.h __init_el2_gicv3); with a PMU
 * (ID_AA64DFR0_EL1.PMUVer neither 0 nor IMPLEMENTATION DEFINED) every
 * event counter to EL1 (MDCR_EL2.HPMN = PMCR_EL0.N), else MDCR_EL2 = 0 and
 * PMCR_EL0 untouched (it does not exist: the read would be UNDEFINED; Linux
 * el2_setup.h __init_el2_debug skips it the same way);
 * SCTLR_EL1 as bringup boots with; then ERET to x23 (at_el1, or a
 * secondary CPU's EL1 entry) at EL1h, DAIF masked (DDI 0487 chapter D1,
 * exception return; ERET).
 * Clobbers: x1, flags. No stack.
 */
FUNC from_el2
	ldr	x1, =SCTLR_EL2_RESET
	msr	sctlr_el2, x1
	isb
	mrs	x1, midr_el1
	msr	vpidr_el2, x1
	mrs	x1, mpidr_el1
	msr	vmpidr_el2, x1
	mov	x1, #HCR_EL2_VALUE
	msr	hcr_el2, x1		/* EL1 is AArch64; no traps, no stage 2 */
	isb				/* E2H, which sets CNTHCTL/CPTR's layout, in effect */
	mrs	x1, hcr_el2
	tbnz	x1, #HCR_EL2_E2H_BIT, 4f /* E2H stayed 1 (RES1): the E2H layouts */
	mrs	x1, cnthctl_el2
	orr	x1, x1, #CNTHCTL_EL1PCTEN_EL1PCEN
	msr	cnthctl_el2, x1		/* EL1 may use the physical timer/counter */
	mov	x1, #CPTR_EL2_NOTRAP
	b	5f
4:	mrs	x1, cnthctl_el2
	orr	x1, x1, #CNTHCTL_E2H_EL1PCTEN_EL1PTEN
	msr	cnthctl_el2, x1
	mov	x1, #CPTR_EL2_E2H_NOTRAP
5:	msr	cptr_el2, x1
	msr	cntvoff_el2, xzr
	msr	hstr_el2, xzr
	mrs	x1, id_aa64pfr0_el1
	ubfx	x1, x1, #ID_AA64PFR0_GIC_SHIFT, #ID_AA64PFR0_EL_BITS
	cbz	x1, 3f			/* no GIC system registers */
	mov	x1, #ICC_SRE_HIGHER
	msr	ICC_SRE_EL2_REG, x1	/* EL1 may use ICC_SRE_EL1 (else it traps here) */
	isb
	msr	ICH_HCR_EL2_REG, xzr	/* no virtual interface, no ICC traps */
3:	mrs	x1, id_aa64dfr0_el1
	ubfx	x1, x1, #ID_AA64DFR0_PMUVER_SHIFT, #ID_AA64DFR0_PMUVER_BITS
	cmp	x1, #PMUVER_IMPDEF
	b.eq	1f
	cbz	x1, 2f
	mrs	x1, pmcr_el0
	ubfx	x1, x1, #PMCR_N_SHIFT, #PMCR_N_BITS /* PMCR.N: give EL1 every event counter */
	b	2f
1:	mov	x1, #0			/* no architected PMU: no PMCR_EL0 */
2:	msr	mdcr_el2, x1
	msr	vttbr_el2, xzr
	ldr	x1, =SCTLR_EL1_BOOT
	msr	sctlr_el1, x1
	msr	elr_el2, x23
	mov	x1, #SPSR_EL1H_MASKED
	msr	spsr_el2, x1
	eret
ENDFUNC from_el2
