/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame arch/aarch64/vectors.S saves on SP_EL1 for every
 * exception. The offsets are defined here once, as plain numbers vectors.S
 * uses; the C view (struct exc_frame) is checked against each of them.
 */
#ifndef ARCH_AARCH64_FRAME_H
#define ARCH_AARCH64_FRAME_H

#define FRAME_X(n) (8 * (n)) /* x0..x30 */
#define FRAME_SP   248       /* the interrupted stack pointer; right after x30 */
#define FRAME_ELR  256       /* ELR_EL1 */
#define FRAME_SPSR 264       /* SPSR_EL1; right after ELR (one STP/LDP) */
#define FRAME_ESR  272       /* ESR_EL1 */
#define FRAME_FAR  280       /* FAR_EL1; right after ESR (one STP) */
#define FRAME_SIZE 288       /* a multiple of 16: SP_EL1 stays 16-byte aligned */

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

struct exc_frame {
	uint64_t x[31];
	uint64_t sp; /* the interrupted stack pointer */
	uint64_t elr;
	uint64_t spsr;
	uint64_t esr;
	uint64_t far;
};
_Static_assert(offsetof(struct exc_frame, x[0]) == FRAME_X(0), "frame.h: FRAME_X");
_Static_assert(offsetof(struct exc_frame, x[30]) == FRAME_X(30), "frame.h: FRAME_X");
_Static_assert(offsetof(struct exc_frame, sp) == FRAME_SP, "frame.h: FRAME_SP");
_Static_assert(offsetof(struct exc_frame, elr) == FRAME_ELR, "frame.h: FRAME_ELR");
_Static_assert(offsetof(struct exc_frame, spsr) == FRAME_SPSR, "frame.h: FRAME_SPSR");
_Static_assert(offsetof(struct exc_frame, esr) == FRAME_ESR, "frame.h: FRAME_ESR");
_Static_assert(offsetof(struct exc_frame, far) == FRAME_FAR, "frame.h: FRAME_FAR");
_Static_assert(sizeof(struct exc_frame) == FRAME_SIZE, "frame.h: FRAME_SIZE");
_Static_assert(FRAME_SIZE % 16 == 0, "frame.h: SP_EL1 must stay 16-byte aligned");
#endif

#endif
