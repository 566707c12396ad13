/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_oracle_priv.h — shared by the two files of the libfdt oracle
 * (fdt_oracle_libfdt.c, fdt_oracle_board.c); not for the tests, which see
 * fdt_oracle.h only.  fdt.mk makes every name here local to the oracle's
 * object.
 */
#ifndef TESTS_HOST_LIB_FDT_FDT_ORACLE_PRIV_H
#define TESTS_HOST_LIB_FDT_FDT_ORACLE_PRIV_H

#include <libfdt.h>
#include <stdbool.h>

#include "tests/host/lib/fdt/fdt_oracle.h"

/* Results inside the oracle: R_SKIP = absent or not usable (our reader's
 * FDT_ERR_NOTFOUND), R_BAD = malformed (FDT_ERR_BADVALUE), R_LIBFDT = a
 * libfdt call failed (struct oracle's libfdt_err says how). */
enum { R_OK, R_SKIP, R_BAD, R_LIBFDT };

struct oracle {
	const void *fdt;
	struct oracle_board *out;
	const char *what; /* the item being read, for the caller's report */
	int libfdt_err;
};

/* R_LIBFDT, remembering err. */
int or_lib_fail(struct oracle *o, int err);
/* A missing property from fdt_getprop's *lenp: R_SKIP if simply absent. */
int or_absent(struct oracle *o, int len);

/* A value's first string: its length (up to its NUL, or all len bytes),
 * equality with want, and a truncated, terminated copy. */
size_t or_first_len(const char *v, int len);
bool or_first_is(const char *v, int len, const char *want);
void or_copy_first(char *dst, size_t size, const char *v, int len);

/* "status" absent, "okay" or "ok". */
bool or_enabled(const void *fdt, int node);

/* n big-endian cells at p into *v; false if they do not fit 64 bits. */
bool or_number(const uint8_t *p, unsigned n, uint64_t *v);

/* #address-cells (0..4, default 2) or #size-cells (0..2, default 1) that
 * node gives its children; R_BAD beyond those or not one cell. */
int or_cells(struct oracle *o, int node, bool address, unsigned *n);

/* reg[0] of node in its parent's cells, translated through the ranges of
 * every ancestor below the root; R_SKIP if absent or not translatable. */
int or_first_reg(struct oracle *o, int node, uint64_t *base);

/* The first enabled node compatible with c (the root included), or < 0. */
int or_first_enabled(const void *fdt, const char *c);

/* fdt_oracle_uarts.c: the oracle's own table of the UARTs bringup drives.
 * The entry for one compatible string (len bytes, not terminated), or
 * NULL: the driver (by its report name) that must take it and the
 * reg-shift / reg-io-width it implies, OR_NONE where it implies none. */
#define OR_NONE (-1)
struct or_uart {
	const char *compat, *driver;
	int shift, width;
};
const struct or_uart *or_uart_lookup(const char *compat, size_t len);
/* The project's driver of that name (the section uart_drivers), or NULL: the two
 * tables disagree on which drivers there are. */
const struct uart_driver *or_uart_driver(const struct or_uart *u);

/* fdt_oracle_board.c: each fills its part of o->out. */
int or_read_console(struct oracle *o);
int or_read_timer(struct oracle *o);
void or_read_psci(struct oracle *o);
int or_read_devices(struct oracle *o);
void or_read_strings(struct oracle *o, int chosen);

#endif
