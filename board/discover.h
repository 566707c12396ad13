/*
 * Discovery: what the board is, from the device tree when there is one and
 * a built-in platform's defaults (board/platform.h) for what it lacks.
 *
 * discover() never fails: with no tree, a rejected one, or a tree that
 * leaves a part out, the platform's data fills in, and the result says so
 * (dtb_error, *_from_platform; a platform console's path says why it is
 * not the tree's, for the report). Runs with the MMU off: the tree is read
 * under fault probes and with the early string routines.
 */
#ifndef BOARD_DISCOVER_H
#define BOARD_DISCOVER_H

#include <stdbool.h>
#include <stdint.h>

#include "board/board.h"
#include "board/platform.h"

enum dtb_source { DTB_NONE, DTB_FROM_REGISTER, DTB_FROM_PLATFORM };

struct discovery {
	const struct platform *platform;
	uintptr_t dtb_arg; /* the DTB pointer the loader passed (0 if none) */
	uintptr_t dtb;     /* the blob used, 0 if none */
	uint32_t dtb_size;
	uintptr_t atags; /* an ATAGS list was passed instead (not parsed) */
	enum dtb_source dtb_source;
	int dtb_error; /* fdt_error, FDT_OK if no DTB at all */
	bool ram_from_platform, console_from_platform;
	struct board_info board;
};

/* Fills *d, which must be zero on entry, for an image running at
 * running_at that the loader passed dtb_arg (x0 / r2; 0 if none). */
void discover(struct discovery *d, uintptr_t dtb_arg, uintptr_t running_at);
/* The built-in platform for an image running at that address on this CPU
 * (see board/platform.h); the first one if none matches. */
const struct platform *choose_platform(uintptr_t running_at);

#endif
