/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * string_wrap.c: the AArch64 image is linked with --wrap=<name> for each
 * string function below (Makefile WRAP_aarch64), so every call to <name>,
 * from our code or from inside newlib, lands in __wrap_<name>. With the MMU
 * on it goes on to newlib's (__real_<name>, fast, may access unaligned);
 * with it off, to the alignment-safe early_<name>. Why: lib/libc/string_early.h.
 *
 * The test is SCTLR_EL1.M itself, not a flag set at mmu_init: the exit path
 * and the MMU-off tests turn the MMU off again, and a fault report may come
 * from either state. Cost: one MRS and a branch per call.
 */
#include <stdbool.h>
#include <stddef.h>

#include "lib/libc/string_early.h"

#include "arch/aarch64/sysreg.h"

#define WRAP(ret, name, params, args)                                                              \
	ret __real_##name params;                                                                  \
	ret __wrap_##name params;                                                                  \
	ret __wrap_##name params                                                                   \
	{                                                                                          \
		return sctlr_mmu_on() ? __real_##name args : early_##name args;                    \
	}

WRAP(void *, memcpy, (void *d, const void *s, size_t n), (d, s, n))
WRAP(void *, memmove, (void *d, const void *s, size_t n), (d, s, n))
WRAP(void *, memset, (void *d, int c, size_t n), (d, c, n))
WRAP(int, memcmp, (const void *a, const void *b, size_t n), (a, b, n))
WRAP(void *, memchr, (const void *s, int c, size_t n), (s, c, n))
WRAP(size_t, strlen, (const char *s), (s))
WRAP(size_t, strnlen, (const char *s, size_t n), (s, n))
WRAP(int, strcmp, (const char *a, const char *b), (a, b))
WRAP(int, strncmp, (const char *a, const char *b, size_t n), (a, b, n))
WRAP(char *, strchr, (const char *s, int c), (s, c))
WRAP(char *, strcpy, (char *d, const char *s), (d, s))
