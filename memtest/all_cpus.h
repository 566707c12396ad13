/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test on every online CPU at once (memtest_cpus=all, the default
 * with more than one CPU online): selftests/memtest_test.c hands its March
 * C-, random and round-robin passes here; the slices and the round-robin
 * pass are lib/memtest/memtest_cpus.h.
 *
 * memtest_cpus_init() runs before the plan (memtest/plan.h): it
 * starts the CPUs (smp_init: their stacks and per-CPU state are then in
 * the heap in use, which the plan keeps out of every range) and takes from
 * the heap one share per online CPU (its engine state, slices, the errors
 * it keeps for the boot CPU to print), also in use. Parallel unless
 * memtest_cpus=one, one CPU online, or an outer cache is active and
 * memtest_cpus=all was not given (its line maintenance by PA from several
 * CPUs at once is not what bringup's PL310 code is written for).
 *
 * memtest_cpus_run() gives every online CPU (the boot CPU too) its slices
 * of t's ranges and runs fn over them with its own struct memtest (t's
 * settings, quiet: a secondary never prints), all at once, waiting a bound
 * from the bytes and sweeps (smp_run_all_ms); each CPU counts its errors,
 * keeps the first MEMTEST_CPUS_LOG, and hands every one to t->on_error
 * under a lock (the fault summary). Then the boot CPU merges the counts
 * into t and prints each CPU's kept errors named
 *
 *   # memtest: cpu2: march_c: 0x40123000 (bank 0 +0x123000): expected ..., read ...
 *
 * memtest_cpus_round_robin() runs the n + 1 rounds, waiting for every CPU
 * between them; an error names the CPU that read and the one that wrote;
 * nothing when not parallel. memtest_cpus_run is false if a CPU did not
 * finish in time (it is then left alone: later
 * calls run on the boot CPU only, off the late CPU's slice, which it may
 * still be writing: quarantined, said in a diag line). The secondaries' PMUs are started
 * (pmu_start) on their first share, so each CPU's fill and verify loops are
 * counted: memtest_cpus_summary() prints per CPU its bytes and insn/B.
 */
#ifndef MEMTEST_ALL_CPUS_H
#define MEMTEST_ALL_CPUS_H

#include <stdbool.h>

#include "lib/memtest/memtest.h"

#define MEMTEST_CPUS_LOG 8 /* errors kept per CPU and call, for printing */

void memtest_cpus_init(void);
/* The CPUs the DRAM test runs on at once: 1 when not parallel. */
unsigned memtest_cpus_count(void);
/* Every parallel CPU's stacks (its SMP_SLOT_SIZE slot, guard pages
 * included) and per-CPU state lie outside every range of list (expect()
 * names a CPU whose do not): they are heap in use. */
bool memtest_cpus_clear_of(const struct memtest_range *list, unsigned n);
/* After the plan: the mode, and the split of list (bytes per CPU). */
void memtest_cpus_report(const struct memtest_range *list, unsigned n);
bool memtest_cpus_run(struct memtest *t, void (*fn)(struct memtest *), unsigned sweeps);
void memtest_cpus_round_robin(struct memtest *t);
void memtest_cpus_summary(void);
/* Each CPU's fill and verify loops against the targets, where its PMU
 * counted them (memtest/report.h memtest_report_targets); after the run. */
void memtest_cpus_check_loops(double fill_max, double verify_max);
/* The index in smp_info's cpu[] of share k's CPU (the boot CPU's when not
 * parallel). */
unsigned memtest_cpus_cpu(unsigned k);
/* fn(k, n, boot, arg) on every CPU of the DRAM test at once (k its share,
 * 0..n-1; boot: the boot CPU, the one that may print), bounded by ms; on
 * the boot CPU alone (0, 1) when not parallel. False if a CPU was late. */
bool memtest_cpus_each(void (*fn)(unsigned k, unsigned n, bool boot, void *arg), void *arg,
		       unsigned ms);

#endif
