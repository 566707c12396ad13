/* SPDX-License-Identifier: BSD-2-Clause */
/* Progress lines of a long DRAM test: see lib/memtest/memtest_progress.h. */
#include <stdio.h>

#include "lib/memtest/memtest_progress.h"

void memtest_progress_start(struct memtest_progress *p, const char *name, uint64_t size,
			    uint64_t total, uint64_t now, uint32_t hz)
{
	*p = (struct memtest_progress){ name, size, total, now, now, hz };
}

void memtest_size_text(char *buf, size_t size, uint64_t bytes)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	unsigned u = 0;

	if (bytes < 1024) {
		snprintf(buf, size, "%u B", (unsigned)bytes);
		return;
	}
	while (u + 1 < sizeof(unit) / sizeof(unit[0]) && bytes >> (10 * (u + 2)))
		u++;
	/* tenths of the unit, rounded to nearest */
	uint64_t tenths = (bytes * 10 + ((uint64_t)1 << (10 * (u + 1) - 1))) >> (10 * (u + 1));
	if (bytes >> 60) /* bytes * 10 would overflow: EiB, to a whole unit */
		tenths = (bytes >> (10 * (u + 1))) * 10;
	snprintf(buf, size, "%llu.%u %s", (unsigned long long)(tenths / 10),
		 (unsigned)(tenths % 10), unit[u]);
}

bool memtest_progress_line(struct memtest_progress *p, uint64_t now, uint64_t done, char *buf,
			   size_t size)
{
	uint64_t every = (uint64_t)MEMTEST_PROGRESS_SECONDS * p->hz, elapsed = now - p->start;
	char of[24];

#ifdef MEMTEST_MUTANT_PROGRESS_EVERY_LOOK /* host tests only: no 5 s between lines (caught) */
	p->last = p->start;
#endif
	if (!p->hz || !p->total || !done || elapsed < every || now - p->last < every)
		return false;
	p->last = now;
	if (done > p->total)
		done = p->total;
	double secs = (double)elapsed / p->hz;
	double left = secs * (double)(p->total - done) / (double)done;
	memtest_size_text(of, sizeof(of), p->size);
	snprintf(buf, size, "%s %u%% of %s, %llu s, about %llu s left", p->name,
		 (unsigned)(done * 100 / p->total), of, (unsigned long long)secs,
		 (unsigned long long)(left + 0.5));
	return true;
}
