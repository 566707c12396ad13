/*
 * The calls bringup serves at a level above EL1 that it owns (entered
 * there, no firmware behind it), from arch/aarch64/higher_el_vectors.S
 * higher_el_exception on a synchronous exception from EL1 (AArch64).
 * Function IDs in arch/aarch64/sysreg.h (SMC Calling Convention, ARM
 * DEN0028: fast SMC64/HVC64 calls in the OEM service range):
 *  - EL3, SMC, SMC_BRINGUP_SET_CNTFRQ: x2 into CNTFRQ_EL0, ISB, x0 = 0.
 *    CNTFRQ_EL0 is writable only at the highest implemented EL (DDI 0487,
 *    CNTFRQ_EL0), and bringup, entered at EL3, learns the frequency from
 *    the tree or the platform only later, at EL1 (arch_counter_set_hz,
 *    arch/aarch64/arch.c).
 *  - EL3, SMC, SMC_BRINGUP_CALL_EL3: the image routine x2 names (inside
 *    [__image_start, __text_end), else refused as below) run here with
 *    x0..x3 = x4..x7; its x0 returned (irq/aarch64/gic_el3.S: what
 *    firmware does to the GIC).
 *  - EL2, HVC, HVC_BRINGUP_PEND_VSERROR: HCR_EL2.AMO and VSE set, ISB,
 *    x0 = 0: EL1 takes a virtual SError once PSTATE.A is clear (DDI 0487
 *    "Virtual interrupts"), the test of the SError report.
 * Anything else goes on to higher_el_report (higher_el_vectors.S): reported, the
 * run ends.
 */
#include "arch/asm.h"
#include "arch/aarch64/sysreg.h"

	.text
/*
 * higher_el_calls: not called from C. Entry state: EL3 or EL2 from a
 * hel_ventry, x1 = 8 (synchronous from a lower EL in AArch64), DAIF
 * masked, this level's MMU off; x0, x2, x4-x7 as the caller set them.
 * Returns to EL1 by ERET (ELR/SPSR of this level untouched: the
 * instruction after the SMC/HVC) or branches to higher_el_report.
 * Clobbers: x0-x3 (x1 and x3 not preserved, as SMCCC allows), and for
 * SMC_BRINGUP_CALL_EL3 x0-x17 (the routine's x0-x15, x16-x17 here).
 * No stack.
 */
FUNC higher_el_calls
	mrs	x3, CurrentEL
	cmp	x3, #(2 << CURRENTEL_SHIFT)
	b.eq	.Lel2
	cmp	x3, #(3 << CURRENTEL_SHIFT)
	b.ne	higher_el_report
	mrs	x3, esr_el3
	lsr	x3, x3, #ESR_EC_SHIFT
	cmp	x3, #ESR_EC_SMC64
	b.ne	higher_el_report
	movz	w3, #(SMC_BRINGUP_SET_CNTFRQ >> 16), lsl #16
	movk	w3, #(SMC_BRINGUP_SET_CNTFRQ & 0xffff)
	cmp	w0, w3
	b.ne	.Lcall
	msr	cntfrq_el0, x2
	isb
	mov	x0, #0			/* SMCCC: success */
	eret				/* to the instruction after the SMC (ELR_EL3) */
.Lcall:
	add	w3, w3, #(SMC_BRINGUP_CALL_EL3 - SMC_BRINGUP_SET_CNTFRQ)
	cmp	w0, w3
	b.ne	higher_el_report
	adr_l	x3, __image_start	/* only the image's own text runs here */
	cmp	x2, x3
	b.lo	higher_el_report
	adr_l	x3, __text_end
	cmp	x2, x3
	b.hs	higher_el_report
	mov	x16, x2
	mov	x17, x30		/* the routine keeps x16-x30 */
	mov	x0, x4
	mov	x1, x5
	mov	x2, x6
	mov	x3, x7
	blr	x16
	mov	x30, x17
	eret
.Lel2:
	mrs	x3, esr_el2
	lsr	x3, x3, #ESR_EC_SHIFT
	cmp	x3, #ESR_EC_HVC64
	b.ne	higher_el_report
	movz	w3, #(HVC_BRINGUP_PEND_VSERROR >> 16), lsl #16
	movk	w3, #(HVC_BRINGUP_PEND_VSERROR & 0xffff)
	cmp	w0, w3
	b.ne	higher_el_report
	mrs	x3, hcr_el2
	orr	x3, x3, #HCR_EL2_AMO
	orr	x3, x3, #HCR_EL2_VSE
	msr	hcr_el2, x3
	isb
	mov	x0, #0
	eret
ENDFUNC higher_el_calls
