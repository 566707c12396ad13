/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * figures: the memory system's figures (docs/figures.md), after the
 * benchmarks in the run order (sources.mk SELFTESTS): not part of the boot.
 *
 *   figures: bandwidth  read (wide loads), write (stores), zero (DC ZVA,
 *                       the block DCZID reports; AArch64), copy: MB/s from
 *                       the generic counter over a sweep of working sets from
 *                       inside L1 to >= 4 x the LLC CCSIDR reports (bounded
 *                       by the heap: said), one CPU; then every CPU at once
 *                       at the largest (the SoC's DRAM bandwidth)
 *   figures: latency    a dependent pointer chase over the same sweep, ns per
 *                       load; the knees against the CCSIDR sizes: a level the
 *                       registers report that timing does not show FAILs
 *   figures: verdict    the DRAM figures against ref= (a board's published
 *                       copy/fill MB/s) and ddr= (bus x rate)
 *
 * figures=quick (the default) runs a few points, figures=full (or bench=mem)
 * the whole sweep, figures=icount also asserts QEMU -icount shift=0's exact
 * arithmetic (1 ns an instruction: the ticks' time is the instructions'),
 * figures=off none. Every point is a line
 *   # csv: figures,KIND,CPUS,BYTES,INSTRUCTIONS,CYCLES,VALUE
 * (VALUE: MB/s, or ns per load for latency; BYTES the working set).
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot/boot.h"
#include "cache/cache.h"
#include "front/options.h"
#include "lib/figures/figures.h"
#include "lib/selftest/selftest.h"
#include "selftests/figures_run.h"
#include "smp/smp.h"

static uint64_t cache[CACHE_MAX_LEVELS], ws[FIG_MAX_POINTS];
static unsigned ncache, npoints;
static bool full, icount, pmu;

/* The sweep, once for both tests; false (skipped) if figures=off. */
static bool sweep(void)
{
	char a[16], b[16], list[96] = "";
	bool short_ram;
	uint64_t llc = 0;

	if (!figures_mode(&full, &icount)) {
		skip("figures=off");
		return false;
	}
	if (npoints)
		return true;
	pmu = figures_pmu();
	ncache = figures_caches(cache);
	npoints = fig_sweep(cache, ncache, figures_avail(), full, ws, &short_ram);
	for (unsigned i = 0; i < ncache; i++) {
		size_t at = strlen(list);

		snprintf(list + at, sizeof(list) - at, "%sL%u %s", i ? ", " : "", i + 1,
			 fig_size(cache[i], a));
		llc = cache[i] > llc ? cache[i] : llc;
	}
	diag("figures: caches by CCSIDR: %s; sweep %s..%s, %u points (%s)", ncache ? list : "none",
	     fig_size(ws[0], a), fig_size(ws[npoints - 1], b), npoints,
	     full ? "full" : "quick: figures=full for every power of two");
	if (short_ram)
		diag("figures: the heap holds less than %u x the LLC: the sweep ends at %s",
		     FIG_LLC_FACTOR, fig_size(ws[npoints - 1], a));
	else
		expect(ws[npoints - 1] >= FIG_LLC_FACTOR * llc,
		       "largest working set %s, below %u x the LLC (%s): the DRAM is not reached",
		       fig_size(ws[npoints - 1], a), FIG_LLC_FACTOR, fig_size(llc, b));
	return true;
}

static void csv(const char *kind, unsigned cpus, uint64_t bytes, const struct fig_meas *m)
{
	diag("csv: figures,%s,%u,%llu,%llu,%llu,%.*f", kind, cpus, (unsigned long long)bytes,
	     (unsigned long long)m->insns, (unsigned long long)m->cycles, m->value < 100 ? 2 : 0,
	     m->value);
}

SELFTEST(figures, bandwidth)
{
	uint64_t top, per;
	void *buf;
	char a[16], b[16], why[128];

	if (!sweep())
		return;
	top = ws[npoints - 1];
	buf = memalign(4096, top);
	if (!expect(buf != NULL, "no %s buffer", fig_size(top, a)))
		return;
	for (enum fig_kind k = 0; k < FIG_KINDS; k++) {
		struct fig_meas m = { 0 };

		if (k == FIG_ZERO && !cache_info.zva_bytes)
			continue; /* no DC ZVA (ARMv7, or DCZID.DZP): zero is write */
		for (unsigned i = 0; i < npoints; i++) {
			if (!full && i && i + 1 < npoints)
				continue; /* quick: inside L1 and the largest only */
			figures_bw(k, buf, ws[i], &m);
			csv(fig_kind_name[k], 1, ws[i], &m);
			if (icount)
				expect(figures_exact(&m, why, sizeof(why)),
				       "bandwidth: %s %s: not bytes over the instructions' time: "
				       "%s",
				       fig_kind_name[k], fig_size(ws[i], a), why);
		}
		figures_dram[k] = m.value;
		diag("figures: %-5s %s: %6.0f MB/s one CPU; %.3f insn/B%s", fig_kind_name[k],
		     fig_size(top, a), m.value, m.bytes ? (double)m.insns / (double)m.bytes : 0,
		     k == FIG_ZERO ? " (DC ZVA)" : "");
		if (icount && m.insns)
			diag("figures: %s exact: %llu B / %llu instructions x 1 ns = %.0f MB/s; "
			     "the counter's %.0f MB/s to one tick (%s)",
			     fig_kind_name[k], (unsigned long long)m.bytes,
			     (unsigned long long)m.insns, (double)m.bytes * 1e3 / (double)m.insns,
			     m.value, why);
	}
	figures_dram_ws = top;
	free(buf);
	/* The headline figures, one a line, for a lab to record (LAVA's
	 * monitor takes each as a measurement: lab/mkjob.sh). */
	for (enum fig_kind k = 0; k < FIG_KINDS; k++)
		if (figures_dram[k] > 0)
			diag("figure: dram_%s %.0f MB/s", fig_kind_name[k], figures_dram[k]);
	/* Every CPU at once: quick, the largest working set shared out (its
	 * total still 4 x the LLC, each share at least 4 x L1, so each
	 * streams); full, the largest working set each. */
	per = full ? top : top / smp_init()->online;
	per = per < 4 * cache[0] ? 4 * cache[0] : per;
	/* whole pages: the copy loop moves half of it in 256-byte steps */
	per = per > top ? top : per & ~(uint64_t)4095;
	for (enum fig_kind k = 0; k < FIG_KINDS; k++) {
		struct fig_meas m = { 0 };
		unsigned cpus;

		if (k == FIG_ZERO && !cache_info.zva_bytes)
			continue;
		if (!figures_bw_all(k, per, &m, &cpus)) {
			diag("figures: all CPUs: no room for one %s buffer each", fig_size(per, a));
			break;
		}
		csv(fig_kind_name[k], cpus, per * cpus, &m);
		diag("figures: %-5s %s: %6.0f MB/s, %u CPU%s at once, %s each", fig_kind_name[k],
		     fig_size(per * cpus, a), m.value, cpus, cpus == 1 ? "" : "s",
		     fig_size(per, b));
	}
}

/* cycles == instructions x 2^N, to 1%: QEMU -icount shift=N's count. */
static bool scaled(const struct fig_meas *m)
{
	for (unsigned n = 0; n <= 10 && m->insns; n++) {
		double want = (double)m->insns * (double)(1u << n), d = (double)m->cycles - want;

		if ((d < 0 ? -d : d) <= want / 100)
			return true;
	}
	return false;
}

SELFTEST(figures, latency)
{
	struct fig_point p[FIG_MAX_POINTS];
	struct fig_meas m = { 0 }, first_m = { 0 };
	uint64_t knee[FIG_MAX_KNEES], top;
	unsigned nk, missing, first;
	char out[512], a[16];
	void *buf;
	uint32_t *order;
	double lo = 1e30, hi = 0;

	if (!sweep())
		return;
	top = ws[npoints - 1];
	buf = memalign(4096, top);
	order = malloc(top / 4096 * sizeof(*order));
	if (!expect(buf && order, "no %s buffer", fig_size(top, a))) {
		free(buf);
		free(order);
		return;
	}
	for (unsigned i = 0; i < npoints; i++) {
		figures_lat(buf, order, ws[i], &m);
		if (!i)
			first_m = m;
		p[i] = (struct fig_point){ ws[i], m.value };
		csv("latency", 1, ws[i], &m);
		lo = m.value < lo ? m.value : lo;
		hi = m.value > hi ? m.value : hi;
	}
	free(order);
	free(buf);
	nk = fig_knees(p, npoints, knee, FIG_MAX_KNEES);
	diag("figure: dram_latency %.1f ns", p[npoints - 1].ns);
	diag("figures: latency %.1f ns per load at %s, %.1f at %s; %u knee(s)", p[0].ns,
	     fig_size(ws[0], a), p[npoints - 1].ns, fig_size(top, out), nk);
	if (!nk) {
		/* Flat. QEMU's -icount counts 2^shift cycles an instruction
		 * whatever the loads touch (it models no cache); silicon with
		 * its caches off takes a DRAM access a load, tens to hundreds
		 * of cycles, not an exact power of two of the instructions at
		 * both ends of the sweep. */
		bool emulated = pmu && scaled(&first_m) && scaled(&m);

		diag("figures: no knee: %.1f..%.1f ns per load over the sweep", lo, hi);
		if (emulated) {
			skip("figures: no knee, cycles = instructions x 2^N: no cache modelled");
			return;
		}
		if (!pmu) {
			skip("figures: no knee, no PMU: an emulator or caches off");
			return;
		}
	}
	if (!boot_timing_exact()) {
		/* QEMU without -icount: its time is the host's (the host's
		 * caches and QEMU's own TLB make knees of their own) */
		skip("figures: knees not judged: the run keeps no time of its own");
		return;
	}
	if (icount)
		expect(!nk, "QEMU models no cache, yet %u knee(s), the first at %s", nk,
		       fig_size(knee[0], a));
	missing = fig_compare(cache, ncache, knee, nk, "CCSIDR", 0, out, sizeof(out), &first);
	for (char *l = out, *e; *l; l = e + 1) {
		e = strchr(l, '\n');
		*e = 0;
		diag("figures: %s", l);
	}
	expect(!missing, "L%u (%s by CCSIDR) does not show in the latency: %u level(s) not shown",
	       first, fig_size(first ? cache[first - 1] : 0, a), missing);
}

SELFTEST(figures, verdict)
{
	const char *ref = NULL, *ddr = NULL;
	enum fig_kind fill = cache_info.zva_bytes ? FIG_ZERO : FIG_WRITE;
	double pct, rcopy = 0, rfill = 0;
	char *end;

	option_get("ref", &ref);
	option_get("ddr", &ddr);
	if (!sweep())
		return;
	if (!ref && !ddr) {
		skip("figures: no reference (ref=COPY/FILL MB/s or ddr=TYPE-RATExWIDTH)");
		return;
	}
	if (!expect(figures_dram[FIG_COPY] > 0, "no DRAM figures to judge (figures: bandwidth)"))
		return;
	if (ref) {
		rcopy = strtod(ref, &end);
		if (*end == '/')
			rfill = strtod(end + 1, &end);
		if (!expect(rcopy > 0 && rfill > 0 && !*end, "ref=%s: want COPY/FILL in MB/s", ref))
			return;
		expect(fig_judge(figures_dram[FIG_COPY], rcopy, FIG_REF_MIN, &pct),
		       "copy %.0f MB/s is %.1f%% of the reference %.0f MB/s: below %.0f%%",
		       figures_dram[FIG_COPY], pct, rcopy, FIG_REF_MIN);
		diag("figures: copy %.0f MB/s: %.0f%% of the reference %.0f MB/s",
		     figures_dram[FIG_COPY], pct, rcopy);
		expect(fig_judge(figures_dram[fill], rfill, FIG_REF_MIN, &pct),
		       "fill %.0f MB/s is %.1f%% of the reference %.0f MB/s: below %.0f%%",
		       figures_dram[fill], pct, rfill, FIG_REF_MIN);
		diag("figures: fill %.0f MB/s: %.0f%% of the reference %.0f MB/s",
		     figures_dram[fill], pct, rfill);
	}
	if (ddr) {
		double peak = fig_ddr_peak(ddr);

		if (!expect(peak > 0, "ddr=%s: want TYPE-RATExWIDTH (ddr3-1333x32)", ddr))
			return;
		for (enum fig_kind k = 0; k < FIG_KINDS; k++)
			if (figures_dram[k] > 0)
				diag("figures: %-5s %.0f MB/s: %.0f%% of bus x rate (%s: %.0f "
				     "MB/s)",
				     fig_kind_name[k], figures_dram[k],
				     100 * figures_dram[k] / peak, ddr, peak);
		expect(fig_judge(figures_dram[fill], peak, FIG_PEAK_MIN, &pct),
		       "fill %.0f MB/s is %.1f%% of bus x rate (%s: %.0f MB/s): below %.0f%%",
		       figures_dram[fill], pct, ddr, peak, FIG_PEAK_MIN);
	}
}
