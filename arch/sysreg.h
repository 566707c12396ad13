/*
 * The running architecture's system registers, barriers (dsb(option),
 * dmb(option), isb()), event instructions (sev(), wfe()) and read_mpidr():
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

#endif
