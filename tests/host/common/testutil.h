/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * testutil.h — for the host fdt tests: the checks (check.h) and load_file(),
 * which reads a file into a heap buffer of exactly its size, so that
 * AddressSanitizer flags any read past the end of the blob.
 */
#ifndef BRINGUP_TESTUTIL_H
#define BRINGUP_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/host/common/check.h"

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
