/*
 * testutil.h — tiny check/report helpers shared by the host fdt tests.
 *
 * CHECK* record a pass or a failure (with file:line and both values) and go
 * on; report() prints "NAME: N passed, M failed" and gives the exit status.
 * load_file() reads a file into a heap buffer of exactly its size, so that
 * AddressSanitizer flags any read past the end of the blob.
 */
#ifndef BRINGUP_TESTUTIL_H
#define BRINGUP_TESTUTIL_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One pair for the whole program (a test may span several files): the
 * file with main() defines them with TESTUTIL_COUNTERS. */
extern unsigned t_passed, t_failed;
#define TESTUTIL_COUNTERS unsigned t_passed, t_failed

static inline int t_check(int ok, const char *file, int line, const char *what)
{
	if (ok) {
		t_passed++;
	} else {
		t_failed++;
		printf("FAIL %s:%d: %s\n", file, line, what);
	}
	return ok;
}

#define CHECK(c) t_check(!!(c), __FILE__, __LINE__, #c)

#define CHECK_EQ(a, b)                                                                             \
	do {                                                                                       \
		uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                   \
		if (!t_check(a_ == b_, __FILE__, __LINE__, #a " == " #b))                          \
			printf("     got 0x%" PRIx64 " (%" PRId64 "), want 0x%" PRIx64             \
			       " (%" PRId64 ")\n",                                                 \
			       a_, (int64_t)a_, b_, (int64_t)b_);                                  \
	} while (0)

#define CHECK_STR(a, b)                                                                            \
	do {                                                                                       \
		const char *a_ = (a), *b_ = (b);                                                   \
		if (!t_check(a_ && b_ && strcmp(a_, b_) == 0, __FILE__, __LINE__, #a " == " #b))   \
			printf("     got \"%s\", want \"%s\"\n", a_ ? a_ : "(null)",               \
			       b_ ? b_ : "(null)");                                                \
	} while (0)

static inline int report(const char *name)
{
	printf("%s: %u passed, %u failed\n", name, t_passed, t_failed);
	return t_failed ? 1 : 0;
}

/* The whole file in a malloc'd buffer of exactly its size (1 byte if
 * empty); NULL on error.  *len gets the size. */
static inline uint8_t *load_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf = NULL;
	long n;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 && fseek(fp, 0, SEEK_SET) == 0) {
		buf = malloc(n ? (size_t)n : 1);
		if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(fp);
	return buf;
}

#endif /* BRINGUP_TESTUTIL_H */
