/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_addr.c: "reg" and "ranges" -- a node's addresses in its parent's cells,
 * translated to CPU addresses through every ancestor's ranges. Contract in
 * fdt_addr.h.
 */
#include "lib/fdt/fdt_addr.h"

#include <string.h>

/* len is a whole number (*count) of w-byte entries.  By subtraction, not
 * '%': ARMv7-A without the divide extension would need libgcc for that. */
bool fdt_entries(int len, unsigned w, unsigned *count)
{
	unsigned rem = (unsigned)len, n = 0;
	if (len < 0 || w == 0)
		return false;
	for (; rem >= w; rem -= w)
		n++;
	*count = n;
	return rem == 0;
}

int fdt_ranges_apply(const uint8_t *r, int len, unsigned ca, unsigned pa, unsigned cs,
		     uint64_t *addr)
{
	unsigned w = 4 * (ca + pa + cs), count;

	if (!r)
		return FDT_ERR_NOTFOUND; /* a bus without ranges is not mapped */
	if (len == 0)
		return FDT_OK; /* empty ranges: identity */
	if (!fdt_entries(len, w, &count))
		return FDT_ERR_BADVALUE;
	for (unsigned i = 0; i < count; i++) {
		const uint8_t *c = r + i * w, *p = c + 4 * ca, *s = p + 4 * pa;
		uint64_t child = fdt_read_cells(c, ca), size = fdt_read_cells(s, cs);
		if (!fdt_cells_fit(c, ca) || !fdt_cells_fit(p, pa))
			continue;
		if (*addr >= child && *addr - child < size) {
			*addr = fdt_read_cells(p, pa) + (*addr - child);
			return FDT_OK;
		}
	}
	return FDT_ERR_NOTFOUND;
}

/* Translate through the ranges of chain[k], chain[k-1] ... chain[1]; the
 * root's children see CPU addresses. */
int fdt_translate_chain(const struct fdt *f, const int *chain, int k, uint64_t *addr)
{
	for (; k > 0; k--) {
		unsigned ca, cs, pa;
		int len, e;
		if ((e = fdt_address_cells(f, chain[k], &ca)) ||
		    (e = fdt_size_cells(f, chain[k], &cs)) ||
		    (e = fdt_address_cells(f, chain[k - 1], &pa)))
			return e;
		const uint8_t *r = fdt_getprop(f, chain[k], "ranges", &len);
		if ((e = fdt_ranges_apply(r, len, ca, pa, cs, addr)))
			return e;
	}
	return FDT_OK;
}

int fdt_translate(const struct fdt *f, int bus, uint64_t *addr)
{
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, bus, chain, FDT_MAX_DEPTH);
	return n < 0 ? n : fdt_translate_chain(f, chain, n - 1, addr);
}

/* The "reg" of chain[n-1] in its parent's cells: *count entries of
 * 4 * (*ac + *sc) bytes each. */
int fdt_reg_prop(const struct fdt *f, const int *chain, int n, const uint8_t **reg, unsigned *count,
		 unsigned *ac, unsigned *sc)
{
	int len, e;
	if (n < 2) /* the root has no parent to give cell sizes */
		return FDT_ERR_NOTFOUND;
	if ((e = fdt_address_cells(f, chain[n - 2], ac)) ||
	    (e = fdt_size_cells(f, chain[n - 2], sc)))
		return e;
	if (!(*reg = fdt_getprop(f, chain[n - 1], "reg", &len)))
		return FDT_ERR_NOTFOUND;
	return fdt_entries(len, 4 * (*ac + *sc), count) ? FDT_OK : FDT_ERR_BADVALUE;
}

/* Entry `idx` (< count) of that reg, translated to a CPU address. */
int fdt_reg_get(const struct fdt *f, const int *chain, int n, const uint8_t *reg, unsigned ac,
		unsigned sc, unsigned idx, uint64_t *base, uint64_t *size)
{
	reg += idx * 4 * (ac + sc);
	if (!fdt_cells_fit(reg, ac) || !fdt_cells_fit(reg + 4 * ac, sc))
		return FDT_ERR_NOTFOUND;
	*base = fdt_read_cells(reg, ac);
	*size = fdt_read_cells(reg + 4 * ac, sc);
	return fdt_translate_chain(f, chain, n - 2, base);
}

int fdt_node_reg(const struct fdt *f, int node, unsigned idx, uint64_t *base, uint64_t *size)
{
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, node, chain, FDT_MAX_DEPTH), e;
	const uint8_t *reg;
	unsigned count, ac, sc;

	if ((e = fdt_reg_prop(f, chain, n, &reg, &count, &ac, &sc)))
		return e;
	return idx < count ? fdt_reg_get(f, chain, n, reg, ac, sc, idx, base, size)
			   : FDT_ERR_NOTFOUND;
}
