/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The running architecture's system registers, barriers (dsb(option),
 * dmb(option), isb()), event instructions (sev(), wfe()), read_mpidr() and
 * the affinity helpers below:
 * arch/aarch64/sysreg.h or arch/armv7/sysreg.h, chosen here once so that no
 * caller needs its own #ifdef to include them.
 */
#ifndef ARCH_SYSREG_H
#define ARCH_SYSREG_H

#ifdef __aarch64__
#include "arch/aarch64/sysreg.h"
#else
#include "arch/armv7/sysreg.h"
#endif

/* The MPIDR affinity fields of an MPIDR value, and of this CPU's: the form
 * a device tree's /cpus reg holds (AArch64 Aff3..Aff0, ARMv7 Aff2..Aff0;
 * Linux Documentation/devicetree/bindings/arm/cpus.yaml). */
#define mpidr_affinity(mpidr) ((uint64_t)(mpidr)&MPIDR_AFF_MASK)
#define this_cpu_mpidr()      mpidr_affinity(read_mpidr())

#endif
