/*
 * AArch64 EL1 exception vectors (ARM ARM DDI 0487 D1.10 "Exception entry",
 * table of vector offsets: 4 groups x {Sync, IRQ, FIQ, SError}, 0x80 each).
 *
 * bringup runs at EL1 on SP_EL0 (EL1t); every exception is taken on SP_EL1
 * (its own stack), saves a struct exc_frame (arch/exception.h) and calls
 *   void exception_handler(struct exc_frame *f, unsigned vector);
 * If that returns (a fault probe redirected ELR), the frame is restored and
 * ERET resumes at f->elr with f->spsr. ERET is context-synchronizing.
 */
#define FRAME_SIZE (36 * 8)

.macro ventry idx
	.balign	0x80
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #0]
	mov	x0, #\idx
	b	exc_save
.endm

	.text
	.balign	0x800
	.globl	exception_vectors
exception_vectors:
	ventry 0	/* current EL, SP_EL0: sync */
	ventry 1
	ventry 2
	ventry 3
	ventry 4	/* current EL, SP_ELx: sync (fault inside a handler) */
	ventry 5
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

/* Frame layout: x0..x30 at 8*n, sp at 248, elr 256, spsr 264, esr 272, far 280. */
exc_save:
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	/* The interrupted SP: SP_EL0 for group 0, else the SP_EL1 before this frame. */
	mrs	x2, sp_el0
	add	x3, sp, #FRAME_SIZE
	cmp	x0, #4
	csel	x2, x2, x3, lo
	stp	x30, x2, [sp, #240]
	mrs	x2, elr_el1
	mrs	x3, spsr_el1
	stp	x2, x3, [sp, #256]
	mrs	x2, esr_el1
	mrs	x3, far_el1
	stp	x2, x3, [sp, #272]
	mov	x1, x0
	mov	x0, sp
	bl	exception_handler

	ldp	x2, x3, [sp, #256]
	msr	elr_el1, x2
	msr	spsr_el1, x3
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x16, x17, [sp, #128]
	ldp	x18, x19, [sp, #144]
	ldp	x20, x21, [sp, #160]
	ldp	x22, x23, [sp, #176]
	ldp	x24, x25, [sp, #192]
	ldp	x26, x27, [sp, #208]
	ldp	x28, x29, [sp, #224]
	ldr	x30, [sp, #240]
	ldp	x0, x1, [sp, #0]
	add	sp, sp, #FRAME_SIZE
	eret
