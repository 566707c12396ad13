/* libc: newlib's printf, malloc and free work over our syscall layer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/heap.h"
#include "lib/selftest.h"

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
