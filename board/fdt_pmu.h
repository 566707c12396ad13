/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU's interrupt and the architecture's PPI numbers, from the device
 * tree (read on demand by the pmu self-tests, not in the boot's scan).
 *
 * board_read_pmu() takes the first enabled node whose compatible is
 * arm,armv8-pmuv3 or an arm,<core>-pmu (Linux Documentation/devicetree/
 * bindings/arm/pmu.yaml) and its interrupts through the node's interrupt
 * parent: one PPI shared by every CPU, or one SPI a CPU, each CPU named by
 * interrupt-affinity (phandles of /cpus nodes), else, as the binding
 * allows, in the order of the /cpus nodes. FDT_OK; FDT_ERR_NOTFOUND: no
 * PMU node; FDT_ERR_BADVALUE: interrupts the binding does not allow (a
 * mix, more SPIs than CPUs named, an affinity to no CPU), `why` says
 * which. Only reads the blob; no allocation, no output.
 *
 * board_pmu_intid() is the routing the test expects: the INTID the CPU
 * with this MPIDR (Aff3..Aff0 as the /cpus reg holds it) must take its
 * PMU overflow on; 0 where the tree gives it none.
 *
 * board_ppi_lint() reads the generic timer's interrupts (arm,armv7-timer /
 * arm,armv8-timer, in the binding's order: secure physical, non-secure
 * physical, virtual, hypervisor physical, hypervisor virtual), the PMU's
 * PPI and the GIC's own (maintenance) interrupt, each as an INTID beside
 * the one Arm's Base System Architecture (DEN0094, "PPI assignments")
 * recommends and the rule that recommends it: B_PPI_01 (for the operating
 * system: non-secure EL1 physical timer 30, EL1 virtual timer 27, PMU 23),
 * B_PPI_02 (for a hypervisor: EL2 physical timer 26, EL2 virtual timer 28,
 * GIC maintenance 25), B_PPI_03 (platform security: secure EL1 physical
 * timer 29). Entries the tree does not name are left out; the count.
 */
#ifndef BOARD_FDT_PMU_H
#define BOARD_FDT_PMU_H

#include <stddef.h>
#include <stdint.h>

#define BOARD_PMU_MAX_SPIS 32
#define BOARD_PPI_CHECKS   7

enum board_pmu_kind {
	BOARD_PMU_PPI = 1, /* one PPI, every CPU its own */
	BOARD_PMU_SPI,     /* one SPI a CPU */
	BOARD_PMU_NOT_GIC, /* the interrupt parent is not a GIC (parent[] names it) */
	BOARD_PMU_NO_IRQ,  /* the node names no interrupt */
};

struct board_pmu {
	enum board_pmu_kind kind;
	char compatible[32]; /* the node's first compatible string */
	char parent[32];     /* BOARD_PMU_NOT_GIC: the parent's compatible */
	unsigned ppi;        /* BOARD_PMU_PPI: its INTID (16..31) */
	unsigned nspi;       /* BOARD_PMU_SPI: spi[i] (INTIDs) is for the CPU mpidr[i] */
	unsigned spi[BOARD_PMU_MAX_SPIS];
	uint64_t mpidr[BOARD_PMU_MAX_SPIS];
	int affinity; /* 1: interrupt-affinity named them; 0: the /cpus order */
};

int board_read_pmu(const void *blob, size_t size, struct board_pmu *out, char *why, size_t whylen);
unsigned board_pmu_intid(const struct board_pmu *p, uint64_t mpidr);

struct board_ppi_check {
	const char *what; /* "non-secure physical timer", "PMU", ... */
	const char *rule; /* "B_PPI_01", ... */
	unsigned want;    /* BSA's recommended INTID */
	unsigned got;     /* the tree's INTID (an SPI's too) */
};

int board_ppi_lint(const void *blob, size_t size, struct board_ppi_check *out, unsigned max);

#endif
