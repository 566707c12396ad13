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
 * each test are printed decoded as in the run before. It ends, and its TAP
 * line is printed, at the first pass with an error (the test fails: the
 * soak has found what it looks for), after memtest_soak=SECONDS of the
 * generic timer (0, the default: no limit), or after 2^32 - 1 passes;
 * else the run is ended from outside (a reset, a timeout: the matrix key
 * soak = N). With memtest_fault=alias:N it runs over the 1 MiB of the
 * fault window instead (memtest/fault_window.h), which must fail it. The
 * plan is made anew (memtest/plan.h): the heap in use now is kept out.
 * With any other memtest_passes it SKIPs.
 */
#include "memtest/soak.h"
#include "arch/arch.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/fault_window.h"
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
	struct memtest_range win;
	uint64_t win_pa = plan.fault_bit >= 0 ? memtest_fault_window(&plan, &win) : 0, seconds;
	if (plan.fault_bit >= 0 && !expect(win_pa, "no MMU window for memtest_fault")) {
		memtest_plan_end();
		return;
	}
	option_number("memtest_soak", 0, &seconds);
	t = (struct memtest){
		.cached = true, .line = cache_info.dline, .seed = plan.seed, .max_print = 8
	};
	t.zva = cache_info.zva_bytes <= 1024 && mmu_enabled() ? cache_info.zva_bytes : 0;
	diag("memtest: soak: March C-, random%s over %llu bytes on %u CPUs, until %s",
	     memtest_cpus_count() > 1 ? ", round robin" : "",
	     win_pa ? (unsigned long long)win.size : (unsigned long long)plan.march_bytes,
	     memtest_cpus_count(),
	     seconds && hz ? "its time ends or an error" : "reset or an error");
	if (win_pa)
		diag("memtest: soak: fault injected: 1 MiB at 0x%llx through the MMU window, "
		     "address bit %d stuck low",
		     (unsigned long long)win_pa, plan.fault_bit);
	uint64_t errors = 0, elapsed = 0;
	unsigned p = 1;
	const char *end = "its pass count ended";
	for (;; p++) { /* 2^32 - 1 passes at most */
		t.ranges = win_pa ? &win : plan.march;
		t.nranges = win_pa ? 1 : plan.nmarch;
		t.background = bg[p % 4];
		memtest_cpus_run(&t, memtest_march_c, 10);
		memtest_cpus_run(&t, memtest_random, 2);
		if (memtest_cpus_count() > 1)
			memtest_cpus_round_robin(&t);
		for (unsigned k = 0; k < MT_NTESTS; k++)
			errors += t.errors[k];
		if (hz) {
			elapsed = arch_counter() - c0;
			diag("memtest: pass %u: %llu errors so far, %.3f s elapsed", p,
			     (unsigned long long)errors, (double)elapsed / (double)hz);
		} else {
			diag("memtest: pass %u: %llu errors so far, n/a s elapsed", p,
			     (unsigned long long)errors);
		}
		if (errors)
			break;
		if (seconds && hz && elapsed >= seconds * hz) {
			end = "its time ended";
			break;
		}
		if (p == ~0u)
			break;
	}
	if (expect(!errors, "memtest: soak: %llu errors in pass %u", (unsigned long long)errors, p))
		diag("memtest: soak: %u passes, 0 errors, %s", p, end);
	memtest_plan_end();
}
