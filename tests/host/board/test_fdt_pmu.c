/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * board_read_pmu(), board_pmu_intid() and board_ppi_lint() (board/fdt_pmu.c)
 * on Debian's kernel trees and planted copies: the PMU interrupt each CPU
 * must take its overflow on, which QEMU cannot show for per-CPU SPIs (no
 * QEMU 7.2 machine wires them), and the PPI numbers against Arm's BSA
 * (DEN0094 "PPI assignments").
 *
 * usage: test_fdt_pmu PINE64 REVERSED ZCU102 RPI3B H3 TIMER31
 *        test_fdt_pmu --corpus DTB...  (how many trees name a PMU, and how;
 *        how many name a PPI BSA does not recommend: printed, not checked,
 *        but every tree must be read without a malformed-tree error)
 *   PINE64    sun50i-a64-pine64: arm,cortex-a53-pmu, SPIs 116..119 with
 *             interrupt-affinity to cpu@0..3
 *   REVERSED  the same with interrupt-affinity reversed (fdtput): CPU 0's
 *             overflow is SPI 119's (INTID 151)
 *   ZCU102    arm,armv8-pmuv3, SPIs 143..146, no interrupt-affinity: the
 *             /cpus order
 *   RPI3B     arm,cortex-a53-pmu on the bcm2836-l1-intc, not a GIC
 *   H3        sun8i-h3-orangepi-pc: every timer PPI and the maintenance PPI
 *             BSA's
 *   TIMER31   pine64 with the non-secure physical timer at PPI 15 (INTID 31)
 */
#include <stdlib.h>
#include <string.h>

#include "board/fdt_pmu.h"
#include "lib/fdt/fdt.h"
#include "tests/host/common/testutil.h"

CHECK_COUNTERS;

static int read_pmu(const char *path, struct board_pmu *p, char *why, size_t n)
{
	size_t len;
	uint8_t *blob = load_file(path, &len);
	int r = blob ? board_read_pmu(blob, len, p, why, n) : -100;

	free(blob);
	return r;
}

static int lint(const char *path, struct board_ppi_check *c)
{
	size_t len;
	uint8_t *blob = load_file(path, &len);
	int r = blob ? board_ppi_lint(blob, len, c, BOARD_PPI_CHECKS) : -100;

	free(blob);
	return r;
}

static void want_routes(const char *path, const struct board_pmu *p, const unsigned *intid)
{
	for (unsigned cpu = 0; cpu < 4; cpu++)
		CHECK(board_pmu_intid(p, cpu) == intid[cpu],
		      "%s: cpu%u (MPIDR %u): INTID %u, want %u", path, cpu, cpu,
		      board_pmu_intid(p, cpu), intid[cpu]);
	CHECK(board_pmu_intid(p, 0x100) == 0, "%s: a CPU the tree does not list: INTID %u, want 0",
	      path, board_pmu_intid(p, 0x100));
}

static const struct board_ppi_check *find(const struct board_ppi_check *c, int n, const char *what)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(c[i].what, what))
			return &c[i];
	return NULL;
}

static int corpus(int n, char **paths)
{
	unsigned kind[BOARD_PMU_NO_IRQ + 1] = { 0 }, none = 0, bad = 0, affinity = 0, off = 0;

	for (int i = 0; i < n; i++) {
		struct board_pmu p;
		struct board_ppi_check c[BOARD_PPI_CHECKS];
		char why[96];
		int r = read_pmu(paths[i], &p, why, sizeof(why)), k = lint(paths[i], c);

		if (r == FDT_ERR_NOTFOUND)
			none++;
		else if (r == FDT_OK)
			kind[p.kind]++, affinity += p.kind == BOARD_PMU_SPI && p.affinity;
		else
			bad++, printf("%s: %s\n", paths[i], why);
		for (int j = 0; j < k; j++)
			if (c[j].got != c[j].want) {
				off++;
				break;
			}
	}
	printf("host-fdt-pmu: corpus of %d trees: %u name a PMU (%u a PPI, %u per-CPU SPIs, %u of "
	       "them with interrupt-affinity, %u on a controller not a GIC, %u no interrupt), %u "
	       "none, %u refused; %u name a PPI BSA does not recommend\n",
	       n, n - none - bad, kind[BOARD_PMU_PPI], kind[BOARD_PMU_SPI], affinity,
	       kind[BOARD_PMU_NOT_GIC], kind[BOARD_PMU_NO_IRQ], none, bad, off);
	return 0;
}

int main(int argc, char **argv)
{
	struct board_pmu p;
	struct board_ppi_check c[BOARD_PPI_CHECKS];
	const struct board_ppi_check *e;
	char why[96];
	int n;

	if (argc > 1 && !strcmp(argv[1], "--corpus"))
		return corpus(argc - 2, argv + 2);
	if (argc != 7) {
		fprintf(stderr, "usage: %s PINE64 REVERSED ZCU102 RPI3B H3 TIMER31\n", argv[0]);
		return 2;
	}
	CHECK(read_pmu(argv[1], &p, why, sizeof(why)) == FDT_OK && p.kind == BOARD_PMU_SPI &&
		      p.nspi == 4 && p.affinity && !strcmp(p.compatible, "arm,cortex-a53-pmu"),
	      "%s: %s kind %d, %u SPIs, affinity %d (%s)", argv[1], p.compatible, p.kind, p.nspi,
	      p.affinity, why);
	want_routes(argv[1], &p, (const unsigned[]){ 148, 149, 150, 151 });
	CHECK(read_pmu(argv[2], &p, why, sizeof(why)) == FDT_OK && p.affinity, "%s: %s", argv[2],
	      why);
	want_routes(argv[2], &p, (const unsigned[]){ 151, 150, 149, 148 });
	CHECK(read_pmu(argv[3], &p, why, sizeof(why)) == FDT_OK && p.kind == BOARD_PMU_SPI &&
		      !p.affinity && !strcmp(p.compatible, "arm,armv8-pmuv3"),
	      "%s: kind %d, affinity %d (%s)", argv[3], p.kind, p.affinity, why);
	want_routes(argv[3], &p, (const unsigned[]){ 175, 176, 177, 178 });
	CHECK(read_pmu(argv[4], &p, why, sizeof(why)) == FDT_OK && p.kind == BOARD_PMU_NOT_GIC &&
		      !strcmp(p.parent, "brcm,bcm2836-l1-intc"),
	      "%s: kind %d, parent %s", argv[4], p.kind, p.parent);
	CHECK(board_pmu_intid(&p, 0) == 0, "%s: an INTID for a PMU on no GIC", argv[4]);

	/* The H3 follows BSA for every PPI it names; its PMU is per-CPU SPIs
	 * (no recommended number), so 4 timers + maintenance. */
	n = lint(argv[5], c);
	CHECK(n == 5, "%s: %d PPIs read, want 5", argv[5], n);
	for (int i = 0; i < n; i++)
		CHECK(c[i].got == c[i].want, "%s: %s INTID %u, BSA %s recommends %u", argv[5],
		      c[i].what, c[i].got, c[i].rule, c[i].want);
	e = find(c, n, "GIC maintenance");
	CHECK(e && e->got == 25 && !strcmp(e->rule, "B_PPI_02"), "%s: maintenance PPI not read",
	      argv[5]);
	n = lint(argv[6], c);
	e = find(c, n, "non-secure physical timer");
	CHECK(e && e->got == 31 && e->want == 30 && !strcmp(e->rule, "B_PPI_01"),
	      "%s: the planted timer PPI: INTID %u (%s), want 31 against B_PPI_01's 30", argv[6],
	      e ? e->got : 0, e ? e->rule : "not read");
	e = find(c, n, "virtual timer");
	CHECK(e && e->got == 27, "%s: virtual timer INTID %u, want 27", argv[6], e ? e->got : 0);
	return check_report("host-fdt-pmu");
}
