/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_oracle_libfdt.c — board.h's rules (fdt_read_board) and fdt.h's
 * (fdt_reserved) applied with Debian's libfdt.  Contract in fdt_oracle.h.
 *
 * Written apart from board/ and lib/fdt/, and calling neither: libfdt finds
 * nodes, paths, aliases, phandles, compatibles and the reservation map;
 * the cell arithmetic, the ranges translation and the driver matching over
 * the linked-in drivers are the oracle's own.  Here: values, cells, addresses,
 * memory, reserved regions and the entry points; fdt_oracle_board.c: the
 * console, timer, PSCI and the PL310 / A9 private region.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/host/lib/fdt/fdt_oracle_priv.h"

#define MAX_DEPTH 64

int or_lib_fail(struct oracle *o, int err)
{
	o->libfdt_err = err;
	return R_LIBFDT;
}

int or_absent(struct oracle *o, int len)
{
	return len == -FDT_ERR_NOTFOUND ? R_SKIP : or_lib_fail(o, len);
}

/* ---- values ------------------------------------------------------------ */

/* Length of a value's first string: up to its NUL, or all of it. */
size_t or_first_len(const char *v, int len)
{
	const char *z = memchr(v, 0, (size_t)len);
	return z ? (size_t)(z - v) : (size_t)len;
}

bool or_first_is(const char *v, int len, const char *want)
{
	size_t l = strlen(want);
	return v && len > 0 && or_first_len(v, len) == l && memcmp(v, want, l) == 0;
}

void or_copy_first(char *dst, size_t size, const char *v, int len)
{
	size_t l = v && len > 0 ? or_first_len(v, len) : 0;
	if (l > size - 1)
		l = size - 1;
	if (l)
		memcpy(dst, v, l);
	dst[l] = '\0';
}

/* status absent, "okay" or "ok". */
bool or_enabled(const void *fdt, int node)
{
	int len;
	const char *st = fdt_getprop(fdt, node, "status", &len);
	return !st || or_first_is(st, len, "okay") || or_first_is(st, len, "ok");
}

/* n big-endian cells at p into *v; false if they do not fit 64 bits. */
bool or_number(const uint8_t *p, unsigned n, uint64_t *v)
{
	*v = 0;
	for (unsigned i = 0; i < n; i++) {
		uint32_t c = fdt32_ld((const fdt32_t *)(p + 4 * i));
		if (i + 2 < n && c)
			return false;
		*v = *v << 32 | c;
	}
	return true;
}

/* #address-cells (0..4, default 2) or #size-cells (0..2, default 1). */
int or_cells(struct oracle *o, int node, bool address, unsigned *n)
{
	int v = address ? fdt_address_cells(o->fdt, node) : fdt_size_cells(o->fdt, node), len;
	const fdt32_t *p;

	if (v == -FDT_ERR_BADNCELLS && address &&
	    (p = fdt_getprop(o->fdt, node, "#address-cells", &len)) && len == 4 && !fdt32_ld(p))
		v = 0; /* libfdt 1.6 refuses 0 */
	if (v == -FDT_ERR_BADNCELLS || (!address && v > 2))
		return R_BAD;
	if (v < 0)
		return or_lib_fail(o, v);
	*n = (unsigned)v;
	return R_OK;
}

/* ---- addresses ----------------------------------------------------------- */

/* ch[0] = the root ... ch[n-1] = node; n, or a libfdt error. */
static int chain(const void *fdt, int node, int *ch)
{
	int d = fdt_node_depth(fdt, node);
	if (d < 0 || d >= MAX_DEPTH)
		return d < 0 ? d : -FDT_ERR_BADSTRUCTURE;
	for (int i = d; i >= 0; i--) {
		if (node < 0)
			return node;
		ch[i] = node;
		node = i ? fdt_parent_offset(fdt, node) : node;
	}
	return d + 1;
}

/* *addr, a child address of bus ch[k], to a CPU address through the ranges
 * of ch[k], ch[k-1] ... ch[1] (the root's children see CPU addresses). */
static int translate(struct oracle *o, const int *ch, int k, uint64_t *addr)
{
	for (; k > 0; k--) {
		unsigned ca, cs, pa, w;
		int len, e;
		if ((e = or_cells(o, ch[k], true, &ca)) || (e = or_cells(o, ch[k], false, &cs)) ||
		    (e = or_cells(o, ch[k - 1], true, &pa)))
			return e;
		const uint8_t *r = fdt_getprop(o->fdt, ch[k], "ranges", &len);
		if (!r)
			return or_absent(o, len); /* a bus without ranges is not mapped */
		if (len == 0)
			continue; /* identity */
		w = 4 * (ca + pa + cs);
		if (w == 0 || len % w)
			return R_BAD;
		e = R_SKIP;
		for (const uint8_t *end = r + len; e == R_SKIP && r < end; r += w) {
			uint64_t child, parent, size;
			if (!or_number(r, ca, &child) || !or_number(r + 4 * ca, pa, &parent))
				continue;
			or_number(r + 4 * (ca + pa), cs, &size);
			if (*addr >= child && *addr - child < size) {
				*addr = parent + (*addr - child);
				e = R_OK;
			}
		}
		if (e)
			return e;
	}
	return R_OK;
}

/* A node's "reg": count entries of its parent's ac + sc cells. */
struct reg {
	int ch[MAX_DEPTH], n;
	const uint8_t *p;
	unsigned ac, sc, count;
};

static int reg_open(struct oracle *o, int node, struct reg *r)
{
	int len, e;

	if ((r->n = chain(o->fdt, node, r->ch)) < 0)
		return or_lib_fail(o, r->n);
	if (!(r->p = fdt_getprop(o->fdt, node, "reg", &len)))
		return or_absent(o, len);
	if (r->n < 2) /* the root: no parent gives it cells */
		return R_SKIP;
	if ((e = or_cells(o, r->ch[r->n - 2], true, &r->ac)) ||
	    (e = or_cells(o, r->ch[r->n - 2], false, &r->sc)))
		return e;
	unsigned w = 4 * (r->ac + r->sc);
	if (w == 0 || len % w)
		return R_BAD;
	r->count = (unsigned)len / w;
	return R_OK;
}

/* Entry i (< count), its base translated. */
static int reg_get(struct oracle *o, const struct reg *r, unsigned i, uint64_t *base,
		   uint64_t *size)
{
	const uint8_t *p = r->p + 4 * (r->ac + r->sc) * i;
	if (!or_number(p, r->ac, base) || !or_number(p + 4 * r->ac, r->sc, size))
		return R_SKIP;
	return translate(o, r->ch, r->n - 2, base);
}

int or_first_reg(struct oracle *o, int node, uint64_t *base)
{
	struct reg r;
	uint64_t size;
	int e = reg_open(o, node, &r);
	return e ? e : r.count ? reg_get(o, &r, 0, base, &size) : R_SKIP;
}

/* ---- the board ---------------------------------------------------------- */

static bool memory_name(const char *name)
{
	return name && (strcmp(name, "memory") == 0 || strncmp(name, "memory@", 7) == 0);
}

static int read_memory(struct oracle *o)
{
	struct oracle_board *b = o->out;
	int depth = -1; /* the root is depth 0 */

	o->what = "memory";
	for (int n = fdt_next_node(o->fdt, -1, &depth); n >= 0 && b->nram < MEM_MAX_BANKS;
	     n = fdt_next_node(o->fdt, n, &depth)) {
		int len, e;
		const char *dt = fdt_getprop(o->fdt, n, "device_type", &len);
		struct reg r;
		if (!or_enabled(o->fdt, n) ||
		    (dt ? !or_first_is(dt, len, "memory")
			: !(depth == 1 && memory_name(fdt_get_name(o->fdt, n, NULL)))))
			continue;
		if ((e = reg_open(o, n, &r)) == R_SKIP)
			continue;
		if (e)
			return e;
		for (unsigned i = 0; i < r.count && b->nram < MEM_MAX_BANKS; i++) {
			uint64_t base, size;
			if ((e = reg_get(o, &r, i, &base, &size)) == R_SKIP)
				continue;
			if (e)
				return e;
			if (size)
				b->ram[b->nram++] = (struct mem_bank){ base, size };
		}
	}
	return R_OK;
}

/* The first enabled node compatible with c, or < 0. */
int or_first_enabled(const void *fdt, const char *c)
{
	int n = -1;
	while ((n = fdt_node_offset_by_compatible(fdt, n, c)) >= 0 && !or_enabled(fdt, n))
		;
	return n;
}

/* ---- reserved regions ---------------------------------------------------- */

static void add_rsv(struct oracle_board *b, uint64_t base, uint64_t size, bool no_map)
{
	if (b->nrsv < ORACLE_MAX_RESERVED)
		b->rsv[b->nrsv] = (struct oracle_region){ base, size, no_map };
	b->nrsv++;
}

static int read_reserved(struct oracle *o)
{
	int n = fdt_num_mem_rsv(o->fdt), rm, child, e;
	uint64_t base, size;
	unsigned ac, sc, pa;

	o->what = "/memreserve/";
	if (n < 0)
		return or_lib_fail(o, n);
	for (int i = 0; i < n; i++) {
		if ((e = fdt_get_mem_rsv(o->fdt, i, &base, &size)))
			return or_lib_fail(o, e);
		add_rsv(o->out, base, size, false);
	}
	o->what = "/reserved-memory";
	if ((rm = fdt_path_offset(o->fdt, "/reserved-memory")) < 0)
		return R_OK;
	if ((e = or_cells(o, rm, true, &ac)) || (e = or_cells(o, rm, false, &sc)) ||
	    (e = or_cells(o, 0, true, &pa)))
		return e;
	for (child = fdt_first_subnode(o->fdt, rm); child >= 0;
	     child = fdt_next_subnode(o->fdt, child)) {
		struct reg r;
		if (!or_enabled(o->fdt, child) || (e = reg_open(o, child, &r)) == R_SKIP)
			continue;
		if (e)
			return e;
		for (unsigned i = 0; i < r.count; i++) {
			if ((e = reg_get(o, &r, i, &base, &size)) == R_SKIP)
				continue;
			if (e)
				return e;
			if (size)
				add_rsv(o->out, base, size,
					fdt_getprop(o->fdt, child, "no-map", NULL) != NULL);
		}
	}
	return R_OK;
}

/* ---- entry points -------------------------------------------------------- */

enum oracle_status oracle_read(const void *blob, size_t size, struct oracle_board *out,
			       const char **what, int *libfdt_err)
{
	static void *copy; /* libfdt 1.6 wants the blob 8-byte aligned; malloc's is */
	struct oracle o = { .out = out, .what = "fdt_check_full" };
	int e, chosen;

	memset(out, 0, sizeof *out);
	*what = o.what;
	*libfdt_err = 0;
	free(copy);
	if (!(copy = malloc(size ? size : 1)))
		abort();
	memcpy(copy, blob, size);
	o.fdt = copy;
	if ((e = fdt_check_full(o.fdt, size)) < 0)
		e = or_lib_fail(&o, e);
	if (!e) {
		chosen = fdt_path_offset(o.fdt, "/chosen");
		or_read_strings(&o, chosen);
		e = read_memory(&o);
	}
	if (!e)
		e = or_read_console(&o);
	if (!e)
		e = or_read_timer(&o);
	if (!e) {
		or_read_psci(&o);
		e = or_read_devices(&o);
	}
	if (!e)
		e = read_reserved(&o);
	*what = o.what;
	*libfdt_err = o.libfdt_err;
	return e == R_OK ? ORACLE_OK : e == R_BAD ? ORACLE_BADVALUE : ORACLE_LIBFDT;
}

static uint32_t be32_at(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* libfdt 1.6.1's fdt_next_tag adds a property's length to the offset
 * unchecked: a length near 2^32 wraps it back (0xfffffff4 lands on the same
 * token) and fdt_check_full walks for ever (the fuzzer found it). true if
 * the structure block, walked token by token inside the blob, has a
 * property longer than what is left of the blob. */
static bool prop_len_wraps(const uint8_t *b, size_t size)
{
	size_t off = be32_at(b + 8), tot = be32_at(b + 4);
	size_t end = tot < size ? tot : size;

	while (off + 4 <= end) {
		uint32_t tok = be32_at(b + off);

		if (tok == 1) { /* BEGIN_NODE: the name, NUL, padding */
			size_t n = off + 4;
			while (n < end && b[n])
				n++;
			off = (n + 1 + 3) & ~(size_t)3;
		} else if (tok == 3) { /* PROP: len, nameoff, value */
			if (off + 12 > end)
				return false;
			size_t len = be32_at(b + off + 4);
			if (len > end - (off + 12))
				return true;
			off = (off + 12 + len + 3) & ~(size_t)3;
		} else if (tok == 2 || tok == 4) {
			off += 4;
		} else {
			return false; /* END or a bad token: libfdt stops there itself */
		}
	}
	return false;
}

int oracle_check_full(const void *blob, size_t size)
{
	/* A copy for the alignment; libfdt 1.6.1's fdt_check_full compares
	 * size with the header size, then with totalsize, before it reads
	 * beyond the first 28 bytes: it stays inside [0, size). */
	void *b = malloc(size ? size : 1);
	const uint8_t *h = blob;
	int e;

	if (!b)
		abort();
	/* libfdt 1.6.1's fdt_check_full dereferences NULL on a header of
	 * version 3 to 15 (the fuzzer found it; versions 2, 16 and 17 are
	 * fine): it is not asked about those, and answers as it would for a
	 * version it does not support. Our reader refuses them too (below 16:
	 * FDT_ERR_VERSION). */
	if (size >= 24 && h[20] == 0 && h[21] == 0 && h[22] == 0 && h[23] >= 3 && h[23] < 16) {
		free(b);
		return -FDT_ERR_BADVERSION;
	}
	if (size >= 40 && be32_at(h) == FDT_MAGIC && prop_len_wraps(h, size)) {
		free(b);
		return -FDT_ERR_BADSTRUCTURE; /* what it would say had it checked */
	}
	memcpy(b, blob, size);
	e = fdt_check_full(b, size);
	free(b);
	return e;
}

const char *oracle_strerror(int libfdt_err)
{
	return fdt_strerror(libfdt_err);
}
