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
 */
#include "arch/asm.h"
#include "arch/armv7/frame.h"
#include "arch/armv7/sysreg.h"

	.syntax	unified
	.arm
	.arch	armv7-a

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
	vstub	v_irq,   6, MODE_IRQ
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
	mov	r0, sp
	mov	r4, sp			/* callee-saved: the frame, across the call */
	bic	sp, sp, #7		/* AAPCS: 8-byte aligned stack at calls */
	bl	exception_handler
	mov	sp, r4
	pop	{r0-r12}
	rfeia	sp!
ENDFUNC exc_common

/*
 * void banked_sp_lr(unsigned mode, uint32_t out[2])
 * Reads SP and LR of another PL1 mode (USR is read through SYS) by switching
 * to it with MSR CPSR_c (A, I, F masked meanwhile) and back. Not for HYP/MON.
 * Clobbers: r0, r2, r3. No stack. No barrier: the new mode's banked SP/LR
 * are used from the next instruction on, as Linux's cpu_init()
 * (arch/arm/kernel/setup.c) also relies on after its MSR CPSR_c.
 */
FUNC banked_sp_lr
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
ENDFUNC banked_sp_lr
