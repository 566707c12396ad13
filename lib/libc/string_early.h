/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * string_early.h: string functions that are safe with the MMU off.
 *
 * With the MMU off every data access is Device (AArch64: Device-nGnRnE;
 * ARMv7: Strongly-ordered), and an unaligned access to Device memory takes
 * an alignment fault whatever SCTLR.A says (ARM ARM DDI 0487 B2.5.2; DDI 0406C
 * A3.2.1). Our C is built -mstrict-align / -mno-unaligned-access, so the
 * compiler never emits one; the risk is the C library's assembly:
 *
 * - AArch64: newlib's memcpy, memmove, memset, memcmp, strcmp, strncmp,
 *   strcpy (and, to keep the set whole, memchr, strchr, strlen, strnlen) are
 *   hand-written and load or store at unaligned addresses. The image is
 *   linked with --wrap for each (Makefile WRAP_aarch64): every call, from
 *   our code or from inside newlib, goes to __wrap_<name>, which calls
 *   newlib's when SCTLR_EL1.M is set and early_<name> below when it is not.
 * - ARMv7: newlib is built -mno-unaligned-access (scripts/build-newlib.sh),
 *   which keeps its C code from unaligned accesses and makes its memcpy the
 *   aligned-or-bytes C one; its strcmp, strlen and memchr only load aligned
 *   words. memcpy alone is wrapped (lib/libc/armv7/string_wrap.c): with the MMU
 *   on it goes to newlib's assembly one, built apart.
 *
 * The image also runs with SCTLR.A set until the MMU is on (boot/<arch>/
 * sysregs.h), so QEMU, which does not model the Device-memory rule, faults
 * as a board would: every matrix row checks the pre-MMU path.
 *
 * early_*: the standard functions' contracts (C11 7.24), implemented with
 * byte accesses, or whole words where both pointers are word aligned. Never
 * an unaligned access. Slower than newlib's: only the pre-MMU code (DTB
 * parsing, page-table set-up, a fault report) runs them.
 */
#ifndef LIB_STRING_EARLY_H
#define LIB_STRING_EARLY_H

#include <stddef.h>

void *early_memcpy(void *dst, const void *src, size_t n);
void *early_memmove(void *dst, const void *src, size_t n);
void *early_memset(void *dst, int c, size_t n);
int early_memcmp(const void *a, const void *b, size_t n);
void *early_memchr(const void *s, int c, size_t n);
size_t early_strlen(const char *s);
size_t early_strnlen(const char *s, size_t max);
int early_strcmp(const char *a, const char *b);
int early_strncmp(const char *a, const char *b, size_t n);
char *early_strchr(const char *s, int c);
char *early_strcpy(char *dst, const char *src);

#endif
