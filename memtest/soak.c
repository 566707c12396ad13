/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * memtest: soak (memtest_passes=0): after every other test (selftests/memtest_soak_test.c,
 * last in the run order of sources.mk SELFTESTS), the March C-, random and, with more than one
 * CPU, round-robin passes over the March ranges again and again on every
 * CPU at once (memtest/all_cpus.h), cached, until reset, one line
 * a pass:
 *
 *   # memtest: pass <n>: <errors> errors so far, <s> s elapsed
 *
 * (elapsed by the generic timer, "n/a" without one). The first errors of
 * each test are printed decoded as in the run before. The loop stops only
 * after 2^32 - 1 passes: the run is meant to be ended from outside (a
 * reset, a timeout: the matrix key soak = N). The plan is made
 * anew (memtest/plan.h): the heap in use now is kept out. With any
 * other memtest_passes it SKIPs.
 */
#include "memtest/soak.h"
#include "arch/arch.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/plan.h"
#include "mmu/mmu.h"

void memtest_soak(void)
{
	static const uint64_t bg[] = { 0, 0x5555555555555555ull, 0x3333333333333333ull,
				       0x0f0f0f0f0f0f0f0full };
	static struct memtest_plan plan;
	static struct memtest t;
	uint64_t c0 = boot.has_counter ? arch_counter() : 0,
		 hz = boot.has_counter ? arch_counter_hz() : 0;

	memtest_plan_make(&plan, &boot.hw, boot.heap_base);
	if (!plan.soak || plan.refused || plan.mode == PLAN_OFF || !plan.nmarch) {
		memtest_plan_end();
		skip("%s", !plan.soak              ? "give memtest_passes=0 to run until reset"
			   : plan.refused          ? "the command line was refused"
			   : plan.mode == PLAN_OFF ? "memtest=off"
						   : "no free RAM to test");
		return;
	}
	t = (struct memtest){
		.cached = true, .line = cache_info.dline, .seed = plan.seed, .max_print = 8
	};
	t.zva = cache_info.zva_bytes <= 1024 && mmu_enabled() ? cache_info.zva_bytes : 0;
	diag("memtest: soak: March C-, random%s over %llu bytes on %u CPUs, until reset",
	     memtest_cpus_count() > 1 ? ", round robin" : "", (unsigned long long)plan.march_bytes,
	     memtest_cpus_count());
	for (unsigned p = 1; p != 0; p++) { /* 2^32 - 1 passes at most */
		uint64_t errors = 0;
		t.ranges = plan.march;
		t.nranges = plan.nmarch;
		t.background = bg[p % 4];
		memtest_cpus_run(&t, memtest_march_c, 10);
		memtest_cpus_run(&t, memtest_random, 2);
		if (memtest_cpus_count() > 1)
			memtest_cpus_round_robin(&t);
		for (unsigned k = 0; k < MT_NTESTS; k++)
			errors += t.errors[k];
		if (hz)
			diag("memtest: pass %u: %llu errors so far, %.3f s elapsed", p,
			     (unsigned long long)errors,
			     (double)(arch_counter() - c0) / (double)hz);
		else
			diag("memtest: pass %u: %llu errors so far, n/a s elapsed", p,
			     (unsigned long long)errors);
	}
	memtest_plan_end();
}
