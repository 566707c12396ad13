/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame arch/armv7/vectors.S saves: SRSDB stores {LR, SPSR} of
 * the exception, then PUSH {r0-r12} stores r0..r12 below them, so the frame
 * starts at the final SP. The offsets are defined here once, as plain
 * numbers vectors.S checks its layout against; the C view (struct
 * exc_frame) is checked against each of them.
 */
#ifndef ARCH_ARMV7_FRAME_H
#define ARCH_ARMV7_FRAME_H

#define FRAME_R(n) (4 * (n)) /* r0..r12: PUSH {r0-r12} */
#define FRAME_RET  52        /* the exception's LR: SRSDB's lower word */
#define FRAME_SPSR 56        /* SPSR of the mode taking it: SRSDB's upper word */
#define FRAME_SIZE 60

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

struct exc_frame {
	uint32_t r[13];
	uint32_t ret;  /* the exception's LR, raw: fault_pc() in decode.c gives the PC */
	uint32_t spsr; /* CPSR of the interrupted code */
};
_Static_assert(offsetof(struct exc_frame, r[0]) == FRAME_R(0), "frame.h: FRAME_R");
_Static_assert(offsetof(struct exc_frame, r[12]) == FRAME_R(12), "frame.h: FRAME_R");
_Static_assert(offsetof(struct exc_frame, ret) == FRAME_RET, "frame.h: FRAME_RET");
_Static_assert(offsetof(struct exc_frame, spsr) == FRAME_SPSR, "frame.h: FRAME_SPSR");
_Static_assert(sizeof(struct exc_frame) == FRAME_SIZE, "frame.h: FRAME_SIZE");

void banked_sp_lr(unsigned mode, uint32_t out[2]);
#endif

#endif
