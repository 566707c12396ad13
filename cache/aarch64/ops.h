/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The instructions the cache/aarch64 assembly uses to reach the cache and its ID
 * registers, as assembler macros. The image build expands them to the real
 * instructions. The host trace build (CACHE_TRACE, tests/host/cache/cache_trace*)
 * expands them to calls that record each maintenance operand and read the ID
 * registers from a table, so the same source runs under qemu-aarch64 over
 * thousands of made-up cache geometries: QEMU models no caches, so the
 * loops cannot be checked by running them on a QEMU CPU.
 */
#ifndef CACHE_AARCH64_OPS_H
#define CACHE_AARCH64_OPS_H

#ifndef CACHE_TRACE

/* dc_sw op, xreg: DC ISW/CSW/CISW */
.macro dc_sw op, reg
	dc	\op, \reg
.endm
/* dc_va op, xreg: DC IVAC/CVAC/CVAU/CIVAC */
.macro dc_va op, reg
	dc	\op, \reg
.endm
.macro ic_va reg
	ic	ivau, \reg
.endm
.macro ic_all
	ic	iallu
.endm
.macro read_clidr reg
	mrs	\reg, clidr_el1
.endm
.macro read_mmfr2 reg
	mrs	\reg, id_aa64mmfr2_el1
.endm
/* read_ccsidr sel, out: select a cache with CSSELR_EL1, ISB, read CCSIDR_EL1 */
.macro read_ccsidr sel, out
	msr	csselr_el1, \sel
	isb
	mrs	\out, ccsidr_el1
.endm
.macro reset_csselr
	msr	csselr_el1, xzr
.endm
.macro irq_save_mask reg
	mrs	\reg, daif
	msr	daifset, #0xf
.endm
.macro irq_restore reg
	msr	daif, \reg
.endm

#else /* CACHE_TRACE: EL0 under qemu-aarch64; see tests/host/cache/cache_trace.c */

/* Calls trace_op(code, operand) keeping every register but x16/x17 (IP0/IP1). */
.macro trace_call code, reg
	mov	x16, \reg
	stp	x0, x1, [sp, #-160]!
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x18, x30, [sp, #128]
	mov	x0, #\code
	mov	x1, x16
	bl	trace_op
	mov	x16, x0
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x18, x30, [sp, #128]
	ldp	x0, x1, [sp], #160
.endm
#include "cache/trace_codes.h"
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
.macro dc_va op, reg
	.ifc \op, ivac
	trace_call TRACE_IVAC, \reg
	.endif
	.ifc \op, cvac
	trace_call TRACE_CVAC, \reg
	.endif
	.ifc \op, cvau
	trace_call TRACE_CVAU, \reg
	.endif
	.ifc \op, civac
	trace_call TRACE_CIVAC, \reg
	.endif
.endm
.macro ic_va reg
	trace_call TRACE_IVAU, \reg
.endm
.macro ic_all
	trace_call TRACE_IALLU, xzr
.endm
.macro read_clidr reg
	trace_call TRACE_CLIDR, xzr
	mov	\reg, x16
.endm
.macro read_mmfr2 reg
	trace_call TRACE_MMFR2, xzr
	mov	\reg, x16
.endm
.macro read_ccsidr sel, out
	trace_call TRACE_CCSIDR, \sel
	mov	\out, x16
.endm
.macro reset_csselr
.endm
.macro irq_save_mask reg
	mov	\reg, xzr
.endm
.macro irq_restore reg
.endm

#endif /* CACHE_TRACE */
#endif
