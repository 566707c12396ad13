/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to board/: the one-pass board scanner (board/fdt_scan.c). Not
 * for callers outside board/.
 *
 * fdt_scan() reads the structure block once, token by token, keeping each
 * ancestor's #address-cells/#size-cells/ranges as it descends, and collects
 * what fdt_read_board() needs: RAM banks (into out->ram), the first timer,
 * PSCI and PL310 nodes, fixed-clocks by phandle, /chosen and /aliases, and
 * every enabled UART bringup can drive, with its full path and translated
 * base. One walk instead of one per question: the DTB is read at every boot.
 * Errors: a malformed value on a node it acts on (FDT_ERR_BADVALUE).
 */
#ifndef BOARD_FDT_SCAN_H
#define BOARD_FDT_SCAN_H

#include "board/board.h"
#include "board/fdt_compat.h"

#define SCAN_MAX_UARTS  32
#define SCAN_MAX_CLOCKS 16
#define SCAN_PATH_MAX   128

struct scan_uart {
	int node;
	const struct uart_type *type;
	int err;        /* of its reg: FDT_OK, NOTFOUND (untranslatable), BADVALUE */
	uint64_t base;  /* translated reg[0] when err == FDT_OK */
	bool path_full; /* path below is not truncated */
	char path[SCAN_PATH_MAX];
};

struct fdt_scan {
	bool devices;      /* collect out->dev (set before the scan) */
	bool devices_only; /* and nothing else (fdt_open_board_devices) */
	/* The run's command line besides the tree's bootargs, and its name
	 * (fdt_open_board_cmdline); NULL: none. Set before the scan, as devices. */
	const char *cmdline, *cmdline_src;
	int chosen, aliases, reserved; /* root children, -1 if absent */
	int timer[2];                  /* arm,armv8-timer / arm,armv7-timer */
	int psci_path, psci[3];
	struct scan_dev {
		bool seen;
		int err;       /* of its reg, as for a UART */
		uint64_t base; /* translated reg[0] when err == FDT_OK */
	} l2c, gtimer, twd;    /* the first PL310, Cortex-A9 global timer, private timer */
	unsigned nclocks;
	bool clocks_overflow;
	struct {
		uint32_t phandle;
		int node;
	} clock[SCAN_MAX_CLOCKS];
	unsigned nuarts;
	bool uarts_overflow;
	struct scan_uart uart[SCAN_MAX_UARTS];
};

/* The scan over an open blob (navigation through fdt_token). */
int fdt_scan(const struct fdt *f, struct board_info *out, struct fdt_scan *s);

/* The same as a visitor for fdt_open_visit(): one pass validates and scans.
 * c->err holds the first board-level error. */
struct scan_level;
struct scan_ctx {
	struct scan_level *L; /* the scanner's own FDT_MAX_DEPTH levels: one scan at a time */
	int depth, err;
	struct board_info *out;
	struct fdt_scan *s;
};
void fdt_scan_begin(struct scan_ctx *c, struct board_info *out, struct fdt_scan *s);
void fdt_scan_token(void *ctx, int off, const struct fdt_token *t);

#endif
