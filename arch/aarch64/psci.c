/* SPDX-License-Identifier: BSD-2-Clause */
/* AArch64 psci_call (arch/psci.h). */
#include "arch/psci.h"

/* SMC/HVC calling convention (DEN0028, SMCCC): x0 = function ID, x1-x3
 * arguments, result in x0; x0-x17 may be clobbered by the firmware. */
long psci_call(enum psci_conduit conduit, uint32_t fn, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	register uint64_t x0 __asm__("x0") = fn;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;

	if (conduit == PSCI_HVC)
		__asm__ volatile("hvc #0"
				 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				 :
				 : "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13",
				   "x14", "x15", "x16", "x17", "memory");
	else if (conduit == PSCI_SMC)
		__asm__ volatile("smc #0"
				 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				 :
				 : "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13",
				   "x14", "x15", "x16", "x17", "memory");
	else
		return -1; /* PSCI_RET_NOT_SUPPORTED */
	/* A 32-bit function's result is in w0: sign-extend it. */
	return (fn & 0x40000000u) ? (long)x0 : (long)(int32_t)x0;
}
