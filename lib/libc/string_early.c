/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * string_early.c: alignment-safe string functions (contract in
 * string_early.h). Only AArch64 routes calls here (lib/libc/aarch64/
 * string_wrap.c; the ARMv7 link drops it). Checked against the C library
 * with 64- and 32-bit words by tests/host/lib/libc/test_string_early.c.
 *
 * The file is compiled with -fno-tree-loop-distribute-patterns (Makefile
 * CFLAGS_COMMON): GCC must not turn these loops back into memcpy/memset calls.
 */
#include "lib/libc/string_early.h"

#include <stdint.h>

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "first_marked() reads bytes LE");

#define WORD sizeof(uintptr_t)
typedef uintptr_t __attribute__((may_alias)) word_t; /* copies any type */

/* Non-zero iff some byte of w is zero (the classic carry trick: only a zero
 * byte borrows into its own top bit while that bit was clear in w). Exact
 * for the lowest zero byte (a false mark needs a borrow from below it). */
static word_t has_zero_byte(word_t w)
{
	const word_t ones = (word_t)-1 / 0xff;

	return (w - ones) & ~w & (ones << 7);
}

/* Index of the first (lowest-addressed: little-endian) zero byte that
 * has_zero_byte() marked in `mark`. */
static size_t first_marked(word_t mark)
{
	return (size_t)__builtin_ctzl(mark) / 8;
}

static int aligned2(const void *a, const void *b)
{
	return (((uintptr_t)a | (uintptr_t)b) & (WORD - 1)) == 0;
}

void *early_memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (aligned2(d, s))
		for (; n >= WORD; n -= WORD, d += WORD, s += WORD)
			*(word_t *)(void *)d = *(const word_t *)(const void *)s;
	while (n--)
		*d++ = *s++;
	return dst;
}

void *early_memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return early_memcpy(dst, src, n); /* copies upwards: safe */
	while (n--)
		d[n] = s[n];
	return dst;
}

void *early_memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uintptr_t w = (unsigned char)c;

	w *= (uintptr_t)-1 / 0xff; /* the byte in every lane */
	for (; n && ((uintptr_t)d & (WORD - 1)); n--)
		*d++ = (unsigned char)c;
	for (; n >= 4 * WORD; n -= 4 * WORD, d += 4 * WORD) { /* boot zeroes KiBs */
		word_t *q = (word_t *)(void *)d;
		q[0] = w, q[1] = w, q[2] = w, q[3] = w;
	}
	for (; n >= WORD; n -= WORD, d += WORD)
		*(word_t *)(void *)d = w;
	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}

int early_memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

/* memchr and strlen run on every DTB string at boot: a word at a time, each
 * load aligned (it never crosses a page, so reading a few bytes past the
 * string's end within the word is harmless). */
void *early_memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	word_t pattern = (unsigned char)c * ((word_t)-1 / 0xff);

	for (; n && ((uintptr_t)p & (WORD - 1)); n--, p++)
		if (*p == (unsigned char)c)
			return (void *)(uintptr_t)p;
	for (; n >= WORD; n -= WORD, p += WORD) {
		word_t mark = has_zero_byte(*(const word_t *)(const void *)p ^ pattern);
		if (mark)
			return (void *)(uintptr_t)(p + first_marked(mark));
	}
	for (; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)(uintptr_t)p;
	return NULL;
}

size_t early_strlen(const char *s)
{
	const char *p = s;

	for (; (uintptr_t)p & (WORD - 1); p++)
		if (!*p)
			return (size_t)(p - s);
	for (;; p += WORD) {
		word_t mark = has_zero_byte(*(const word_t *)(const void *)p);
		if (mark)
			return (size_t)(p - s) + first_marked(mark);
	}
}

size_t early_strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

int early_strcmp(const char *a, const char *b)
{
	const unsigned char *p = (const void *)a, *q = (const void *)b;

	while (*p && *p == *q)
		p++, q++;
	return *p - *q;
}

int early_strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const void *)a, *q = (const void *)b;

	for (; n; n--, p++, q++)
		if (*p != *q || !*p)
			return *p - *q;
	return 0;
}

char *early_strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)(uintptr_t)s;
		if (!*s)
			return NULL;
	}
}

char *early_strcpy(char *dst, const char *src)
{
	char *d = dst;

	while ((*d++ = *src++))
		;
	return dst;
}
