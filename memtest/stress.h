/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM stress (stress=SECONDS; memtest/stress.c says how and what it
 * prints; the blocks, checksums and tags are lib/memtest/memtest_stress.h): every
 * CPU of the DRAM test moves blocks DRAM to DRAM across all free RAM at
 * once, with inversion passes, power spikes and a shared counter. Runs
 * inside the self-test "memtest: stress" and reports through lib/selftest
 * (expect, skip, diag). Preconditions: the MMU and caches on, the heap set
 * up, smp_init() may be called (it starts the CPUs).
 */
#ifndef MEMTEST_STRESS_H
#define MEMTEST_STRESS_H

#include <stdbool.h>

/* The self-test: stress= absent, SKIP; 0, until reset; else that long. */
void memtest_stress(void);
/* seconds of it (1 or more) under the name `who` (its lines begin
 * "memtest: <who>:"); false if it found an error or could not run. */
bool memtest_stress_run(unsigned seconds, const char *who);

#endif
