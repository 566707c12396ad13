/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_oracle.h — a second reading of a DTB, through Debian's libfdt
 * (tests/host/lib/fdt/fdt_oracle_libfdt.c), for the host tests to compare with
 * lib/fdt/ + board/.
 *
 * The oracle applies board.h's rules (fdt_read_board), fdt.h's rules
 * (fdt_reserved) and cpus.h's (board_read_cpus) with libfdt's navigation
 * and its own matching, address translation and table of UARTs
 * (fdt_oracle_uarts.c: which compatible is which driver and the register
 * layout each implies, from the bindings); of ours it shares only the
 * result types and, to name a driver, the drivers linked in (the section
 * uart_drivers) looked up by name.
 *
 * Linking: libfdt and lib/fdt both define fdt_getprop, fdt_path_offset,
 * fdt_strerror..., and their headers cannot meet in one file. fdt.mk links
 * the oracle with libfdt.a into one object whose only global definitions
 * are the oracle_* functions below; this header includes neither fdt.h.
 */
#ifndef TESTS_HOST_LIB_FDT_FDT_ORACLE_H
#define TESTS_HOST_LIB_FDT_FDT_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "arch/arch.h"
#include "lib/console/console.h"
#include "lib/memmap.h"

#define ORACLE_MAX_RESERVED 64
#define ORACLE_UNSET        UINT32_MAX
#define ORACLE_MAX_CPUS     64
#define ORACLE_METHOD_MAX   32

/* One /cpus child whose device_type is "cpu", as board/cpus.h reads it. */
struct oracle_cpu {
	uint64_t mpidr;                 /* reg, 0 if none */
	char method[ORACLE_METHOD_MAX]; /* enable-method's first string (own, else
					   /cpus'), truncated; "" if none */
	uint64_t release_addr;          /* cpu-release-addr, 0 if none */
	bool disabled;                  /* status neither absent, "okay" nor "ok" */
};

struct oracle_region {
	uint64_t base, size;
	bool no_map;
};

struct oracle_board {
	/* as struct board_info */
	char model[64];
	struct mem_bank ram[MEM_MAX_BANKS];
	unsigned nram;
	struct uart_desc console; /* driver NULL if none drivable; reg_shift and
				     reg_io_width ORACLE_UNSET where the
				     compatible implies none and the node
				     says nothing */
	char console_rule[32];    /* which rule chose it, as board_info's ("" if none) */
	uint32_t timer_hz;
	enum psci_conduit psci;
	uint64_t outer_cache_base;
	uint64_t a9_periphbase;
	const char *bootargs; /* in the oracle's copy of the blob: valid until its next call */
	/* as fdt_reserved(): the first ORACLE_MAX_RESERVED, nrsv = all there are */
	struct oracle_region rsv[ORACLE_MAX_RESERVED];
	unsigned nrsv;
	/* the node stdout-path names, drivable or not ("" if none) */
	char stdout_node[64];
};

/* Outcome of oracle_read(). */
enum oracle_status {
	ORACLE_OK = 0,
	ORACLE_BADVALUE, /* a value the rules read is malformed: ours must say FDT_ERR_BADVALUE */
	ORACLE_LIBFDT,   /* libfdt itself failed (*libfdt_err holds its error) */
};

/*
 * Read the board and the reserved regions of blob[0..size) (copied first to
 * an 8-byte-aligned buffer, which libfdt 1.6 requires). The blob must pass
 * fdt_check_full. On a status other than ORACLE_OK, *what names the item
 * being read and *out is partial.
 */
enum oracle_status oracle_read(const void *blob, size_t size, struct oracle_board *out,
			       const char **what, int *libfdt_err);

/* The CPUs of blob's /cpus (the blob must pass fdt_check_full): the first
 * `max` into out, *count = how many the tree lists. ORACLE_OK; ORACLE_BADVALUE
 * for a malformed reg or #address-cells (ours: FDT_ERR_BADVALUE); ORACLE_LIBFDT
 * (*libfdt_err = -FDT_ERR_NOTFOUND) without /cpus. */
enum oracle_status oracle_read_cpus(const void *blob, size_t size, struct oracle_cpu *out,
				    unsigned max, unsigned *count, int *libfdt_err);

/* libfdt's fdt_check_full(blob, size) on an aligned copy: 0 or -FDT_ERR_*. */
int oracle_check_full(const void *blob, size_t size);

/* libfdt's fdt_strerror(). */
const char *oracle_strerror(int libfdt_err);

#endif
