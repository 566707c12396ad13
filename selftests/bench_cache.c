/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench: cache maintenance, run only with bench=1 (make bench). Retired
 * instructions (PMU, exact under -icount) per line operated on, against the
 * floor of one maintenance instruction per line:
 *  - a full clean+invalidate by set/way to LoC (every line of every data or
 *    unified level below LoC): target at most 2.5 per line;
 *  - a 64 KiB clean to PoC by address. DC/MCR take no offset and no address
 *    writeback, so a line costs the operation plus one address step: 2 is
 *    the floor for any by-address loop (a 1.5 target is below it).
 * Rows go to the same CSV as the page benchmark (impl "bringup").
 */
#include <malloc.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "cache/cache.h"
#include "lib/selftest/selftest.h"
#include "selftests/bench.h"

static uint64_t measure(void (*fn)(void *), void *arg)
{
	uint64_t a, b;

	fn(arg); /* warm */
	arch_inst_retired(&a);
	fn(arg);
	arch_inst_retired(&b);
	return b - a - bench_overhead;
}

static void setway(void *arg)
{
	(void)arg;
	dcache_clean_inval_all();
}

static void clean_64k(void *buf)
{
	dcache_clean_poc((uintptr_t)buf, 65536);
}

static void row(const char *cpu, const char *routine, unsigned long bytes, uint64_t insns,
		unsigned long lines, double target)
{
	diag("%-24s %8lu B %7lu lines %9llu instructions %6.3f per line (target <= %.1f: %s)",
	     routine, bytes, lines, (unsigned long long)insns, (double)insns / lines, target,
	     (double)insns / lines <= target ? "met" : "missed");
	diag("csv: %s,%s,bringup,%lu,%llu,", cpu, routine, bytes, (unsigned long long)insns);
}

SELFTEST(bench, cache_maintenance)
{
	const char *cpu = bench_cpu_name(), *why;
	unsigned long lines = 0, bytes = 0;
	void *buf;

	if (!bench_enabled(&why)) {
		skip("%s", why);
		return;
	}
	for (unsigned n = 0; n < cache_info.loc; n++) {
		const struct cache_desc *d = &cache_info.level[n].d;
		if (cache_info.level[n].type >= CT_DATA && d->line_bytes) {
			lines += (unsigned long)d->ways * d->sets;
			bytes += (unsigned long)d->size;
		}
	}
	if (lines)
		row(cpu, "dcache_clean_inval_all", bytes, measure(setway, NULL), lines, 2.5);
	else
		diag("dcache_clean_inval_all: LoC 0, no lines to operate on");
	buf = memalign(cache_info.dline, 65536);
	if (!expect(buf != NULL, "no buffer"))
		return;
	row(cpu, "dcache_clean_poc_64k", 65536, measure(clean_64k, buf), 65536 / cache_info.dline,
	    1.5);
	free(buf);
}
