/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test's clock and its summary (selftests/memtest_test.c runs the
 * tests): each test timed by the generic timer (arch_counter) and counted by
 * the PMU (arch_inst_retired) from memtest_report_start to
 * memtest_report_finish, which prints
 *
 *   # memtest: <test>: <bytes> bytes swept in <s> s, <rate> MB/s; <n> instructions, <x> insn/B
 *
 * (bytes swept: written, or read and compared, once each, struct memtest's
 * swept; MB/s in 10^6 B per second of counter time; the instruction part
 * only where the PMU counts, "n/a" for the time without a running counter
 * of known frequency). A test longer than MEMTEST_PROGRESS_SECONDS prints
 * progress lines (lib/memtest/memtest_progress.h) while it runs.
 * memtest_report_summary prints the run's line
 *
 *   # memtest: <bytes> bytes tested in <passes> passes, <errors> errors, fill <x> insn/B,
 *     verify <y> insn/B, <seconds> s, <rate> MB/s
 *
 * (seconds and bytes swept summed over the tests) and, where the PMU counts,
 *
 *   # memtest: <n> instructions in the run, <x> insn/B per pass, <y> insn/B per sweep
 *
 * (per pass: over the bytes tested in each pass, every test included; per
 * sweep: over every byte swept). memtest_report_pause/resume leave a wait
 * (bit fade's) out of the instructions, not out of the time.
 */
#ifndef MEMTEST_REPORT_H
#define MEMTEST_REPORT_H

#include "lib/memtest/memtest.h"

/* The run starts: t is the engine state the tests share (its counts reset). */
void memtest_report_begin(struct memtest *t);
/* A test starts over `size` bytes of RAM and will sweep `total` bytes (0:
 * not known, no progress lines). */
void memtest_report_start(enum memtest_test test, uint64_t size, uint64_t total);
void memtest_report_finish(enum memtest_test test);
void memtest_report_pause(void);
void memtest_report_resume(void);
void memtest_report_summary(unsigned passes);
/* The targets of a whole memtest=full run on Cortex-A53, where they are set
 * (docs/memtest.md, "The loops"), asserted where the PMU counted them (exact
 * under -icount): the fill and verify loops at most MEMTEST_FILL_TARGET and
 * MEMTEST_VERIFY_TARGET insn/B on each CPU that tested (the boot CPU alone,
 * or each CPU of memtest/all_cpus.h), and on one CPU the whole run at most
 * MEMTEST_SWEEP_TARGET insn/B per sweep (with more, the round robin's two
 * sweeps a round cost more: reported only). */
#define MEMTEST_FILL_TARGET   0.045
#define MEMTEST_VERIFY_TARGET 0.155
#define MEMTEST_SWEEP_TARGET  0.15
void memtest_report_targets(void);
/* Every error of the run goes here (struct memtest's on_error, set by
 * memtest_report_begin; a test that hooks its own passes each on). */
void memtest_report_error(const struct memtest_error *e, void *ctx);
/* The MB/s of the last random test on this boot (every CPU of the DRAM
 * test, written once and read once each byte), 0 if none ran. */
double memtest_report_random_mbps(void);
/* After the summary, when there were errors: the fault summary of
 * lib/memtest/memtest_faults.h, the fragment's cells the tree's root's, at
 * most 16 bad ranges listed. */
void memtest_report_faults(void);

#endif
