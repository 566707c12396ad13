/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/libc/string_early.c against the C library, on every alignment of source
 * and destination within a word, lengths 0..96, and strings whose NUL (or
 * the byte searched for) falls at every position: results equal libc's
 * (same sign for compares), bytes outside the destination untouched.
 * Built natively (64-bit words, ASan: an access outside a buffer fails) and
 * for arm-none-eabi under qemu-arm (32-bit words). Alignment itself is
 * proven in the image (SCTLR.A set until the MMU is on), not here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/libc/string_early.h"
#include "tests/host/common/check.h"

#define SPAN  160 /* buffers: 16 alignments + 96 bytes + slack, a multiple of 8 */
#define MAXN  96
#define GUARD 0xa5

CHECK_COUNTERS;

static unsigned char src[SPAN] __attribute__((aligned(16)));
static unsigned char dst[SPAN] __attribute__((aligned(16)));
static unsigned char ref[SPAN] __attribute__((aligned(16)));

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void fill(unsigned char *p, unsigned seed)
{
	for (unsigned i = 0; i < SPAN; i++) /* no zero bytes: callers place them */
		p[i] = (unsigned char)(1 + (seed * 2654435761u + i * 40503u) % 255);
}

static void test_copies(void)
{
	for (unsigned da = 0; da < 16; da++)
		for (unsigned sa = 0; sa < 16; sa++)
			for (unsigned n = 0; n <= MAXN; n++) {
				fill(src, n + sa);
				memset(dst, GUARD, SPAN), memset(ref, GUARD, SPAN);
				early_memcpy(dst + da, src + sa, n);
				memcpy(ref + da, src + sa, n);
				CHECK(!memcmp(dst, ref, SPAN), "memcpy d+%u s+%u n %u", da, sa, n);
				memset(dst, (int)n, SPAN), memset(ref, (int)n, SPAN);
				early_memset(dst + da, (int)(sa * 17), n);
				memset(ref + da, (int)(sa * 17), n);
				CHECK(!memcmp(dst, ref, SPAN), "memset d+%u n %u", da, n);
				/* memmove within one buffer, both directions of overlap */
				fill(dst, n), fill(ref, n);
				early_memmove(dst + da, dst + sa, n);
				memmove(ref + da, ref + sa, n);
				CHECK(!memcmp(dst, ref, SPAN), "memmove d+%u s+%u n %u", da, sa, n);
			}
}

static void test_searches(void)
{
	for (unsigned a = 0; a < 16; a++)
		for (unsigned n = 0; n <= MAXN; n++) {
			const char *s = (const char *)src + a;
			fill(src, a * 7 + n);
			src[a + n] = 0; /* the NUL at every position */
			CHECK(early_strlen(s) == n, "strlen +%u n %u", a, n);
			for (size_t max = 0; max <= n + 2; max += 1 + max / 4)
				CHECK(early_strnlen(s, max) == strnlen(s, max), "strnlen +%u %zu",
				      a, max);
			/* the byte searched for at position n (or absent) */
			for (int present = 0; present < 2; present++) {
				unsigned char c = present ? 0x7f : 0x80;
				fill(src, a * 7 + n);
				for (unsigned i = 0; i < SPAN; i++)
					if (src[i] == 0x7f || src[i] == 0x80)
						src[i] = 0x33;
				if (present)
					src[a + n] = c;
				for (size_t len = 0; len <= MAXN + 1; len += 1 + len / 8)
					CHECK(early_memchr(s, c, len) == memchr(s, c, len),
					      "memchr +%u at %u len %zu", a, n, len);
				src[SPAN - 1] = 0;
				CHECK(early_strchr(s, c) == strchr(s, c), "strchr +%u at %u", a, n);
				CHECK(early_strchr(s, 0) == strchr(s, 0), "strchr NUL +%u", a);
			}
		}
}

static void test_compares(void)
{
	for (unsigned a = 0; a < 8; a++)
		for (unsigned b = 0; b < 8; b++)
			for (unsigned n = 0; n <= 40; n++)
				for (int diff = -1; diff <= (int)n; diff++) {
					char *p = (char *)src + a, *q = (char *)dst + b;
					memset(src, 'x', SPAN), memset(dst, 'x', SPAN);
					p[n] = q[n] = 0;
					if (diff >= 0) /* differ at `diff` (< n), or at the NUL */
						q[diff] =
							diff == (int)n ? 'y' : (char)(0x80 + diff);
					if (diff == (int)n)
						q[n + 1] = 0;
					CHECK(sign(early_strcmp(p, q)) == sign(strcmp(p, q)),
					      "strcmp +%u +%u n %u diff %d", a, b, n, diff);
					CHECK(sign(early_memcmp(p, q, n)) == sign(memcmp(p, q, n)),
					      "memcmp +%u +%u n %u diff %d", a, b, n, diff);
					for (size_t k = 0; k <= n + 2; k++)
						CHECK(sign(early_strncmp(p, q, k)) ==
							      sign(strncmp(p, q, k)),
						      "strncmp +%u +%u %zu", a, b, k);
					CHECK(early_strcpy((char *)ref + b, p) == (char *)ref + b &&
						      !strcmp((char *)ref + b, p),
					      "strcpy +%u +%u n %u", a, b, n);
				}
}

int main(void)
{
	test_copies();
	test_searches();
	test_compares();
	printf("string_early (%u-bit words): %u checks, %u failed\n",
	       (unsigned)(8 * sizeof(uintptr_t)), checks, failures);
	return failures != 0;
}
