/* The register frame arch/armv7/vectors.S saves. */
#ifndef ARCH_ARMV7_FRAME_H
#define ARCH_ARMV7_FRAME_H
#include <stdint.h>

struct exc_frame {
	uint32_t r[13];
	uint32_t ret;  /* the exception's LR (raw: see exception.c for the PC) */
	uint32_t spsr; /* CPSR of the interrupted code */
};

void banked_sp_lr(unsigned mode, uint32_t out[2]);
#endif
