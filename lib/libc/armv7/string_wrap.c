/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * string_wrap.c (ARMv7): the image is linked with --wrap=memcpy (Makefile
 * WRAP_armv7), so every memcpy call, ours or newlib's, lands here. ARMv7's
 * newlib is built -mno-unaligned-access, which makes all of it safe with the
 * MMU off but leaves it only the C memcpy (__real_memcpy, about 2.3 times
 * the instructions per 4 KiB). With the MMU on, unaligned accesses to Normal
 * memory are fine, so calls go to newlib's ARMv7-A assembly memcpy, built
 * apart as __memcpy_unaligned (scripts/build-newlib.sh). Why: string_early.h.
 *
 * The test is SCTLR.M itself (as on AArch64): the exit path and the MMU-off
 * tests turn the MMU off again. Cost: one MRC and a branch per call.
 */
#include <stdbool.h>
#include <stddef.h>

#include "arch/armv7/sysreg.h"

void *__real_memcpy(void *d, const void *s, size_t n);
void *__memcpy_unaligned(void *d, const void *s, size_t n);
void *__wrap_memcpy(void *d, const void *s, size_t n);

void *__wrap_memcpy(void *d, const void *s, size_t n)
{
	return sctlr_mmu_on() ? __memcpy_unaligned(d, s, n) : __real_memcpy(d, s, n);
}
