/*
 * fdt_scan.c: the one-pass board scanner. Contract in fdt_scan.h.
 *
 * Properties come before child nodes in the structure block, so a node is
 * complete ("finished") when its first child or its END_NODE arrives; by
 * then every ancestor's cells and ranges are known, and reg can be read and
 * translated without walking back up the tree.
 */
#include "fdt_scan.h"

#include <string.h>

/* Compatibles we can drive, with the register layout each implies when the
 * node does not say (reg-shift, reg-io-width).  PL011 first: some SoCs list
 * both a PL011 and a vendor string. */
static const struct uart_type uart_table[] = {
	{ "arm,pl011", UART_PL011, 0, 1 },
	/* SBSA generic UART: a PL011 subset (no baud/line control, those
	 * registers read as zero and ignore writes), so a PL011 driver works. */
	{ "arm,sbsa-uart", UART_PL011, 0, 1 },
	{ "ns16550a", UART_NS16550, 0, 1 },
	{ "ns16550", UART_NS16550, 0, 1 },
	{ "ns16450", UART_NS16550, 0, 1 },
	{ "ns8250", UART_NS16550, 0, 1 },
	{ "snps,dw-apb-uart", UART_NS16550, 0, 1 },    /* trees set shift 2, width 4 */
	{ "nvidia,tegra20-uart", UART_NS16550, 2, 1 }, /* later Tegras list it too */
	/* The Pi's mini UART: 16550 registers at a 4-byte stride, 32-bit only
	 * (Linux 8250_bcm2835aux hard-codes this; the tree does not say). */
	{ "brcm,bcm2835-aux-uart", UART_NS16550, 2, 4 },
	/* TI OMAP/AM UARTs: 16C750-compatible, 4-byte stride implied. */
	{ "ti,omap2-uart", UART_NS16550, 2, 1 },
	{ "ti,omap3-uart", UART_NS16550, 2, 1 },
	{ "ti,omap4-uart", UART_NS16550, 2, 1 },
	{ "ti,am3352-uart", UART_NS16550, 2, 1 },
	{ "ti,am654-uart", UART_NS16550, 2, 1 },
	{ "ti,dra742-uart", UART_NS16550, 2, 1 },
	/* Freescale/NXP i.MX UARTs (i.MX6 and the rest of the imx21 family):
	 * their own register set, 32-bit registers. */
	{ "fsl,imx21-uart", UART_IMX, 0, 4 },
};

#define NUARTS (sizeof uart_table / sizeof uart_table[0])

/* Everything else the scan looks for by compatible, as bits. */
enum {
	C_TIMER8 = 1 << 0,
	C_TIMER7 = 1 << 1,
	C_PSCI10 = 1 << 2,
	C_PSCI02 = 1 << 3,
	C_PSCI = 1 << 4,
	C_FIXED_CLOCK = 1 << 5,
	C_PL310 = 1 << 6,
	C_GTIMER = 1 << 7,
	C_TWD = 1 << 8
};
static const struct {
	const char *compat;
	unsigned bit;
} other_table[] = {
	{ "arm,armv8-timer", C_TIMER8 },
	{ "arm,armv7-timer", C_TIMER7 },
	{ "arm,psci-1.0", C_PSCI10 },
	{ "arm,psci-0.2", C_PSCI02 },
	{ "arm,psci", C_PSCI },
	{ "fixed-clock", C_FIXED_CLOCK },
	{ "arm,pl310-cache", C_PL310 },
	{ "arm,cortex-a9-global-timer", C_GTIMER },
	{ "arm,cortex-a9-twd-timer", C_TWD },
};

/* The first characters of every compatible in the two tables above, as a
 * bitmap, built on first use: a string starting otherwise is none of ours. */
static uint32_t first_chars[8];
static bool first_chars_ready;

static void init_first_chars(void)
{
	first_chars_ready = true;
	for (unsigned i = 0; i < NUARTS; i++)
		first_chars[(uint8_t)uart_table[i].compat[0] / 32] |=
			1u << (uart_table[i].compat[0] % 32);
	for (unsigned i = 0; i < sizeof other_table / sizeof other_table[0]; i++)
		first_chars[(uint8_t)other_table[i].compat[0] / 32] |=
			1u << (other_table[i].compat[0] % 32);
}

/*
 * One pass over a compatible list: which of our compatibles it holds (bits)
 * and the first UART table entry it holds (*uart, NULL if none). Each string
 * is compared only with the table entries that share its first character:
 * most nodes name none of ours, and this runs for every node at every boot.
 */
static unsigned classify(const void *list, int len, const struct uart_type **uart)
{
	const char *p = list, *end = p + (len > 0 ? len : 0);
	unsigned bits = 0, best = NUARTS;

	if (!first_chars_ready)
		init_first_chars();
	while (p < end) {
		const char *z = memchr(p, 0, (size_t)(end - p));
		size_t n = z ? (size_t)(z - p) : (size_t)(end - p);
		uint8_t c0 = (uint8_t)p[0];
		if (!(first_chars[c0 / 32] & (1u << (c0 % 32)))) { /* none of ours starts so */
			p += n + 1;
			continue;
		}
		for (unsigned i = 0; i < NUARTS; i++)
			if (i < best && uart_table[i].compat[0] == p[0] &&
			    strlen(uart_table[i].compat) == n &&
			    !memcmp(uart_table[i].compat, p, n))
				best = i;
		for (unsigned i = 0; i < sizeof other_table / sizeof other_table[0]; i++)
			if (other_table[i].compat[0] == p[0] &&
			    strlen(other_table[i].compat) == n &&
			    !memcmp(other_table[i].compat, p, n))
				bits |= other_table[i].bit;
		p += n + 1;
	}
	*uart = best < NUARTS ? &uart_table[best] : NULL;
	return bits;
}

const struct uart_type *fdt_uart_type(const void *compat, int len)
{
	const struct uart_type *t = NULL;
	if (compat)
		classify(compat, len, &t);
	return t;
}

/* One node on the path from the root, while the scan is inside it. */
struct scan_level {
	int node;
	const char *name;
	bool finished;
	/* its own properties */
	bool enabled, has_device_type, is_memory;
	const void *compat;
	int compat_len;
	uint32_t phandle;
	const uint8_t *reg;
	int reg_len;
	/* what its children need */
	unsigned ac, sc; /* #address-cells, #size-cells (defaults 2, 1) */
	int cells_err;   /* a malformed #address-cells / #size-cells */
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
			l->cells_err = e;
		else if (strcmp(name, "#size-cells") == 0 && (e = cells_value(v, len, 2, &l->sc)))
			l->cells_err = e;
		break;
	case 'p':
	case 'l':
		if (len == 4 &&
		    (strcmp(name, "phandle") == 0 || strcmp(name, "linux,phandle") == 0))
			l->phandle = (uint32_t)fdt_read_cells(v, 1);
		break;
	}
}

/* Translate an address of the children of L[k] to a CPU address through the
 * ranges of L[k], L[k-1] ... L[1] (the root's children see CPU addresses). */
static int translate(const struct scan_level *L, int k, uint64_t *addr)
{
	for (; k > 0; k--) {
		const struct scan_level *bus = &L[k], *up = &L[k - 1];
		int e;

		if (bus->cells_err || up->cells_err)
			return FDT_ERR_BADVALUE;
		if ((e = fdt_ranges_apply(bus->ranges_len < 0 ? NULL : bus->ranges, bus->ranges_len,
					  bus->ac, up->ac, bus->sc, addr)))
			return e;
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
		return parent->cells_err;
	if (!fdt_entries(n->reg_len, 4 * (ac + sc), count))
		return FDT_ERR_BADVALUE;
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

	for (unsigned i = 0; i < count && out->nram < BOARD_MAX_BANKS; i++) {
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
	u->err = reg_entry(L, k, 0, &count, &u->base, &size);
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

/* L[k] has all its properties: act on it. */
static int finish(struct scan_level *L, int k, struct board_info *out, struct fdt_scan *s)
{
	struct scan_level *n = &L[k];
	const struct uart_type *t;
	int e;

	n->finished = true;
	if (k == 1 && strcmp(n->name, "chosen") == 0 && s->chosen < 0)
		s->chosen = n->node;
	if (k == 1 && strcmp(n->name, "aliases") == 0 && s->aliases < 0)
		s->aliases = n->node;
	if (!n->enabled)
		return FDT_OK;
	bool named =
		k == 1 && (strcmp(n->name, "memory") == 0 || strncmp(n->name, "memory@", 7) == 0);
	if (n->is_memory || (named && !n->has_device_type))
		if ((e = add_memory(L, k, out)))
			return e;
	if (k == 1 && strcmp(n->name, "psci") == 0)
		s->psci_path = n->node;
	if (!n->compat)
		return FDT_OK;
	unsigned bits = classify(n->compat, n->compat_len, &t);
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
	c->L = levels;
	memset(s, 0, sizeof(*s));
	s->chosen = s->aliases = s->psci_path = -1;
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
		memset(&L[c->depth], 0, sizeof(L[c->depth]));
		L[c->depth].node = off;
		L[c->depth].name = t->name;
		L[c->depth].enabled = true;
		L[c->depth].ac = 2, L[c->depth].sc = 1;
		L[c->depth].ranges_len = -1;
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
