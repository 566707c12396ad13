/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of lib/figures (knee.c, verdict.c, chase.c): the knee finder on
 * published latency curves, a flat curve (QEMU models no cache) and an L2
 * left off; the sweep's reach (>= 4 x the LLC); the verdict's thresholds on
 * the published failures; the chase's chain (one cycle over every line).
 *
 * Curves: tinymembench's "single random read" through sbc-bench
 * (ThomasKaiser/sbc-bench results 4hOp, Raspberry Pi 3 B, and 3EgS,
 * Raspberry Pi 4 B), extra ns over L1. The points those results publish
 * (Pi 3: 5.5 ns at 64 KiB, 84.8 at 1 MiB, 148.6 at 4 MiB, 177.7 at 64 MiB;
 * Pi 4: 24.0 at 1 MiB, 154.9 at 64 MiB) are exact; the points between are
 * filled in tinymembench's shape. The L1 hit (A53: 3 cycles at 1.2 GHz,
 * A72: 4 at 1.5 GHz; Cortex-A53 and A72 TRMs) is added, as bringup's chase
 * measures absolute ns.
 */
#include <stdlib.h>

#include "lib/figures/figures.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

#define K 1024ull
#define M (1024ull * 1024)

static const uint64_t sizes[] = { 4 * K, 8 * K, 16 * K, 32 * K, 64 * K, 128 * K, 256 * K, 512 * K,
				  1 * M, 2 * M, 4 * M,  8 * M,  16 * M, 32 * M,  64 * M };
#define NS (sizeof(sizes) / sizeof(sizes[0]))
static const double pi3[NS] = { 0,    0,   0,     0,   5.5, 8.4, 10.0, 12.1,
				84.8, 123, 148.6, 162, 170, 175, 177.7 };
static const double pi4[NS] = { 0,    0,  0,   0,   12.0, 16.0, 19.0, 21.5,
				24.0, 85, 125, 140, 148,  152,  154.9 };
/* The Pi 3 with its L2 off: every load past L1 goes to DRAM. */
static const double pi3_nol2[NS] = { 0,   0,   0,   0,   150, 165, 170,  172,
				     174, 175, 176, 177, 177, 177, 177.7 };

static unsigned curve(const double *extra, double l1_ns, struct fig_point *p)
{
	for (unsigned i = 0; i < NS; i++)
		p[i] = (struct fig_point){ sizes[i], extra[i] + l1_ns };
	return NS;
}

static void knees_of(const char *name, const double *extra, double l1, const uint64_t *cache,
		     unsigned ncache, unsigned want_missing, const uint64_t *want, unsigned nwant)
{
	struct fig_point p[NS];
	uint64_t knee[FIG_MAX_KNEES];
	char out[512];
	unsigned n = fig_knees(p, curve(extra, l1, p), knee, FIG_MAX_KNEES), first;
	unsigned missing =
		fig_compare(cache, ncache, knee, n, "CCSIDR", 0, out, sizeof(out), &first);

	printf("%s: %u knee(s)\n%s", name, n, out);
	CHECK(n == nwant, "%s: %u knees, want %u", name, n, nwant);
	for (unsigned i = 0; i < nwant && i < n; i++)
		CHECK(knee[i] == want[i], "%s: knee %u at %llu, want %llu", name, i,
		      (unsigned long long)knee[i], (unsigned long long)want[i]);
	CHECK(missing == want_missing, "%s: %u levels not shown, want %u", name, missing,
	      want_missing);
}

static void test_knees(void)
{
	const uint64_t a53[] = { 32 * K, 512 * K }, a72[] = { 32 * K, 1 * M };
	struct fig_point flat[NS], noisy[NS];
	uint64_t knee[FIG_MAX_KNEES];

	knees_of("pi3", pi3, 2.5, a53, 2, 0, (const uint64_t[]){ 32 * K, 512 * K }, 2);
	knees_of("pi4", pi4, 2.7, a72, 2, 0, (const uint64_t[]){ 32 * K, 1 * M }, 2);
	/* L2 off: one knee, at L1; L2 "not shown" */
	knees_of("pi3-l2-off", pi3_nol2, 2.5, a53, 2, 1, (const uint64_t[]){ 32 * K }, 1);
	/* QEMU: every load one instruction's time, a flat curve: no knee */
	for (unsigned i = 0; i < NS; i++) {
		flat[i] = (struct fig_point){ sizes[i], 16.0 };
		noisy[i] = (struct fig_point){ sizes[i], 16.0 * (i & 1 ? 1.05 : 0.97) };
	}
	CHECK(fig_knees(flat, NS, knee, FIG_MAX_KNEES) == 0, "a flat curve has a knee");
	CHECK(fig_knees(noisy, NS, knee, FIG_MAX_KNEES) == 0, "a flat curve's noise is a knee");
}

static void test_sweep(void)
{
	const uint64_t a53[] = { 32 * K, 1 * M }, big[] = { 32 * K, 1 * M, 32 * M };
	uint64_t ws[FIG_MAX_POINTS];
	bool short_ram;
	unsigned n;

	n = fig_sweep(a53, 2, 200 * M, false, ws, &short_ram);
	CHECK(n >= 4 && ws[n - 1] >= 4 * M, "quick sweep reaches %llu, want >= 4 x the LLC (4 MiB)",
	      (unsigned long long)ws[n - 1]);
	CHECK(ws[0] < 32 * K && !short_ram, "quick sweep starts inside L1");
	n = fig_sweep(a53, 2, 200 * M, true, ws, &short_ram);
	CHECK(ws[0] == 4 * K && ws[n - 1] >= 4 * M,
	      "full sweep reaches %llu, want >= 4 x the LLC (4 MiB)",
	      (unsigned long long)ws[n - 1]);
	for (unsigned i = 1; i < n; i++)
		CHECK(ws[i] > ws[i - 1], "sweep not ascending at %u", i);
	n = fig_sweep(big, 3, 64 * M, true, ws, &short_ram);
	CHECK(short_ram && ws[n - 1] == 64 * M, "a RAM smaller than 4 x LLC: bounded and said");
}

static void test_verdict(void)
{
	double pct;

	CHECK(fig_ddr_peak("ddr3-1333x32") == 5332.0, "ddr3-1333x32: %.0f",
	      fig_ddr_peak("ddr3-1333x32"));
	CHECK(fig_ddr_peak("ddr3-1066x64") == 8528.0, "ddr3-1066x64");
	CHECK(fig_ddr_peak("lpddr4-3200x32") == 12800.0, "lpddr4-3200x32");
	CHECK(fig_ddr_peak("ddr3-1333") == 0 && fig_ddr_peak("1333x32") == 0 &&
		      fig_ddr_peak("ddr3-1333x33") == 0 && fig_ddr_peak("ddr3-x32") == 0,
	      "malformed ddr= accepted");
	/* armbian/build#1744: DDR4 at 333 instead of 1056 MHz, a Rock64's
	 * memset (5,767 MB/s, sbc-bench 1iH4) scaled by the clock: FAIL */
	CHECK(!fig_judge(5767.0 * 333 / 1056, 5767, FIG_REF_MIN, &pct), "a 3x drop passed (%.0f%%)",
	      pct);
	/* a memset at 40% of its board's figure: FAIL */
	CHECK(!fig_judge(0.4 * 1705, 1705, FIG_REF_MIN, &pct), "40%% of the reference passed");
	/* Cubox-i4 (sbc-bench 4132): memset 341 MB/s on 64-bit DDR3-1066 */
	CHECK(!fig_judge(341, fig_ddr_peak("ddr3-1066x64"), FIG_PEAK_MIN, &pct) && pct < 5,
	      "the Cubox-i4's memset passed (%.1f%% of bus x rate)", pct);
	/* healthy boards pass: the Pi 3 at its own figure, 53% of LPDDR2-800 x32;
	 * the Pi 4's 3,434 MB/s is 27% of LPDDR4-3200 x32 */
	CHECK(fig_judge(1705, 1705, FIG_REF_MIN, &pct) && pct == 100,
	      "the reference itself failed");
	CHECK(fig_judge(0.8 * 1705, 1705, FIG_REF_MIN, &pct), "80%% of the reference failed");
	CHECK(fig_judge(1705, fig_ddr_peak("lpddr2-800x32"), FIG_PEAK_MIN, &pct), "Pi 3 failed");
	CHECK(fig_judge(3434, fig_ddr_peak("lpddr4-3200x32"), FIG_PEAK_MIN, &pct), "Pi 4 failed");
	CHECK(!fig_judge(3434, 0, FIG_REF_MIN, &pct), "no reference: a pass");
}

static void test_chain(void)
{
	size_t bytes = 64 * K, line = 64, page = 4096, n = bytes / line;
	void *buf = aligned_alloc(4096, bytes);
	uint32_t order[16];
	char *seen = calloc(n, 1);
	void **p = fig_chain(buf, bytes, line, page, 7, order), **q = p;
	size_t steps = 0, page_changes = 0;

	do {
		size_t i = (size_t)((char *)q - (char *)buf) / line, next;

		CHECK(!seen[i], "line %zu visited twice", i);
		seen[i] = 1;
		next = (size_t)((char *)*q - (char *)buf) / line;
		page_changes += next / (page / line) != i / (page / line);
		q = *q;
		steps++;
	} while (q != p && steps <= n);
	CHECK(steps == n, "the chain visits %zu of %zu lines", steps, n);
	CHECK(page_changes == bytes / page, "pages left %zu times, want one each (%zu)",
	      page_changes, bytes / page);
	CHECK(fig_chase(p, n) == p, "n loads come back to the start");
	free(seen);
	free(buf);
}

int main(void)
{
	test_knees();
	test_sweep();
	test_verdict();
	test_chain();
	return check_report("host-figures");
}
