/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which built-in platform a board is (board/platform.h's rules), as plain
 * functions of the platforms, the load address, the CPU and the tree
 * (board/platform_id.c): the boot asks with its own (board/discover.c), the
 * host tests with every tree of a corpus. Never a guess: NULL when none is
 * identified.
 */
#ifndef BOARD_PLATFORM_ID_H
#define BOARD_PLATFORM_ID_H

#include <stdint.h>

#include "board/platform.h"
#include "lib/fdt/fdt.h"

/* How the platform was identified: only an identified platform's data is
 * used, its console above all; none is ever guessed. */
enum platform_by {
	PLATFORM_UNCLAIMED,     /* no built-in platform claims the board: platform is NULL */
	PLATFORM_BY_LOAD,       /* RAM base + CPU part, the tree naming no other platform */
	PLATFORM_BY_COMPATIBLE, /* the tree's root compatible (platform->compatible) */
};

/* Of the platforms [begin, end), the one whose default RAM holds
 * running_at on a CPU of MIDR part number cpu_part, of those a tree is not
 * needed to identify (tree_only); where two claim it, the one a tree cannot
 * name (no compatible). NULL if none. */
const struct platform *platform_by_load(const struct platform *begin, const struct platform *end,
					uintptr_t running_at, unsigned cpu_part);
/* Of the tree_only platforms [begin, end), the one whose RAM window
 * (ram_window, else its default RAM) holds running_at on a CPU of part
 * cpu_part: where a tree may be looked for (its dtb_fallback), never the
 * board's identity, which the tree found there gives. NULL if none. */
const struct platform *platform_tree_window(const struct platform *begin,
					    const struct platform *end, uintptr_t running_at,
					    unsigned cpu_part);
/* The one named by the first string of the tree's root compatible that
 * names one (the root's order decides), or NULL. */
const struct platform *platform_by_root(const struct platform *begin, const struct platform *end,
					const struct fdt *f);
/* The platform of a board: by its tree's root compatible if f (an opened
 * tree; NULL: none could be read) names one; else by load, unless the tree
 * names none of ours while that platform names a compatible (the tree is
 * another board's). *by says which. */
const struct platform *platform_identify(const struct platform *begin, const struct platform *end,
					 uintptr_t running_at, unsigned cpu_part,
					 const struct fdt *f, enum platform_by *by);

#endif
