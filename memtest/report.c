/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM test's clock and summary: see memtest/report.h. */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "lib/memtest/memtest_faults.h"
#include "lib/memtest/memtest_progress.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/report.h"

#define PROGRESS_STEP (1u << 20) /* bytes swept between looks at the clock */
#define FRAGMENT_MAX  16u        /* bad ranges listed in the fragment and commands */

static struct memtest *t;
static struct memtest_progress progress;
static uint64_t t0, i0, swept0, paused_at, paused_insns;
static bool insns_ok;
/* From the heap (within the plan's margin): 32 KiB of .bss would be zeroed
 * on every boot, on the boot benchmark's path. NULL: no summary. */
static struct memtest_faults *faults;
/* the run so far: counter ticks, instructions, bytes swept */
static uint64_t run_ticks, run_insns, run_swept;
static double random_mbps; /* the last random test's rate, 0: none */

static uint32_t hz(void)
{
	return boot.has_counter ? arch_counter_hz() : 0;
}

static bool insns(uint64_t *n)
{
	return arch_inst_retired(n) && *n;
}

static void on_progress(struct memtest *m)
{
	char buf[128];

	m->progress_at = m->swept + PROGRESS_STEP;
	if (memtest_progress_line(&progress, arch_counter(), m->swept - swept0, buf, sizeof(buf)))
		printf("# memtest: %s\n", buf);
}

void memtest_report_error(const struct memtest_error *e, void *ctx)
{
	(void)ctx;
	if (faults)
		memtest_faults_add(faults, e);
}

void memtest_report_begin(struct memtest *m)
{
	t = m;
	t->on_error = memtest_report_error;
	if (!faults)
		faults = malloc(sizeof(*faults));
	if (faults)
		memtest_faults_reset(faults);
	run_ticks = run_insns = run_swept = 0;
	insns_ok = true;
}

void memtest_report_start(enum memtest_test test, uint64_t size, uint64_t total)
{
	t0 = hz() ? arch_counter() : 0;
	swept0 = t->swept;
	paused_insns = 0;
	insns_ok &= insns(&i0);
	memtest_progress_start(&progress, memtest_name(test), size, total, t0, hz());
	t->progress = hz() && total ? on_progress : NULL;
	t->progress_at = t->swept + PROGRESS_STEP;
}

void memtest_report_pause(void)
{
	insns_ok &= insns(&paused_at);
}

void memtest_report_resume(void)
{
	uint64_t now;

	insns_ok &= insns(&now);
	paused_insns += now - paused_at;
}

/* "<s> s, <rate> MB/s" for bytes over ticks, "n/a" without a clock. */
static void rate(char *buf, size_t size, uint64_t bytes, uint64_t ticks)
{
	double s = hz() ? (double)ticks / hz() : 0;

	if (!hz())
		snprintf(buf, size, "n/a s, n/a MB/s");
	else if (!ticks)
		snprintf(buf, size, "%.3f s, n/a MB/s", s);
	else
		snprintf(buf, size, "%.3f s, %.1f MB/s", s, (double)bytes / s / 1e6);
}

void memtest_report_finish(enum memtest_test test)
{
	uint64_t ticks = hz() ? arch_counter() - t0 : 0, swept = t->swept - swept0, i1 = 0;
	char r[48];

	t->progress = NULL;
	insns_ok &= insns(&i1);
	rate(r, sizeof(r), swept, ticks);
	if (test == MT_RANDOM && hz() && ticks)
		random_mbps = (double)swept / ((double)ticks / hz()) / 1e6;
	run_ticks += ticks;
	run_swept += swept;
	if (!insns_ok) {
		printf("# memtest: %s: %llu bytes swept in %s\n", memtest_name(test),
		       (unsigned long long)swept, r);
		return;
	}
	uint64_t n = i1 - i0 - paused_insns;
	run_insns += n;
	printf("# memtest: %s: %llu bytes swept in %s; %llu instructions, %.3f insn/B\n",
	       memtest_name(test), (unsigned long long)swept, r, (unsigned long long)n,
	       swept ? (double)n / (double)swept : 0.0);
}

static void insn_per_byte(char *buf, size_t size, uint64_t n, uint64_t bytes)
{
	if (!t->counted || !bytes || !n) /* no PMU, or one that does not count */
		snprintf(buf, size, "n/a");
	else
		snprintf(buf, size, "%.3f", (double)n / (double)bytes);
}

double memtest_report_random_mbps(void)
{
	return random_mbps;
}

void memtest_report_summary(unsigned passes)
{
	char fill[16], verify[16], r[48];
	uint64_t errors = 0, per_pass = t->bytes_tested / passes;

	for (unsigned k = 0; k < MT_NTESTS; k++)
		errors += t->errors[k];
	insn_per_byte(fill, sizeof(fill), t->fill_insns, t->fill_bytes);
	insn_per_byte(verify, sizeof(verify), t->verify_insns, t->verify_bytes);
	rate(r, sizeof(r), run_swept, run_ticks);
	printf("# memtest: %llu bytes tested in %u pass%s, %llu errors, fill %s insn/B, verify %s "
	       "insn/B, %s\n",
	       (unsigned long long)per_pass, passes, passes == 1 ? "" : "es",
	       (unsigned long long)errors, fill, verify, r);
	if (insns_ok && run_insns && t->bytes_tested && run_swept)
		printf("# memtest: %llu instructions in the run, %.3f insn/B per pass, %.3f insn/B "
		       "per sweep\n",
		       (unsigned long long)run_insns, (double)run_insns / (double)t->bytes_tested,
		       (double)run_insns / (double)run_swept);
}

void memtest_report_targets(void)
{
	if (memtest_cpus_count() > 1) {
		memtest_cpus_check_loops(MEMTEST_FILL_TARGET, MEMTEST_VERIFY_TARGET);
		return;
	}
	if (t->counted && t->fill_bytes && t->verify_bytes) {
		double fill = (double)t->fill_insns / (double)t->fill_bytes,
		       verify = (double)t->verify_insns / (double)t->verify_bytes;
		expect(fill <= MEMTEST_FILL_TARGET && verify <= MEMTEST_VERIFY_TARGET,
		       "memtest: fill %.3f, verify %.3f insn/B, targets <= %.3f and <= %.3f", fill,
		       verify, MEMTEST_FILL_TARGET, MEMTEST_VERIFY_TARGET);
	}
	if (insns_ok && run_insns && run_swept)
		expect((double)run_insns / (double)run_swept <= MEMTEST_SWEEP_TARGET,
		       "memtest: %.3f insn/B per sweep over the whole run, target <= %.2f",
		       (double)run_insns / (double)run_swept, MEMTEST_SWEEP_TARGET);
}

static void out(const char *line, void *ctx)
{
	(void)ctx;
	printf("# %s\n", line);
}

/* The root's #address-cells / #size-cells, which /reserved-memory's must
 * equal (devicetree reserved-memory binding); without a tree, 2 and 2 where
 * addresses are 64-bit, else 1 and 1. */
static void root_cells(unsigned *a, unsigned *s)
{
	struct fdt f;

	*a = *s = sizeof(uintptr_t) == 8 ? 2 : 1;
	if (!boot.hw.dtb || fdt_open(&f, (const void *)boot.hw.dtb, boot.hw.dtb_size) != FDT_OK)
		return;
	if (fdt_address_cells(&f, fdt_root(&f), a) != FDT_OK || *a < 1 || *a > 2)
		*a = 2;
	if (fdt_size_cells(&f, fdt_root(&f), s) != FDT_OK || *s < 1 || *s > 2)
		*s = 2;
}

void memtest_report_faults(void)
{
	unsigned a, s;
	uint64_t errors = 0;

	for (unsigned k = 0; k < MT_NTESTS; k++)
		errors += t->errors[k];
	if (!faults) {
		if (errors)
			printf("# memtest: no fault summary: no memory for it\n");
		return;
	}
	root_cells(&a, &s);
	memtest_faults_print(faults, a, s, FRAGMENT_MAX, out, NULL);
}
