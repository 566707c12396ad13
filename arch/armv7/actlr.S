/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ACTLR bits a core needs for coherency, from its MIDR, in assembly:
 * the secondaries (boot/armv7/secondary.S) set them before they have a
 * stack. Which cores: the part table (arch/midr.h CPU_PARTS, PARTF_ACTLR_SMP
 * and PARTF_ACTLR_FW), expanded here as actlr_smp_bits() reads it in C;
 * host-mmu-armv7 runs this routine under qemu-arm over every part and
 * compares the two.
 */
#include "arch/asm.h"
#include "arch/armv7/sysreg.h"

	.syntax	unified
	.arm
	.arch	armv7-a

/* One CPU_PARTS entry: r1 == its implementer + part number (r2 built from
 * the two halves) ORs in its ACTLR bits. */
#define ACTLR_BIT(impl, pn, flags, flag, bit)                                                      \
	.if (flags) & (flag);                                                                      \
	movw r2, #(MIDR_IMPL_PART(impl, pn) & 0xffff);                                             \
	movt r2, #(MIDR_IMPL_PART(impl, pn) >> 16);                                                \
	cmp r1, r2;                                                                                \
	orreq r0, r0, #(bit);                                                                      \
	.endif;
#define ACTLR_PART(impl, pn, name, flags)                                                          \
	ACTLR_BIT(impl, pn, flags, PARTF_ACTLR_SMP, ACTLR_SMP)                                     \
	ACTLR_BIT(impl, pn, flags, PARTF_ACTLR_FW, ACTLR_FW)

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
	bic	r1, r0, #MIDR_REVISION_MASK	/* MIDR & MIDR_IMPL_PART_MASK: revision, */
	bic	r1, r1, #MIDR_VARIANT_ARCH_MASK	/* variant and architecture cleared */
	mov	r0, #0
	CPU_PARTS(ACTLR_PART)
	bx	lr
ENDFUNC actlr_smp_bits_asm
