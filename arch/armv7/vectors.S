/*
 * ARMv7-A exception vectors (ARM ARM DDI 0406C B1.8 "Exception handling";
 * VBAR, 8 entries). Each saves {r0-r12} and, with SRS, the return address
 * and SPSR on the stack of the mode the exception entered (SVC has the main
 * stack; ABT, UND, IRQ, FIQ share the exception stack), then calls
 *   void exception_handler(struct exc_frame *f, unsigned vector);
 * If that returns (a fault probe redirected it), RFE resumes at f->ret with
 * CPSR = f->spsr. The saved return address is the raw LR: decoding adjusts
 * it per vector to the faulting instruction.
 */
#include "arch/armv7/sysreg.h"

	.syntax	unified
	.arm
	.arch	armv7-a

.macro vstub idx, mode
	srsdb	sp!, #\mode
	push	{r0-r12}
	mov	r1, #\idx
	b	exc_common
.endm

	.text
	.balign	32
	.globl	exception_vectors
exception_vectors:
	b	v_reset
	b	v_undef
	b	v_svc
	b	v_pabt
	b	v_dabt
	b	v_hyp
	b	v_irq
	b	v_fiq

v_reset: vstub 0, MODE_SVC
v_undef: vstub 1, MODE_UND
v_svc:   vstub 2, MODE_SVC
v_pabt:  vstub 3, MODE_ABT
v_dabt:  vstub 4, MODE_ABT
v_hyp:   vstub 5, MODE_SVC
v_irq:   vstub 6, MODE_IRQ
v_fiq:   vstub 7, MODE_FIQ

exc_common:
	mov	r0, sp
	mov	r4, sp			/* callee-saved: the frame, across the call */
	bic	sp, sp, #7		/* AAPCS: 8-byte aligned stack at calls */
	bl	exception_handler
	mov	sp, r4
	pop	{r0-r12}
	rfeia	sp!

/*
 * void banked_sp_lr(unsigned mode, uint32_t out[2])
 * Reads SP and LR of another PL1 mode (USR is read through SYS) by switching
 * to it with interrupts masked. Clobbers r2, r3. No stack. Not for HYP/MON.
 */
	.globl	banked_sp_lr
banked_sp_lr:
	mrs	r2, cpsr
	cmp	r0, #MODE_USR
	moveq	r0, #MODE_SYS
	bic	r3, r2, #MODE_MASK
	orr	r3, r3, r0
	orr	r3, r3, #PSR_AIF
	msr	cpsr_c, r3
	str	sp, [r1]
	str	lr, [r1, #4]
	msr	cpsr_c, r2
	bx	lr
