/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit_bad.h — shared by the two malformed-blob parts of the fdt unit
 * test: mutations (fdt_unit_bad.c) and hand-assembled structure blocks
 * (fdt_unit_asm.c). The header's word offsets and the structure block's
 * tokens are the Devicetree Specification's (v0.4, 5.2 and 5.4.1).
 */
#ifndef BRINGUP_FDT_UNIT_BAD_H
#define BRINGUP_FDT_UNIT_BAD_H

#include "tests/host/lib/fdt/fdt_unit.h"

enum {
	H_TOTAL = 4,
	H_OSTRUCT = 8,
	H_OSTR = 12,
	H_ORSV = 16,
	H_VER = 20,
	H_LCV = 24,
	H_SSTR = 32,
	H_SSTRUCT = 36
};
enum { T_BEGIN = 1, T_END_NODE = 2, T_PROP = 3, T_NOP = 4, T_END = 9 };

/* No fdt_read_board() call expected: a value no fdt_error has (errors are
 * negative). */
#define NOT_READ 1

static inline uint32_t get32(const uint8_t *b, size_t o)
{
	return (uint32_t)b[o] << 24 | (uint32_t)b[o + 1] << 16 | (uint32_t)b[o + 2] << 8 | b[o + 3];
}

static inline void put32(uint8_t *b, size_t o, uint32_t v)
{
	b[o] = (uint8_t)(v >> 24), b[o + 1] = (uint8_t)(v >> 16);
	b[o + 2] = (uint8_t)(v >> 8), b[o + 3] = (uint8_t)v;
}

/* Open `a` (exactly avail bytes), compare with the expected codes, say so. */
void expect(const char *what, const uint8_t *a, size_t avail, int want_open, int want_board);
/* The hand-assembled structure blocks (fdt_unit_asm.c). */
void test_assembled(void);

#endif
