/* SPDX-License-Identifier: BSD-2-Clause */
/* ARMv7-A psci_call (arch/psci.h). */
#include "arch/psci.h"

/* SMC/HVC calling convention (DEN0028, SMCCC, AArch32): r0 = function ID,
 * r1-r3 arguments, result in r0; r0-r3 (and r12) may be clobbered. */
long psci_call(enum psci_conduit conduit, uint32_t fn, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	register uint32_t r0 __asm__("r0") = fn;
	register uint32_t r1 __asm__("r1") = a1;
	register uint32_t r2 __asm__("r2") = a2;
	register uint32_t r3 __asm__("r3") = a3;

	if (conduit == PSCI_HVC)
		__asm__ volatile(".arch_extension virt\n\thvc #0"
				 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)::"r12", "memory");
	else if (conduit == PSCI_SMC)
		__asm__ volatile(".arch_extension sec\n\tsmc #0"
				 : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)::"r12", "memory");
	else
		return -1; /* PSCI_RET_NOT_SUPPORTED */
	return (long)(int32_t)r0;
}
