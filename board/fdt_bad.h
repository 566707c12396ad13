/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to board/: the record of the first malformed property a read
 * met, which board_read() reports as its refusal (board/fdt_bad.c).
 */
#ifndef BOARD_FDT_BAD_H
#define BOARD_FDT_BAD_H

#include "board/board.h"

/* The record behind fdt_board_bad() (board/fdt_bad.c): cleared at the
 * start of a read (two stores), set once by the first malformed property
 * met; both return FDT_ERR_BADVALUE. fdt_bad_prop_node() records a node by
 * offset (the blob open), fdt_bad_prop_path() by path. While quiet (a reg
 * whose error is not the read's: a device range, a UART no console rule
 * may reach) nothing is recorded. */
void fdt_bad_prop_quiet(bool on);
void fdt_bad_prop_reset(void);
int fdt_bad_prop_node(const struct fdt *f, int node, const char *prop, int len);
int fdt_bad_prop_path(const char *path, size_t n, const char *prop, int len);
/* Records which property made node's reg unreadable when only the error is
 * known (a UART the scan kept): its bus's cells, its reg's length, else a
 * ranges on the way up (the bus named, no property). */
int fdt_bad_reg(const struct fdt *f, int node);

#endif
