/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-memtest-all-cpus: the DRAM test on every CPU (memtest/all_cpus.c,
 * the image's code). First a PL310 r0p0/r1p0 (erratum 588369: a Debug
 * Control window every CPU shares) with memtest_cpus=all: one CPU only;
 * the build with -DMEMTEST_MUTANT_588369_PARALLEL must fail. Then a CPU
 * that runs past the bound. Two CPUs online; the stub
 * smp_run_all_ms runs the boot CPU's share and leaves CPU 1's work unfinished
 * (done != seq, late 1), as a CPU still writing its slice would. Every
 * later memtest_cpus_run on the boot CPU must keep off CPU 1's slice (it
 * may still be writing there: its writes would read back as DRAM errors
 * at real addresses), and test the rest. The build with
 * -DMEMTEST_MUTANT_NO_QUARANTINE (the boot CPU over every range, the old
 * rule) must fail.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cache/outer.h"
#include "cache/pl310.h"
#include "front/options.h"
#include "lib/memtest/memtest.h"
#include "lib/memtest/memtest_cpus.h"
#include "lib/memtest/memtest_priv.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "smp/smp.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

struct outer_state outer;
bool (*memtest_insn_counter)(uint64_t *out);
static struct smp_cpu cpus[2];
static struct smp_info info = { .ncpu = 2, .online = 2, .boot = 0, .cpu = cpus };
static bool late_next, opt_all;
static struct memtest_range seen[64];
static unsigned nseen;

const struct smp_info *smp_init(void)
{
	return &info;
}

unsigned smp_run_all_ms(smp_fn fn, void *arg, unsigned ms)
{
	(void)ms;
	cpus[1].seq++;
	fn(&cpus[0], arg);
	if (late_next)
		return 1; /* CPU 1 still in fn: done stays behind seq */
	fn(&cpus[1], arg);
	cpus[1].done = cpus[1].seq;
	return 0;
}

enum opt_state option_get(const char *key, const char **value)
{
	(void)key;
	*value = NULL;
	return OPT_ABSENT;
}

enum opt_state option_number(const char *key, uint64_t fallback, uint64_t *v)
{
	(void)key;
	*v = fallback;
	return OPT_ABSENT;
}

bool option_is(const char *key, const char *value)
{
	return opt_all && !strcmp(key, "memtest_cpus") && !strcmp(value, "all");
}

void diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("# ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

bool expect_at(bool ok, const char *file, int line, const char *fmt, ...)
{
	(void)file;
	(void)line;
	(void)fmt;
	return ok;
}

void pmu_start(void)
{
}

void memtest_format_error(char *buf, size_t size, const struct memtest_error *e)
{
	(void)e;
	snprintf(buf, size, "error");
}

/* The round robin's engine calls (lib/memtest/memtest_cpus.c), never
 * reached here: memtest_cpus_run only. */
void memtest_rng_seed(struct memtest_rng *s, uint64_t seed)
{
	(void)s;
	(void)seed;
}

void memtest_random_fill(void *p, size_t bytes, struct memtest_rng *s)
{
	(void)p;
	(void)bytes;
	(void)s;
}

void mt_sync(const struct memtest *t, uintptr_t va, size_t size)
{
	(void)t;
	(void)va;
	(void)size;
}

void mt_random_verify(struct memtest *t, enum memtest_test test, struct memtest_rng *s)
{
	(void)t;
	(void)test;
	(void)s;
}

/* The engine's pass: records the ranges it was given. */
static void pass(struct memtest *t)
{
	for (unsigned i = 0; i < t->nranges && nseen < 64; i++)
		seen[nseen++] = t->ranges[i];
}

/* Whether [a, e) lies in one of the boot CPU's own slices (first[]). */
static bool in_boot_share(const struct memtest_range *first, unsigned n, uintptr_t a, uintptr_t e)
{
	for (unsigned i = 0; i < n; i++)
		if (a >= first[i].va && e <= first[i].va + first[i].size)
			return true;
	return false;
}

int main(void)
{
	static const struct memtest_range ranges[] = {
		{ .va = 0x40000000, .size = 0x100000 },
		{ .va = 0x50000000, .size = 0x80000 },
	};
	struct memtest t = { .ranges = ranges, .nranges = 2, .max_print = 4 };
	struct memtest_range first[64];
	unsigned nfirst;
	size_t total = 0, want = 0;

	cpus[0].index = 0;
	cpus[0].is_boot = true;
	cpus[1].index = 1;
	cpus[0].state = cpus[1].state = SMP_ONLINE;
	outer.active = opt_all = true;
	outer.l2c.errata = PL310_ERRATUM_588369;
	memtest_cpus_init();
	CHECK(memtest_cpus_count() == 1, "PL310 588369, memtest_cpus=all: %u CPUs at once, want 1",
	      memtest_cpus_count());
	outer.active = opt_all = false;
	memtest_cpus_init();
	CHECK(memtest_cpus_count() == 2, "two CPUs: %u shares", memtest_cpus_count());
	late_next = true;
	CHECK(!memtest_cpus_run(&t, pass, 1), "a late CPU: the call reported as in time");
	/* The boot CPU's share: everything else is the late CPU's slice. */
	memcpy(first, seen, sizeof(first));
	nfirst = nseen;
	for (unsigned i = 0; i < nfirst; i++)
		want += first[i].size;
	CHECK(want > 0 && want < 0x180000, "the boot CPU's share 0x%zx", want);
	nseen = 0;
	late_next = false;
	CHECK(memtest_cpus_run(&t, pass, 1), "the boot CPU alone: refused");
	CHECK(t.ranges == ranges && t.nranges == 2, "the caller's ranges not given back");
	for (unsigned i = 0; i < nseen; i++) {
		uintptr_t a = seen[i].va, e = a + seen[i].size;
		total += seen[i].size;
		CHECK(in_boot_share(first, nfirst, a, e),
		      "the boot CPU tests 0x%lx-0x%lx, inside the late CPU's slice",
		      (unsigned long)a, (unsigned long)e);
	}
	CHECK(total == want, "the boot CPU tests 0x%zx bytes, want the rest, 0x%zx", total, want);
	return check_report("host-memtest-all-cpus");
}
