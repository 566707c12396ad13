/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test as the image runs it, one function per self-test line
 * "memtest: <name>", in this order (selftests/memtest_test.c): the tests
 * (lib/memtest/memtest.h) over the free RAM the plan
 * names (memtest/plan.h: ranges, command line). One TAP line per
 * test, each passing only with 0 errors; the first errors of each printed
 * decoded, and its time, bandwidth and instructions; then the run's
 * summary (memtest/report.h). An access that aborts is
 * reported as "no memory at" that address and its range dropped: the test
 * goes on with the others. With more than one CPU online, the March C-,
 * random and round-robin passes run on every CPU at once, each over its
 * slice (memtest/all_cpus.h, memtest_cpus=one: the boot CPU only).
 *
 * Each reports through lib/selftest (expect, skip, diag) inside its
 * self-test. memtest_run_regions() makes the plan the others follow (until
 * memtest_run_bit_fade() ends it): call it first. Preconditions: the MMU
 * and caches on, the heap set up.
 */
#ifndef MEMTEST_RUN_H
#define MEMTEST_RUN_H

void memtest_run_regions(void);
void memtest_run_size_alias(void);
void memtest_run_data_bus(void);
void memtest_run_address_bus(void);
void memtest_run_march_c(void);
void memtest_run_random(void);
void memtest_run_round_robin(void);
void memtest_run_byte_lanes(void);
void memtest_run_bit_fade(void);

#endif
