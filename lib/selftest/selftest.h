/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The self-test framework and its TAP version 13 report.
 *
 * A test is a plain C function registered with SELFTEST(group, name). Inside
 * it, expect(cond, fmt, ...) records a check: a false cond prints
 * "# FAIL file:line: <message>" and fails the test; skip(fmt, ...) marks the
 * test skipped (the CPU or platform lacks what it needs). diag(fmt, ...)
 * prints a "# " line. selftest_run_all() prints:
 *
 *   TAP version 13
 *   1..N
 *   ok 1 - group: name            (or "not ok", or "ok 3 - g: n # SKIP why")
 *   ...
 *   # summary: P passed, F failed, S skipped[; first failure: N - group: name]; T s
 *
 * and returns F. Tests run in the order of their files' ranks, then lines:
 * the build gives each self-test file its place in the one table of the run
 * order (sources.mk SELFTESTS) as -DSELFTEST_RANK=n; SELFTEST() in a file
 * the table does not list does not compile (SELFTEST_RANK undeclared). before_tests (NULL:
 * none) runs once between the plan line and the first test: work the
 * first line of the report need not wait for, but every test needs.
 */
#ifndef LIB_SELFTEST_H
#define LIB_SELFTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct selftest {
	const char *group;
	const char *name;
	void (*fn)(void);
	const char *file;
	int rank; /* run order: the file's place in sources.mk SELFTESTS, then line */
	int line;
};

#define SELFTEST(group_, name_)                                                                    \
	static void selftest_##group_##_##name_(void);                                             \
	__attribute__((used, section("selftests"),                                                 \
		       aligned(sizeof(void *)))) static const struct selftest                      \
		selftest_entry_##group_##_##name_ = {                                              \
			#group_,  #name_,        selftest_##group_##_##name_,                      \
			__FILE__, SELFTEST_RANK, __LINE__                                          \
		};                                                                                 \
	static void selftest_##group_##_##name_(void)

#define expect(cond, ...) expect_at(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
bool expect_at(bool ok, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

int selftest_run_all(void (*before_tests)(void));

/* Test data: fill bytes (a multiple of 8) with xorshift64 values from *seed
 * (advanced); the index of the first non-zero byte of p[0..n), n if none. */
void fill_random(void *p, size_t bytes, uint64_t *seed);
size_t first_nonzero(const void *p, size_t n);

#endif
