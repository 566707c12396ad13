/*
 * The ACTLR bits a core needs for coherency, from its MIDR, in assembly:
 * the secondaries (boot/armv7/secondary.S) set them before they have a
 * stack. The lists are arch/armv7/sysreg.h's ACTLR_SMP_PARTS and
 * ACTLR_FW_PARTS, the ones actlr_smp_bits() uses in C; host-mmu-armv7 runs
 * this routine under qemu-arm over every part and compares the two.
 */
#include "arch/asm.h"
#include "arch/armv7/sysreg.h"

	.syntax	unified
	.arm
	.arch	armv7-a

	.text
/*
 * uint32_t actlr_smp_bits_asm(uint32_t midr)
 * r0 = MIDR in; out: ACTLR_SMP | ACTLR_FW, ACTLR_SMP or 0, as
 * actlr_smp_bits() (sysreg.h: SMP on the Cortex-A5/A7/A9/A12/A15/A17, FW
 * on the Cortex-A5/A9, nothing on any other part or implementer). Pure
 * computation: no system register, no barrier. Clobbers: r0-r2, flags.
 * No stack.
 */
FUNC actlr_smp_bits_asm
	lsr	r1, r0, #24
	cmp	r1, #IMPLEMENTER_ARM
	movne	r0, #0
	bxne	lr
	ubfx	r1, r0, #4, #12		/* MIDR PartNum */
	mov	r0, #0
	.irp	part, ACTLR_SMP_PARTS
	movw	r2, #\part
	cmp	r1, r2
	orreq	r0, r0, #ACTLR_SMP
	.endr
	.irp	part, ACTLR_FW_PARTS
	movw	r2, #\part
	cmp	r1, r2
	orreq	r0, r0, #ACTLR_FW
	.endr
	bx	lr
ENDFUNC actlr_smp_bits_asm
