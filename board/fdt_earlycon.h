/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to board/: Linux's earlycon= words of a command line
 * (board/fdt_earlycon.c), the console's third rule (board.h).
 */
#ifndef BOARD_FDT_EARLYCON_H
#define BOARD_FDT_EARLYCON_H

#include "board/board.h"

/* The earlycon= words of line (NUL-terminated, words split at ASCII white
 * space up to a "--" word), each checked against the tree f and its RAM
 * (b->ram): into *out the first usable one (state EARLYCON_USED, its UART),
 * else the first (its refusal); src names the line for the report. False if
 * line has no earlycon= word (*out untouched). */
bool fdt_earlycon(const struct fdt *f, const struct board_info *b, const char *line,
		  const char *src, struct board_earlycon_word *out);

#endif
