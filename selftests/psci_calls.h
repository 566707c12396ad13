/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the psci self-tests (97_psci.c, 98_psci_smp.c) share: the conduit and
 * its calls, which CPUs PSCI started, and the skips for firmware that cannot
 * be asked a test's calls.
 *
 * psci_skip_unless(v2) returns true (and marks the test skipped, saying
 * why) where there is no PSCI in the tree, or a PSCI 0.1 node only ("arm,psci"
 * alone: its own function IDs, none of 0.2's); psci_skip_below_1_0() also
 * where PSCI_VERSION says below 1.0: calls a minimal firmware may not guard
 * (CPU_ON of a CPU that is on or starting) are asked of 1.0 or later only.
 * psci_secondary() is the last online secondary PSCI started (-1: none);
 * psci_wait_aff() polls AFFINITY_INFO of cpu until it is `want`, at most
 * PSCI_OFF_WAIT_MS, and returns the last answer. psci_back() checks (as
 * expect()s) that cpu, started again, is ON and runs work as its own MPIDR.
 * Boot CPU only.
 */
#ifndef SELFTESTS_PSCI_CALLS_H
#define SELFTESTS_PSCI_CALLS_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/psci.h"
#include "smp/smp.h"

#define PSCI_OFF_WAIT_MS 1000

long psci(uint32_t fn, uintptr_t a1, uintptr_t a2, uintptr_t a3);
bool psci_skip_unless_v2(void);
bool psci_skip_below_1_0(const char *what);
int psci_secondary(void);
long psci_wait_aff(unsigned cpu, long want);
void psci_pause_ms(unsigned ms);
bool psci_back(unsigned cpu);

#endif
