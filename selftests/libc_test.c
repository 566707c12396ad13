/* SPDX-License-Identifier: BSD-2-Clause */
/* libc: newlib's printf, malloc and free work over our syscall layer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/libc/heap.h"
#include "lib/selftest/selftest.h"

SELFTEST(libc, printf)
{
	char buf[96];
	int n = snprintf(buf, sizeof(buf), "%d %u %x %08lx %llx %s %c %5.2f", -42, 42u, 0xbeefu,
			 0x1234ul, 0x123456789abcdefull, "str", 'c', 3.14159);

	expect(strcmp(buf, "-42 42 beef 00001234 123456789abcdef str c  3.14") == 0,
	       "snprintf gave \"%s\"", buf);
	expect(n == (int)strlen(buf), "snprintf returned %d for %u chars", n,
	       (unsigned)strlen(buf));
}

SELFTEST(libc, malloc_free)
{
	enum { N = 64 };
	unsigned char *p[N];
	uintptr_t lo, hi;

	heap_bounds(&lo, &hi);
	for (unsigned i = 0; i < N; i++) {
		size_t sz = 16 + i * 97;
		p[i] = malloc(sz);
		if (!expect(p[i] != NULL, "malloc(%u) failed", (unsigned)sz))
			return;
		expect((uintptr_t)p[i] >= lo && (uintptr_t)p[i] + sz <= hi,
		       "block outside the heap");
		memset(p[i], (int)i, sz);
	}
	for (unsigned i = 0; i < N; i++) {
		size_t sz = 16 + i * 97;
		for (size_t j = 0; j < sz; j++)
			if (p[i][j] != (unsigned char)i) {
				expect(0, "block %u byte %u overwritten", i, (unsigned)j);
				break;
			}
	}
	for (unsigned i = 0; i < N; i += 2)
		free(p[i]);
	void *again = malloc(16);
	expect(again != NULL, "malloc after free failed");
	free(again);
	for (unsigned i = 1; i < N; i += 2)
		free(p[i]);
	/* The heap ends where the memory map says: an impossible request fails cleanly. */
	expect(malloc(hi - lo + 4096) == NULL, "malloc larger than the heap succeeded");
}

/* memcpy/memmove/memset as the image calls them (through the MMU-state
 * wrappers, lib/libc/string_early.h: newlib's assembly with the MMU on) at every
 * source and destination alignment within 16 bytes, against byte loops. */
SELFTEST(libc, mem_alignments)
{
	enum { SPAN = 160, MAXN = 96 };
	static unsigned char src[SPAN], dst[SPAN], ref[SPAN], tmp[MAXN];
	uint64_t seed = 1;
	unsigned bad = 0;

	for (unsigned da = 0; da < 16; da++)
		for (unsigned sa = 0; sa < 16; sa++)
			for (unsigned n = 0; n <= MAXN; n += 1 + n / 16) {
				fill_random(src, SPAN, &seed);
				fill_random(dst, SPAN, &seed);
				for (unsigned i = 0; i < SPAN; i++)
					ref[i] = i - da < n ? src[sa + i - da] : dst[i];
				memcpy(dst + da, src + sa, n);
				bad += memcmp(dst, ref, SPAN) != 0;
				/* within one buffer: overlapping either way */
				for (unsigned i = 0; i < n; i++)
					tmp[i] = dst[sa + i];
				for (unsigned i = 0; i < n; i++)
					ref[da + i] = tmp[i];
				memmove(dst + da, dst + sa, n);
				bad += memcmp(dst, ref, SPAN) != 0;
				for (unsigned i = 0; i < n; i++)
					ref[da + i] = (unsigned char)(n + sa);
				memset(dst + da, (int)(n + sa), n);
				bad += memcmp(dst, ref, SPAN) != 0;
			}
	expect(bad == 0, "%u mismatches", bad);
}
