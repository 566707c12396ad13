/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * check.h — the one assertion dialect of the host tests.
 *
 *   CHECK(cond)                  count a check; on failure print
 *   CHECK(cond, fmt, ...)        "FAIL file:line: " and the condition (or
 *                                the formatted message) and go on
 *   CHECK_EQ(a, b)               integers (or pointers), both values printed
 *   CHECK_STR(a, b)              strings, both printed
 * Each is an expression whose value is whether the check passed. `checks`
 * and `failures` count them; check_report(name) prints "NAME: N passed,
 * M failed" and returns the exit status. A test spanning several files
 * defines the counters once, in the file with main(): CHECK_COUNTERS;
 */
#ifndef TESTS_HOST_COMMON_CHECK_H
#define TESTS_HOST_COMMON_CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

extern unsigned checks, failures;
#define CHECK_COUNTERS unsigned checks, failures

__attribute__((format(printf, 5, 6))) static inline bool
check_at(bool ok, const char *file, int line, const char *what, const char *fmt, ...)
{
	va_list ap;

	checks++;
	if (ok)
		return true;
	failures++;
	printf("FAIL %s:%d: ", file, line);
	if (*fmt) {
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	} else {
		fputs(what, stdout);
	}
	putchar('\n');
	return false;
}

/* `"" __VA_ARGS__`: the format string if one is given, else "". */
#define CHECK(cond, ...) check_at((cond) != 0, __FILE__, __LINE__, #cond, "" __VA_ARGS__)

#define CHECK_EQ(a, b)                                                                             \
	({                                                                                         \
		uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                   \
		CHECK(a_ == b_,                                                                    \
		      "%s == %s: got 0x%" PRIx64 " (%" PRId64 "), want 0x%" PRIx64 " (%" PRId64    \
		      ")",                                                                         \
		      #a, #b, a_, (int64_t)a_, b_, (int64_t)b_);                                   \
	})

#define CHECK_STR(a, b)                                                                            \
	({                                                                                         \
		const char *a_ = (a), *b_ = (b);                                                   \
		CHECK(a_ &&b_ &&strcmp(a_, b_) == 0, "%s == %s: got \"%s\", want \"%s\"", #a, #b,  \
		      a_ ? a_ : "(null)", b_ ? b_ : "(null)");                                     \
	})

static inline int check_report(const char *name)
{
	printf("%s: %u passed, %u failed\n", name, checks - failures, failures);
	return failures ? 1 : 0;
}

/* A 64-bit xorshift (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14),
 * 2003: shifts 13, 7, 17): the host models' reproducible random choices. */
static inline uint64_t check_xorshift(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

#endif
