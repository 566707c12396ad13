/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test's soak: the DRAM test on every CPU at once, pass after pass until reset
 * (memtest_passes=0) (memtest/soak.c says how and what
 * it prints). Runs inside the self-test "memtest: soak" and reports through
 * lib/selftest (expect, skip, diag): it skips unless asked for on the command
 * line, fails the test on any error it finds. Preconditions: the MMU and
 * caches on, the heap set up, smp_init() may be called (it starts the CPUs).
 */
#ifndef MEMTEST_SOAK_H
#define MEMTEST_SOAK_H

void memtest_soak(void);

#endif
