/*
 * fdt_board.c — board discovery from a validated DTB.  Contract in board.h.
 *
 * Policy lives in the tables and in fdt_read_board(); the helpers only
 * read.  Every property length is checked before use: a malformed value is
 * an error code, never a read past the property.
 */
#include "board.h"

#include <string.h>

/* len is a whole number (*count) of w-byte entries.  By subtraction, not
 * '%': ARMv7-A without the divide extension would need libgcc for that. */
static bool entries(int len, unsigned w, unsigned *count)
{
	unsigned rem = (unsigned)len, n = 0;
	if (len < 0 || w == 0)
		return false;
	for (; rem >= w; rem -= w)
		n++;
	*count = n;
	return rem == 0;
}

/* Translate through the ranges of chain[k], chain[k-1] ... chain[1]; the
 * root's children see CPU addresses. */
static int translate_chain(const struct fdt *f, const int *chain, int k, uint64_t *addr)
{
	for (; k > 0; k--) {
		unsigned ca, cs, pa;
		int len, e;
		if ((e = fdt_address_cells(f, chain[k], &ca)) ||
		    (e = fdt_size_cells(f, chain[k], &cs)) ||
		    (e = fdt_address_cells(f, chain[k - 1], &pa)))
			return e;
		const uint8_t *r = fdt_getprop(f, chain[k], "ranges", &len);
		if (!r)
			return FDT_ERR_NOTFOUND; /* a bus without ranges is not mapped */
		if (len == 0)
			continue; /* empty ranges: identity */
		unsigned w = 4 * (ca + pa + cs), count;
		if (!entries(len, w, &count))
			return FDT_ERR_BADVALUE;
		bool hit = false;
		for (unsigned i = 0; i < count && !hit; i++) {
			const uint8_t *c = r + i * w, *p = c + 4 * ca, *s = p + 4 * pa;
			uint64_t child = fdt_read_cells(c, ca), size = fdt_read_cells(s, cs);
			if (!fdt_cells_fit(c, ca) || !fdt_cells_fit(p, pa))
				continue;
			if (*addr >= child && *addr - child < size) {
				*addr = fdt_read_cells(p, pa) + (*addr - child);
				hit = true;
			}
		}
		if (!hit)
			return FDT_ERR_NOTFOUND;
	}
	return FDT_OK;
}

int fdt_translate(const struct fdt *f, int bus, uint64_t *addr)
{
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, bus, chain, FDT_MAX_DEPTH);
	return n < 0 ? -n : translate_chain(f, chain, n - 1, addr);
}

/* The "reg" of chain[n-1] in its parent's cells: *count entries of
 * 4 * (*ac + *sc) bytes each. */
static int reg_prop(const struct fdt *f, const int *chain, int n, const uint8_t **reg,
		    unsigned *count, unsigned *ac, unsigned *sc)
{
	int len, e;
	if (n < 2) /* the root has no parent to give cell sizes */
		return FDT_ERR_NOTFOUND;
	if ((e = fdt_address_cells(f, chain[n - 2], ac)) ||
	    (e = fdt_size_cells(f, chain[n - 2], sc)))
		return e;
	if (!(*reg = fdt_getprop(f, chain[n - 1], "reg", &len)))
		return FDT_ERR_NOTFOUND;
	return entries(len, 4 * (*ac + *sc), count) ? FDT_OK : FDT_ERR_BADVALUE;
}

/* Entry `idx` (< count) of that reg, translated to a CPU address. */
static int reg_get(const struct fdt *f, const int *chain, int n, const uint8_t *reg, unsigned ac,
		   unsigned sc, unsigned idx, uint64_t *base, uint64_t *size)
{
	reg += idx * 4 * (ac + sc);
	if (!fdt_cells_fit(reg, ac) || !fdt_cells_fit(reg + 4 * ac, sc))
		return FDT_ERR_NOTFOUND;
	*base = fdt_read_cells(reg, ac);
	*size = fdt_read_cells(reg + 4 * ac, sc);
	return translate_chain(f, chain, n - 2, base);
}

int fdt_node_reg(const struct fdt *f, int node, unsigned idx, uint64_t *base, uint64_t *size)
{
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, node, chain, FDT_MAX_DEPTH), e;
	const uint8_t *reg;
	unsigned count, ac, sc;

	if ((e = reg_prop(f, chain, n, &reg, &count, &ac, &sc)))
		return e;
	return idx < count ? reg_get(f, chain, n, reg, ac, sc, idx, base, size) : FDT_ERR_NOTFOUND;
}

/* Copy the first string of a property, truncated, always terminated. */
static void copy_string(char *dst, size_t size, const void *list, int len)
{
	size_t l = 0;
	const char *s = fdt_stringlist_get(list, len, 0, &l);
	if (l > size - 1)
		l = size - 1;
	if (s)
		memcpy(dst, s, l);
	dst[s ? l : 0] = '\0';
}

static bool prop_is(const struct fdt *f, int node, const char *name, const char *want)
{
	int len;
	const void *v = fdt_getprop(f, node, name, &len);
	size_t l;
	const char *s = fdt_stringlist_get(v, v ? len : 0, 0, &l);
	return s && l == strlen(want) && memcmp(s, want, l) == 0;
}

/* ---- one walk: memory, timer, PSCI, outer cache ----------------------- */

/* What one pass over a node's properties says (each walk of a property list
 * costs a decode per token: the board reader does it once per node). */
struct node_props {
	bool enabled, has_device_type, is_memory;
	const void *compat;
	int compat_len;
	uint32_t phandle;
};

static bool string_is(const void *v, int len, const char *want)
{
	size_t l;
	const char *s = fdt_stringlist_get(v, len, 0, &l);
	return s && l == strlen(want) && memcmp(s, want, l) == 0;
}

static void node_props(const struct fdt *f, int node, struct node_props *np)
{
	memset(np, 0, sizeof(*np));
	np->enabled = true;
	int c = fdt_props_begin(f, node), len;
	const char *name;
	const void *v;

	while (fdt_props_next(f, &c, &name, &v, &len)) {
		if (strcmp(name, "status") == 0)
			np->enabled = string_is(v, len, "okay") || string_is(v, len, "ok");
		else if (strcmp(name, "device_type") == 0)
			np->has_device_type = true, np->is_memory = string_is(v, len, "memory");
		else if (strcmp(name, "compatible") == 0)
			np->compat = v, np->compat_len = len;
		else if (len == 4 &&
			 (strcmp(name, "phandle") == 0 || strcmp(name, "linux,phandle") == 0))
			np->phandle = (uint32_t)fdt_read_cells(v, 1);
	}
}

static bool compat_has(const struct node_props *np, const char *c)
{
	return np->compat && fdt_stringlist_contains(np->compat, np->compat_len, c);
}

static int add_memory(const struct fdt *f, const int *chain, int depth, struct board_info *out)
{
	const uint8_t *reg;
	unsigned count, ac, sc;
	int e = reg_prop(f, chain, depth, &reg, &count, &ac, &sc);

	if (e == FDT_ERR_NOTFOUND)
		return FDT_OK;
	if (e)
		return e;
	for (unsigned i = 0; i < count && out->nram < BOARD_MAX_BANKS; i++) {
		uint64_t base, size;
		e = reg_get(f, chain, depth, reg, ac, sc, i, &base, &size);
		if (e == FDT_ERR_BADVALUE)
			return e;
		if (e == FDT_OK && size)
			out->ram[out->nram++] = (struct mem_bank){ base, size };
	}
	return FDT_OK;
}

static const char *const timer_compats[] = { "arm,armv8-timer", "arm,armv7-timer" };
static const char *const psci_compats[] = { "arm,psci-1.0", "arm,psci-0.2", "arm,psci" };

/* Candidates found by the walk, chosen in priority order afterwards; and the
 * fixed-clocks by phandle, so the console's clock needs no second walk. */
#define MAX_CLOCKS 16
struct found {
	int timer[2], psci_path, psci[3];
	bool have_l2c;
	unsigned nclocks;
	bool clocks_overflow;
	struct {
		uint32_t phandle;
		int node;
	} clock[MAX_CLOCKS];
};

static int scan_tree(const struct fdt *f, struct board_info *out, struct found *fd)
{
	int chain[FDT_MAX_DEPTH], depth = 0; /* chain: the walk's ancestors */
	struct node_props np;
	int e;

	for (int n = fdt_next_node(f, -1, &depth); n >= 0; n = fdt_next_node(f, n, &depth)) {
		if (depth < 1 || depth > FDT_MAX_DEPTH) /* fdt_open bounds it; be sure */
			return FDT_ERR_NESTING;
		chain[depth - 1] = n;
		node_props(f, n, &np);
		if (!np.enabled)
			continue;
		const char *name = fdt_node_name(f, n);
		bool named = depth == 2 &&
			     (strcmp(name, "memory") == 0 || strncmp(name, "memory@", 7) == 0);
		if (np.is_memory || (named && !np.has_device_type))
			if ((e = add_memory(f, chain, depth, out)))
				return e;
		if (!np.compat && !(depth == 2 && strcmp(name, "psci") == 0))
			continue;
		if (np.phandle && compat_has(&np, "fixed-clock")) {
			if (fd->nclocks == MAX_CLOCKS)
				fd->clocks_overflow = true;
			else
				fd->clock[fd->nclocks].phandle = np.phandle,
				fd->clock[fd->nclocks++].node = n;
		}
		for (unsigned i = 0; i < 2; i++)
			if (fd->timer[i] < 0 && compat_has(&np, timer_compats[i]))
				fd->timer[i] = n;
		if (depth == 2 && strcmp(name, "psci") == 0)
			fd->psci_path = n;
		for (unsigned i = 0; i < 3; i++)
			if (fd->psci[i] < 0 && compat_has(&np, psci_compats[i]))
				fd->psci[i] = n;
		if (!fd->have_l2c && compat_has(&np, "arm,pl310-cache")) {
			const uint8_t *reg;
			unsigned count, ac, sc;
			uint64_t size;
			fd->have_l2c = true;
			e = reg_prop(f, chain, depth, &reg, &count, &ac, &sc);
			if (e == FDT_OK && count)
				e = reg_get(f, chain, depth, reg, ac, sc, 0, &out->outer_cache_base,
					    &size);
			if (e == FDT_ERR_BADVALUE)
				return e;
			if (e)
				out->outer_cache_base = 0; /* present but not mapped: unusable */
		}
	}
	return FDT_OK;
}

/* ---- console -------------------------------------------------------- */

/* Compatibles we can drive, with the register layout each implies when the
 * node does not say (reg-shift, reg-io-width).  PL011 first: some SoCs list
 * both a PL011 and a vendor string. */
static const struct {
	const char *compat;
	enum uart_kind kind;
	uint8_t shift, width;
} uart_table[] = {
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
};

static int opt_u32(const struct fdt *f, int node, const char *name, uint32_t *v)
{
	int e = fdt_prop_u32(f, node, name, v);
	return e == FDT_ERR_NOTFOUND ? FDT_OK : e;
}

/* "clock-frequency" may be one or two cells; 0 if absent. */
static int clock_of(const struct fdt *f, int node, uint32_t *hz)
{
	int len;
	const void *v = fdt_getprop(f, node, "clock-frequency", &len);
	if (!v)
		return FDT_OK;
	if ((len != 4 && len != 8) || fdt_read_cells(v, (unsigned)len / 4) > UINT32_MAX)
		return FDT_ERR_BADVALUE;
	*hz = (uint32_t)fdt_read_cells(v, (unsigned)len / 4);
	return FDT_OK;
}

/* FDT_OK and *out filled if `node` is a UART we can drive; NOTFOUND if
 * not (then *out is untouched). */
static int fixed_clock(const struct fdt *f, const struct found *fd, uint32_t phandle)
{
	for (unsigned i = 0; i < fd->nclocks; i++)
		if (fd->clock[i].phandle == phandle)
			return fd->clock[i].node;
	if (!fd->clocks_overflow)
		return -FDT_ERR_NOTFOUND; /* not a fixed-clock */
	int c = fdt_node_by_phandle(f, phandle);
	return c >= 0 && fdt_node_is_compatible(f, c, "fixed-clock") ? c : -FDT_ERR_NOTFOUND;
}

static int uart_from(const struct fdt *f, const struct found *fd, int node, struct board_uart *out)
{
	struct board_uart uart = { 0 }, *u = &uart;
	unsigned i = 0;
	uint64_t size;
	int e, len;

	const void *compat = fdt_getprop(f, node, "compatible", &len);
	if (!compat || !fdt_node_is_enabled(f, node))
		return FDT_ERR_NOTFOUND;
	while (i < sizeof uart_table / sizeof uart_table[0] &&
	       !fdt_stringlist_contains(compat, len, uart_table[i].compat))
		i++;
	if (i == sizeof uart_table / sizeof uart_table[0])
		return FDT_ERR_NOTFOUND;
	u->reg_shift = uart_table[i].shift;
	u->reg_io_width = uart_table[i].width;
	int chain[FDT_MAX_DEPTH], n = fdt_node_chain(f, node, chain, FDT_MAX_DEPTH);
	const uint8_t *reg;
	unsigned count, ac, sc;
	if (n < 0)
		return -n;
	if ((e = reg_prop(f, chain, n, &reg, &count, &ac, &sc)))
		return e;
	if (count == 0)
		return FDT_ERR_NOTFOUND;
	if ((e = reg_get(f, chain, n, reg, ac, sc, 0, &u->base, &size)) ||
	    (e = opt_u32(f, node, "reg-shift", &u->reg_shift)) ||
	    (e = opt_u32(f, node, "reg-io-width", &u->reg_io_width)) ||
	    (e = clock_of(f, node, &u->clock_hz)))
		return e;
	const uint8_t *clk = fdt_getprop(f, node, "clocks", &len);
	if (!u->clock_hz && clk && len >= 4) {
		int c = fixed_clock(f, fd, (uint32_t)fdt_read_cells(clk, 1));
		if (c >= 0 && (e = clock_of(f, c, &u->clock_hz)))
			return e;
	}
	u->kind = uart_table[i].kind;
	fdt_chain_path(f, chain, n, u->path, sizeof u->path);
	*out = uart;
	return FDT_OK;
}

static int read_console(const struct fdt *f, const struct found *fd, struct board_uart *u)
{
	int chosen = fdt_path_offset(f, "/chosen"), node = -FDT_ERR_NOTFOUND, len, e;
	const char *sp = fdt_getprop(f, chosen, "stdout-path", &len);

	if (!sp)
		sp = fdt_getprop(f, chosen, "linux,stdout-path", &len);
	if (sp && len > 0) {
		const char *colon = memchr(sp, ':', (size_t)len);
		node = fdt_path_offset_len(f, sp, colon ? (size_t)(colon - sp) : (size_t)len);
	}
	if (node >= 0) { /* stdout-path names the console: that or nothing */
		e = uart_from(f, fd, node, u);
		return e == FDT_ERR_NOTFOUND ? FDT_OK : e;
	}
	for (int i = 0; i < 16; i++) {
		char alias[] = "serial\0\0";
		alias[6] = (char)(i < 10 ? '0' + i : '1');
		alias[7] = (char)(i < 10 ? '\0' : '0' + i - 10);
		if ((node = fdt_path_offset(f, alias)) < 0)
			continue;
		e = uart_from(f, fd, node, u);
		if (e != FDT_ERR_NOTFOUND)
			return e;
	}
	return FDT_OK;
}

/* ---- the rest --------------------------------------------------------- */

static int read_misc(const struct fdt *f, const struct found *fd, struct board_info *out)
{
	int n, e;

	for (unsigned i = 0; i < 2 && !out->timer_hz; i++)
		if (fd->timer[i] >= 0 &&
		    (e = opt_u32(f, fd->timer[i], "clock-frequency", &out->timer_hz)))
			return e;
	n = fd->psci_path;
	for (unsigned i = 0; i < 3 && n < 0; i++)
		n = fd->psci[i];
	if (n >= 0) /* only enabled nodes were recorded */
		out->psci = prop_is(f, n, "method", "smc")   ? PSCI_SMC
			    : prop_is(f, n, "method", "hvc") ? PSCI_HVC
							     : PSCI_NONE;
	return FDT_OK;
}

int fdt_read_board(const struct fdt *f, struct board_info *out)
{
	int root = fdt_root(f), len, e;
	const void *model = fdt_getprop(f, root, "model", &len);

	memset(out, 0, sizeof *out);
	if (!model)
		model = fdt_getprop(f, root, "compatible", &len);
	copy_string(out->model, sizeof out->model, model, model ? len : 0);
	struct found fd = { .timer = { -1, -1 }, .psci_path = -1, .psci = { -1, -1, -1 } };
	if ((e = scan_tree(f, out, &fd)) || (e = read_console(f, &fd, &out->console)) ||
	    (e = read_misc(f, &fd, out)))
		return e;
	return FDT_OK;
}
