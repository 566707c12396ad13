/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to lib/fdt*.c: the one token decoder every reader goes through,
 * so navigation can never read anything the validation walk did not bound.
 */
#ifndef LIB_FDT_PRIV_H
#define LIB_FDT_PRIV_H

#include <string.h>

#include "lib/fdt/fdt.h"

/* A big-endian word, byte by byte: the blob may be unaligned (fuzzers). */
static inline uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* One decoded structure-block token (tok is an FDT_TOKEN_* value). */
struct fdt_item {
	uint32_t tok, next, len, nameoff;
};

/* align4 and the decoder are inline: every walk runs them once per token. */
static inline uint32_t fdt_align4(uint32_t x)
{
	return (x + 3u) & ~3u;
}

/* Decode the token at struct-block offset `off`, using only the first `lim`
 * bytes of the structure block. */
/* always_inline: GCC otherwise outlines it in some callers (seen: +8,000
 * instructions of boot when the error codes became negative). */
__attribute__((always_inline)) static inline int fdt_decode(const struct fdt *f, uint32_t lim,
							    uint32_t off, struct fdt_item *it)
{
	const uint8_t *s = f->blob + f->off_struct;

	if (off % 4 || off > lim || lim - off < 4)
		return FDT_ERR_BOUNDS;
	it->tok = be32(s + off);
	it->len = it->nameoff = 0;
	off += 4;
	switch (it->tok) {
	case FDT_TOKEN_BEGIN: {
		const uint8_t *nul = memchr(s + off, 0, lim - off);
		if (!nul)
			return FDT_ERR_STRING;
		off = fdt_align4((uint32_t)(nul - s) + 1);
		break;
	}
	case FDT_TOKEN_PROP:
		if (lim - off < 8)
			return FDT_ERR_BOUNDS;
		it->len = be32(s + off);
		it->nameoff = be32(s + off + 4);
		off += 8;
		if (it->len > lim - off)
			return FDT_ERR_BOUNDS;
		off = fdt_align4(off + it->len); /* lim < 2^31: no overflow */
		break;
	case FDT_TOKEN_END_NODE:
	case FDT_TOKEN_NOP:
	case FDT_TOKEN_END: break;
	default: return FDT_ERR_TOKEN;
	}
	it->next = off;
	return FDT_OK;
}

/* The token at struct-block offset off of an opened tree (off < 0: error). */
static inline int fdt_dec(const struct fdt *f, int off, struct fdt_item *it)
{
	return off < 0 ? FDT_ERR_NOTFOUND : fdt_decode(f, f->struct_len, (uint32_t)off, it);
}

/* off is a BEGIN_NODE token; *it is it. */
bool fdt_is_node(const struct fdt *f, int node, struct fdt_item *it);
/* From off, skip NOPs: the offset of the next token if it is a `want`. */
int fdt_seek(const struct fdt *f, int off, uint32_t want);
/* The NUL-terminated name at nameoff in the strings block, or NULL. */
const char *fdt_string_at(const struct fdt *f, uint32_t nameoff);

#endif
