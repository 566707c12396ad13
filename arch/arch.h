/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-architecture services (arch/<arch>/arch.c), for every layer above.
 * All may be called with the MMU on or off, at the image's running level
 * (AArch64 EL1, ARMv7 SVC).
 */
#ifndef ARCH_ARCH_H
#define ARCH_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/image.h"

/* How PSCI calls reach the firmware (the device tree's /psci "method"). */
enum psci_conduit { PSCI_NONE = 0, PSCI_SMC, PSCI_HVC };

const char *arch_name(void);
/* "EL1" / "SVC" ...: the level or mode the image runs at now. */
const char *arch_level_name(void);
unsigned arch_cpu_id(void); /* MIDR */

/* Timer: a free-running counter and its frequency (0 if none is found). */
/* a9_periphbase: the Cortex-A9/A5 private region named by the tree, whose
 * global timer is the counter on cores without the generic timer (0: read
 * CBAR). */
bool arch_counter_init(uint64_t a9_periphbase);
uint64_t arch_counter(void);
uint32_t arch_counter_hz(void);
/* Where the architecture can, writes hz as the counter frequency (entered at
 * the level that owns it: AArch64 at EL3); true if the counter now reports
 * hz. The default, a weak definition in arch/counter.c, cannot. Its user is
 * counter_start (arch/counter.h). */
bool arch_counter_set_hz(uint32_t hz, unsigned entry_level);
/* Whether bringup is the firmware, entered at the highest exception level:
 * AArch64 entered at EL3. ARMv7 cannot tell a Secure entry from the mode
 * alone: false (arch/counter.c's default). */
bool arch_is_firmware(unsigned entry_level);

/* The generic timer's event stream on this CPU (CNTKCTL.EVNTEN: a WFE
 * wakes at least every 2^11 counter ticks), so a WFE-based wait is bounded
 * even if no SEV ever comes. false without a generic timer. */
bool arch_event_stream_on(void);

/* The physical address of va through the current stage 1 translation, as
 * the MMU walks it (AT S1E1R / ATS1CPR, then PAR; with the MMU off the
 * flat mapping). false if the translation faults. */
bool arch_va_to_pa(uintptr_t va, uint64_t *pa);

/* Starts this CPU's PMU counting INST_RETIRED (event counter 0) and cycles,
 * if it has an architected PMU (arch/<arch>/pmu_start.S; nothing if not).
 * Assembly, no stack. */
void pmu_start(void);
/* PMU: INST_RETIRED count since pmu_start() at boot; false if the CPU has none. */
bool arch_inst_retired(uint64_t *count);

/* Semihosting call (may fault where semihosting is absent: wrap in fault_probe). */
uintptr_t arch_semihost(uintptr_t op, uintptr_t arg);
/* PSCI SYSTEM_OFF through the given conduit (returns if it fails). */
#define PSCI_SYSTEM_OFF 0x84000008u /* DEN0022, SYSTEM_OFF */
void arch_psci_system_off(enum psci_conduit conduit);
__attribute__((noreturn)) void arch_halt(void);

#define SEMIHOST_SYS_EXIT          0x18
#define SEMIHOST_SYS_EXIT_EXTENDED 0x20
#define SEMIHOST_SYS_GET_CMDLINE   0x15

#endif
