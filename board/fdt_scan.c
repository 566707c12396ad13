/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_scan.c: the one-pass board scanner. Contract in fdt_scan.h. Properties come before child
 * nodes in the structure block, so a node is complete ("finished") when its first child or its
 * END_NODE arrives; by then every ancestor's cells and ranges are known, and reg can be read and
 * translated without walking back up the tree.
 */
#include "board/fdt_scan.h"

#include <string.h>

#include "board/fdt_bad.h"
#include "board/fdt_util.h"

/* One node on the path from the root, while the scan is inside it. */
struct scan_level {
	int node;
	const char *name;
	bool finished;
	/* its own properties */
	bool enabled, has_device_type, is_memory;
	bool shared_override;      /* "arm,shared-override" (a PL310's) */
	const uint8_t *latency[2]; /* "arm,tag-latency", "arm,data-latency" (three cells) */
	const void *compat;
	int compat_len;
	uint32_t phandle;
	const uint8_t *reg;
	int reg_len;
	/* what its children need */
	unsigned ac, sc;        /* #address-cells, #size-cells (defaults 2, 1) */
	int cells_err;          /* a malformed #address-cells / #size-cells */
	const char *cells_prop; /* which, and its length */
	int cells_len;
	const uint8_t *ranges;
	int ranges_len; /* -1: no ranges property */
};

static bool string_is(const void *v, int len, const char *want)
{
	size_t l;
	const char *s = fdt_stringlist_get(v, len, 0, &l);
	return s && l == strlen(want) && memcmp(s, want, l) == 0;
}

static int cells_value(const void *v, int len, unsigned max, unsigned *out)
{
	if (len != 4 || fdt_read_cells(v, 1) > max)
		return FDT_ERR_BADVALUE;
	*out = (unsigned)fdt_read_cells(v, 1);
	return FDT_OK;
}

/* The properties the scan uses; the first character picks the candidates
 * (most properties are none of these: one compare rejects them). */
static void take_prop(struct scan_level *l, const char *name, const void *v, int len)
{
	int e;

	switch (name[0]) {
	case 's':
		if (strcmp(name, "status") == 0)
			l->enabled = string_is(v, len, "okay") || string_is(v, len, "ok");
		break;
	case 'd':
		if (strcmp(name, "device_type") == 0)
			l->has_device_type = true, l->is_memory = string_is(v, len, "memory");
		break;
	case 'c':
		if (strcmp(name, "compatible") == 0)
			l->compat = v, l->compat_len = len;
		break;
	case 'r':
		if (strcmp(name, "reg") == 0)
			l->reg = v, l->reg_len = len;
		else if (strcmp(name, "ranges") == 0)
			l->ranges = v, l->ranges_len = len;
		break;
	case '#':
		if (strcmp(name, "#address-cells") == 0 && (e = cells_value(v, len, 4, &l->ac)))
			l->cells_err = e, l->cells_prop = name, l->cells_len = len;
		else if (strcmp(name, "#size-cells") == 0 && (e = cells_value(v, len, 2, &l->sc)))
			l->cells_err = e, l->cells_prop = name, l->cells_len = len;
		break;
	case 'a':
		if (strcmp(name, "arm,shared-override") == 0)
			l->shared_override = true;
		else if (len == 12 && strcmp(name, "arm,tag-latency") == 0)
			l->latency[0] = v;
		else if (len == 12 && strcmp(name, "arm,data-latency") == 0)
			l->latency[1] = v;
		break;
	case 'p':
	case 'l':
		if (len == 4 &&
		    (strcmp(name, "phandle") == 0 || strcmp(name, "linux,phandle") == 0))
			l->phandle = (uint32_t)fdt_read_cells(v, 1);
		break;
	}
}

/* The property of L[k] (the scan's levels: the path from the root) is malformed. */
static int bad_at(const struct scan_level *L, int k, const char *prop, int len)
{
	char path[BOARD_PATH_MAX];
	size_t used = 0;

	for (int i = 1; i <= k; i++) {
		size_t n = strlen(L[i].name);
		if (used + 1 + n >= sizeof path)
			break;
		path[used++] = '/';
		memcpy(path + used, L[i].name, n);
		used += n;
	}
	if (!used)
		path[used++] = '/';
	return fdt_bad_prop_path(path, used, prop, len);
}

/* Translate an address of the children of L[k] to a CPU address through the
 * ranges of L[k], L[k-1] ... L[1] (the root's children see CPU addresses). */
static int translate(const struct scan_level *L, int k, uint64_t *addr)
{
	for (; k > 0; k--) {
		const struct scan_level *bus = &L[k], *up = &L[k - 1];
		int e;

		if (bus->cells_err)
			return bad_at(L, k, bus->cells_prop, bus->cells_len);
		if (up->cells_err)
			return bad_at(L, k - 1, up->cells_prop, up->cells_len);
		if ((e = fdt_ranges_apply(bus->ranges_len < 0 ? NULL : bus->ranges, bus->ranges_len,
					  bus->ac, up->ac, bus->sc, addr)))
			return e == FDT_ERR_BADVALUE ? bad_at(L, k, "ranges", bus->ranges_len) : e;
	}
	return FDT_OK;
}

/* Entry idx of L[k]'s reg, in CPU addresses. *count: the entries there are. */
static int reg_entry(const struct scan_level *L, int k, unsigned idx, unsigned *count,
		     uint64_t *base, uint64_t *size)
{
	const struct scan_level *n = &L[k], *parent;
	unsigned ac, sc;
	const uint8_t *r;

	*count = 0;
	if (k < 1 || !n->reg) /* the root has no parent to give cell sizes */
		return FDT_ERR_NOTFOUND;
	parent = &L[k - 1];
	ac = parent->ac, sc = parent->sc;
	if (parent->cells_err)
		return bad_at(L, k - 1, parent->cells_prop, parent->cells_len);
	if (!fdt_entries(n->reg_len, 4 * (ac + sc), count))
		return bad_at(L, k, "reg", n->reg_len);
	if (idx >= *count)
		return FDT_ERR_NOTFOUND;
	r = n->reg + idx * 4 * (ac + sc);
	if (!fdt_cells_fit(r, ac) || !fdt_cells_fit(r + 4 * ac, sc))
		return FDT_ERR_NOTFOUND;
	*base = fdt_read_cells(r, ac);
	*size = fdt_read_cells(r + 4 * ac, sc);
	return translate(L, k - 1, base);
}

static int add_memory(const struct scan_level *L, int k, struct board_info *out)
{
	unsigned count = 1;

	for (unsigned i = 0; i < count && out->nram < MEM_MAX_BANKS; i++) {
		uint64_t base, size;
		int e = reg_entry(L, k, i, &count, &base, &size);
		if (e == FDT_ERR_BADVALUE)
			return e;
		if (e == FDT_OK && size)
			out->ram[out->nram++] = (struct mem_bank){ base, size };
	}
	return FDT_OK;
}

static void add_uart(const struct scan_level *L, int k, const struct uart_type *t,
		     struct fdt_scan *s)
{
	struct scan_uart *u;
	unsigned count;
	uint64_t size;
	size_t used = 0;

	if (s->nuarts == SCAN_MAX_UARTS) {
		s->uarts_overflow = true;
		return;
	}
	u = &s->uart[s->nuarts++];
	u->node = L[k].node;
	u->type = t;
	fdt_bad_prop_quiet(true); /* an error here is the console's only if a rule reaches it */
	u->err = reg_entry(L, k, 0, &count, &u->base, &size);
	fdt_bad_prop_quiet(false);
	u->path_full = true;
	for (int i = 1; i <= k; i++) { /* "/" name "/" name ... */
		size_t n = strlen(L[i].name);
		if (used + 1 + n + 1 > sizeof u->path) {
			u->path_full = false;
			break;
		}
		u->path[used++] = '/';
		memcpy(u->path + used, L[i].name, n);
		used += n;
	}
	u->path[used] = '\0';
}

/* Every translated reg entry of L[k] into out->dev (see board.h); a reg
 * that cannot be read is not an error here: the node is not one the scan
 * acts on. */
static void add_device(const struct scan_level *L, int k, struct board_info *out)
{
	unsigned count = 1;

	fdt_bad_prop_quiet(true);
	for (unsigned i = 0; i < count; i++) {
		uint64_t base, size;
		if (reg_entry(L, k, i, &count, &base, &size) == FDT_OK)
			memmap_add_coalesced(out->dev, &out->ndev, BOARD_MAX_DEVICES, base, size,
					     MMU_BLOCK);
	}
	fdt_bad_prop_quiet(false);
}

/* The first node of a kind: where its registers are (translated reg[0]). */
static int first_device(const struct scan_level *L, int k, struct scan_dev *d)
{
	unsigned count;
	uint64_t size;

	if (d->seen)
		return FDT_OK;
	d->seen = true;
	d->err = reg_entry(L, k, 0, &count, &d->base, &size);
	return d->err == FDT_ERR_BADVALUE ? d->err : FDT_OK;
}

/* The children of the root the scan knows by name; the first character
 * picks the one candidate (most names are none of these). */
enum root_child { RC_OTHER, RC_CHOSEN, RC_ALIASES, RC_MEMORY, RC_PSCI, RC_RESERVED };

static enum root_child root_child(const char *name)
{
	switch (name[0]) {
	case 'c': return strcmp(name, "chosen") == 0 ? RC_CHOSEN : RC_OTHER;
	case 'a': return strcmp(name, "aliases") == 0 ? RC_ALIASES : RC_OTHER;
	case 'p': return strcmp(name, "psci") == 0 ? RC_PSCI : RC_OTHER;
	case 'r': return strcmp(name, "reserved-memory") == 0 ? RC_RESERVED : RC_OTHER;
	case 'm':
		return strcmp(name, "memory") == 0 || strncmp(name, "memory@", 7) == 0 ? RC_MEMORY
										       : RC_OTHER;
	default: return RC_OTHER;
	}
}

/* L[k] has all its properties: act on it. */
static int finish(struct scan_level *L, int k, struct board_info *out, struct fdt_scan *s)
{
	struct scan_level *n = &L[k];
	const struct uart_type *t;
	int e;

	n->finished = true;
	enum root_child rc = k == 1 ? root_child(n->name) : RC_OTHER;
	if (rc == RC_CHOSEN && s->chosen < 0)
		s->chosen = n->node;
	if (rc == RC_ALIASES && s->aliases < 0)
		s->aliases = n->node;
	if (rc == RC_RESERVED && s->reserved < 0)
		s->reserved = n->node;
	if (!n->enabled)
		return FDT_OK;
	if (n->is_memory || (rc == RC_MEMORY && !n->has_device_type)) {
		if ((e = add_memory(L, k, out)))
			return e;
	} else if (s->devices && n->reg && !(k >= 2 && L[1].node == s->reserved)) {
		add_device(L, k, out);
		if (s->devices_only) /* the rest is not wanted (fdt_open_board_devices) */
			return FDT_OK;
	}
	if (rc == RC_PSCI)
		s->psci_path = n->node;
	if (!n->compat)
		return FDT_OK;
	unsigned bits = fdt_classify_compat(n->compat, n->compat_len, &t);
	for (unsigned i = 0; i < 2; i++)
		if (s->timer[i] < 0 && (bits & (C_TIMER8 << i)))
			s->timer[i] = n->node;
	for (unsigned i = 0; i < 3; i++)
		if (s->psci[i] < 0 && (bits & (C_PSCI10 << i)))
			s->psci[i] = n->node;
	if (n->phandle && (bits & C_FIXED_CLOCK)) {
		if (s->nclocks == SCAN_MAX_CLOCKS)
			s->clocks_overflow = true;
		else
			s->clock[s->nclocks].phandle = n->phandle,
			s->clock[s->nclocks++].node = n->node;
	}
	if ((bits & C_PL310) && !s->l2c.seen) {
		out->outer_shared_override = n->shared_override;
		for (unsigned i = 0; i < 2; i++)
			for (unsigned c = 0; c < 3 && n->latency[i]; c++) {
				uint64_t cy = fdt_read_cells(n->latency[i] + 4 * c, 1);
				out->outer_latency[i][c] = cy > 255 ? 255 : (uint8_t)cy;
			}
	}
	if ((bits & C_PL310) && (e = first_device(L, k, &s->l2c)))
		return e;
	if ((bits & C_GTIMER) && (e = first_device(L, k, &s->gtimer)))
		return e;
	if ((bits & C_TWD) && (e = first_device(L, k, &s->twd)))
		return e;
	if (t)
		add_uart(L, k, t, s);
	return FDT_OK;
}

/* 64 levels x ~90 bytes: static rather than on a boot stack. One scan at a time. */
static struct scan_level levels[FDT_MAX_DEPTH];

void fdt_scan_begin(struct scan_ctx *c, struct board_info *out, struct fdt_scan *s)
{
	fdt_bad_prop_reset();
	c->L = levels;
	/* The scalars only: the clock[] and uart[] entries are written before
	 * they are counted, and clearing 5 KiB at every boot (MMU off: word by
	 * word) would cost the boot benchmark ~1,300 instructions. */
	s->l2c = s->gtimer = s->twd = (struct scan_dev){ 0 };
	s->nclocks = s->nuarts = 0;
	s->clocks_overflow = s->uarts_overflow = false;
	s->chosen = s->aliases = s->reserved = s->psci_path = -1;
	s->timer[0] = s->timer[1] = s->psci[0] = s->psci[1] = s->psci[2] = -1;
	c->depth = 0;
	c->err = FDT_OK;
	c->out = out;
	c->s = s;
}

void fdt_scan_token(void *ctx, int off, const struct fdt_token *t)
{
	struct scan_ctx *c = ctx;
	struct scan_level *L = c->L;
	int e;

	if (c->err)
		return;
	switch (t->tok) {
	case FDT_TOKEN_BEGIN:
		if (c->depth && !L[c->depth - 1].finished &&
		    (e = finish(L, c->depth - 1, c->out, c->s))) {
			c->err = e;
			return;
		}
		if (c->depth == FDT_MAX_DEPTH) { /* fdt_open bounds it; be sure */
			c->err = FDT_ERR_NESTING;
			return;
		}
		L[c->depth] = (struct scan_level){ .node = off,
						   .name = t->name,
						   .enabled = true,
						   .ac = 2,
						   .sc = 1,
						   .ranges_len = -1 };
		c->depth++;
		break;
	case FDT_TOKEN_PROP:
		if (c->depth && t->name)
			take_prop(&L[c->depth - 1], t->name, t->value, t->len);
		break;
	case FDT_TOKEN_END_NODE:
		if (!c->depth) {
			c->err = FDT_ERR_NESTING;
			return;
		}
		if (!L[c->depth - 1].finished && (e = finish(L, c->depth - 1, c->out, c->s)))
			c->err = e;
		c->depth--;
		break;
	default: break; /* NOP, END */
	}
}

int fdt_scan(const struct fdt *f, struct board_info *out, struct fdt_scan *s)
{
	struct scan_ctx c;
	struct fdt_token t;
	int e;

	fdt_scan_begin(&c, out, s);
	for (int off = 0; (e = fdt_token(f, off, &t)) == FDT_OK && t.tok != FDT_TOKEN_END;
	     off = t.next)
		fdt_scan_token(&c, off, &t);
	return e ? e : c.err;
}
