/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 EL1 exception vectors (ARM ARM DDI 0487, chapter D1 "The AArch64
 * System Level Programmers' Model": exception entry, and the vector table
 * at VBAR_EL1: 4 groups x {Sync, IRQ, FIQ, SError}, 0x80 bytes each); the
 * EL3/EL2 ones that end the run are arch/aarch64/higher_el_vectors.S.
 *
 * bringup runs at EL1 on SP_EL0 (EL1t); every exception is taken on SP_EL1
 * (its own stack), saves a struct exc_frame (arch/aarch64/frame.h) and calls
 *   void exception_handler(struct exc_frame *f, unsigned vector);
 * If that returns (a fault probe redirected ELR), the frame is restored and
 * ERET resumes at f->elr with f->spsr.
 */
#include "arch/asm.h"
#include "arch/aarch64/frame.h"
#include "arch/aarch64/sysreg.h"

/* The STP/LDP pairs below store neighbours with one instruction. */
.if FRAME_SP != FRAME_X(30) + 8 || FRAME_SPSR != FRAME_ELR + 8 || FRAME_FAR != FRAME_ESR + 8
.error "arch/aarch64/frame.h: the pairs vectors.S stores are not adjacent"
.endif

/* x2..x29 into the frame on SP (exc_save and irq_save both). */
.macro save_x2_x29
	stp	x2, x3, [sp, #FRAME_X(2)]
	stp	x4, x5, [sp, #FRAME_X(4)]
	stp	x6, x7, [sp, #FRAME_X(6)]
	stp	x8, x9, [sp, #FRAME_X(8)]
	stp	x10, x11, [sp, #FRAME_X(10)]
	stp	x12, x13, [sp, #FRAME_X(12)]
	stp	x14, x15, [sp, #FRAME_X(14)]
	stp	x16, x17, [sp, #FRAME_X(16)]
	stp	x18, x19, [sp, #FRAME_X(18)]
	stp	x20, x21, [sp, #FRAME_X(20)]
	stp	x22, x23, [sp, #FRAME_X(22)]
	stp	x24, x25, [sp, #FRAME_X(24)]
	stp	x26, x27, [sp, #FRAME_X(26)]
	stp	x28, x29, [sp, #FRAME_X(28)]
.endm

/* One vector: 0x80 bytes, 4 instructions, then exc_save with x0 = idx. */
.macro ventry idx
	.balign	0x80
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #FRAME_X(0)]
	mov	x0, #\idx
	b	exc_save
.endm

/* An IRQ vector: the same frame start, x1 = the interrupted SP (SP_EL0
 * from vector 1, the SP_EL1 above the frame from vector 5), irq_save. */
.macro virq idx
	.balign	0x80
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #FRAME_X(0)]
.if \idx < 4
	mrs	x1, sp_el0
.else
	add	x1, sp, #FRAME_SIZE
.endif
	mov	x0, #\idx
	b	irq_save
.endm

	.text
/*
 * exception_vectors: the VBAR_EL1 table (VBAR_EL1[10:0] are RES0, hence
 * 2 KiB alignment); each entry is the 4-instruction ventry above.
 * Not called from C: entry state is exception entry to EL1 (PSTATE.DAIF all
 * masked, SP = SP_EL1, ELR_EL1/SPSR_EL1/ESR_EL1/FAR_EL1 describe the
 * exception). Clobbers: nothing of the interrupted context (x0, x1 are saved
 * before use). Stack: SP_EL1, FRAME_SIZE bytes, then exc_save's.
 */
FUNC exception_vectors, 0x800
	ventry 0	/* current EL, SP_EL0: sync */
	virq 1		/* current EL, SP_EL0: IRQ */
	ventry 2
	ventry 3
	ventry 4	/* current EL, SP_ELx: sync (fault inside a handler) */
	virq 5
	ventry 6
	ventry 7
	ventry 8	/* lower EL, AArch64 */
	ventry 9
	ventry 10
	ventry 11
	ventry 12	/* lower EL, AArch32 */
	ventry 13
	ventry 14
	ventry 15
ENDFUNC exception_vectors


/*
 * exc_save: not called from C. Entry state: from a ventry, SP = SP_EL1 with
 * FRAME_SIZE bytes reserved, x0 and x1 saved at FRAME_X(0), x0 = the vector
 * index (0..3: taken from EL1 on SP_EL0), DAIF masked.
 * Fills the rest of the frame, calls exception_handler(frame, vector),
 * reloads ELR_EL1/SPSR_EL1 and x0..x30 from the frame (the handler may have
 * changed them) and ERETs: restores PC from ELR_EL1 and PSTATE from
 * SPSR_EL1, context-synchronizing (DDI 0487 chapter D1, exception return;
 * the ERET instruction). Clobbers: nothing but what the handler wrote into
 * the frame. Stack: the frame on SP_EL1 plus exception_handler's.
 */
LOCAL_FUNC exc_save
	save_x2_x29
	/* The interrupted SP: SP_EL0 for group 0 (vectors 0..3), else the
	 * SP_EL1 before this frame. */
	mrs	x2, sp_el0
	add	x3, sp, #FRAME_SIZE
	cmp	x0, #4
	csel	x2, x2, x3, lo
	stp	x30, x2, [sp, #FRAME_X(30)]	/* x30, then FRAME_SP */
	mrs	x2, elr_el1
	mrs	x3, spsr_el1
	stp	x2, x3, [sp, #FRAME_ELR]	/* ELR, then FRAME_SPSR */
	mrs	x2, esr_el1
	mrs	x3, far_el1
	stp	x2, x3, [sp, #FRAME_ESR]	/* ESR, then FRAME_FAR */
	mov	x1, x0
	mov	x0, sp
	bl	exception_handler
.Lexc_restore:
	ldp	x2, x3, [sp, #FRAME_ELR]
	msr	elr_el1, x2
	msr	spsr_el1, x3
	ldp	x2, x3, [sp, #FRAME_X(2)]
	ldp	x4, x5, [sp, #FRAME_X(4)]
	ldp	x6, x7, [sp, #FRAME_X(6)]
	ldp	x8, x9, [sp, #FRAME_X(8)]
	ldp	x10, x11, [sp, #FRAME_X(10)]
	ldp	x12, x13, [sp, #FRAME_X(12)]
	ldp	x14, x15, [sp, #FRAME_X(14)]
	ldp	x16, x17, [sp, #FRAME_X(16)]
	ldp	x18, x19, [sp, #FRAME_X(18)]
	ldp	x20, x21, [sp, #FRAME_X(20)]
	ldp	x22, x23, [sp, #FRAME_X(22)]
	ldp	x24, x25, [sp, #FRAME_X(24)]
	ldp	x26, x27, [sp, #FRAME_X(26)]
	ldp	x28, x29, [sp, #FRAME_X(28)]
	ldr	x30, [sp, #FRAME_X(30)]
	ldp	x0, x1, [sp, #FRAME_X(0)]
	add	sp, sp, #FRAME_SIZE
	eret
ENDFUNC exc_save

/*
 * irq_save: not called from C. Entry state: from a virq vector, as
 * exc_save's (x0 = the vector index, 1 or 5), x1 = the interrupted SP. Saves the whole frame but
 * ESR and FAR (an IRQ sets neither: DDI 0487 D1.10 "Exception entry"),
 * then calls arch_irq_handler(frame) (arch/exception.h) and returns
 * through exc_save's restore and ERET. With no handler installed, the
 * syndrome registers too, then exception_handler(frame, vector): an
 * unexpected IRQ, reported. Clobbers: nothing of the interrupted context.
 * Stack: the frame on SP_EL1, then the handler's.
 */
LOCAL_FUNC irq_save
	save_x2_x29
	stp	x30, x1, [sp, #FRAME_X(30)]	/* x30, then FRAME_SP */
	mrs	x2, elr_el1
	mrs	x3, spsr_el1
	stp	x2, x3, [sp, #FRAME_ELR]
	adrp	x2, arch_irq_handler
	ldr	x2, [x2, :lo12:arch_irq_handler]
	cbz	x2, 1f
	mov	x0, sp
	blr	x2
	b	.Lexc_restore
1:	mrs	x2, esr_el1
	mrs	x3, far_el1
	stp	x2, x3, [sp, #FRAME_ESR]
	mov	x1, x0
	mov	x0, sp
	bl	exception_handler
	b	.Lexc_restore
ENDFUNC irq_save
