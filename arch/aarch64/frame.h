/* The register frame arch/aarch64/vectors.S saves (offsets fixed there). */
#ifndef ARCH_AARCH64_FRAME_H
#define ARCH_AARCH64_FRAME_H
#include <stdint.h>

struct exc_frame {
	uint64_t x[31];
	uint64_t sp; /* the interrupted stack pointer */
	uint64_t elr;
	uint64_t spsr;
	uint64_t esr;
	uint64_t far;
};
_Static_assert(sizeof(struct exc_frame) == 36 * 8, "vectors.S FRAME_SIZE");
#endif
