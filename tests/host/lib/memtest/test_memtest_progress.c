/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the DRAM test's progress lines (lib/memtest/memtest_progress.h)
 * against a fake counter: a test swept at a steady rate, looked at every
 * 1/10 s of counter time as the image's hook does (every MiB swept).
 *   - nothing during the first 5 s: a 4.9 s test prints no line;
 *   - then at most one line per 5 s, and one at least every 5 s plus one
 *     look: a 38 s test prints 7, at 5, 10, ..., 35 s;
 *   - the line is the documented one: 37% of a 3.2 GiB test at 14 s, at that
 *     rate, reads "march_c 37% of 3.2 GiB, 14 s, about 24 s left";
 *   - no counter frequency, or no known total: no line;
 *   - sizes: "64 B", "1.0 KiB", "3.2 GiB".
 * Exit 0 iff every check holds. The broken build of the module
 * (-DMEMTEST_MUTANT_PROGRESS_EVERY_LOOK: a line at every look once the first
 * 5 s are over) must fail.
 */
#include <stdio.h>
#include <string.h>

#include "lib/memtest/memtest_progress.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

#define HZ     62500000u /* QEMU virt's generic timer */
#define AT_MAX 16        /* the lines whose times run() keeps: a broken build prints more */

/* A test of `seconds` over `size` bytes, 10 sweeps; the lines it prints
 * (their count), the last into last[]. Looks every 0.1 s. */
static unsigned run(double seconds, uint64_t size, uint32_t hz, uint64_t total, char *last,
		    double *at)
{
	struct memtest_progress p;
	uint64_t t0 = 123456789, prev = 0;
	unsigned lines = 0;
	char buf[128];

	memtest_progress_start(&p, "march_c", size, total, t0, hz);
	for (unsigned k = 1; k <= (unsigned)(seconds * 10 + 0.5); k++) {
		uint64_t now = t0 + (uint64_t)k * HZ / 10;
		uint64_t done = (uint64_t)((double)total * k / (seconds * 10));
		if (memtest_progress_line(&p, now, done, buf, sizeof(buf))) {
			CHECK(now - t0 >= (uint64_t)MEMTEST_PROGRESS_SECONDS * HZ,
			      "a line %.1f s into the test", (double)(now - t0) / HZ);
			CHECK(!prev || now - prev >= (uint64_t)MEMTEST_PROGRESS_SECONDS * HZ,
			      "two lines %.1f s apart", (double)(now - prev) / HZ);
			prev = now;
			if (at && lines < AT_MAX)
				at[lines] = (double)(now - t0) / HZ;
			lines++;
			strcpy(last, buf);
		}
	}
	return lines;
}

int main(void)
{
	uint64_t gib32; /* 3.2 GiB */
	double at[AT_MAX];
	char last[128] = "", s[32];
	struct memtest_progress p;
	unsigned n;

	gib32 = ((uint64_t)32 << 30) / 10;
	CHECK_EQ(run(4.9, gib32, HZ, 10 * gib32, last, NULL), 0);
	n = run(38, gib32, HZ, 10 * gib32, last, at);
	CHECK_EQ(n, 7);
	for (unsigned i = 0; i < n && i < 7; i++)
		CHECK(at[i] > 5.0 * (i + 1) - 0.05 && at[i] < 5.0 * (i + 1) + 0.15,
		      "line %u at %.1f s", i, at[i]);
	CHECK_STR(last, "march_c 92% of 3.2 GiB, 35 s, about 3 s left");
	CHECK_EQ(run(38, gib32, 0, 10 * gib32, last, NULL), 0);
	CHECK_EQ(run(38, gib32, HZ, 0, last, NULL), 0);
	/* The documented line: 37% at 14 s of a test that takes 37.8 s. */
	memtest_progress_start(&p, "march_c", gib32, 100, 0, HZ);
	CHECK(memtest_progress_line(&p, 14ull * HZ, 37, last, sizeof(last)), "no line at 14 s");
	CHECK_STR(last, "march_c 37% of 3.2 GiB, 14 s, about 24 s left");
	CHECK(!memtest_progress_line(&p, 18ull * HZ, 47, last, sizeof(last)), "a line 4 s after");
	memtest_size_text(s, sizeof(s), 64);
	CHECK_STR(s, "64 B");
	memtest_size_text(s, sizeof(s), 1024);
	CHECK_STR(s, "1.0 KiB");
	memtest_size_text(s, sizeof(s), gib32);
	CHECK_STR(s, "3.2 GiB");
	memtest_size_text(s, sizeof(s), (uint64_t)253 << 20);
	CHECK_STR(s, "253.0 MiB");
	return check_report("host-memtest-progress");
}
