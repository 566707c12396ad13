/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A exception vectors (ARM ARM DDI 0406C B1.8 "Exception handling";
 * VBAR, B4.1.156, 8 entries). Each saves, with SRSDB, the return address
 * and SPSR on the stack of the mode the exception entered (SVC has the main
 * stack; ABT, UND, IRQ, FIQ share the exception stack), then {r0-r12}: a
 * struct exc_frame (arch/armv7/frame.h). Then it calls
 *   void exception_handler(struct exc_frame *f, unsigned vector);
 * If that returns (a fault probe redirected it), RFE resumes at f->ret with
 * CPSR = f->spsr. The saved return address is the raw LR: decoding adjusts
 * it per vector to the faulting instruction.
 * At the end, hyp_vectors: the HVBAR table that ends the run when an
 * exception is taken to HYP mode while bringup owns it.
 */
#include "arch/asm.h"
#include "arch/armv7/frame.h"
#include "arch/armv7/sysreg.h"
#include "arch/exit.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.arch_extension virt

/* SRSDB sp! stores {LR, SPSR} in the 8 bytes below SP, PUSH {r0-r12} the 13
 * registers below those: the frame starts at the final SP with exactly the
 * layout frame.h gives. */
.if FRAME_R(0) != 0 || FRAME_RET != FRAME_R(13) || FRAME_SPSR != FRAME_RET + 4 || FRAME_SIZE != FRAME_SPSR + 4
.error "arch/armv7/frame.h does not match SRSDB + PUSH {r0-r12}"
.endif

/* One vector's stub: save the frame on \mode's stack, exc_common with r1 = idx. */
.macro vstub name, idx, mode
LOCAL_FUNC \name
	srsdb	sp!, #\mode
	push	{r0-r12}
	mov	r1, #\idx
	b	exc_common
ENDFUNC \name
.endm

	.text
/*
 * exception_vectors: the VBAR table (VBAR[4:0] are reserved, hence 32-byte
 * alignment), one branch per exception to its stub.
 * Not called from C: entry state is exception entry (B1.8): the mode of the
 * exception, its LR and SPSR set, CPSR.I set.
 * Clobbers: nothing of the interrupted context. Stack: the stub's.
 */
FUNC exception_vectors, 32
	b	v_reset
	b	v_undef
	b	v_svc
	b	v_pabt
	b	v_dabt
	b	v_hyp
	b	v_irq
	b	v_fiq
ENDFUNC exception_vectors

/*
 * v_reset .. v_fiq: not called from C. Entry state: from exception_vectors,
 * in the exception's mode. SRSDB stores LR and SPSR on the stack of the
 * named mode (DDI 0406C B9.3.16 SRS), then PUSH {r0-r12}: FRAME_SIZE bytes.
 * Clobbers: r1 after saving it. Stack: FRAME_SIZE bytes, then exc_common's.
 */
	vstub	v_reset, 0, MODE_SVC
	vstub	v_undef, 1, MODE_UND
	vstub	v_svc,   2, MODE_SVC
	vstub	v_pabt,  3, MODE_ABT
	vstub	v_dabt,  4, MODE_ABT
	vstub	v_hyp,   5, MODE_SVC

/*
 * v_irq: not called from C. Entry state: IRQ mode, LR_irq = the
 * interrupted instruction + 4 (DDI 0406C B1.8.10 "IRQ exception": the
 * return is SUBS PC, LR, #4), CPSR.I set. The return address made the
 * interrupted instruction's, SRSDB + PUSH {r0-r12} save the whole frame
 * on the IRQ stack, then arch_irq_handler(frame) (arch/exception.h) on an
 * 8-byte aligned SP, POP and RFEIA (B9.3.13 RFE). With no handler
 * installed, the frame's return address back to the raw LR (as decoding
 * expects it) and exc_common: an unexpected IRQ, reported.
 * Clobbers: nothing of the interrupted context (r0-r12 restored). Stack:
 * FRAME_SIZE bytes + alignment, then the handler's.
 */
LOCAL_FUNC v_irq
	sub	lr, lr, #4
	srsdb	sp!, #MODE_IRQ
	push	{r0-r12}
	adr_l	r1, arch_irq_handler
	ldr	r1, [r1]
	cmp	r1, #0
	movne	r2, r1
	bne	frame_call
	ldr	r0, [sp, #FRAME_RET]
	add	r0, r0, #4
	str	r0, [sp, #FRAME_RET]
	mov	r1, #6
	b	exc_common
ENDFUNC v_irq
	vstub	v_fiq,   7, MODE_FIQ

/*
 * exc_common: not called from C. Entry state: SP = a frame the stub saved,
 * r1 = vector index. Calls exception_handler(frame, vector) on an 8-byte
 * aligned SP (AAPCS), then reloads r0-r12 from the frame and RFEIA: PC and
 * CPSR from f->ret and f->spsr (DDI 0406C B9.3.13 RFE; an exception
 * return, so context-synchronizing). Clobbers: nothing but what the handler
 * wrote into the frame. Stack: the frame, alignment, exception_handler's.
 */
LOCAL_FUNC exc_common
	adr_l	r2, exception_handler
	/* frame_call: r2(frame, r1), the frame in r0, then the return as
	 * above (v_irq enters here with its handler in r2). */
frame_call:
	mov	r0, sp
	mov	r4, sp			/* callee-saved: the frame, across the call */
	bic	sp, sp, #7		/* AAPCS: 8-byte aligned stack at calls */
	blx	r2
	mov	sp, r4
	pop	{r0-r12}
	rfeia	sp!
ENDFUNC exc_common

/*
 * HYP vectors: what HVBAR points at from bringup's first instruction in
 * HYP mode (boot/armv7/entry.S) on, and after it has left it. bringup has
 * no handler there: an exception taken to HYP mode -- a fault while
 * entry.S runs there, or later an HVC from SVC that traps to the HYP mode
 * bringup took over, with nothing behind it -- ends the run, reported,
 * instead of jumping through an UNKNOWN HVBAR (DDI 0406C B1.8 "Exception
 * handling", the Hyp mode vector table; B4.1.77 HVBAR). hyp_exception,
 * never returning:
 *  - once entry.S has made C safe to call (relocated, BSS clear:
 *    higher_el_c_ready), one line on the console through arch/out.h (which
 *    drops it while no console is up):
 *      Bail out! exception taken to HYP: <class>; HSR 0x..., ELR_hyp 0x...,
 *      HDFAR 0x..., HIFAR 0x...
 *      EXIT: STATUS=7
 *  - then semihosting SYS_EXIT_EXTENDED with EXIT_HIGHER_EL (arch/exit.h),
 *    a status no other path uses;
 *  - with no semihosting (the SVC then comes back here) it parks the CPU.
 * The interrupted context is not kept (r0-r11 and SP_hyp are overwritten).
 */
#define SEMIHOST_SYS_EXIT_EXTENDED 0x20    /* as arch/arch.h */
#define ADP_STOPPED_APP_EXIT       0x20026 /* its reason: ADP_Stopped_ApplicationExit */
#define HIGHER_EL_STACK_SIZE       1024
#define HYP_EC_END                 0xff    /* ends hyp_ec_table */

/* adr_l: arch/asm.h. */

/* hyp_puts label: out_puts(label). */
.macro hyp_puts label
	adr_l	r0, \label
	bl	out_puts
.endm

/*
 * hyp_vectors: the HVBAR table (HVBAR[4:0] are reserved: 32-byte
 * alignment), one branch per entry to a stub that sets r1 = the entry's
 * index (0 unused, 1 Undefined, 2 HVC in HYP, 3 Prefetch Abort, 4 Data
 * Abort, 5 Hyp Trap: HVC from PL1 and trapped instructions, 6 IRQ, 7 FIQ).
 * Not called from C: entry state is exception entry to HYP mode (ELR_hyp,
 * SPSR_hyp, HSR describe it). Clobbers: r1, then what hyp_exception does.
 * No stack before it.
 */
FUNC hyp_vectors, 32
	.irp	idx, 0, 1, 2, 3, 4, 5, 6, 7
	b	hyp_v\idx
	.endr
ENDFUNC hyp_vectors

/*
 * hyp_v0 .. hyp_v7: not called from C. Entry state: from hyp_vectors,
 * exception entry to HYP mode. r1 = the entry's index, then hyp_exception.
 * Clobbers: r1. No stack.
 */
	.irp	idx, 0, 1, 2, 3, 4, 5, 6, 7
LOCAL_FUNC hyp_v\idx
	mov	r1, #\idx
	b	hyp_exception
ENDFUNC hyp_v\idx
	.endr

/*
 * hyp_exception: not called from C. Entry state: HYP mode from a hyp_vN,
 * r1 = vector index; A, I, F masked; HSCTLR.M off (entry.S wrote
 * HSCTLR), so every data access is Strongly-ordered and reads memory
 * itself: the console's state it uses was written with the MMU off too.
 * Reads HSR (B4.1.72), ELR_hyp, HDFAR (B4.1.67), HIFAR (B4.1.68); prints
 * the line (see above) if higher_el_c_ready, then exits or parks. The
 * class: IRQ or FIQ by the vector, else HSR.EC in words for the classes
 * bringup can meet there (B3.13.6 "Use of the HSR"), else "exception class"
 * and its number. Never returns. Clobbers: r0-r11, lr, SP_hyp, flags.
 * Stack: higher_el_stack, 8-byte aligned (AAPCS), only for the C calls
 * that print (arch/out.h: no printf, nothing but the console's writer).
 */
LOCAL_FUNC hyp_exception
	mrs	r3, elr_hyp
	adr	r5, hyp_semihost_ret
	cmp	r3, r5
	beq	hyp_park		/* the SVC below was not semihosting: none */
	mov	r7, r1			/* r7-r11 survive the C calls (AAPCS) */
	mrc	p15, 4, r8, c5, c2, 0	/* HSR */
	mov	r9, r3			/* ELR_hyp */
	mrc	p15, 4, r10, c6, c0, 0	/* HDFAR */
	mrc	p15, 4, r11, c6, c0, 2	/* HIFAR */
	adr_l	r0, higher_el_c_ready
	ldr	r0, [r0]
	cmp	r0, #0
	beq	hyp_exit		/* before relocation and BSS: no C */
	adr_l	r0, higher_el_stack_top
	mov	sp, r0			/* SP_hyp */

	hyp_puts hyp_s_head
	adr_l	r0, hyp_s_irq
	cmp	r7, #6
	beq	4f
	adr_l	r0, hyp_s_fiq
	cmp	r7, #7
	beq	4f
	ubfx	r5, r8, #HSR_EC_SHIFT, #HSR_EC_BITS
	adr_l	r6, hyp_ec_table
1:	ldrb	r4, [r6]		/* entry: {EC, 0, offset of its name from the entry} */
	cmp	r4, #HYP_EC_END
	beq	2f
	cmp	r4, r5
	beq	3f
	add	r6, r6, #4
	b	1b
2:	hyp_puts hyp_s_ec		/* not in the table: its number */
	mov	r0, r5
	bl	out_puthex
	b	5f
3:	ldrh	r4, [r6, #2]
	add	r0, r6, r4
4:	bl	out_puts
5:	hyp_puts hyp_s_hsr
	mov	r0, r8
	bl	out_puthex
	hyp_puts hyp_s_elr
	mov	r0, r9
	bl	out_puthex
	hyp_puts hyp_s_hdfar
	mov	r0, r10
	bl	out_puthex
	hyp_puts hyp_s_hifar
	mov	r0, r11
	bl	out_puthex
	hyp_puts hyp_s_exit
hyp_exit:
	mov	r0, #SEMIHOST_SYS_EXIT_EXTENDED
	adr_l	r1, hyp_exit_block
	svc	0x123456		/* A32 semihosting trap */
hyp_semihost_ret:
hyp_park:
	wfe
	b	hyp_park
ENDFUNC hyp_exception

/* hyp_ec ec, name: a hyp_ec_table entry, the class and its name's offset
 * from the entry. */
.macro hyp_ec ec, name
9:	.byte	\ec, 0
	.hword	\name - 9b
.endm

/* hyp_s_exit spells the status out. */
.if EXIT_HIGHER_EL != 7
.error "arch/exit.h: EXIT_HIGHER_EL changed: update hyp_s_exit"
.endif

	.section .rodata.higher_el, "a"
	.balign	4
/* SYS_EXIT_EXTENDED's parameter block: {reason, exit status}. */
hyp_exit_block:
	.word	ADP_STOPPED_APP_EXIT, EXIT_HIGHER_EL
hyp_ec_table:
	hyp_ec	0x00, hyp_s_ec00
	hyp_ec	0x01, hyp_s_ec01
	hyp_ec	0x03, hyp_s_ec03
	hyp_ec	0x07, hyp_s_ec07
	hyp_ec	0x12, hyp_s_ec12
	hyp_ec	0x13, hyp_s_ec13
	hyp_ec	0x20, hyp_s_ec20
	hyp_ec	0x21, hyp_s_ec21
	hyp_ec	0x24, hyp_s_ec24
	hyp_ec	0x25, hyp_s_ec25
	.byte	HYP_EC_END, 0, 0, 0
hyp_s_head:	.asciz	"\nBail out! exception taken to HYP: "
hyp_s_irq:	.asciz	"IRQ"
hyp_s_fiq:	.asciz	"FIQ"
hyp_s_ec:	.asciz	"exception class "
hyp_s_ec00:	.asciz	"undefined instruction"
hyp_s_ec01:	.asciz	"WFI/WFE trapped"
hyp_s_ec03:	.asciz	"MCR/MRC (CP15) trapped"
hyp_s_ec07:	.asciz	"VFP/Advanced SIMD access trapped"
hyp_s_ec12:	.asciz	"HVC"
hyp_s_ec13:	.asciz	"SMC"
hyp_s_ec20:	.asciz	"prefetch abort from a lower mode"
hyp_s_ec21:	.asciz	"prefetch abort in HYP"
hyp_s_ec24:	.asciz	"data abort from a lower mode"
hyp_s_ec25:	.asciz	"data abort in HYP"
hyp_s_hsr:	.asciz	"; HSR "
hyp_s_elr:	.asciz	", ELR_hyp "
hyp_s_hdfar:	.asciz	", HDFAR "
hyp_s_hifar:	.asciz	", HIFAR "
hyp_s_exit:	.asciz	"\nEXIT: STATUS=7\n"

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
	.balign	8
higher_el_stack:
	.space	HIGHER_EL_STACK_SIZE
higher_el_stack_top:
