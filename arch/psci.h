/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PSCI calls (Arm Power State Coordination Interface, DEN0022 D/E) through
 * the conduit the device tree names (/psci "method": SMC or HVC).
 *
 * psci_call() passes a function ID and up to three arguments in x0-x3 /
 * r0-r3 and returns what the firmware put in x0 / r0, sign-extended: a
 * PSCI_RET_* error (negative), or the function's result. With PSCI_NONE it
 * returns PSCI_RET_NOT_SUPPORTED and calls nothing. The SMC32 function IDs
 * are used on ARMv7, the SMC64 ones (where they differ) on AArch64
 * (DEN0022, "Function ID" tables; Linux include/uapi/linux/psci.h).
 * Callable at EL1 / SVC, MMU on or off, on any CPU. The function IDs and
 * return codes are usable from assembly too (boot/<arch>/secondary.S).
 */
#ifndef ARCH_PSCI_H
#define ARCH_PSCI_H

#ifndef __ASSEMBLER__
#include <stdint.h>

#include "arch/arch.h"
#endif

#define PSCI_VERSION           0x84000000u
#define PSCI_CPU_SUSPEND_32    0x84000001u
#define PSCI_CPU_OFF           0x84000002u
#define PSCI_MIGRATE_INFO_TYPE 0x84000006u
#define PSCI_SYSTEM_RESET      0x84000009u /* PSCI_SYSTEM_OFF: arch/arch.h */
#define PSCI_CPU_SUSPEND_64    0xc4000001u
#define PSCI_CPU_ON_32         0x84000003u
#define PSCI_AFFINITY_32       0x84000004u
#define PSCI_FEATURES          0x8400000au
#define PSCI_CPU_ON_64         0xc4000003u
#define PSCI_AFFINITY_64       0xc4000004u
#ifdef __aarch64__
#define PSCI_CPU_ON        PSCI_CPU_ON_64
#define PSCI_AFFINITY_INFO PSCI_AFFINITY_64
#define PSCI_CPU_SUSPEND   PSCI_CPU_SUSPEND_64
#else
#define PSCI_CPU_ON        PSCI_CPU_ON_32
#define PSCI_AFFINITY_INFO PSCI_AFFINITY_32
#define PSCI_CPU_SUSPEND   PSCI_CPU_SUSPEND_32
#endif

/* Return codes (DEN0022 "Return error codes"). */
#define PSCI_RET_SUCCESS            0
#define PSCI_RET_NOT_SUPPORTED      (-1)
#define PSCI_RET_INVALID_PARAMETERS (-2)
#define PSCI_RET_DENIED             (-3)
#define PSCI_RET_ALREADY_ON         (-4)
#define PSCI_RET_ON_PENDING         (-5)
#define PSCI_RET_INTERNAL_FAILURE   (-6)
#define PSCI_RET_NOT_PRESENT        (-7)
#define PSCI_RET_DISABLED           (-8)
#define PSCI_RET_INVALID_ADDRESS    (-9)

/* AFFINITY_INFO results. */
#define PSCI_AFF_ON         0
#define PSCI_AFF_OFF        1
#define PSCI_AFF_ON_PENDING 2

#ifndef __ASSEMBLER__
#define PSCI_VERSION_MAJOR(v) ((uint32_t)(v) >> 16)
#define PSCI_VERSION_MINOR(v) ((uint32_t)(v)&0xffff)

long psci_call(enum psci_conduit conduit, uint32_t fn, uintptr_t a1, uintptr_t a2, uintptr_t a3);
/* "PSCI 1.1 smc" ...: the error in words, or "" for a success. */
const char *psci_strerror(long ret);
const char *psci_conduit_name(enum psci_conduit conduit);
#endif

#endif
