/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CP15 operations the cache/armv7 assembly uses, as assembler macros:
 * real instructions in the image; in the host trace build (CACHE_TRACE) calls
 * that record each maintenance operand and read the ID registers from a
 * table, so the same source runs under qemu-arm over made-up geometries
 * (QEMU models no caches: running the loops proves nothing). Encodings: ARM ARM DDI 0406C B4.2.1, "Cache and branch
 * predictor maintenance operations", and B4.1 (CLIDR, CSSELR, CCSIDR).
 */
#ifndef CACHE_ARMV7_OPS_H
#define CACHE_ARMV7_OPS_H

#ifndef CACHE_TRACE

#include "arch/armv7/sysreg.h"

/* dc_sw op, reg: DCISW / DCCSW / DCCISW */
.macro dc_sw op, reg
	.ifc \op, isw
	mcr	p15, 0, \reg, c7, c6, 2
	.endif
	.ifc \op, csw
	mcr	p15, 0, \reg, c7, c10, 2
	.endif
	.ifc \op, cisw
	mcr	p15, 0, \reg, c7, c14, 2
	.endif
.endm
.macro dc_ivac reg
	mcr	p15, 0, \reg, c7, c6, 1		/* DCIMVAC */
.endm
.macro dc_cvac reg
	mcr	p15, 0, \reg, c7, c10, 1	/* DCCMVAC */
.endm
.macro dc_cvau reg
	mcr	p15, 0, \reg, c7, c11, 1	/* DCCMVAU */
.endm
.macro dc_civac reg
	mcr	p15, 0, \reg, c7, c14, 1	/* DCCIMVAC */
.endm
.macro ic_va reg
	mcr	p15, 0, \reg, c7, c5, 1		/* ICIMVAU */
.endm
/* With the Multiprocessing Extensions (MPIDR bit 31 reads 1: B4.1.106, the
 * test mmu/armv7/enable.c makes for TLBIMVAIS) the maintenance other cores
 * must see is the Inner Shareable form: BPIALLIS (B4.2.1; BPIALL acts on
 * this core's branch predictor only, B2.2.7) and ICIALLUIS; without them
 * (the Cortex-A8) only the local forms exist (Linux
 * arch/arm/mm/cache-v7.S chooses ALT_SMP(BPIALLIS) / ALT_UP(BPIALL) the
 * same way). By branch, not by condition code, so that only the form this
 * core runs is translated by QEMU (the matrix checks the executed stream,
 * qemu-tests/matrix key noinsn = insn@routine). */
.macro if_mp scratch, up_label
	mrc	p15, 0, \scratch, c0, c0, 5	/* MPIDR */
	tst	\scratch, #MPIDR_MP_FORMAT
	mov	\scratch, #0
	beq	\up_label
.endm
/* ic_all scratch: ICIALLU(IS) and BPIALL(IS) (the branch predictor holds
 * addresses too) */
.macro ic_all scratch
	if_mp	\scratch, .Lic_all_up\@
	mcr	p15, 0, \scratch, c7, c1, 0	/* ICIALLUIS */
	mcr	p15, 0, \scratch, c7, c1, 6	/* BPIALLIS */
	b	.Lic_all_done\@
.Lic_all_up\@:
	mcr	p15, 0, \scratch, c7, c5, 0	/* ICIALLU */
	mcr	p15, 0, \scratch, c7, c5, 6	/* BPIALL */
.Lic_all_done\@:
.endm
.macro bp_inval_all scratch
	if_mp	\scratch, .Lbp_up\@
	mcr	p15, 0, \scratch, c7, c1, 6	/* BPIALLIS */
	b	.Lbp_done\@
.Lbp_up\@:
	mcr	p15, 0, \scratch, c7, c5, 6	/* BPIALL */
.Lbp_done\@:
.endm
.macro read_clidr reg
	mrc	p15, 1, \reg, c0, c0, 1
.endm
.macro read_ccsidr sel, out
	mcr	p15, 2, \sel, c0, c0, 0		/* CSSELR */
	isb
	mrc	p15, 1, \out, c0, c0, 0		/* CCSIDR */
.endm
.macro reset_csselr scratch
	mov	\scratch, #0
	mcr	p15, 2, \scratch, c0, c0, 0
.endm
.macro irq_save_mask reg
	mrs	\reg, cpsr
	cpsid	if
.endm
.macro irq_restore reg
	msr	cpsr_c, \reg
.endm

#else /* CACHE_TRACE: user mode under qemu-arm; see tests/host/cache/cache_trace.c */

#include "cache/trace_codes.h"

/* trace_op(code, operand); its result is left in trace_result. Keeps every register. */
.macro trace_call code, reg
	push	{r0-r5, r12, lr}
	mov	r1, \reg
	mov	r0, #\code
	bl	trace_op
	pop	{r0-r5, r12, lr}
.endm
.macro trace_read code, reg, out
	trace_call \code, \reg
	ldr	\out, =trace_result
	ldr	\out, [\out]
.endm
.macro dc_sw op, reg
	.ifc \op, isw
	trace_call TRACE_ISW, \reg
	.endif
	.ifc \op, csw
	trace_call TRACE_CSW, \reg
	.endif
	.ifc \op, cisw
	trace_call TRACE_CISW, \reg
	.endif
.endm
.macro dc_ivac reg
	trace_call TRACE_IVAC, \reg
.endm
.macro dc_cvac reg
	trace_call TRACE_CVAC, \reg
.endm
.macro dc_cvau reg
	trace_call TRACE_CVAU, \reg
.endm
.macro dc_civac reg
	trace_call TRACE_CIVAC, \reg
.endm
.macro ic_va reg
	trace_call TRACE_IVAU, \reg
.endm
.macro ic_all scratch
	trace_call TRACE_IALLU, \scratch
.endm
.macro bp_inval_all scratch
.endm
.macro read_clidr reg
	trace_read TRACE_CLIDR, \reg, \reg
.endm
.macro read_ccsidr sel, out
	trace_read TRACE_CCSIDR, \sel, \out
.endm
.macro reset_csselr scratch
.endm
.macro irq_save_mask reg
	mov	\reg, #0
.endm
.macro irq_restore reg
.endm

#endif /* CACHE_TRACE */
#endif
