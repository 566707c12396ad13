/*
 * CHECK(cond, fmt, ...) for the host tests of mmu/ and cache/: count the
 * check, and on failure print "FAIL file:line: message" and go on. main()
 * reports `checks` and `failures` and exits non-zero if any failed.
 */
#ifndef TESTS_HOST_CHECK_H
#define TESTS_HOST_CHECK_H

#include <stdio.h>

static unsigned checks, failures;

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		checks++;                                                                          \
		if (!(cond)) {                                                                     \
			failures++;                                                                \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);                                \
			printf(__VA_ARGS__);                                                       \
			printf("\n");                                                              \
		}                                                                                  \
	} while (0)

#endif
