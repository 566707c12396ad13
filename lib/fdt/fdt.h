/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt.h — a small, validating reader for flattened device trees (DTB).
 *
 * What: fdt_open() checks a blob completely once (header, memory-reservation
 * map, every token of the structure block, every name string).  The
 * navigation functions below then walk the validated blob.  Nothing here
 * allocates, writes to the blob, or reads outside [blob, blob + avail): every
 * read is bounds-checked, so even a bogus node offset passed by a caller
 * yields an error rather than a stray read.
 *
 * Format: Devicetree Specification v0.4, chapter 5 (versions 16 and 17).  All
 * fields are big-endian and read byte by byte, so the blob may sit at any
 * alignment (host tests load it at odd addresses on purpose).
 *
 * Conventions:
 *  - Errors are negative (as in every module): functions returning `int`
 *    status return FDT_OK (0) or an enum fdt_error (< 0).
 *  - A node is named by its offset: the byte offset of its BEGIN_NODE token
 *    inside the structure block.  Functions returning a node return that
 *    offset (>= 0) or an enum fdt_error (< 0), e.g. FDT_ERR_NOTFOUND.
 *  - All functions other than fdt_open() and fdt_strerror() require a
 *    struct fdt that fdt_open() accepted.
 *
 * Freestanding: needs only <stdint.h>, <stddef.h>, <stdbool.h>, <string.h>.
 */
#ifndef BRINGUP_FDT_H
#define BRINGUP_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum fdt_error {
	FDT_OK = 0,
	FDT_ERR_MAGIC = -1,     /* first word is not 0xd00dfeed */
	FDT_ERR_TRUNCATED = -2, /* fewer bytes available than the header/totalsize need */
	FDT_ERR_VERSION = -3,   /* version < 16, last_comp_version > 17 or > version */
	FDT_ERR_BOUNDS = -4,    /* a block, token or value runs outside its block; blocks
			      overlap; no FDT_END before the structure block ends */
	FDT_ERR_ALIGN = -5,     /* structure block not 4-aligned, or rsvmap not 8-aligned */
	FDT_ERR_STRING = -6,    /* a node or property name is not NUL-terminated inside
			      its block, or a name offset lies outside the strings */
	FDT_ERR_NESTING = -7,   /* END_NODE without BEGIN_NODE, unclosed nodes at FDT_END,
			      depth > FDT_MAX_DEPTH, zero or several roots, or a
			      property outside any node */
	FDT_ERR_TOKEN = -8,     /* a structure token that is none of the five defined */
	FDT_ERR_NOTFOUND = -9,  /* lookups: no such node/property/alias */
	FDT_ERR_BADVALUE = -10, /* a property exists but its value is malformed */
};

/* Deepest nesting fdt_open() accepts; the root is depth 1. */
#define FDT_MAX_DEPTH 64

/* A human-readable message for an enum fdt_error;
 * never NULL, "unknown fdt error" for anything else. */
const char *fdt_strerror(int err);

/* An opened blob.  Treat the fields as read-only. */
struct fdt {
	const uint8_t *blob;
	uint32_t size; /* header totalsize (<= avail given to fdt_open) */
	uint32_t version;
	uint32_t boot_cpuid;
	uint32_t off_rsvmap;
	uint32_t off_struct;
	uint32_t strings_safe; /* names at offsets below this are NUL-terminated in the block */
	uint32_t struct_len;   /* bytes of the structure block up to and including
				  FDT_END (v16 headers carry no size; measured) */
	uint32_t off_strings;
	uint32_t strings_len;
};

/*
 * Validate `blob` (avail readable bytes) and fill *f.
 * Checks, in order: magic; header readable; version >= 16 and
 * last_comp_version <= 17; header totalsize fits in 31 bits and >= header
 * size (BOUNDS) and <= avail (TRUNCATED); rsvmap 8-aligned, structure
 * block 4-aligned (ALIGN); every block after the header and inside totalsize,
 * structure and strings blocks disjoint (BOUNDS); rsvmap terminated by a zero
 * entry inside totalsize and not overlapping the other blocks (BOUNDS); then
 * one walk of the structure block (see enum fdt_error for what it rejects).
 * On error *f is unspecified and must not be used.  blob may be NULL only
 * with avail 0 (-> FDT_ERR_TRUNCATED).
 */
int fdt_open(struct fdt *f, const void *blob, size_t avail);

/* --- Nodes ------------------------------------------------------------ */

/* The root node (offset of its BEGIN_NODE). */
int fdt_root(const struct fdt *f);

/* The node's name as stored ("" for the root, "uart@9000" otherwise).
 * NULL if node is not a valid node offset. */
const char *fdt_node_name(const struct fdt *f, int node);

/* First child / next sibling of a node; FDT_ERR_NOTFOUND when none. */
int fdt_first_child(const struct fdt *f, int node);
int fdt_next_sibling(const struct fdt *f, int node);

/* Depth-first walk over the whole tree, in blob order.  node < 0 returns
 * the root and sets *depth = 1; otherwise returns the node after `node`
 * and adds to *depth the levels moved (+1 into a child, 0 to a sibling,
 * negative back out), so *depth stays absolute if it started from the root.
 * FDT_ERR_NOTFOUND after the last node or if `node` is not a node. */
int fdt_next_node(const struct fdt *f, int node, int *depth);

/* The chain from the root to `node`: chain[0] = root ... chain[n-1] = node.
 * Returns n (>= 1) or an error (NOTFOUND if node is not a node;
 * NESTING if max is too small). */
int fdt_node_chain(const struct fdt *f, int node, int *chain, int max);

/* The node's parent; FDT_ERR_NOTFOUND for the root. */
int fdt_parent(const struct fdt *f, int node);

/* Look up an absolute path ("/soc/serial@1c28000").  A component without a
 * unit address matches "name@..." too (first such child).  Trailing and
 * doubled slashes are ignored.  `len` bytes of path are used (stops at NUL
 * earlier).  A path not starting with '/' is resolved as an alias first
 * (alias name up to the first '/', remainder appended). */
int fdt_path_offset_len(const struct fdt *f, const char *path, size_t len);
int fdt_path_offset(const struct fdt *f, const char *path);

/* The node with this "phandle" (or legacy "linux,phandle"); NOTFOUND for
 * none, for 0 and for 0xffffffff. */
int fdt_node_by_phandle(const struct fdt *f, uint32_t phandle);

/* The node's interrupt parent: its own or the nearest ancestor's
 * interrupt-parent (DTSpec 2.4.1), as a node offset; FDT_ERR_NOTFOUND: none. */
int fdt_interrupt_parent(const struct fdt *f, int node);

/* Writes the node's full path ("/bus@0/uart@9000", "/" for the root) into
 * buf, truncated to size-1 bytes, always NUL-terminated (size > 0).
 * Returns FDT_OK, or FDT_ERR_NOTFOUND for a bad node. */
int fdt_node_path(const struct fdt *f, int node, char *buf, size_t size);
/* The same from a chain fdt_node_chain() returned (n entries), no walk. */
int fdt_chain_path(const struct fdt *f, const int *chain, int n, char *buf, size_t size);

/* --- Properties ------------------------------------------------------- */

/* Value of property `name` of `node` and its length; NULL with *lenp set to
 * an error (NOTFOUND) if absent.  lenp may be NULL. */
const void *fdt_getprop(const struct fdt *f, int node, const char *name, int *lenp);

/* Iteration over a node's properties: offset of the first/next PROP token,
 * FDT_ERR_NOTFOUND when none.  fdt_prop_at() returns the value and
 * optionally name and length of the property at that offset. */
int fdt_first_prop(const struct fdt *f, int node);
/* The same walk at one token decode per property (the search hot path):
 * int c = fdt_props_begin(f, node);
 * while (fdt_props_next(f, &c, &name, &value, &len)) ...
 * fdt_props_begin returns < 0 if node is not a node; then next returns false. */
int fdt_props_begin(const struct fdt *f, int node);

/* The raw token stream, for one-pass scanners: the token at structure-block
 * offset off (0 = the first). name: a node's name or a property's name;
 * value/len: a property's value. next: the following token's offset. */
enum {
	FDT_TOKEN_BEGIN = 1,
	FDT_TOKEN_END_NODE = 2,
	FDT_TOKEN_PROP = 3,
	FDT_TOKEN_NOP = 4,
	FDT_TOKEN_END = 9
};
struct fdt_token {
	uint32_t tok;
	int next;
	const char *name;
	const void *value;
	int len;
};
int fdt_token(const struct fdt *f, int off, struct fdt_token *t);

/* fdt_open() that also hands every token, once it has passed validation, to
 * visit(ctx, off, token) during the same walk: a one-pass reader (the boot
 * reads the DTB once). The END token is not passed. If fdt_open_visit fails,
 * the visitor saw a prefix of a bad blob: throw away what it gathered. The
 * visitor may only use the token itself (no navigation: not open yet). */
typedef void (*fdt_visitor)(void *ctx, int off, const struct fdt_token *t);
int fdt_open_visit(struct fdt *f, const void *blob, size_t avail, fdt_visitor visit, void *ctx);
bool fdt_props_next(const struct fdt *f, int *cursor, const char **name, const void **value,
		    int *len);
int fdt_next_prop(const struct fdt *f, int prop);
const void *fdt_prop_at(const struct fdt *f, int prop, const char **name, int *lenp);

/* One 32-bit cell property.  FDT_OK, FDT_ERR_NOTFOUND, or
 * FDT_ERR_BADVALUE if the length is not 4. */
int fdt_prop_u32(const struct fdt *f, int node, const char *name, uint32_t *out);

/* A string property: *out points into the blob.  FDT_OK only if the value
 * ends in a NUL (else BADVALUE), so it can be used as a C string. */
int fdt_prop_string(const struct fdt *f, int node, const char *name, const char **out);

/* String lists ("a\0b\0"): true if `s` is one of the entries.  Bounded by
 * len; an unterminated last entry still counts up to len. */
bool fdt_stringlist_contains(const void *list, int len, const char *s);

/* Entry `idx` of a string list, or NULL.  *slen gets its length. */
const char *fdt_stringlist_get(const void *list, int len, int idx, size_t *slen);

/* true if the node's "compatible" list holds `compat`. */
bool fdt_node_is_compatible(const struct fdt *f, int node, const char *compat);

/* First node after `from` (pass -1 to start at the root, which is itself
 * tested) compatible with `compat`; FDT_ERR_NOTFOUND if none. */
int fdt_find_compatible(const struct fdt *f, int from, const char *compat);

/* false if "status" is present and neither "okay" nor "ok". */
bool fdt_node_is_enabled(const struct fdt *f, int node);

/* --- Cells and addresses --------------------------------------------- */

/* Big-endian number of `n` cells (0..2) at p.  More than 2 cells: the low
 * 64 bits (callers that care use fdt_cells_fit()). */
uint64_t fdt_read_cells(const void *p, unsigned n);

/* true if the `n` cells at p have no bits above the low 64. */
bool fdt_cells_fit(const void *p, unsigned n);

/* The #address-cells / #size-cells a node declares for its children
 * (defaults 2 and 1 when absent, per the specification).  A value above
 * 4 address cells or 2 size cells, or a property whose length is not 4,
 * is reported as FDT_ERR_BADVALUE. */
int fdt_address_cells(const struct fdt *f, int node, unsigned *out);
int fdt_size_cells(const struct fdt *f, int node, unsigned *out);

/* --- Reserved memory (fdt_reserved.c) ------------------------------- */

/* A physical range the tree reserves: not for the image or the OS to use. */
struct fdt_region {
	uint64_t base, size;
	bool no_map; /* a /reserved-memory child with "no-map": never map it */
};

/*
 * The tree's reserved regions, in this order: the memory-reservation block
 * (/memreserve/), up to its first entry of size 0 (as Linux and libfdt read
 * it); then, for every enabled child of /reserved-memory in blob order, each
 * entry of its "reg" in /reserved-memory's #address-cells / #size-cells,
 * translated through /reserved-memory's "ranges" (empty = identity) to a CPU
 * address, with no_map set where the child has "no-map" (the OS must not
 * map it at all: it may be firewalled, and a speculative access would then
 * abort; devicetree reserved-memory binding).  Skipped: children without "reg" (a "size" the OS
 * places), entries of size 0, entries whose cells do not fit 64 bits, and entries not translatable
 * (no "ranges", or no range covers them). The first `max` go to out[]; *n gets how many the tree
 * has, so *n > max means some were not stored.  FDT_OK, or FDT_ERR_BADVALUE if the cells of
 * /reserved-memory or of the root, its "ranges" or a child's "reg" has a
 * malformed length or value (*n then counts what came before).
 */
int fdt_reserved(const struct fdt *f, struct fdt_region *out, unsigned max, unsigned *n);
/* The same with /reserved-memory already found (its offset, or < 0 for
 * none): what the one-pass board scan calls, with no path lookup. */
int fdt_reserved_at(const struct fdt *f, int node, struct fdt_region *out, unsigned max,
		    unsigned *n);

#endif /* BRINGUP_FDT_H */
