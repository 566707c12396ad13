/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to board/: which console driver and which other device the
 * scan (board/fdt_scan.c) and the console rules take a node for, by its
 * compatible list (board/fdt_compat.c: the drivers' tables, read once).
 */
#ifndef BOARD_FDT_COMPAT_H
#define BOARD_FDT_COMPAT_H

#include "board/board.h"

/* A compatible string some console driver handles (lib/console). */
struct uart_type {
	const struct uart_driver *driver;
	const struct uart_compat *compat;
};
/* The driver entry for the first string of the compatible list (in the
 * node's order) that any driver handles, or NULL. No string is two
 * drivers' (host-uart), so the drivers' order decides nothing. */
const struct uart_type *fdt_uart_type(const void *compat, int len);

/* Everything else the scan looks for by compatible, as bits. */
enum {
	C_TIMER8 = 1 << 0,
	C_TIMER7 = 1 << 1,
	C_PSCI10 = 1 << 2,
	C_PSCI02 = 1 << 3,
	C_PSCI = 1 << 4,
	C_FIXED_CLOCK = 1 << 5,
	C_PL310 = 1 << 6,
	C_GTIMER = 1 << 7,
	C_TWD = 1 << 8
};
/* fdt_compat.c: one pass over a compatible list (len bytes, the last entry
 * possibly unterminated): the C_* bits of the other compatibles it holds,
 * and in *uart the UART table entry of its first string that is one
 * (fdt_uart_type's; NULL if none). */
unsigned fdt_classify_compat(const void *list, int len, const struct uart_type **uart);

#endif
