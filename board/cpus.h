/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPUs the device tree lists, read on demand (not during the boot's
 * one-pass scan: starting the other CPUs is a self-test's business, after
 * the first TAP line).
 *
 * board_read_cpus() opens the blob and walks /cpus: every child whose
 * device_type is "cpu" (the /cpus/cpu-map and other helper nodes have
 * none). For each: reg (in /cpus' #address-cells, 1 or 2: the MPIDR
 * affinity fields, Documentation/devicetree/bindings/arm/cpus.yaml; 0, as
 * uniprocessor ARM9 trees have it: no reg, MPIDR 0),
 * enable-method (the CPU's own, else /cpus'; the first string of the list;
 * with neither, PSCI if the tree has an enabled /psci, as Linux on ARMv7
 * does; method_name then "psci" too),
 * the start method bringup drives for it (board/start_methods.h: by that
 * enable-method, else /psci, else the root compatible; NULL if
 * none), cpu-release-addr (one or two cells) and status. At most `max` CPUs are
 * stored; *count gets how many the tree lists.
 * Returns FDT_OK, an fdt_error from fdt_open, FDT_ERR_NOTFOUND without
 * /cpus, or FDT_ERR_BADVALUE for a malformed reg / #address-cells.
 * Only reads the blob; no allocation, no output.
 */
#ifndef BOARD_CPUS_H
#define BOARD_CPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/start_methods.h"

enum cpu_method {
	CPU_METHOD_NONE = 0,   /* no enable-method: the CPU cannot be started */
	CPU_METHOD_PSCI,       /* "psci": CPU_ON through /psci's conduit */
	CPU_METHOD_SPIN_TABLE, /* "spin-table": cpu-release-addr */
	CPU_METHOD_OTHER,      /* a board method ("brcm,bcm2836-smp", ...) */
};

#define BOARD_METHOD_MAX 32

struct board_cpu {
	uint64_t mpidr; /* reg: the MPIDR affinity fields */
	enum cpu_method method;
	char method_name[BOARD_METHOD_MAX]; /* as the tree spells it, "" if none */
	const struct start_method
		*start; /* the method that starts it (board/start_methods.h), NULL: none */
	const struct start_method *machine; /* naming none: the machine's method, even with /psci */
	uint64_t release_addr;              /* cpu-release-addr, 0 if none */
	bool disabled;                      /* status neither absent, "okay" nor "ok" */
};

int board_read_cpus(const void *blob, size_t size, struct board_cpu *out, unsigned max,
		    unsigned *count);
const char *cpu_method_name(enum cpu_method m);

/* The first enabled node compatible with `compat`: its first reg entry as
 * a CPU address (through every "ranges"), for a board method's registers
 * (the BCM2836 local interrupt controller's mailboxes). FDT_OK, an
 * fdt_open error, or FDT_ERR_NOTFOUND. */
int board_compatible_reg(const void *blob, size_t size, const char *compat, uint64_t *base);
/* Whether the root node's compatible list holds `compat` (a board whose
 * tree names no enable-method: the machine says how, as Linux's machine
 * descriptors match it). false for a blob fdt_open refuses. */
bool board_root_compatible(const void *blob, size_t size, const char *compat);

#endif
