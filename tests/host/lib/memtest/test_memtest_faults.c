/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the DRAM test's fault summary (lib/memtest/memtest_faults.h).
 *
 *   test_memtest_faults             the checks below; exit 0 iff all hold
 *   test_memtest_faults frag CELLS  errors on a random set of bad pages (runs
 *                                   of adjacent pages among them), the
 *                                   summary as the image prints it ("# "
 *                                   lines), then one "want BASE SIZE" line per
 *                                   run of bad pages, worked out here from a
 *                                   page map of its own; CELLS 1 or 2
 *
 * tests/host/lib/memtest/check-memtest-fragment.sh compiles the printed fragment with
 * dtc and checks that its no-map nodes, and the U-Boot commands, list
 * exactly the wanted ranges. The checks here: lowest and highest address,
 * the errors per bank, the data-bit mask per lane and the byte lanes (an
 * address error adds to no mask), a page met twice kept once, the cap on the
 * ranges listed and the count of those left out, and no lines at all
 * without an error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/memtest/memtest_faults.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

#define MAP_PAGES 512 /* pages of the made-up bank the bad pages are drawn in */

static struct memtest_faults faults;
static char lines[256][160];
static unsigned nlines;

static void keep(const char *line, void *ctx)
{
	(void)ctx;
	if (nlines < 256)
		snprintf(lines[nlines++], sizeof(lines[0]), "%s", line);
}

static void print(const char *line, void *ctx)
{
	(void)ctx;
	printf("# %s\n", line);
}

static bool has_line(const char *want)
{
	for (unsigned i = 0; i < nlines; i++)
		if (!strcmp(lines[i], want))
			return true;
	return false;
}

/* Bad pages drawn at random in a bank at base, errors on each (several on
 * some), then the summary and the wanted runs. */
static int fragment(unsigned cells)
{
	uint64_t base = cells == 2 ? 0x880000000ull : 0x60000000ull;
	bool bad[MAP_PAGES] = { false };
	uint64_t seed = 0x9e3779b97f4a7c15ull;

	memtest_faults_reset(&faults);
	for (unsigned k = 0; k < 40; k++) {
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		unsigned p = (unsigned)(seed % MAP_PAGES), run = 1 + (unsigned)(seed >> 40) % 3;
		for (unsigned j = 0; j < run && p + j < MAP_PAGES; j++) {
			bad[p + j] = true;
			for (unsigned e = 0; e <= (seed >> 50) % 3; e++)
				memtest_faults_add(
					&faults,
					&(struct memtest_error){
						.test = MT_RANDOM,
						.pa = base + (uint64_t)(p + j) * 4096 + e * 72,
						.bank = 1,
						.actual = 1ull << (e * 9),
						.addr_bit = -1 });
		}
	}
	memtest_faults_print(&faults, cells, cells, 64, print, NULL);
	for (unsigned p = 0; p < MAP_PAGES; p++) {
		unsigned q = p;
		if (!bad[p])
			continue;
		while (q + 1 < MAP_PAGES && bad[q + 1])
			q++;
		printf("want 0x%llx 0x%llx\n", (unsigned long long)(base + p * 4096ull),
		       (unsigned long long)((q - p + 1) * 4096ull));
		p = q;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char want[160];

	if (argc == 3 && !strcmp(argv[1], "frag"))
		return fragment((unsigned)atoi(argv[2]));

	/* No error: not a line. */
	memtest_faults_reset(&faults);
	nlines = 0;
	memtest_faults_print(&faults, 2, 2, 16, keep, NULL);
	CHECK_EQ(nlines, 0);

	/* Data bit 9 on lane 1 (pa bit 3 set), bit 40 on lane 6, twice on one
	 * page; an address error in bank 2 adds to no mask. */
	memtest_faults_reset(&faults);
	memtest_faults_add(&faults, &(struct memtest_error){
					    .pa = 0x40003008, .actual = 1 << 9, .addr_bit = -1 });
	memtest_faults_add(
		&faults,
		&(struct memtest_error){ .pa = 0x40003030, .actual = 1ull << 40, .addr_bit = -1 });
	memtest_faults_add(&faults, &(struct memtest_error){ .pa = 0x40004000,
							     .bank = 2,
							     .expected = ~0ull,
							     .addr_bit = 13,
							     .other_pa = 0x40006000 });
	nlines = 0;
	memtest_faults_print(&faults, 2, 2, 16, keep, NULL);
	CHECK_STR(lines[0], "memtest: faults: 3 errors at 0x40003008..0x40004000 (lowest and "
			    "highest failing address)");
	CHECK_STR(lines[1], "memtest: failing data bits per 64-bit lane (address bits 5:3): lane 1 "
			    "0x0000000000000200, lane 6 0x0000010000000000; byte lanes 1 5");
	CHECK_STR(lines[2], "memtest: errors per bank: bank 0 2, bank 2 1");
	CHECK(has_line("\t\tmemtest-bad@40003000 {"), "no node for the page of two errors");
	CHECK(has_line("\t\t\treg = <0x0 0x40003000 0x0 0x2000>;"), "pages 3 and 4 not one range");
	CHECK(has_line("fdt rsvmem add 0x40003000 0x2000"), "no U-Boot command");
	CHECK_EQ(faults.npages, 2);

	/* Address errors only: no mask. */
	memtest_faults_reset(&faults);
	memtest_faults_add(&faults, &(struct memtest_error){
					    .pa = 0x40004000, .expected = ~0ull, .addr_bit = 13 });
	nlines = 0;
	memtest_faults_print(&faults, 1, 1, 16, keep, NULL);
	CHECK_STR(lines[1], "memtest: failing data bits: none (address errors only)");
	CHECK(has_line("\t\t\treg = <0x40004000 0x1000>;"), "one cell");

	/* 20 single pages, two apart, the list capped at 16. */
	memtest_faults_reset(&faults);
	for (unsigned k = 0; k < 20; k++)
		memtest_faults_add(&faults, &(struct memtest_error){ .pa = 0x40000000 + k * 0x2000,
								     .actual = 1,
								     .addr_bit = -1 });
	nlines = 0;
	memtest_faults_print(&faults, 2, 2, 16, keep, NULL);
	unsigned nodes = 0, cmds = 0;
	for (unsigned i = 0; i < nlines; i++) {
		nodes += !strncmp(lines[i], "\t\tmemtest-bad@", 14);
		cmds += !strncmp(lines[i], "fdt rsvmem add ", 15);
	}
	CHECK_EQ(nodes, 16);
	CHECK_EQ(cmds, 16);
	snprintf(want, sizeof(want),
		 "memtest: 4 more bad ranges (4 pages) left out: the list stops at 16");
	CHECK_STR(lines[nlines - 1], want);
	CHECK(has_line("\t\tmemtest-bad@4001e000 {"), "the 16th range not listed");
	CHECK(!has_line("\t\tmemtest-bad@40020000 {"), "the 17th range listed");

	/* Full: a page beyond MEMTEST_FAULT_MAX_PAGES is counted lost. */
	memtest_faults_reset(&faults);
	for (unsigned k = 0; k <= MEMTEST_FAULT_MAX_PAGES; k++)
		memtest_faults_add(&faults,
				   &(struct memtest_error){ .pa = 0x40000000 + k * 0x2000ull,
							    .actual = 1,
							    .addr_bit = -1 });
	CHECK_EQ(faults.npages, MEMTEST_FAULT_MAX_PAGES);
	CHECK_EQ(faults.lost_pages, 1);
	return check_report("host-memtest-faults");
}
