/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 EL3 and EL2 exception vectors: what bringup points VBAR_EL3 and
 * VBAR_EL2 at while it owns those levels (boot/aarch64/entry.S). Every
 * exception taken there ends the run, reported (below), but for the calls
 * bringup's own EL2 and EL3 serve (higher_el_calls, below: in this file,
 * as it and the report branch to each other). The EL1 vectors are
 * arch/aarch64/vectors.S.
 */
#include "arch/asm.h"
#include "arch/aarch64/sysreg.h"
#include "arch/exit.h"

	.text
/* One higher-EL vector: 0x80 bytes, x1 = the vector index, then the handler. */
.macro hel_ventry idx
	.balign	0x80
	mov	x1, #\idx
	b	higher_el_exception
.endm

/*
 * higher_el_vectors: the table VBAR_EL3 and VBAR_EL2 point at while
 * bringup owns those levels (2 KiB aligned: VBAR_ELx[10:0] are RES0), 16 entries
 * of hel_ventry; see higher_el_exception below. Not called from C: entry
 * state is exception entry to EL3 or EL2 (DAIF masked, SP = SP_ELx,
 * ELR/SPSR/ESR/FAR_ELx describe the exception). Clobbers: x1, then what
 * higher_el_exception does. No stack before it.
 */
FUNC higher_el_vectors, 0x800
	.irp	idx, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	hel_ventry \idx
	.endr
ENDFUNC higher_el_vectors

/*
 * EL3 and EL2: higher_el_vectors (above) is what
 * VBAR_EL3 and VBAR_EL2 point at from bringup's first instructions at that
 * level (boot/aarch64/entry.S) on, and after it has left it. bringup has no handler there: an exception taken to EL3 or
 * EL2 -- a fault while entry.S runs there, or later an SMC/HVC from EL1
 * that traps to a level bringup took over, with no firmware behind it --
 * ends the run, reported, instead of jumping through a vector base that
 * reset left UNKNOWN (DDI 0487 chapter D1, "Exception entry"; VBAR_EL2,
 * VBAR_EL3). higher_el_exception, never returning:
 *  - once entry.S has made C safe to call (relocated, BSS clear: it sets
 *    higher_el_c_ready), one line on the console through arch/out.h (which
 *    drops it while no console is up):
 *      Bail out! exception taken to EL2: <class> from <where>; ESR 0x...,
 *      ELR 0x..., FAR 0x...
 *      EXIT: STATUS=7
 *  - then semihosting SYS_EXIT with EXIT_HIGHER_EL (arch/exit.h), a status
 *    no other path uses: a run that died there before the console was up
 *    still tells why;
 *  - with no semihosting (HLT is then UNDEFINED and comes back here) it
 *    parks the CPU.
 * Nothing of the interrupted context is kept or saved (registers, SP_ELx).
 * The exceptions: the calls bringup's own EL2 and EL3 serve and return
 * from (higher_el_calls, below, which comes back to higher_el_report for
 * anything else).
 */
#define SEMIHOST_SYS_EXIT    0x18    /* AArch64 SYS_EXIT, as arch/arch.h */
#define ADP_STOPPED_APP_EXIT 0x20026 /* its reason: ADP_Stopped_ApplicationExit */
#define HIGHER_EL_STACK_SIZE 1024
#define HEL_EC_END           0xff    /* ends hel_ec_table */

/* hel_puts label: out_puts(label). */
.macro hel_puts label
	adr_l	x0, \label
	bl	out_puts
.endm

/*
 * higher_el_exception: not called from C. Entry state: EL3 or EL2, from
 * a hel_ventry, x1 = vector index (0-15); DAIF masked; this level's MMU off (entry.S
 * wrote SCTLR_ELx), so every data access is Device-nGnRnE and reads memory
 * itself: the console's state it uses was written with the MMU off too.
 * Reads the level (CurrentEL) and its ESR, ELR and FAR, then prints the line (see above) if higher_el_c_ready, then exits or parks.
 * The class: IRQ, FIQ or SError by the vector, else ESR_ELx.EC in words for
 * the classes bringup can meet there (DDI 0487, ESR_ELx "EC"), else
 * "exception class" and its number. Never returns. Clobbers: x0-x18,
 * x19-x23, x30, SP_ELx, flags. Stack: higher_el_stack, 16-byte aligned,
 * only for the C calls that print (arch/out.h: no printf, nothing but the
 * console's writer).
 */
LOCAL_FUNC higher_el_exception
	/* The calls bringup's EL2 and EL3 serve (higher_el_calls, below). */
	cmp	x1, #8			/* synchronous, from a lower EL in AArch64 */
	b.eq	higher_el_calls
	.globl	higher_el_report
higher_el_report:
	mrs	x0, CurrentEL
	lsr	x0, x0, #CURRENTEL_SHIFT
	cmp	x0, #3
	b.ne	1f
	mrs	x2, esr_el3
	mrs	x3, elr_el3
	mrs	x4, far_el3
	b	2f
1:	mrs	x2, esr_el2
	mrs	x3, elr_el2
	mrs	x4, far_el2
2:	adr	x5, hel_semihost_call
	cmp	x3, x5
	b.eq	hel_park		/* the SYS_EXIT below was UNDEFINED: no semihosting */
	adr_l	x5, higher_el_c_ready
	ldr	w5, [x5]
	cbz	w5, hel_exit		/* before relocation and BSS: no C */
	mov	x19, x0
	mov	x20, x1
	mov	x21, x2
	mov	x22, x3
	mov	x23, x4
	adr_l	x5, higher_el_stack_top
	mov	sp, x5			/* SP_ELx (SPSel is 1 after exception entry) */

	hel_puts hel_s_head
	adr_l	x0, hel_s_el3
	adr_l	x1, hel_s_el2
	cmp	x19, #3
	csel	x0, x0, x1, eq
	bl	out_puts
	and	x5, x20, #3		/* 0 synchronous, 1 IRQ, 2 FIQ, 3 SError */
	adr_l	x0, hel_s_irq
	cmp	x5, #1
	b.eq	4f
	adr_l	x0, hel_s_fiq
	cmp	x5, #2
	b.eq	4f
	adr_l	x0, hel_s_serror
	cmp	x5, #3
	b.eq	4f
	ubfx	x5, x21, #ESR_EC_SHIFT, #ESR_EC_BITS
	adr_l	x6, hel_ec_table
1:	ldrb	w7, [x6]		/* entry: {EC, 0, offset of its name from the entry} */
	cmp	w7, #HEL_EC_END
	b.eq	2f
	cmp	w7, w5
	b.eq	3f
	add	x6, x6, #4
	b	1b
2:	hel_puts hel_s_ec		/* not in the table: its number */
	mov	x0, x5
	bl	out_puthex
	b	5f
3:	ldrh	w7, [x6, #2]
	add	x0, x6, x7
4:	bl	out_puts
5:	lsr	x5, x20, #2		/* vector group: 0 SP_EL0, 1 SP_ELx, 2 lower AArch64, 3 lower AArch32 */
	adr_l	x0, hel_s_cur
	adr_l	x1, hel_s_lower64
	cmp	x5, #2
	csel	x0, x0, x1, lo
	adr_l	x1, hel_s_lower32
	cmp	x5, #3
	csel	x0, x1, x0, eq
	bl	out_puts
	mov	x0, x21
	bl	out_puthex
	hel_puts hel_s_elr
	mov	x0, x22
	bl	out_puthex
	hel_puts hel_s_far
	mov	x0, x23
	bl	out_puthex
	hel_puts hel_s_exit
hel_exit:
	adr_l	x1, hel_exit_block
	mov	x0, #SEMIHOST_SYS_EXIT
hel_semihost_call:
	hlt	#0xf000			/* A64 semihosting trap */
hel_park:
	wfe
	b	hel_park
ENDFUNC higher_el_exception

/* hel_ec ec, name: a hel_ec_table entry, the class and its name's offset
 * from the entry. */
.macro hel_ec ec, name
9:	.byte	\ec, 0
	.hword	\name - 9b
.endm

/* hel_s_exit spells the status out. */
.if EXIT_HIGHER_EL != 7
.error "arch/exit.h: EXIT_HIGHER_EL changed: update hel_s_exit"
.endif

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
 * Anything else goes on to higher_el_report (above): reported, the run
 * ends.
 */
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

	.section .rodata.higher_el, "a"
	.balign	8
/* SYS_EXIT's parameter block: {reason, exit status}. */
hel_exit_block:
	.quad	ADP_STOPPED_APP_EXIT, EXIT_HIGHER_EL
	.balign	4
hel_ec_table:
	hel_ec	0x00, hel_s_ec00
	hel_ec	0x01, hel_s_ec01
	hel_ec	0x07, hel_s_ec07
	hel_ec	0x0e, hel_s_ec0e
	hel_ec	0x12, hel_s_ec12
	hel_ec	0x13, hel_s_ec13
	hel_ec	0x16, hel_s_ec16
	hel_ec	0x17, hel_s_ec17
	hel_ec	0x18, hel_s_ec18
	hel_ec	0x20, hel_s_ec20
	hel_ec	0x21, hel_s_ec21
	hel_ec	0x22, hel_s_ec22
	hel_ec	0x24, hel_s_ec24
	hel_ec	0x25, hel_s_ec25
	hel_ec	0x26, hel_s_ec26
	hel_ec	0x2f, hel_s_ec2f
	hel_ec	0x3c, hel_s_ec3c
	.byte	HEL_EC_END, 0, 0, 0
hel_s_head:	.asciz	"\nBail out! exception taken to "
hel_s_el3:	.asciz	"EL3: "
hel_s_el2:	.asciz	"EL2: "
hel_s_irq:	.asciz	"IRQ"
hel_s_fiq:	.asciz	"FIQ"
hel_s_serror:	.asciz	"SError"
hel_s_ec:	.asciz	"exception class "
hel_s_ec00:	.asciz	"undefined instruction"
hel_s_ec01:	.asciz	"WFI/WFE trapped"
hel_s_ec07:	.asciz	"FP/SIMD access trapped"
hel_s_ec0e:	.asciz	"illegal execution state"
hel_s_ec12:	.asciz	"HVC (AArch32)"
hel_s_ec13:	.asciz	"SMC (AArch32)"
hel_s_ec16:	.asciz	"HVC"
hel_s_ec17:	.asciz	"SMC"
hel_s_ec18:	.asciz	"MSR/MRS/system instruction trapped"
hel_s_ec20:	.asciz	"instruction abort"
hel_s_ec21:	.asciz	"instruction abort"
hel_s_ec22:	.asciz	"PC alignment fault"
hel_s_ec24:	.asciz	"data abort"
hel_s_ec25:	.asciz	"data abort"
hel_s_ec26:	.asciz	"SP alignment fault"
hel_s_ec2f:	.asciz	"SError"
hel_s_ec3c:	.asciz	"BRK"
hel_s_cur:	.asciz	" at that level; ESR "
hel_s_lower64:	.asciz	" from a lower EL (AArch64); ESR "
hel_s_lower32:	.asciz	" from a lower EL (AArch32); ESR "
hel_s_elr:	.asciz	", ELR "
hel_s_far:	.asciz	", FAR "
hel_s_exit:	.asciz	"\nEXIT: STATUS=7\n"

/*
 * higher_el_c_ready: 1 once entry.S has relocated the image and cleared
 * BSS (the C the report calls may run); 0 in the image as loaded, and
 * cleared again by entry.S on the CPU that runs bringup (a re-entry
 * without reloading finds 1). In .data, not BSS: read before BSS is
 * cleared. Written and read with the MMU off only.
 */
	.section .data.higher_el, "aw"
	.balign	4
	.globl	higher_el_c_ready
higher_el_c_ready:
	.word	0

/* The stack of the report's C calls. In .data, not BSS: clearing it with
 * BSS would cost every boot HIGHER_EL_STACK_SIZE / 4 instructions (the boot
 * benchmark), and nothing needs it zero. */
	.balign	16
higher_el_stack:
	.space	HIGHER_EL_STACK_SIZE
higher_el_stack_top:
