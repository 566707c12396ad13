/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembler macros for bringup's .S files, AArch64 and ARMv7-A alike.
 *
 *   FUNC name[, align]        a global routine: .globl, .type %function,
 *                             .balign align (bytes, default 4), the label
 *   LOCAL_FUNC name[, align]  the same without .globl, for internal routines
 *   ENDFUNC name              .size name, . - name
 *
 * The symbol table then gives every routine a type and a size (gdb, objdump,
 * nm -S, backtraces). The only thing that reaches the code is the .balign in
 * front of the label: 4 is a no-op after any A64 or A32 instruction, so
 * FUNC adds padding only where an alignment is asked for, as the .balign it
 * replaces did. Nothing here is ever emitted inside a routine.
 *
 * Assembly only: include it from .S files (the C preprocessor defines
 * __ASSEMBLER__ for them).
 */
#ifndef ARCH_ASM_H
#define ARCH_ASM_H

#ifndef __ASSEMBLER__
#error "arch/asm.h holds assembler macros: include it from .S files only"
#endif

.macro LOCAL_FUNC name, align=4
	.type	\name, %function
	.balign	\align
\name:
.endm

.macro FUNC name, align=4
	.globl	\name
	LOCAL_FUNC \name, \align
.endm

.macro ENDFUNC name
	.size	\name, . - \name
.endm

#ifdef __aarch64__
/* adr_l reg, sym (AArch64): reg = the run-time address of sym, +-4 GiB
 * (ADRP + ADD, PC-relative: no relocation, usable before the image
 * relocates itself). */
.macro adr_l reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
.endm
#endif

#ifdef __arm__
/* adr_l reg, sym (ARMv7, ARM state): reg = the run-time address of sym, in
 * any section, from a PC-relative literal resolved at link time: no
 * relocation needed, so usable before the image relocates itself. */
.macro adr_l reg, sym
	ldr	\reg, 1001f
1000:	add	\reg, pc, \reg
	b	1002f
1001:	.word	\sym - (1000b + 8)
1002:
.endm
#endif

#endif
