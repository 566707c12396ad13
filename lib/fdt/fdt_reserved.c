/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_reserved.c: the memory a tree reserves -- the memory-reservation
 * block (/memreserve/ in dts) and the children of /reserved-memory.
 * Contract in fdt.h.
 */
#include "lib/fdt/fdt.h"

#include "lib/fdt/fdt_addr.h"

/* Where regions go: the first max into out[], every one counted in n. */
struct sink {
	struct fdt_region *out;
	unsigned max, n;
};

static void put(struct sink *s, uint64_t base, uint64_t size, bool no_map)
{
	if (s->n < s->max)
		s->out[s->n] = (struct fdt_region){ base, size, no_map };
	s->n++;
}

/* fdt_open() found an all-zero entry inside the blob: the loop stops there
 * at the latest. */
static void memreserve(const struct fdt *f, struct sink *s)
{
	for (const uint8_t *e = f->blob + f->off_rsvmap;; e += 16) {
		uint64_t size = fdt_read_cells(e + 8, 2);
		if (size == 0) /* size 0 ends the map, as Linux and libfdt read it */
			return;
		put(s, fdt_read_cells(e, 2), size, false);
	}
}

/* /reserved-memory: its children's cells, the root's address cells (its
 * parent side) and its "ranges" (NULL: absent). */
struct rmem {
	int node;
	unsigned ac, sc, pa;
	const uint8_t *ranges;
	int ranges_len;
};

/* Every entry of one child's reg that is mapped and not empty. */
static int child_reg(const struct fdt *f, const struct rmem *m, int child, struct sink *s)
{
	unsigned w = 4 * (m->ac + m->sc), count;
	int len, e;
	const uint8_t *reg = fdt_getprop(f, child, "reg", &len);
	bool no_map = fdt_getprop(f, child, "no-map", NULL) != NULL;

	if (!reg) /* "size" only: the OS places it, nothing is fixed yet */
		return FDT_OK;
	if (!fdt_entries(len, w, &count))
		return FDT_ERR_BADVALUE;
	for (unsigned i = 0; i < count; i++) {
		const uint8_t *r = reg + i * w;
		uint64_t base = fdt_read_cells(r, m->ac),
			 size = fdt_read_cells(r + 4 * m->ac, m->sc);
		if (!fdt_cells_fit(r, m->ac) || !fdt_cells_fit(r + 4 * m->ac, m->sc))
			continue;
		if ((e = fdt_ranges_apply(m->ranges, m->ranges_len, m->ac, m->pa, m->sc, &base)) ==
		    FDT_ERR_BADVALUE)
			return e;
		if (e == FDT_OK && size)
			put(s, base, size, no_map);
	}
	return FDT_OK;
}

static int reserved_memory(const struct fdt *f, int node, struct sink *s)
{
	struct rmem m = { .node = node };
	int e;

	if (node < 0)
		return FDT_OK;
	if ((e = fdt_address_cells(f, m.node, &m.ac)) || (e = fdt_size_cells(f, m.node, &m.sc)) ||
	    (e = fdt_address_cells(f, fdt_root(f), &m.pa)))
		return e;
	m.ranges = fdt_getprop(f, m.node, "ranges", &m.ranges_len);
	for (int c = fdt_first_child(f, m.node); c >= 0; c = fdt_next_sibling(f, c))
		if (fdt_node_is_enabled(f, c) && (e = child_reg(f, &m, c, s)))
			return e;
	return FDT_OK;
}

int fdt_reserved_at(const struct fdt *f, int node, struct fdt_region *out, unsigned max,
		    unsigned *n)
{
	struct sink s = { out, max, 0 };
	int e;

	memreserve(f, &s);
	e = reserved_memory(f, node, &s);
	*n = s.n;
	return e;
}

int fdt_reserved(const struct fdt *f, struct fdt_region *out, unsigned max, unsigned *n)
{
	return fdt_reserved_at(f, fdt_path_offset(f, "/reserved-memory"), out, max, n);
}
