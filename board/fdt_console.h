/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to board/: the console the way Linux picks it
 * (board/fdt_console.c): /chosen/stdout-path, else the command line's
 * console= and earlycon=, else the serialN aliases, else the first UART
 * bringup drives.
 */
#ifndef BOARD_FDT_CONSOLE_H
#define BOARD_FDT_CONSOLE_H

#include "board/fdt_scan.h"

/* The console by the rules (fdt_console.c): b->console filled (driver
 * NULL if none), b->console_rule set to the rule's words, b->stdout_nonode
 * to a stdout-path that names nothing, b->earlycon to what became of the
 * command line's earlycon=; b->ram is read (the scan filled it). FDT_OK or
 * a malformed value. */
int fdt_read_console(const struct fdt *f, const struct fdt_scan *s, struct board_info *b);

#endif
