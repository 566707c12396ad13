/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM test's fault summary: see lib/memtest/memtest_faults.h. */
#include <stdio.h>
#include <string.h>

#include "lib/memtest/memtest_faults.h"

void memtest_faults_reset(struct memtest_faults *f)
{
	memset(f, 0, sizeof(*f));
}

/* Page number pn into the sorted set (binary search; kept if new and there
 * is room, else counted lost). */
static void add_page(struct memtest_faults *f, uint64_t pn)
{
	unsigned lo = 0, hi = f->npages;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (f->page[mid] < pn)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < f->npages && f->page[lo] == pn)
		return;
	if (f->npages == MEMTEST_FAULT_MAX_PAGES) {
		f->lost_pages++;
		return;
	}
	memmove(&f->page[lo + 1], &f->page[lo], (f->npages - lo) * sizeof(f->page[0]));
	f->page[lo] = pn;
	f->npages++;
}

void memtest_faults_add(struct memtest_faults *f, const struct memtest_error *e)
{
	if (!f->errors || e->pa < f->lowest)
		f->lowest = e->pa;
	if (!f->errors || e->pa > f->highest)
		f->highest = e->pa;
	f->errors++;
	f->bank_errors[e->bank < MEMTEST_FAULT_BANKS ? e->bank : MEMTEST_FAULT_BANKS - 1]++;
	if (e->addr_bit < 0)
		f->lane_mask[(e->pa >> 3) % MEMTEST_FAULT_LANES] |= e->expected ^ e->actual;
	add_page(f, e->pa / MEMTEST_FAULT_PAGE);
}

/* The run of adjacent pages from index *i: its first page and page count;
 * *i moves past it. */
static uint64_t next_range(const struct memtest_faults *f, unsigned *i, uint64_t *pages)
{
	uint64_t first = f->page[*i];
	unsigned j = *i + 1;

#ifdef MEMTEST_MUTANT_FAULTS_GAP_MERGED /* host tests only: a one-page gap merged (caught) */
	while (j < f->npages && f->page[j] <= f->page[j - 1] + 2)
#else
	while (j < f->npages && f->page[j] == f->page[j - 1] + 1)
#endif
		j++;
	*pages = f->page[j - 1] - first + 1;
	*i = j;
	return first;
}

/* n in `cells` cells (1 or 2) as a DTS cell list: "0x1 0x40000000". */
static void cells_text(char *buf, size_t size, uint64_t n, unsigned cells)
{
	if (cells >= 2)
		snprintf(buf, size, "0x%llx 0x%llx", (unsigned long long)(n >> 32),
			 (unsigned long long)(n & 0xffffffffu));
	else
		snprintf(buf, size, "0x%llx", (unsigned long long)(n & 0xffffffffu));
}

#define OUT(...)                                                                                   \
	do {                                                                                       \
		snprintf(line, sizeof(line), __VA_ARGS__);                                         \
		out(line, ctx);                                                                    \
	} while (0)

static void print_masks(const struct memtest_faults *f, void (*out)(const char *, void *),
			void *ctx)
{
	char line[400];
	uint64_t all = 0;
	int n = snprintf(line, sizeof(line),
			 "memtest: failing data bits per 64-bit lane (address bits 5:3):");

	for (unsigned l = 0; l < MEMTEST_FAULT_LANES; l++) {
		if (f->lane_mask[l] && n > 0 && (size_t)n < sizeof(line))
			n += snprintf(line + n, sizeof(line) - (size_t)n, "%s lane %u 0x%016llx",
				      all ? "," : "", l, (unsigned long long)f->lane_mask[l]);
		all |= f->lane_mask[l];
	}
	if (!all) {
		OUT("memtest: failing data bits: none (address errors only)");
		return;
	}
	if (n > 0 && (size_t)n < sizeof(line))
		n += snprintf(line + n, sizeof(line) - (size_t)n, "; byte lanes");
	for (unsigned b = 0; b < 8 && n > 0 && (size_t)n < sizeof(line); b++)
		if (all >> (8 * b) & 0xff)
			n += snprintf(line + n, sizeof(line) - (size_t)n, " %u", b);
	out(line, ctx);
}

void memtest_faults_print(const struct memtest_faults *f, unsigned addr_cells, unsigned size_cells,
			  unsigned max_ranges, void (*out)(const char *line, void *ctx), void *ctx)
{
	char line[400], a[32], s[32];
	unsigned i, shown = 0, left = 0;
	uint64_t pages, left_pages = 0;
	bool first = true;
	int n;

	if (!f->errors)
		return;
	OUT("memtest: faults: %llu errors at 0x%llx..0x%llx (lowest and highest failing address)",
	    (unsigned long long)f->errors, (unsigned long long)f->lowest,
	    (unsigned long long)f->highest);
	print_masks(f, out, ctx);
	n = snprintf(line, sizeof(line), "memtest: errors per bank:");
	for (unsigned b = 0; b < MEMTEST_FAULT_BANKS && n > 0 && (size_t)n < sizeof(line); b++) {
		if (!f->bank_errors[b])
			continue;
		n += snprintf(line + n, sizeof(line) - (size_t)n, "%s bank %u%s %llu",
			      first ? "" : ",", b, b == MEMTEST_FAULT_BANKS - 1 ? " and up" : "",
			      (unsigned long long)f->bank_errors[b]);
		first = false;
	}
	out(line, ctx);
	OUT("memtest: bad pages as a device-tree fragment:");
	OUT("/ {");
	OUT("\treserved-memory {");
	OUT("\t\t#address-cells = <%u>;", addr_cells);
	OUT("\t\t#size-cells = <%u>;", size_cells);
	OUT("\t\tranges;");
	for (i = 0; i < f->npages && shown < max_ranges; shown++) {
		uint64_t base = next_range(f, &i, &pages) * MEMTEST_FAULT_PAGE;
		cells_text(a, sizeof(a), base, addr_cells);
		cells_text(s, sizeof(s), pages * MEMTEST_FAULT_PAGE, size_cells);
		OUT("\t\tmemtest-bad@%llx {", (unsigned long long)base);
		OUT("\t\t\treg = <%s %s>;", a, s);
		OUT("\t\t\tno-map;");
		OUT("\t\t};");
	}
	OUT("\t};");
	OUT("};");
	OUT("memtest: end of fragment");
	OUT("memtest: the same for U-Boot (after \"fdt addr\"), before booting Linux:");
	for (i = 0; i < f->npages && shown > 0; shown--) {
		uint64_t base = next_range(f, &i, &pages) * MEMTEST_FAULT_PAGE;
		OUT("fdt rsvmem add 0x%llx 0x%llx", (unsigned long long)base,
		    (unsigned long long)(pages * MEMTEST_FAULT_PAGE));
	}
	for (; i < f->npages; left++) {
		next_range(f, &i, &pages);
		left_pages += pages;
	}
	if (left)
		OUT("memtest: %u more bad ranges (%llu pages) left out: the list stops at %u", left,
		    (unsigned long long)left_pages, max_ranges);
	if (f->lost_pages)
		OUT("memtest: and more bad pages than the %u counted (%llu errors on others)",
		    MEMTEST_FAULT_MAX_PAGES, (unsigned long long)f->lost_pages);
}
