/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Why a device tree was refused, in words with the numbers, for the
 * report: every refusal names its reason and the tree's address (the
 * report line, selftests/boot_test.c), and a malformed property its node
 * and name.
 *
 * struct fdt_refusal is filled where the tree is refused (board/discover.c:
 * the header as read, fdt_open()'s error, the reader's record of the
 * malformed property, fdt_board_bad()); fdt_refusal_words() turns it into
 * one sentence. The words use snprintf: call them with a C library (the
 * report, a host test), not on the MMU-off boot path.
 */
#ifndef BOARD_FDT_REFUSAL_H
#define BOARD_FDT_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/board.h"

/* Linux's limit too (MAX_FDT_SIZE, 2 MiB: arch/arm64/include/asm/boot.h): a
 * larger totalsize in a header is garbage, not a tree. */
#define FDT_MAX_TOTALSIZE (2u << 20)

struct fdt_refusal {
	int err;         /* enum fdt_error; FDT_OK: nothing refused */
	bool misaligned; /* the loader's pointer is not 4-byte aligned (DT spec 5.1: 8) */
	bool unreadable; /* the header could not be read (the access faulted) */
	bool too_big;    /* totalsize over FDT_MAX_TOTALSIZE (err: FDT_ERR_BOUNDS) */
	bool body_fault; /* reading past the header faulted (nothing answers there) */
	uint64_t fault_addr;
	uint32_t magic, totalsize, version, last_comp_version;
	uint32_t avail;     /* bytes fdt_open() was given */
	struct fdt_bad bad; /* FDT_ERR_BADVALUE: where (fdt_board_bad()) */
};

/* The header words at blob into r (byte reads, none past avail). */
void fdt_refusal_header(struct fdt_refusal *r, const void *blob, size_t avail);

/* One sentence for r into buf (size > 0, NUL-terminated, truncated):
 * "totalsize 3145728 bytes is over the limit of 2097152", "version 15,
 * last_comp_version 15: this reader takes 16 or 17", "property reg of
 * /pl011@9000000 is malformed (9 bytes)", ... Returns buf. */
const char *fdt_refusal_words(const struct fdt_refusal *r, char *buf, size_t size);

#endif
