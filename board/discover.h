/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Discovery: what the board is, from the device tree when there is one and
 * a built-in platform's defaults (board/platform.h) for what it lacks.
 *
 * discover() never fails: with no tree, a rejected one, or a tree that
 * leaves a part out, an identified platform's data fills in, and the result
 * says so (dtb_error, *_from_platform; a platform console's path says why
 * it is not the tree's, for the report). With no platform identified, what
 * the tree lacks stays empty: board.console.driver NULL means there is no
 * console to write to (boot_main then exits silently, EXIT_NO_CONSOLE). Runs with the MMU off: the
 * tree is read under fault probes and with the early string routines.
 */
#ifndef BOARD_DISCOVER_H
#define BOARD_DISCOVER_H

#include <stdbool.h>
#include <stdint.h>

#include "board/board.h"
#include "board/fdt_refusal.h"
#include "board/platform.h"
#include "board/platform_id.h" /* enum platform_by */

enum dtb_source { DTB_NONE, DTB_FROM_REGISTER, DTB_FROM_PLATFORM };

struct discovery {
	const struct platform *platform; /* NULL if none claims the board */
	enum platform_by platform_by;
	uintptr_t dtb_arg; /* the DTB pointer the loader passed (0 if none) */
	uintptr_t dtb;     /* the blob used, 0 if none */
	uint32_t dtb_size;
	uintptr_t atags; /* an ATAGS list was passed instead (not parsed) */
	enum dtb_source dtb_source;
	int dtb_error; /* fdt_error, FDT_OK if no DTB at all */
	/* A refused tree (dtb_error not FDT_OK): why, for the report
	 * (fdt_refusal_words()). */
	struct fdt_refusal refusal;
	bool ram_from_platform, console_from_platform;
	struct board_info board;
};

/* Fills *d, which must be zero on entry, for an image running at
 * running_at that the loader passed dtb_arg (x0 / r2; 0 if none).
 * cmdline: the run's command line besides the tree's bootargs, named
 * cmdline_src for the report ("semihosting"), or NULL: its console= and
 * earlycon= name the console before bootargs' do (board.h rules 2, 3). */
void discover(struct discovery *d, uintptr_t dtb_arg, uintptr_t running_at, const char *cmdline,
	      const char *cmdline_src);
/* Adds every device range of the tree (fdt_read_board()'s dev, which the
 * boot's pass leaves out where BOARD_DEVICES_AT_BOOT is false) to
 * d->board.dev. Run with the MMU on, after the boot benchmark's end. */
void discover_devices(struct discovery *d);
/* The built-in platform for an image running at that address on this CPU
 * (see board/platform.h), of those a tree is not needed to identify
 * (tree_only); NULL if none matches (never a guess). */
const struct platform *choose_platform(uintptr_t running_at);

#endif
