/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * smp_state_report(): for smp: each_cpu, on ARMv7 (selftests/smp_cpu_state.c):
 * each online CPU's security state against the boot CPU's (a mismatch
 * fails, with its reason: *ok cleared) and its ACTLR.SMP/FW as read back (each CPU
 * whose bits stayed clear named). Returns how many stayed clear (0 on
 * AArch64).
 */
#ifndef SELFTESTS_SMP_CPU_STATE_H
#define SELFTESTS_SMP_CPU_STATE_H

#include <stdbool.h>

#include "smp/smp.h"

unsigned smp_state_report(const struct smp_info *s, bool *ok);

#endif
