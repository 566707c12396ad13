/* SPDX-License-Identifier: BSD-2-Clause */
/* The parallel DRAM test's reports and checks: see memtest/all_cpus.h. */
#include <stdio.h>
#include <string.h>

#include "cache/outer.h"
#include "front/options.h"
#include "lib/memtest/memtest_cpus.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/all_cpus_priv.h"

/* [lo, lo + size) meets a range of list. */
static bool meets(const struct memtest_range *list, unsigned n, uintptr_t lo, size_t size)
{
	for (unsigned i = 0; i < n; i++)
		if (lo < list[i].va + list[i].size && list[i].va < lo + size)
			return true;
	return false;
}

bool memtest_cpus_clear_of(const struct memtest_range *list, unsigned n)
{
	bool ok = true;

	for (unsigned k = 0; mtc_parallel && k < mtc_nshares; k++) {
		const struct smp_cpu *c = mtc_sh[k]->c;
		uintptr_t slot = c->stack_lo - PAGE_SIZE; /* smp/smp.h: guard, stack, guard, exc */
		ok &= expect(c->is_boot || !meets(list, n, slot, SMP_SLOT_SIZE),
			     "memtest: cpu%u's stacks 0x%lx+0x%x lie in a range under test",
			     mtc_sh[k]->cpu, (unsigned long)slot, SMP_SLOT_SIZE);
		ok &= expect(!meets(list, n, (uintptr_t)c, sizeof(*c)),
			     "memtest: cpu%u's state at %p lies in a range under test",
			     mtc_sh[k]->cpu, (const void *)c);
	}
	return ok;
}

/* One line per CPU, "memtest: cpu<i>: <text>"; past 8 CPUs each run of CPUs
 * whose text (brief: without what differs, addresses) is the same is one
 * line, "memtest: cpus <a>-<b> (<n> alike): <text>". */
static void grouped(void (*text)(unsigned k, bool brief, char *buf, size_t size))
{
	char cur[160], next[160];
	bool brief = mtc_nshares > 8;

	for (unsigned k = 0, j; k < mtc_nshares; k = j) {
		text(k, brief, cur, sizeof(cur));
		for (j = k + 1; brief && j < mtc_nshares; j++) {
			text(j, brief, next, sizeof(next));
			if (strcmp(cur, next))
				break;
		}
		if (j - k > 1)
			diag("memtest: cpus %u-%u (%u alike): %s", mtc_sh[k]->cpu,
			     mtc_sh[j - 1]->cpu, j - k, cur);
		else
			diag("memtest: cpu%u: %s", mtc_sh[k]->cpu, cur);
	}
}

static const struct memtest_range *split_list;
static unsigned split_n;

static uint64_t split_of(unsigned k, struct memtest_range *sl, unsigned *ns)
{
	uint64_t bytes = 0;

	*ns = memtest_slice(split_list, split_n, mtc_nshares, k, sl, MAX_SLICES);
	for (unsigned i = 0; i < *ns; i++)
		bytes += sl[i].size;
	return bytes;
}

static void split_text(unsigned k, bool brief, char *buf, size_t size)
{
	struct memtest_range sl[MAX_SLICES];
	unsigned ns;
	uint64_t bytes = split_of(k, sl, &ns);
	int n = snprintf(buf, size, "%u slices, %llu KiB", ns, (unsigned long long)(bytes >> 10));

	if (!brief && ns && n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, ", first 0x%llx..0x%llx",
			 (unsigned long long)sl[0].va, (unsigned long long)(sl[0].va + sl[0].size));
}

void memtest_cpus_report(const struct memtest_range *list, unsigned n)
{
	struct memtest_range sl[MAX_SLICES];
	uint64_t lo = UINT64_MAX, hi = 0;
	unsigned ns;

	if (!mtc_parallel) {
		diag("memtest: on the boot CPU only (%s)",
		     option_is("memtest_cpus", "one") ? "memtest_cpus=one"
		     : outer.active ? "an outer cache is active: memtest_cpus=all to override"
				    : "one CPU online");
		return;
	}
	diag("memtest: %u CPUs at once, each its own slice of every range, cleaned and "
	     "invalidated by address on that CPU; then the round robin",
	     mtc_nshares);
	split_list = list;
	split_n = n;
	grouped(split_text);
	for (unsigned k = 0; k < mtc_nshares; k++) {
		uint64_t bytes = split_of(k, sl, &ns);
		lo = bytes < lo ? bytes : lo;
		hi = bytes > hi ? bytes : hi;
	}
	diag("memtest: split: %llu..%llu KiB per CPU (%.2f%% apart)",
	     (unsigned long long)(lo >> 10), (unsigned long long)(hi >> 10),
	     hi ? 100.0 * (double)(hi - lo) / (double)hi : 0.0);
}

static void per_byte(char *buf, size_t size, uint64_t n, uint64_t bytes, bool counted)
{
	if (!counted || !n || !bytes)
		snprintf(buf, size, "n/a");
	else
		snprintf(buf, size, "%.3f", (double)n / (double)bytes);
}

static void summary_text(unsigned k, bool brief, char *buf, size_t size)
{
	const struct memtest *m = &mtc_sh[k]->total;
	char fill[16], verify[16];
	uint64_t errors = 0;

	(void)brief;
	for (unsigned e = 0; e < MT_NTESTS; e++)
		errors += m->errors[e];
	per_byte(fill, sizeof(fill), m->fill_insns, m->fill_bytes, m->counted);
	per_byte(verify, sizeof(verify), m->verify_insns, m->verify_bytes, m->counted);
	snprintf(buf, size, "%llu bytes tested, %llu errors, fill %s insn/B, verify %s insn/B",
		 (unsigned long long)m->bytes_tested, (unsigned long long)errors, fill, verify);
}

void memtest_cpus_check_loops(double fill_max, double verify_max)
{
	for (unsigned k = 0; mtc_parallel && k < mtc_nshares; k++) {
		const struct memtest *m = &mtc_sh[k]->total;
		if (!m->counted || !m->fill_insns || !m->fill_bytes || !m->verify_insns ||
		    !m->verify_bytes)
			continue;
		double fill = (double)m->fill_insns / (double)m->fill_bytes,
		       verify = (double)m->verify_insns / (double)m->verify_bytes;
		expect(fill <= fill_max && verify <= verify_max,
		       "memtest: cpu%u: fill %.3f, verify %.3f insn/B, targets <= %.3f and <= %.3f",
		       mtc_sh[k]->cpu, fill, verify, fill_max, verify_max);
	}
}

void memtest_cpus_summary(void)
{
	if (mtc_parallel)
		grouped(summary_text);
}
