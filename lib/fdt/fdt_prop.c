/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_prop.c: properties of an opened tree -- iteration, lookup by name,
 * typed reads, string lists, compatible, status, and cell arithmetic.
 * Contract in fdt.h.
 */
#include "lib/fdt/fdt_priv.h"

#include <string.h>

/* ---- properties ---------------------------------------------------- */

int fdt_first_prop(const struct fdt *f, int node)
{
	struct fdt_item it;
	return fdt_is_node(f, node, &it) ? fdt_seek(f, (int)it.next, FDT_TOKEN_PROP)
					 : FDT_ERR_NOTFOUND;
}

int fdt_next_prop(const struct fdt *f, int prop)
{
	struct fdt_item it;
	if (fdt_dec(f, prop, &it) || it.tok != FDT_TOKEN_PROP)
		return FDT_ERR_NOTFOUND;
	return fdt_seek(f, (int)it.next, FDT_TOKEN_PROP);
}

const void *fdt_prop_at(const struct fdt *f, int prop, const char **name, int *lenp)
{
	struct fdt_item it;
	const char *n;
	if (fdt_dec(f, prop, &it) || it.tok != FDT_TOKEN_PROP ||
	    !(n = fdt_string_at(f, it.nameoff))) {
		if (lenp)
			*lenp = FDT_ERR_NOTFOUND;
		return NULL;
	}
	if (name)
		*name = n;
	if (lenp)
		*lenp = (int)it.len;
	return f->blob + f->off_struct + prop + 12;
}

int fdt_props_begin(const struct fdt *f, int node)
{
	struct fdt_item it;
	return fdt_is_node(f, node, &it) ? (int)it.next : FDT_ERR_NOTFOUND;
}

bool fdt_props_next(const struct fdt *f, int *cursor, const char **name, const void **value,
		    int *len)
{
	struct fdt_item it;

	for (; fdt_dec(f, *cursor, &it) == FDT_OK; *cursor = (int)it.next) {
		if (it.tok == FDT_TOKEN_NOP)
			continue;
		if (it.tok != FDT_TOKEN_PROP || !(*name = fdt_string_at(f, it.nameoff)))
			break;
		*value = f->blob + f->off_struct + *cursor + 12;
		*len = (int)it.len;
		*cursor = (int)it.next;
		return true;
	}
	*cursor = FDT_ERR_NOTFOUND;
	return false;
}

const void *fdt_getprop(const struct fdt *f, int node, const char *name, int *lenp)
{
	int c = fdt_props_begin(f, node), len;
	const char *n;
	const void *v;

	/* The first byte before the call: most names differ there, and the
	 * boot looks up properties of every node (boot: discovery's count). */
	while (fdt_props_next(f, &c, &n, &v, &len))
		if (n[0] == name[0] && strcmp(n, name) == 0) {
			if (lenp)
				*lenp = len;
			return v;
		}
	if (lenp)
		*lenp = FDT_ERR_NOTFOUND;
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
