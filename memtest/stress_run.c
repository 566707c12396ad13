/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM stress's run: its RAM, its layout, its summary (memtest/stress.h;
 * memtest/stress.c says what it prints). */
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "front/options.h"
#include "lib/memtest/memtest_cpus.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/report.h"
#include "memtest/stress.h"
#include "memtest/stress_priv.h"
#include "mmu/mmu.h"

/* memtest_fault=alias:N: stress_rp->win over the first 1 MiB-aligned MiB of free
 * RAM, mapped with address bit N stuck low (as memtest/burnin.c maps it);
 * its RAM's address, or 0. */
static uint64_t fault_window(void)
{
	uintptr_t w = mmu_alias_window();

	for (unsigned i = 0; w && i < stress_rp->plan.nall; i++) {
		uint64_t lead = -(uint64_t)stress_rp->plan.all[i].va & (WINDOW_BYTES - 1),
			 pa = stress_rp->plan.all[i].va + lead;
		if (lead + WINDOW_BYTES > stress_rp->plan.all[i].size)
			continue;
		dcache_clean_inval_to_mem((uintptr_t)pa, WINDOW_BYTES);
		for (unsigned p = 0; p < WINDOW_BYTES / PAGE_SIZE; p++) {
			uint64_t frame =
				p & ~((uint64_t)1 << (stress_rp->plan.fault_bit - PAGE_SHIFT));
			if (mmu_map_page(w + p * PAGE_SIZE, pa + frame * PAGE_SIZE, MT_NORMAL, 0))
				return 0;
		}
		stress_rp->win =
			(struct memtest_range){ w, WINDOW_BYTES, stress_rp->plan.all[i].bank,
						stress_rp->plan.all[i].bank_base };
		return pa;
	}
	return 0;
}

/* Every CPU's 2 * nb blocks from its slices of stress_rp->list; false if a CPU has
 * not two. */
static bool layout(void)
{
	struct memtest_range sl[MAX_SLICES];
	uint64_t least = UINT64_MAX;
	size_t block = MIN_BLOCK;
	unsigned nb = STRESS_MAX_NB, n = stress_rp->ncpu;

	for (unsigned k = 0; k < n; k++) {
		unsigned m = memtest_slice(stress_rp->list, stress_rp->nlist, n, k, sl, MAX_SLICES);
		uint64_t b = 0;
		for (unsigned i = 0; i < m; i++)
			b += sl[i].size;
		least = b < least ? b : least;
	}
	while (least / block > 2 * STRESS_MAX_NB)
		block *= 2;
	for (unsigned k = 0; k < n; k++) {
		unsigned m = memtest_slice(stress_rp->list, stress_rp->nlist, n, k, sl, MAX_SLICES),
			 have = 0;
		for (unsigned i = 0; i < m; i++)
			have += (unsigned)(sl[i].size / block);
		nb = have / 2 < nb ? have / 2 : nb;
	}
	stress_rp->s = (struct stress){ .n = n,
					.nb = nb,
					.block = block,
					.slot = stress_rp->slots,
					.seed = stress_rp->plan.seed,
					.on_error = stress_on_error };
	for (unsigned k = 0; k < n && nb; k++) {
		unsigned m = memtest_slice(stress_rp->list, stress_rp->nlist, n, k, sl, MAX_SLICES),
			 idx = 0;
		for (unsigned i = 0; i < m; i++)
			for (size_t off = 0; off + block <= sl[i].size && idx < 2 * nb;
			     off += block, idx++)
				stress_slot(&stress_rp->s, k, idx / nb, idx % nb)->addr =
					sl[i].va + off;
	}
	return nb > 0;
}

/* The last level's data or unified cache, bytes (0: none described). */
static uint64_t llc(unsigned *level)
{
	for (unsigned l = cache_info.nlevels; l-- > 0;)
		if (cache_info.level[l].type >= CT_DATA && cache_info.level[l].d.size) {
			*level = l + 1;
			return cache_info.level[l].d.size;
		}
	return 0;
}

static void header(unsigned seconds)
{
	unsigned lvl = 0;
	uint64_t set = (uint64_t)stress_rp->ncpu * 2 * stress_rp->s.nb * stress_rp->s.block,
		 c = llc(&lvl);
	char len[32];

	if (stress_rp->forever)
		snprintf(len, sizeof(len), "until reset");
	else
		snprintf(len, sizeof(len), "%u s", seconds);
	diag("memtest: %s: %s on %u CPUs: %u blocks of %zu KiB each, %llu KiB in all, "
	     "copies and inversions, spikes every %llu s",
	     stress_rp->who, len, stress_rp->ncpu, 2 * stress_rp->s.nb, stress_rp->s.block >> 10,
	     (unsigned long long)(set >> 10),
	     (unsigned long long)(stress_rp->hz ? stress_rp->spike_ticks / stress_rp->hz : 0));
	if (c)
		diag("memtest: %s: working set %llu times the last-level cache (L%u, %llu KiB by "
		     "CCSIDR)%s",
		     stress_rp->who, (unsigned long long)(set / c), lvl,
		     (unsigned long long)(c >> 10),
		     set < 8 * c ? ": too small to keep the traffic in DRAM" : "");
}

static void summary(unsigned seconds, uint64_t ticks)
{
	uint64_t bytes, blocks = stress_moved(&bytes), e = 0;
	char buf[224], ipb[32];

	for (unsigned k = 0; k < stress_rp->ncpu; k++)
		for (unsigned i = 0; i < SK_N; i++)
			e += stress_rp->cpu[k]->errors[i];
	diag("memtest: %s: filled in %.3f s, then %u s on %u CPUs: %llu blocks moved, %.1f MB in "
	     "%.3f s, %.1f MB/s, %u phases, %u spikes, %llu errors",
	     stress_rp->who, stress_secs(stress_rp->fill_ticks), seconds, stress_rp->ncpu,
	     (unsigned long long)blocks, (double)bytes / 1e6, stress_secs(ticks),
	     ticks ? (double)bytes / 1e6 / stress_secs(ticks) : 0.0, stress_rp->phases,
	     stress_rp->nspikes, (unsigned long long)e);
	for (unsigned k = 0; k < stress_rp->ncpu; k++) {
		const struct stress_cpu *c = stress_rp->cpu[k];
		if (c->insn_bytes)
			snprintf(ipb, sizeof(ipb), "%.3f",
				 (double)c->insns / (double)c->insn_bytes);
		else
			snprintf(ipb, sizeof(ipb), "n/a");
		diag("memtest: %s: cpu%u: %llu blocks, %.1f MB moved, copy %s insn/B, errors: "
		     "checksum %llu, tag %llu, inversion %llu, coherency %llu",
		     stress_rp->who, memtest_cpus_cpu(k), (unsigned long long)c->blocks,
		     (double)c->bytes / 1e6, ipb, (unsigned long long)c->errors[SK_CHECKSUM],
		     (unsigned long long)c->errors[SK_TAG],
		     (unsigned long long)c->errors[SK_INVERSION],
		     (unsigned long long)c->errors[SK_COHERENCY]);
	}
	for (unsigned i = 0; i < stress_rp->nlog; i++) {
		const struct stress_error *x = &stress_rp->log[i];
		struct memtest_error me;
		stress_to_memtest(x, &me);
		memtest_format_error(buf, sizeof(buf), &me);
		diag("memtest: %s: %s error at %.3f s, phase %u, read by cpu%u, written by cpu%u: "
		     "%s",
		     stress_rp->who, stress_kind_name(x->kind),
		     stress_secs(stress_rp->log_t[i] - stress_rp->c0), x->phase,
		     memtest_cpus_cpu(x->reader), memtest_cpus_cpu(x->writer), buf);
	}
	if (stress_rp->dram_mbps > 0 && ticks)
		diag("memtest: %s: the DRAM test's random pass ran at %.1f MB/s on this boot; "
		     "a copy reads and writes each byte: %.1f MB/s of DRAM traffic here",
		     stress_rp->who, stress_rp->dram_mbps,
		     2 * (double)bytes / 1e6 / stress_secs(ticks));
	if (stress_rp->lost)
		diag("memtest: %s: %llu errors left out of the fault summary", stress_rp->who,
		     (unsigned long long)stress_rp->lost);
	stress_rp->mt.errors[MT_STRESS] = e;
	if (e)
		memtest_report_faults();
}

/* The wait for every CPU: the run, two barriers' bound, the fill and a
 * phase of a CPU's blocks at 1 MB/s. Its operands in registers: a load
 * straight before a 64-bit multiply-add is erratum 835769's pair
 * (scripts/check-a53-835769.sh). */
static __attribute__((noinline)) unsigned bound_ms(unsigned seconds, unsigned nb, size_t block)
{
	uint64_t ms = 2 * BARRIER_MS + (uint64_t)seconds * 1000u + (uint64_t)nb * block / 250u;

	return ms > UINT32_MAX ? UINT32_MAX : (unsigned)ms;
}

static bool prepare(void)
{
	unsigned n = memtest_cpus_count();

	if (!stress_rp && (stress_rp = memalign(128, sizeof(*stress_rp))))
		memset(stress_rp, 0, sizeof(*stress_rp));
	if (!stress_rp)
		return expect(false, "no memory for the stress state");
	if (!stress_rp->cpus) { /* before the plan: heap in use; kept for a later run */
		stress_rp->cpus = memalign(128, n * sizeof(*stress_rp->cpus));
		stress_rp->cpu = malloc(n * sizeof(*stress_rp->cpu));
		stress_rp->slots =
			malloc((size_t)n * 2 * STRESS_MAX_NB * sizeof(*stress_rp->slots));
		if (!stress_rp->cpus || !stress_rp->cpu || !stress_rp->slots)
			return expect(false, "no memory for %u CPUs' stress state", n);
		stress_rp->ncpu = n;
	}
	for (unsigned k = 0; k < stress_rp->ncpu; k++) {
		stress_rp->cpu[k] = &stress_rp->cpus[k];
		memset(stress_rp->cpu[k], 0, sizeof(*stress_rp->cpu[k]));
		stress_rp->cpu[k]->k = k;
	}
	stress_rp->mt = (struct memtest){ 0 };
	stress_rp->dram_mbps = memtest_report_random_mbps(); /* before the reset */
	memtest_report_begin(&stress_rp->mt); /* the fault summary: its heap also before the plan */
	return true;
}

/* The run; forever: until reset. */
static bool run(unsigned seconds, bool forever, const char *who)
{
	bool ok;

	if (!prepare())
		return false;
	memtest_plan_make(&stress_rp->plan, &boot.hw, boot.heap_base);
	if (!expect(!stress_rp->plan.refused && stress_rp->plan.nall, "%s",
		    stress_rp->plan.refused ? stress_rp->plan.refused : "no free RAM to test")) {
		memtest_plan_end();
		return false;
	}
	stress_rp->who = who;
	stress_rp->forever = forever;
	stress_rp->list = stress_rp->plan.all;
	stress_rp->nlist = stress_rp->plan.nall;
	stress_rp->win_pa = stress_rp->plan.fault_bit >= 0 ? fault_window() : 0;
	if (stress_rp->plan.fault_bit >= 0 &&
	    !expect(stress_rp->win_pa, "no MMU window for memtest_fault")) {
		memtest_plan_end();
		return false;
	}
	if (stress_rp->win_pa) {
		diag("memtest: %s: fault injected: 1 MiB at 0x%llx through the MMU window, address "
		     "bit %d stuck low",
		     who, (unsigned long long)stress_rp->win_pa, stress_rp->plan.fault_bit);
		stress_rp->list = &stress_rp->win;
		stress_rp->nlist = 1;
	}
	ok = expect(layout(), "%s: less than two blocks per CPU", who);
	unsigned every_status = forever            ? 60
				: seconds / 4 < 1  ? 1
				: seconds / 4 > 60 ? 60
						   : seconds / 4,
		 every_spike = forever            ? 30
			       : seconds / 2 < 1  ? 1
			       : seconds / 2 > 30 ? 30
						  : seconds / 2;
	stress_rp->hz = boot.has_counter ? arch_counter_hz() : 0;
	stress_rp->status_ticks = stress_rp->hz * every_status;
	stress_rp->spike_ticks = stress_rp->hz * every_spike;
	stress_rp->late = false;
	stress_rp->bar_ms = BARRIER_MS;
	stress_rp->last = ~0u;
	stress_rp->phases = stress_rp->nspikes = stress_rp->nlog = 0;
	stress_rp->bar_count = stress_rp->spike_until = stress_rp->summarised = stress_rp->lost = 0;
	if (ok) {
		header(seconds);
		stress_rp->seconds = seconds;
		stress_rp->f0 = stress_rp->hz ? arch_counter() : 0;
		stress_rp->next_status = stress_rp->next_spike =
			UINT64_MAX; /* from the fill's end */
		ok &= memtest_cpus_each(
			stress_cpu_fn, NULL,
			forever ? UINT32_MAX
				: bound_ms(seconds, stress_rp->s.nb, stress_rp->s.block));
		uint64_t ticks = stress_rp->hz ? arch_counter() - stress_rp->c0 : 0;
		ok &= expect(!stress_rp->late, "%s: a CPU was %u ms late at a phase's end", who,
			     stress_rp->bar_ms);
		ok &= stress_counter_check(&stress_rp->s, stress_rp->cpu);
		summary(seconds, ticks);
		for (unsigned k = 0; k < stress_rp->ncpu; k++)
			ok &= expect(stress_rp->cpu[k]->blocks > 0, "%s: cpu%u moved no block", who,
				     memtest_cpus_cpu(k));
		ok &= expect(stress_rp->mt.errors[MT_STRESS] == 0, "%s: %llu errors", who,
			     (unsigned long long)stress_rp->mt.errors[MT_STRESS]);
	}
	for (unsigned p = 0; stress_rp->win_pa && p < WINDOW_BYTES / PAGE_SIZE; p++)
		mmu_unmap_page(stress_rp->win.va + p * PAGE_SIZE);
	if (stress_rp->win_pa)
		dcache_inval_to_mem((uintptr_t)stress_rp->win_pa, WINDOW_BYTES);
	memtest_plan_end();
	return ok;
}

bool memtest_stress_run(unsigned seconds, const char *who)
{
	return run(seconds ? seconds : 1, false, who);
}

void memtest_stress(void)
{
	uint64_t v = 0;
	enum opt_state st = option_number("stress", 0, &v);

	if (st == OPT_ABSENT) {
		skip("give stress=SECONDS (0: until reset) to move DRAM to DRAM on every CPU");
		return;
	}
	if (!expect(st == OPT_GIVEN, "stress= refused (boot: cmdline says why)"))
		return;
	run((unsigned)v, v == 0, "stress");
}
