/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Progress of one long DRAM test, from a free-running counter the caller
 * reads (the image: arch_counter(), the generic timer; the host test: a fake
 * one): nothing during the first MEMTEST_PROGRESS_SECONDS of the test, then
 * at most one line every MEMTEST_PROGRESS_SECONDS, as
 *
 *   march_c 37% of 3.2 GiB, 14 s, about 24 s left
 *
 * (the test, the share of its bytes swept, the RAM under test, the seconds
 * since its start, the time left at the rate so far). A test that ends
 * within the first interval prints nothing; without a counter frequency
 * (hz 0), or with no known total, nothing. Pure arithmetic: no I/O.
 */
#ifndef LIB_MEMTEST_PROGRESS_H
#define LIB_MEMTEST_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MEMTEST_PROGRESS_SECONDS 5u

struct memtest_progress {
	const char *name;
	uint64_t size;        /* bytes of RAM under test ("of 3.2 GiB") */
	uint64_t total;       /* bytes the test sweeps in all (0: unknown, no lines) */
	uint64_t start, last; /* the counter at the start, at the last line */
	uint32_t hz;          /* counter ticks per second (0: no lines) */
};

void memtest_progress_start(struct memtest_progress *p, const char *name, uint64_t size,
			    uint64_t total, uint64_t now, uint32_t hz);
/* The line due at counter `now`, `done` bytes of total swept: true with the
 * line in buf; false when none is due (the first interval, or less than one
 * since the last line). */
bool memtest_progress_line(struct memtest_progress *p, uint64_t now, uint64_t done, char *buf,
			   size_t size);
/* bytes as "3.2 GiB", "512.0 KiB", "64 B": one decimal in the largest unit
 * that is at least 1. */
void memtest_size_text(char *buf, size_t size, uint64_t bytes);

#endif
