/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_nav.c: moving around an opened tree -- root, children, siblings,
 * parents, paths, lookups by path, by phandle and by compatible. It uses
 * fdt_prop.c; fdt_prop.c never uses it. Contract in fdt.h. Every step
 * decodes through fdt_dec(), bounded like the validation walk.
 */
#include "lib/fdt/fdt_priv.h"

#include <string.h>

/* ---- navigation --------------------------------------------------- */

int fdt_root(const struct fdt *f)
{
	return fdt_seek(f, 0, FDT_TOKEN_BEGIN);
}

const char *fdt_node_name(const struct fdt *f, int node)
{
	struct fdt_item it;
	return fdt_is_node(f, node, &it) ? (const char *)f->blob + f->off_struct + node + 4 : NULL;
}

/* Both walk forward with fdt_next_node(); the relative depth tells whether
 * the next node is a child (+1), a sibling (0) or beyond the parent (< 0). */
int fdt_first_child(const struct fdt *f, int node)
{
	int d = 0, n = fdt_node_name(f, node) ? fdt_next_node(f, node, &d) : -1;
	return n >= 0 && d == 1 ? n : FDT_ERR_NOTFOUND;
}

int fdt_next_sibling(const struct fdt *f, int node)
{
	int d = 0, n = fdt_node_name(f, node) ? node : -1;
	while (n >= 0 && (n = fdt_next_node(f, n, &d)) >= 0 && d > 0)
		;
	return n >= 0 && d == 0 ? n : FDT_ERR_NOTFOUND;
}

int fdt_next_node(const struct fdt *f, int node, int *depth)
{
	struct fdt_item it;
	if (node < 0) {
		*depth = 1;
		return fdt_root(f);
	}
	if (!fdt_is_node(f, node, &it))
		return FDT_ERR_NOTFOUND;
	for (int off = (int)it.next; fdt_dec(f, off, &it) == FDT_OK; off = (int)it.next) {
		if (it.tok == FDT_TOKEN_BEGIN) {
			++*depth;
			return off;
		}
		if (it.tok == FDT_TOKEN_END_NODE)
			--*depth;
		else if (it.tok == FDT_TOKEN_END)
			break;
	}
	return FDT_ERR_NOTFOUND;
}

int fdt_node_chain(const struct fdt *f, int node, int *chain, int max)
{
	int depth = 0;
	for (int n = fdt_next_node(f, -1, &depth); n >= 0; n = fdt_next_node(f, n, &depth)) {
		if (depth >= 1 && depth <= max)
			chain[depth - 1] = n;
		if (n == node)
			return depth <= max ? depth : FDT_ERR_NESTING;
	}
	return FDT_ERR_NOTFOUND;
}

int fdt_parent(const struct fdt *f, int node)
{
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, node, chain, FDT_MAX_DEPTH);
	return n < 0 ? n : n >= 2 ? chain[n - 2] : FDT_ERR_NOTFOUND;
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

/* ---- lookup by path / phandle ------------------------------------ */

/* Child of `parent` named name[0..len): an exact match wins; a name given
 * without "@unit" otherwise matches the first "name@unit" child. */
static int subnode(const struct fdt *f, int parent, const char *name, size_t len)
{
	int loose = FDT_ERR_NOTFOUND;
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
		return FDT_ERR_NOTFOUND;
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
			return FDT_ERR_NOTFOUND;
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
		return FDT_ERR_NOTFOUND;
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

int fdt_interrupt_parent(const struct fdt *f, int node)
{
	uint32_t ph;

	for (int n = node; n >= 0; n = fdt_parent(f, n))
		if (fdt_prop_u32(f, n, "interrupt-parent", &ph) == FDT_OK)
			return fdt_node_by_phandle(f, ph);
	return FDT_ERR_NOTFOUND;
}

int fdt_find_compatible(const struct fdt *f, int from, const char *compat)
{
	int depth = 0, n = from;
	while ((n = fdt_next_node(f, n, &depth)) >= 0)
		if (fdt_node_is_compatible(f, n, compat))
			return n;
	return n;
}
