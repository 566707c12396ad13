/*
 * fdt.c — validating flattened-device-tree reader.  Contract in fdt.h.
 *
 * One decoder (decode()) reads a single structure-block token with every
 * bound checked; fdt_open() drives it over the whole block to validate, and
 * the navigation functions drive it again afterwards.  Sharing the decoder
 * means navigation cannot read anything validation did not bound, and a
 * caller's bogus node offset fails in decode() instead of reading astray.
 */
#include "fdt.h"

#include <string.h>

#define FDT_MAGIC 0xd00dfeedu
enum { TOK_BEGIN = 1, TOK_END_NODE = 2, TOK_PROP = 3, TOK_NOP = 4, TOK_END = 9 };
#define HDR_V16 36u /* up to size_dt_strings */
#define HDR_V17 40u /* adds size_dt_struct */

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t align4(uint32_t x)
{
	return (x + 3u) & ~3u;
}

const char *fdt_strerror(int err)
{
	static const char *const msg[] = {
		[FDT_OK] = "success",
		[FDT_ERR_MAGIC] = "bad magic: not a flattened device tree",
		[FDT_ERR_TRUNCATED] =
			"blob truncated: fewer bytes available than the header claims",
		[FDT_ERR_VERSION] = "unsupported device tree version (need 16 or 17)",
		[FDT_ERR_BOUNDS] = "offset or size out of bounds (block, token or value past its "
				   "end, or blocks overlap)",
		[FDT_ERR_ALIGN] = "misaligned block offset",
		[FDT_ERR_STRING] = "node or property name not NUL-terminated inside its block, or "
				   "name offset out of range",
		[FDT_ERR_NESTING] = "bad node nesting (unbalanced BEGIN/END_NODE, too deep, or not "
				    "exactly one root)",
		[FDT_ERR_TOKEN] = "unknown token in structure block",
		[FDT_ERR_NOTFOUND] = "not found",
		[FDT_ERR_BADVALUE] = "malformed property value",
	};
	/* Unsigned negation: -INT_MIN would overflow. */
	unsigned e = err < 0 ? 0u - (unsigned)err : (unsigned)err;
	return e < sizeof msg / sizeof msg[0] ? msg[e] : "unknown fdt error";
}

/* One decoded token.  next = offset of the token after it. */
struct item {
	uint32_t tok, next, len, nameoff;
};

/* Decode the token at struct-block offset `off`, using only the first `lim`
 * bytes of the structure block. */
static int decode(const struct fdt *f, uint32_t lim, uint32_t off, struct item *it)
{
	const uint8_t *s = f->blob + f->off_struct;

	if (off % 4 || off > lim || lim - off < 4)
		return FDT_ERR_BOUNDS;
	it->tok = be32(s + off);
	off += 4;
	switch (it->tok) {
	case TOK_BEGIN: {
		const uint8_t *nul = memchr(s + off, 0, lim - off);
		if (!nul)
			return FDT_ERR_STRING;
		off = align4((uint32_t)(nul - s) + 1);
		break;
	}
	case TOK_PROP:
		if (lim - off < 8)
			return FDT_ERR_BOUNDS;
		it->len = be32(s + off);
		it->nameoff = be32(s + off + 4);
		off += 8;
		if (it->len > lim - off)
			return FDT_ERR_BOUNDS;
		off = align4(off + it->len); /* lim < 2^31: no overflow */
		break;
	case TOK_END_NODE:
	case TOK_NOP:
	case TOK_END: break;
	default: return FDT_ERR_TOKEN;
	}
	it->next = off;
	return FDT_OK;
}

/* The NUL-terminated name at `nameoff` in the strings block, or NULL. Any
 * offset below strings_safe (one past the block's last NUL, set by fdt_open
 * before it walks) has a terminator inside the block, so a bound check is
 * the whole test: validation and navigation both use it, once per property. */
static const char *string_at(const struct fdt *f, uint32_t nameoff)
{
	return nameoff < f->strings_safe ? (const char *)f->blob + f->off_strings + nameoff : NULL;
}

/* The token at off, decoded as `it`, for a visitor. */
static void to_token(const struct fdt *f, int off, const struct item *it, struct fdt_token *t)
{
	t->tok = it->tok;
	t->next = (int)it->next;
	t->name = NULL;
	t->value = NULL;
	t->len = 0;
	if (it->tok == TOK_BEGIN) {
		t->name = (const char *)f->blob + f->off_struct + off + 4;
	} else if (it->tok == TOK_PROP) {
		t->name = string_at(f, it->nameoff);
		t->value = f->blob + f->off_struct + off + 12;
		t->len = (int)it->len;
	}
}

static int walk(struct fdt *f, uint32_t lim, fdt_visitor visit, void *ctx)
{
	uint32_t off = 0;
	int depth = 0;
	bool have_root = false;
	struct item it;

	for (;;) { /* terminates: every token advances off by >= 4 */
		int e = decode(f, lim, off, &it);
		if (e)
			return e;
		switch (it.tok) {
		case TOK_BEGIN:
			if (depth == 0 && have_root)
				return FDT_ERR_NESTING; /* a second root */
			have_root = true;
			if (++depth > FDT_MAX_DEPTH)
				return FDT_ERR_NESTING;
			break;
		case TOK_END_NODE:
			if (depth-- == 0)
				return FDT_ERR_NESTING;
			break;
		case TOK_PROP:
			if (depth == 0)
				return FDT_ERR_NESTING;
			if (!string_at(f, it.nameoff)) /* unterminated, or outside the block */
				return FDT_ERR_STRING;
			break;
		case TOK_END:
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
	if (ver < 16 || be32(b + 24) > 17)
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

/* ---- navigation --------------------------------------------------- */

/* Navigation decodes within the measured block only. */
static int dec(const struct fdt *f, int off, struct item *it)
{
	return off < 0 ? FDT_ERR_NOTFOUND : decode(f, f->struct_len, (uint32_t)off, it);
}

static bool is_node(const struct fdt *f, int node, struct item *it)
{
	return dec(f, node, it) == FDT_OK && it->tok == TOK_BEGIN;
}

/* From `off`, skip NOPs; the offset of the next token if it is a `want`,
 * else -NOTFOUND. */
static int seek(const struct fdt *f, int off, uint32_t want)
{
	struct item it;
	for (; dec(f, off, &it) == FDT_OK; off = (int)it.next)
		if (it.tok != TOK_NOP)
			return it.tok == want ? off : -FDT_ERR_NOTFOUND;
	return -FDT_ERR_NOTFOUND;
}

int fdt_root(const struct fdt *f)
{
	return seek(f, 0, TOK_BEGIN);
}

const char *fdt_node_name(const struct fdt *f, int node)
{
	struct item it;
	return is_node(f, node, &it) ? (const char *)f->blob + f->off_struct + node + 4 : NULL;
}

/* Both walk forward with fdt_next_node(); the relative depth tells whether
 * the next node is a child (+1), a sibling (0) or beyond the parent (< 0). */
int fdt_first_child(const struct fdt *f, int node)
{
	int d = 0, n = fdt_node_name(f, node) ? fdt_next_node(f, node, &d) : -1;
	return n >= 0 && d == 1 ? n : -FDT_ERR_NOTFOUND;
}

int fdt_next_sibling(const struct fdt *f, int node)
{
	int d = 0, n = fdt_node_name(f, node) ? node : -1;
	while (n >= 0 && (n = fdt_next_node(f, n, &d)) >= 0 && d > 0)
		;
	return n >= 0 && d == 0 ? n : -FDT_ERR_NOTFOUND;
}

int fdt_next_node(const struct fdt *f, int node, int *depth)
{
	struct item it;
	if (node < 0) {
		*depth = 1;
		return fdt_root(f);
	}
	if (!is_node(f, node, &it))
		return -FDT_ERR_NOTFOUND;
	for (int off = (int)it.next; dec(f, off, &it) == FDT_OK; off = (int)it.next) {
		if (it.tok == TOK_BEGIN) {
			++*depth;
			return off;
		}
		if (it.tok == TOK_END_NODE)
			--*depth;
		else if (it.tok == TOK_END)
			break;
	}
	return -FDT_ERR_NOTFOUND;
}

int fdt_node_chain(const struct fdt *f, int node, int *chain, int max)
{
	int depth = 0;
	for (int n = fdt_next_node(f, -1, &depth); n >= 0; n = fdt_next_node(f, n, &depth)) {
		if (depth >= 1 && depth <= max)
			chain[depth - 1] = n;
		if (n == node)
			return depth <= max ? depth : -FDT_ERR_NESTING;
	}
	return -FDT_ERR_NOTFOUND;
}

int fdt_parent(const struct fdt *f, int node)
{
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, node, chain, FDT_MAX_DEPTH);
	return n < 0 ? n : n >= 2 ? chain[n - 2] : -FDT_ERR_NOTFOUND;
}

static size_t append(char *buf, size_t size, size_t used, const char *s)
{
	while (*s && used + 1 < size)
		buf[used++] = *s++;
	return used;
}

int fdt_node_path(const struct fdt *f, int node, char *buf, size_t size)
{
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, node, chain, FDT_MAX_DEPTH);
	return fdt_chain_path(f, chain, n, buf, size);
}

int fdt_chain_path(const struct fdt *f, const int *chain, int n, char *buf, size_t size)
{
	size_t used;

	if (size == 0)
		return FDT_ERR_BADVALUE;
	used = append(buf, size, 0, n > 0 ? "/" : "");
	for (int i = 1; i < n; i++) {
		if (i > 1)
			used = append(buf, size, used, "/");
		used = append(buf, size, used, fdt_node_name(f, chain[i]));
	}
	buf[used] = '\0';
	return n > 0 ? FDT_OK : FDT_ERR_NOTFOUND;
}

/* ---- properties ---------------------------------------------------- */

int fdt_first_prop(const struct fdt *f, int node)
{
	struct item it;
	return is_node(f, node, &it) ? seek(f, (int)it.next, TOK_PROP) : -FDT_ERR_NOTFOUND;
}

int fdt_next_prop(const struct fdt *f, int prop)
{
	struct item it;
	if (dec(f, prop, &it) || it.tok != TOK_PROP)
		return -FDT_ERR_NOTFOUND;
	return seek(f, (int)it.next, TOK_PROP);
}

const void *fdt_prop_at(const struct fdt *f, int prop, const char **name, int *lenp)
{
	struct item it;
	const char *n;
	if (dec(f, prop, &it) || it.tok != TOK_PROP || !(n = string_at(f, it.nameoff))) {
		if (lenp)
			*lenp = -FDT_ERR_NOTFOUND;
		return NULL;
	}
	if (name)
		*name = n;
	if (lenp)
		*lenp = (int)it.len;
	return f->blob + f->off_struct + prop + 12;
}

int fdt_token(const struct fdt *f, int off, struct fdt_token *t)
{
	struct item it;
	int e = dec(f, off, &it);

	if (e)
		return e;
	to_token(f, off, &it, t);
	return it.tok == TOK_PROP && !t->name ? FDT_ERR_STRING : FDT_OK;
}

int fdt_props_begin(const struct fdt *f, int node)
{
	struct item it;
	return is_node(f, node, &it) ? (int)it.next : -FDT_ERR_NOTFOUND;
}

bool fdt_props_next(const struct fdt *f, int *cursor, const char **name, const void **value,
		    int *len)
{
	struct item it;

	for (; dec(f, *cursor, &it) == FDT_OK; *cursor = (int)it.next) {
		if (it.tok == TOK_NOP)
			continue;
		if (it.tok != TOK_PROP || !(*name = string_at(f, it.nameoff)))
			break;
		*value = f->blob + f->off_struct + *cursor + 12;
		*len = (int)it.len;
		*cursor = (int)it.next;
		return true;
	}
	*cursor = -FDT_ERR_NOTFOUND;
	return false;
}

const void *fdt_getprop(const struct fdt *f, int node, const char *name, int *lenp)
{
	int c = fdt_props_begin(f, node), len;
	const char *n;
	const void *v;

	while (fdt_props_next(f, &c, &n, &v, &len))
		if (strcmp(n, name) == 0) {
			if (lenp)
				*lenp = len;
			return v;
		}
	if (lenp)
		*lenp = -FDT_ERR_NOTFOUND;
	return NULL;
}

int fdt_prop_u32(const struct fdt *f, int node, const char *name, uint32_t *out)
{
	int len;
	const uint8_t *v = fdt_getprop(f, node, name, &len);
	if (!v)
		return FDT_ERR_NOTFOUND;
	if (len != 4)
		return FDT_ERR_BADVALUE;
	*out = be32(v);
	return FDT_OK;
}

int fdt_prop_string(const struct fdt *f, int node, const char *name, const char **out)
{
	int len;
	const char *v = fdt_getprop(f, node, name, &len);
	if (!v)
		return FDT_ERR_NOTFOUND;
	if (len == 0 || v[len - 1] != '\0')
		return FDT_ERR_BADVALUE;
	*out = v;
	return FDT_OK;
}

const char *fdt_stringlist_get(const void *list, int len, int idx, size_t *slen)
{
	const char *p = list;
	for (size_t left = p && len > 0 ? (size_t)len : 0; left > 0; idx--) {
		const char *nul = memchr(p, 0, left);
		size_t l = nul ? (size_t)(nul - p) : left;
		if (idx == 0) {
			if (slen)
				*slen = l;
			return p;
		}
		if (!nul) /* unterminated last entry: it was the last */
			break;
		left -= l + 1;
		p += l + 1;
	}
	return NULL;
}

bool fdt_stringlist_contains(const void *list, int len, const char *s)
{
	size_t want = strlen(s), l;
	const char *e;
	for (int i = 0; (e = fdt_stringlist_get(list, len, i, &l)) != NULL; i++)
		if (l == want && memcmp(e, s, l) == 0)
			return true;
	return false;
}

bool fdt_node_is_compatible(const struct fdt *f, int node, const char *compat)
{
	int len;
	const void *v = fdt_getprop(f, node, "compatible", &len);
	return v && fdt_stringlist_contains(v, len, compat);
}

int fdt_find_compatible(const struct fdt *f, int from, const char *compat)
{
	int depth = 0, n = from;
	while ((n = fdt_next_node(f, n, &depth)) >= 0)
		if (fdt_node_is_compatible(f, n, compat))
			return n;
	return n;
}

bool fdt_node_is_enabled(const struct fdt *f, int node)
{
	int len;
	const char *v = fdt_getprop(f, node, "status", &len);
	size_t l;
	if (!v)
		return true;
	v = fdt_stringlist_get(v, len, 0, &l);
	return v && ((l == 4 && !memcmp(v, "okay", 4)) || (l == 2 && !memcmp(v, "ok", 2)));
}

/* ---- cells ---------------------------------------------------------- */

uint64_t fdt_read_cells(const void *p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v = v << 32 | be32((const uint8_t *)p + 4 * i);
	return v;
}

bool fdt_cells_fit(const void *p, unsigned n)
{
	for (unsigned i = 0; i + 2 < n; i++)
		if (be32((const uint8_t *)p + 4 * i))
			return false;
	return true;
}

static int cells(const struct fdt *f, int node, const char *name, uint32_t dflt, uint32_t max,
		 unsigned *out)
{
	uint32_t v = dflt;
	int e = fdt_prop_u32(f, node, name, &v);
	if (e == FDT_ERR_BADVALUE || v > max)
		return FDT_ERR_BADVALUE;
	*out = v;
	return FDT_OK;
}

int fdt_address_cells(const struct fdt *f, int node, unsigned *out)
{
	return cells(f, node, "#address-cells", 2, 4, out);
}

int fdt_size_cells(const struct fdt *f, int node, unsigned *out)
{
	return cells(f, node, "#size-cells", 1, 2, out);
}

/* ---- lookup by path / phandle ------------------------------------ */

/* Child of `parent` named name[0..len): an exact match wins; a name given
 * without "@unit" otherwise matches the first "name@unit" child. */
static int subnode(const struct fdt *f, int parent, const char *name, size_t len)
{
	int loose = -FDT_ERR_NOTFOUND;
	bool unit = memchr(name, '@', len) != NULL;
	for (int c = fdt_first_child(f, parent); c >= 0; c = fdt_next_sibling(f, c)) {
		const char *cn = fdt_node_name(f, c);
		if (strncmp(cn, name, len) != 0) /* cn is NUL-terminated: safe */
			continue;
		if (cn[len] == '\0')
			return c;
		if (cn[len] == '@' && !unit && loose < 0)
			loose = c;
	}
	return loose;
}

int fdt_path_offset_len(const struct fdt *f, const char *path, size_t len)
{
	const char *nul = memchr(path, 0, len), *end = nul ? nul : path + len, *p = path;
	int node;

	if (p == end)
		return -FDT_ERR_NOTFOUND;
	if (*p == '/') {
		node = fdt_root(f);
	} else { /* alias: its value must itself be an absolute path */
		const char *slash = memchr(p, '/', (size_t)(end - p)), *target = NULL;
		const char *aend = slash ? slash : end;
		int al = fdt_path_offset(f, "/aliases");
		for (int pr = fdt_first_prop(f, al); pr >= 0 && !target;
		     pr = fdt_next_prop(f, pr)) {
			const char *n;
			int vl;
			const char *v = fdt_prop_at(f, pr, &n, &vl);
			if (strlen(n) == (size_t)(aend - p) && !memcmp(n, p, (size_t)(aend - p)) &&
			    vl > 1 && v[0] == '/' && v[vl - 1] == '\0')
				target = v;
		}
		if (!target)
			return -FDT_ERR_NOTFOUND;
		node = fdt_path_offset(f, target);
		p = aend;
	}
	while (node >= 0 && p < end) {
		while (p < end && *p == '/')
			p++;
		const char *c = p;
		while (p < end && *p != '/')
			p++;
		if (p > c)
			node = subnode(f, node, c, (size_t)(p - c));
	}
	return node;
}

int fdt_path_offset(const struct fdt *f, const char *path)
{
	return fdt_path_offset_len(f, path, strlen(path));
}

int fdt_node_by_phandle(const struct fdt *f, uint32_t phandle)
{
	int depth = 0, n = -1;
	if (phandle == 0 || phandle == 0xffffffffu)
		return -FDT_ERR_NOTFOUND;
	while ((n = fdt_next_node(f, n, &depth)) >= 0) {
		/* One pass over the properties: "phandle" or the older "linux,phandle". */
		int c = fdt_props_begin(f, n), len;
		const char *name;
		const void *v;
		while (fdt_props_next(f, &c, &name, &v, &len)) {
			if (len == 4 &&
			    (strcmp(name, "phandle") == 0 || strcmp(name, "linux,phandle") == 0) &&
			    fdt_read_cells(v, 1) == phandle)
				return n;
		}
	}
	return n;
}
