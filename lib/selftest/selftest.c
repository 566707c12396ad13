/* SPDX-License-Identifier: BSD-2-Clause */
/* TAP reporter for the self-tests: see selftest.h. */
#include "lib/selftest/selftest.h"
#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/exception.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern const struct selftest __start_selftests[], __stop_selftests[];

static unsigned cur_failures;
static char skip_reason[96];

bool expect_at(bool ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return true;
	cur_failures++;
	printf("# FAIL %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return false;
}

void skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(skip_reason, sizeof(skip_reason), fmt, ap);
	va_end(ap);
	if (!skip_reason[0])
		strcpy(skip_reason, "skipped");
}

void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

#define MAX_TESTS 256

/* The run's last line before EXIT: the counts, the first failure by its
 * number and name, and the time since the plan line (when a counter runs
 * at a known rate: arch/counter.h). A reader of the log (a board's user,
 * scripts/report, the matrix) finds the verdict there without counting. */
static void summary(unsigned passed, unsigned failed, unsigned skipped,
		    const struct selftest *first, unsigned first_n, uint64_t t0)
{
	uint32_t hz = counter_state.runs ? arch_counter_hz() : 0;

	printf("# summary: %u passed, %u failed, %u skipped", passed, failed, skipped);
	if (first)
		printf("; first failure: %u - %s: %s", first_n, first->group, first->name);
	if (hz) {
		uint64_t ms = (arch_counter() - t0) * 1000 / hz;
		printf("; %llu.%03llu s\n", (unsigned long long)(ms / 1000),
		       (unsigned long long)(ms % 1000));
	} else {
		printf("; time unknown (no running counter)\n");
	}
}

static bool runs_before(const struct selftest *a, const struct selftest *b)
{
	return a->rank < b->rank || (a->rank == b->rank && a->line < b->line);
}

int selftest_run_all(void (*before_tests)(void))
{
	static const struct selftest *order[MAX_TESTS];
	unsigned n = __stop_selftests - __start_selftests;
	unsigned passed = 0, failed = 0, skipped = 0, first_n = 0;
	const struct selftest *first = NULL;
	uint64_t t0 = arch_counter();

	if (n > MAX_TESTS) {
		printf("Bail out! %u self-tests, the runner holds %d\n", n, MAX_TESTS);
		return 1;
	}
	for (unsigned i = 0; i < n; i++) { /* insertion sort: n is small */
		unsigned j = i;
		for (; j > 0 && runs_before(&__start_selftests[i], order[j - 1]); j--)
			order[j] = order[j - 1];
		order[j] = &__start_selftests[i];
	}

	printf("TAP version 13\n1..%u\n", n);
	if (before_tests)
		before_tests();
	for (unsigned i = 0; i < n; i++) {
		const struct selftest *t = order[i];

		cur_failures = 0;
		skip_reason[0] = 0;
		exception_set_phase(t->group, t->name); /* an asynchronous fault names it */
		t->fn();
		if (cur_failures) {
			if (!failed++)
				first = t, first_n = i + 1;
			printf("not ok %u - %s: %s\n", i + 1, t->group, t->name);
		} else if (skip_reason[0]) {
			skipped++;
			printf("ok %u - %s: %s # SKIP %s\n", i + 1, t->group, t->name, skip_reason);
		} else {
			passed++;
			printf("ok %u - %s: %s\n", i + 1, t->group, t->name);
		}
	}
	exception_set_phase("exit", NULL);
	summary(passed, failed, skipped, first, first_n, t0);
	return (int)failed;
}

void fill_random(void *p, size_t bytes, uint64_t *seed)
{
	uint64_t *w = p, x = *seed;

	for (size_t i = 0; i < bytes / 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		w[i] = x;
	}
	*seed = x;
}

size_t first_nonzero(const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i])
			return i;
	return n;
}
