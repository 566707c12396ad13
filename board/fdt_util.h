/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to board/: property helpers the board reads share
 * (board/fdt_util.c), above lib/fdt because a malformed value is recorded
 * as the read's refusal (board/fdt_bad.h).
 */
#ifndef BOARD_FDT_UTIL_H
#define BOARD_FDT_UTIL_H

#include "board/board.h"

/* Whether the first string of node's property name is want. */
bool fdt_board_prop_is(const struct fdt *f, int node, const char *name, const char *want);
/* The first string of a property list into dst, truncated, terminated. */
void fdt_board_copy_string(char *dst, size_t size, const void *list, int len);
/* A u32 property: FDT_OK and *v unchanged if absent; a malformed one is
 * recorded (board/fdt_bad.h fdt_bad_prop_node) and FDT_ERR_BADVALUE. */
int fdt_board_opt_u32(const struct fdt *f, int node, const char *name, uint32_t *v);

#endif
