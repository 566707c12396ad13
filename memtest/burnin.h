/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test's burn-in: every CPU at once loops the DRAM test, page copy/clear and cache
 * maintenance for burnin=SECONDS (memtest/burnin.c says how and what
 * it prints). Runs inside the self-test "memtest: burnin" and reports through
 * lib/selftest (expect, skip, diag): it skips unless asked for on the command
 * line, fails the test on any error it finds. Preconditions: the MMU and
 * caches on, the heap set up, smp_init() may be called (it starts the CPUs).
 */
#ifndef MEMTEST_BURNIN_H
#define MEMTEST_BURNIN_H

void memtest_burnin(void);

#endif
