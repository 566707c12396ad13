/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt.c — validating flattened-device-tree reader.  Contract in fdt.h.
 *
 * One decoder (fdt_decode(), fdt_priv.h) reads a single structure-block token with every
 * bound checked; fdt_open() drives it over the whole block to validate, and
 * the navigation functions drive it again afterwards.  Sharing the decoder
 * means navigation cannot read anything validation did not bound, and a
 * caller's bogus node offset fails in the decoder instead of reading astray.
 */
#include "lib/fdt/fdt_priv.h"

#include <string.h>

#define FDT_MAGIC 0xd00dfeedu
#define HDR_V16   36u /* up to size_dt_strings */
#define HDR_V17   40u /* adds size_dt_struct */

const char *fdt_strerror(int err)
{
	static const char *const msg[] = {
		[FDT_OK] = "success",
		[-FDT_ERR_MAGIC] = "bad magic: not a flattened device tree",
		[-FDT_ERR_TRUNCATED] =
			"blob truncated: fewer bytes available than the header claims",
		[-FDT_ERR_VERSION] = "unsupported device tree version (need 16 or 17)",
		[-FDT_ERR_BOUNDS] = "offset or size out of bounds (block, token or value past its "
				    "end, or blocks overlap)",
		[-FDT_ERR_ALIGN] = "misaligned block offset",
		[-FDT_ERR_STRING] = "node or property name not NUL-terminated inside its block, or "
				    "name offset out of range",
		[-FDT_ERR_NESTING] =
			"bad node nesting (unbalanced BEGIN/END_NODE, too deep, or not "
			"exactly one root)",
		[-FDT_ERR_TOKEN] = "unknown token in structure block",
		[-FDT_ERR_NOTFOUND] = "not found",
		[-FDT_ERR_BADVALUE] = "malformed property value",
	};
	/* Unsigned negation: -INT_MIN would overflow. */
	unsigned e = err <= 0 ? 0u - (unsigned)err : ~0u;
	return e < sizeof msg / sizeof msg[0] ? msg[e] : "unknown fdt error";
}

/* One decoded token.  next = offset of the token after it. */

/* The NUL-terminated name at `nameoff` in the strings block, or NULL. Any
 * offset below strings_safe (one past the block's last NUL, set by fdt_open
 * before it walks) has a terminator inside the block, so a bound check is
 * the whole test: validation and navigation both use it, once per property. */
const char *fdt_string_at(const struct fdt *f, uint32_t nameoff)
{
	return nameoff < f->strings_safe ? (const char *)f->blob + f->off_strings + nameoff : NULL;
}

/* The token at off, decoded as `it`, for a visitor. */
static void to_token(const struct fdt *f, int off, const struct fdt_item *it, struct fdt_token *t)
{
	t->tok = it->tok;
	t->next = (int)it->next;
	t->name = NULL;
	t->value = NULL;
	t->len = 0;
	if (it->tok == FDT_TOKEN_BEGIN) {
		t->name = (const char *)f->blob + f->off_struct + off + 4;
	} else if (it->tok == FDT_TOKEN_PROP) {
		t->name = fdt_string_at(f, it->nameoff);
		t->value = f->blob + f->off_struct + off + 12;
		t->len = (int)it->len;
	}
}

static int walk(struct fdt *f, uint32_t lim, fdt_visitor visit, void *ctx)
{
	uint32_t off = 0;
	int depth = 0;
	bool have_root = false;
	struct fdt_item it;

	for (;;) { /* terminates: every token advances off by >= 4 */
		int e = fdt_decode(f, lim, off, &it);
		if (e)
			return e;
		switch (it.tok) {
		case FDT_TOKEN_BEGIN:
			if (depth == 0 && have_root)
				return FDT_ERR_NESTING; /* a second root */
			if (depth == 0 && f->blob[f->off_struct + off + 4] != '\0')
				return FDT_ERR_NESTING; /* the root has no name (DT spec 2.2.1) */
			have_root = true;
			if (++depth > FDT_MAX_DEPTH)
				return FDT_ERR_NESTING;
			break;
		case FDT_TOKEN_END_NODE:
			if (depth-- == 0)
				return FDT_ERR_NESTING;
			break;
		case FDT_TOKEN_PROP:
			if (depth == 0)
				return FDT_ERR_NESTING;
			if (!fdt_string_at(f, it.nameoff)) /* unterminated, or outside the block */
				return FDT_ERR_STRING;
			break;
		case FDT_TOKEN_END:
			if (depth != 0 || !have_root)
				return FDT_ERR_NESTING;
			f->struct_len = it.next;
			return FDT_OK;
		}
		if (visit) { /* this token passed every check above */
			struct fdt_token t;
			to_token(f, (int)off, &it, &t);
			visit(ctx, (int)off, &t);
		}
		off = it.next;
	}
}

/* [off, off+len) after the header and inside total (all values < 2^31). */
static bool inside(uint32_t off, uint32_t len, uint32_t hdr, uint32_t total)
{
	return off >= hdr && off <= total && len <= total - off;
}

static bool overlap(uint32_t a, uint32_t alen, uint32_t b, uint32_t blen)
{
	return alen && blen && a < b + blen && b < a + alen;
}

int fdt_open(struct fdt *f, const void *blob, size_t avail)
{
	return fdt_open_visit(f, blob, avail, NULL, NULL);
}

int fdt_open_visit(struct fdt *f, const void *blob, size_t avail, fdt_visitor visit, void *ctx)
{
	const uint8_t *b = blob;

	if (!b || avail < 4)
		return FDT_ERR_TRUNCATED;
	if (be32(b) != FDT_MAGIC)
		return FDT_ERR_MAGIC;
	if (avail < HDR_V16)
		return FDT_ERR_TRUNCATED;
	uint32_t total = be32(b + 4), ver = be32(b + 20);
	/* last_comp_version: the oldest version this blob is compatible with,
	 * which cannot be newer than the blob itself (DT spec 5.2). */
	if (ver < 16 || be32(b + 24) > 17 || be32(b + 24) > ver)
		return FDT_ERR_VERSION;
	uint32_t hdr = ver >= 17 ? HDR_V17 : HDR_V16;
	if (total < hdr || total > INT32_MAX) /* int offsets in the API */
		return FDT_ERR_BOUNDS;
	if (total > avail)
		return FDT_ERR_TRUNCATED;

	f->blob = b;
	f->size = total;
	f->version = ver;
	f->off_struct = be32(b + 8);
	f->off_strings = be32(b + 12);
	f->off_rsvmap = be32(b + 16);
	f->boot_cpuid = be32(b + 28);
	f->strings_len = be32(b + 32);
	if (f->off_rsvmap % 8 || f->off_struct % 4)
		return FDT_ERR_ALIGN;
	/* v16 has no struct size: the walk may use everything up to totalsize
	 * and measures the real length. */
	uint32_t decl = ver >= 17 ? be32(b + 36) : 0;
	if (ver < 17 && f->off_struct <= total)
		decl = total - f->off_struct;
	if (!inside(f->off_struct, decl, hdr, total) ||
	    !inside(f->off_strings, f->strings_len, hdr, total) ||
	    !inside(f->off_rsvmap, 0, hdr, total))
		return FDT_ERR_BOUNDS;

	/* Reservation map: 16-byte (address, size) entries ending in a zero one. */
	uint32_t r = f->off_rsvmap;
	for (;; r += 16) {
		if (total - r < 16)
			return FDT_ERR_BOUNDS;
		if (!(be32(b + r) | be32(b + r + 4) | be32(b + r + 8) | be32(b + r + 12)))
			break;
	}
	uint32_t rsv_len = r + 16 - f->off_rsvmap;

	/* One past the strings block's last NUL: names below it are terminated. */
	f->strings_safe = f->strings_len;
	while (f->strings_safe && b[f->off_strings + f->strings_safe - 1] != 0)
		f->strings_safe--;

	int e = walk(f, decl, visit, ctx);
	if (e)
		return e;
	/* v17: the declared block; v16: what the walk measured. */
	uint32_t slen = ver >= 17 ? decl : f->struct_len;
	if (overlap(f->off_struct, slen, f->off_strings, f->strings_len) ||
	    overlap(f->off_rsvmap, rsv_len, f->off_struct, slen) ||
	    overlap(f->off_rsvmap, rsv_len, f->off_strings, f->strings_len))
		return FDT_ERR_BOUNDS;
	return FDT_OK;
}

/* Navigation decodes within the measured block only. */

bool fdt_is_node(const struct fdt *f, int node, struct fdt_item *it)
{
	return fdt_dec(f, node, it) == FDT_OK && it->tok == FDT_TOKEN_BEGIN;
}

/* From `off`, skip NOPs; the offset of the next token if it is a `want`,
 * else -NOTFOUND. */
int fdt_seek(const struct fdt *f, int off, uint32_t want)
{
	struct fdt_item it;
	for (; fdt_dec(f, off, &it) == FDT_OK; off = (int)it.next)
		if (it.tok != FDT_TOKEN_NOP)
			return it.tok == want ? off : FDT_ERR_NOTFOUND;
	return FDT_ERR_NOTFOUND;
}

int fdt_token(const struct fdt *f, int off, struct fdt_token *t)
{
	struct fdt_item it;
	int e = fdt_dec(f, off, &it);

	if (e)
		return e;
	to_token(f, off, &it, t);
	return it.tok == FDT_TOKEN_PROP && !t->name ? FDT_ERR_STRING : FDT_OK;
}
