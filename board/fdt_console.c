/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_console.c — the console from a scanned DTB (board.h's contract, the
 * rules in order): /chosen stdout-path (or linux,stdout-path), else the
 * command line's console= through the serialN aliases, else its earlycon=
 * (board/fdt_earlycon.c), else the serialN aliases themselves, else the
 * first UART bringup drives, in blob order. Every
 * property length is checked before use (a malformed value is an error
 * code, never a read past the property).
 */
#include "board/fdt_console.h"

#include "board/fdt_bad.h"
#include "board/fdt_earlycon.h"
#include "board/fdt_util.h"

#include <string.h>

/* "clock-frequency" may be one or two cells; 0 if absent. */
static int clock_of(const struct fdt *f, int node, uint32_t *hz)
{
	int len;
	const void *v = fdt_getprop(f, node, "clock-frequency", &len);
	if (!v)
		return FDT_OK;
	if ((len != 4 && len != 8) || fdt_read_cells(v, (unsigned)len / 4) > UINT32_MAX)
		return fdt_bad_prop_node(f, node, "clock-frequency", len);
	*hz = (uint32_t)fdt_read_cells(v, (unsigned)len / 4);
	return FDT_OK;
}

static int fixed_clock(const struct fdt *f, const struct fdt_scan *s, uint32_t phandle)
{
	for (unsigned i = 0; i < s->nclocks; i++)
		if (s->clock[i].phandle == phandle)
			return s->clock[i].node;
	if (!s->clocks_overflow)
		return FDT_ERR_NOTFOUND; /* not a fixed-clock */
	int c = fdt_node_by_phandle(f, phandle);
	return c >= 0 && fdt_node_is_compatible(f, c, "fixed-clock") ? c : FDT_ERR_NOTFOUND;
}

/* The scan's record of a UART node; rebuilt here only if the scan's table
 * overflowed (a tree with more UARTs than it holds). NULL: not drivable. */
static const struct scan_uart *uart_of(const struct fdt *f, const struct fdt_scan *s, int node,
				       struct scan_uart *tmp)
{
	int chain[FDT_MAX_DEPTH], n, len;
	const uint8_t *reg;
	const void *compat;
	unsigned count, ac, sc;
	uint64_t size;

	for (unsigned i = 0; i < s->nuarts; i++)
		if (s->uart[i].node == node)
			return &s->uart[i];
	if (!s->uarts_overflow || !fdt_node_is_enabled(f, node))
		return NULL;
	compat = fdt_getprop(f, node, "compatible", &len);
	if (!(tmp->type = fdt_uart_type(compat, compat ? len : 0)))
		return NULL;
	tmp->node = node;
	if ((n = fdt_node_chain(f, node, chain, FDT_MAX_DEPTH)) < 0)
		return NULL;
	tmp->err = fdt_reg_prop(f, chain, n, &reg, &count, &ac, &sc);
	if (!tmp->err)
		tmp->err = count ? fdt_reg_get(f, chain, n, reg, ac, sc, 0, &tmp->base, &size)
				 : FDT_ERR_NOTFOUND;
	fdt_chain_path(f, chain, n, tmp->path, sizeof tmp->path);
	return tmp;
}

/* FDT_OK and *out filled from a scanned UART; NOTFOUND if it cannot be used. */
static int uart_fill(const struct fdt *f, const struct fdt_scan *s, const struct scan_uart *su,
		     struct uart_desc *out)
{
	struct uart_desc u = { 0 };
	int e, len;

	if (su->err == FDT_ERR_BADVALUE)
		return fdt_bad_reg(f, su->node);
	if (su->err)
		return su->err;
	u.base = su->base;
	u.reg_shift = su->type->compat->shift;
	u.reg_io_width = su->type->compat->width;
	if ((e = fdt_board_opt_u32(f, su->node, "reg-shift", &u.reg_shift)) ||
	    (e = fdt_board_opt_u32(f, su->node, "reg-io-width", &u.reg_io_width)) ||
	    (e = clock_of(f, su->node, &u.clock_hz)))
		return e;
	const uint8_t *clk = fdt_getprop(f, su->node, "clocks", &len);
	if (!u.clock_hz && clk && len >= 4) {
		int c = fixed_clock(f, s, (uint32_t)fdt_read_cells(clk, 1));
		if (c >= 0 && (e = clock_of(f, c, &u.clock_hz)))
			return e;
	}
	u.driver = su->type->driver;
	fdt_board_copy_string(u.path, sizeof u.path, su->path, (int)strlen(su->path) + 1);
	*out = u;
	return FDT_OK;
}

/* The value of alias name[0..len) in /aliases, if it is an absolute path. */
static const char *alias(const struct fdt *f, const struct fdt_scan *s, const char *name,
			 size_t len)
{
	int c = fdt_props_begin(f, s->aliases), vl;
	const char *n;
	const void *v;

	while (s->aliases >= 0 && fdt_props_next(f, &c, &n, &v, &vl))
		if (strlen(n) == len && !memcmp(n, name, len))
			return vl > 1 && ((const char *)v)[0] == '/' &&
					       ((const char *)v)[vl - 1] == '\0'
				       ? v
				       : NULL;
	return NULL;
}

/* Linux's console names of the families bringup drives (board.h), with
 * their drivers by name (the image's drivers are those linked in:
 * lib/console/console.h UART_DRIVER). */
static const struct console_family {
	const char *name;
	uint8_t len;
	const char *drv[2];
} families[] = {
	{ "ttyAMA", 6, { "PL011" } },
	{ "ttyS", 4, { "8250/16550" } },
	{ "ttymxc", 6, { "i.MX" } },
	{ "ttyPS", 5, { "Cadence" } },
	{ "ttySAC", 6, { "Samsung" } },
	{ "ttyAML", 6, { "Meson" } },
	{ "ttyMSM", 6, { "MSM UARTDM", "GENI" } },
	{ "ttySTM", 6, { "STM32F4", "STM32F7" } },
	{ "ttyLP", 5, { "LPUART" } },
	{ "ttySC", 5, { "SCIF" } },
	{ "ttyMV", 5, { "Armada 3700" } },
};
#define NFAMILIES (sizeof families / sizeof families[0])

/*
 * The console at path p[0..len) (absolute or an alias), of family fam if
 * not NULL. *named: the path names a node -- then it is the console or
 * there is none. Fast path: the full path of a scanned UART; else the
 * general resolver (unit addresses left out, aliases with more
 * components...), which walks the tree.
 */
static int console_at(const struct fdt *f, const struct fdt_scan *s, const char *p, size_t len,
		      const struct console_family *fam, struct uart_desc *out, bool *named)
{
	const char *full = p && len && p[0] != '/' ? alias(f, s, p, len) : p;
	size_t flen = full == p ? len : full ? strlen(full) : 0;
	const struct scan_uart *su = NULL;
	struct scan_uart tmp;
	int node;

	for (unsigned i = 0; full && i < s->nuarts && !su; i++)
		if (s->uart[i].path_full && strlen(s->uart[i].path) == flen &&
		    !memcmp(s->uart[i].path, full, flen))
			su = &s->uart[i];
	if (!su) {
		if ((node = fdt_path_offset_len(f, p, len)) < 0) {
			*named = false;
			return FDT_ERR_NOTFOUND;
		}
		su = uart_of(f, s, node, &tmp);
	}
	*named = true;
	if (su && fam && strcmp(su->type->driver->name, fam->drv[0]) != 0 &&
	    (!fam->drv[1] || strcmp(su->type->driver->name, fam->drv[1]) != 0))
		su = NULL;
	return su ? uart_fill(f, s, su, out) : FDT_ERR_NOTFOUND;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The k-th (from 0) word of bootargs a[0..) (NUL-terminated) that is
 * "console=" + a family name + a decimal index (+ ",..."): its family and
 * index; false if there are not that many. *count: how many there are
 * (when k is beyond them). */
static bool console_word(const char *a, unsigned k, const struct console_family **fam,
			 unsigned *idx, unsigned *count)
{
	unsigned seen = 0;

	for (const char *w = a;;) {
		while (is_space(*w))
			w++;
		if (!*w)
			break;
		const char *e = w;
		while (*e && !is_space(*e))
			e++;
		if (e - w == 2 && w[0] == '-' && w[1] == '-')
			break;
		if (e - w > 8 && !memcmp(w, "console=", 8)) {
			const char *n = w + 8, *d = n;
			while (d < e && *d != ',' && (*d < '0' || *d > '9'))
				d++;
			const char *x = d;
			unsigned v = 0;
			while (x < e && *x >= '0' && *x <= '9' && v < 100000) /* N < 1000000 */
				v = v * 10 + (unsigned)(*x++ - '0');
			for (unsigned i = 0; x > d && (x == e || *x == ',') && i < NFAMILIES; i++)
				if (families[i].len == (size_t)(d - n) &&
				    !memcmp(families[i].name, n, families[i].len)) {
					if (seen++ == k) {
						*fam = &families[i], *idx = v;
						return true;
					}
					break;
				}
		}
		w = e;
	}
	*count = seen;
	return false;
}

/* "serial" + decimal n into buf (16 bytes): its length. */
static size_t serial_name(char *buf, unsigned n)
{
	char dig[12];
	size_t k = 0, l = 6;

	memcpy(buf, "serial", 6);
	do
		dig[k++] = (char)('0' + n % 10);
	while ((n /= 10) && k < sizeof dig);
	while (k && l < 15)
		buf[l++] = dig[--k];
	buf[l] = '\0';
	return l;
}

/* rule = src + " " + key + "=" + what[0..n): "semihosting console=ttyAMA0"
 * (BOARD_RULE_MAX holds the longest: 11 + 10 + 13 + 1 bytes). */
static void word_rule(char *rule, const char *src, const char *key, const char *what, size_t n)
{
	size_t a = strlen(src), k = strlen(key);

	if (a + k + n + 3 > BOARD_RULE_MAX)
		n = BOARD_RULE_MAX - 3 - a - k; /* no name is that long: never cut */
	memcpy(rule, src, a);
	rule[a] = ' ';
	memcpy(rule + a + 1, key, k);
	rule[a + 1 + k] = '=';
	memcpy(rule + a + 2 + k, what, n);
	rule[a + 2 + k + n] = '\0';
}

/* Rule 2 (board.h): console= words of the line a (NUL-terminated; src
 * names it), the last usable one. */
static int line_console(const struct fdt *f, const struct fdt_scan *s, const char *a,
			const char *src, struct uart_desc *u, char *rule, bool *found)
{
	const struct console_family *fam;
	unsigned idx, count = 0, n;
	bool named;
	char name[16], tty[24];
	int e;

	*found = false;
	if (!a || console_word(a, ~0u, &fam, &idx, &count))
		return FDT_OK;
	while (count--) {
		console_word(a, count, &fam, &idx, &n);
		size_t l = serial_name(name, idx);
		e = console_at(f, s, name, l, fam, u, &named);
		if (!named || e == FDT_ERR_NOTFOUND)
			continue;
		if (e == FDT_OK) { /* console=NAME N: at most 6 + 6 digits */
			memcpy(tty, fam->name, fam->len);
			memcpy(tty + fam->len, name + 6, l - 6);
			word_rule(rule, src, "console", tty, fam->len + l - 6);
			*found = true;
		}
		return e;
	}
	return FDT_OK;
}

static void set_rule(char *rule, const char *r)
{
	memcpy(rule, r, strlen(r) + 1);
}

/* Rules 1 to 3. *named: stdout-path names a node (then rules 4 and 5 are
 * not to be tried); *by: the rule that chose (0: none). b->earlycon: the
 * earlycon= word read, from the given line (ec_line 0) or bootargs (1);
 * if usable, the UART rule 3 takes. */
static int named_console(const struct fdt *f, const struct fdt_scan *s, const char *bootargs,
			 int ec_line, struct board_info *b, bool *named, int *by)
{
	int len = 0, e;
	const char *sp = s->chosen >= 0 ? fdt_getprop(f, s->chosen, "stdout-path", &len) : NULL;
	const struct board_earlycon_word *ec = &b->earlycon;
	bool found;

	*named = false;
	*by = 0;
	if (!sp && s->chosen >= 0)
		sp = fdt_getprop(f, s->chosen, "linux,stdout-path", &len);
	if (sp && len > 0) {
		const char *z = memchr(sp, 0, (size_t)len);
		size_t l = z ? (size_t)(z - sp) : (size_t)len;
		const char *colon = memchr(sp, ':', l);
		size_t pl = colon ? (size_t)(colon - sp) : l;
		e = console_at(f, s, sp, pl, NULL, &b->console, named);
		if (e == FDT_OK)
			set_rule(b->console_rule, "stdout-path"), *by = 1;
		if (*named && e != FDT_ERR_NOTFOUND) /* that, or a malformed value */
			return e;
		if (!*named && pl) { /* names nothing: said in the report, the others apply */
			b->stdout_nonode = sp;
			b->stdout_nonode_len = (unsigned)pl;
		}
	}
	/* The user's line, then the tree's: each its console=, then its
	 * earlycon= (ec is the first line's that has one). */
	const char *line[2] = { s->cmdline, bootargs }, *src[2] = { s->cmdline_src, "bootargs" };
	for (unsigned i = 0; i < 2; i++) {
		*by = 2;
		if ((e = line_console(f, s, line[i], src[i], &b->console, b->console_rule,
				      &found)) ||
		    found)
			return e;
		*by = 0;
		if (ec->state == EARLYCON_USED && ec_line == (int)i) {
			const char *c = memchr(ec->word + 9, ',', ec->len - 9u);
			b->console = ec->uart;
			word_rule(b->console_rule, ec->src, "earlycon", ec->word + 9,
				  (size_t)(c - (ec->word + 9)));
			*by = 3;
			return FDT_OK;
		}
	}
	return FDT_OK;
}

int fdt_read_console(const struct fdt *f, const struct fdt_scan *s, struct board_info *b)
{
	const char *bootargs = NULL;
	struct uart_desc *u = &b->console;
	char *rule = b->console_rule;
	bool named;
	int e, by;

	if (s->chosen >= 0 && fdt_prop_string(f, s->chosen, "bootargs", &bootargs))
		bootargs = NULL;
	/* Rule 3's word, read first: what became of it is reported even when
	 * an earlier rule chose the console. */
	int ec_line = 0;
	if (!fdt_earlycon(f, b, s->cmdline, s->cmdline_src, &b->earlycon))
		ec_line = fdt_earlycon(f, b, bootargs, "bootargs", &b->earlycon) ? 1 : -1;
	e = named_console(f, s, bootargs, ec_line, b, &named, &by);
	if (b->earlycon.state == EARLYCON_USED && by != 3)
		b->earlycon.state = EARLYCON_UNUSED;
	if (e || by || named)
		return e;
	/* Rule 4: the serialN aliases, the first usable. */
	for (unsigned i = 0; i < 16; i++) {
		char name[16];
		size_t l = serial_name(name, i);
		e = console_at(f, s, name, l, NULL, u, &named);
		if (named && e != FDT_ERR_NOTFOUND) {
			if (e == FDT_OK)
				memcpy(rule, "alias ", 6), memcpy(rule + 6, name, l + 1);
			return e;
		}
	}
	/* Rule 5: the first usable UART in blob order (the scan's list is in
	 * that order; past its end, the tree's other nodes). */
	for (unsigned i = 0; i < s->nuarts; i++)
		if ((e = uart_fill(f, s, &s->uart[i], u)) != FDT_ERR_NOTFOUND) {
			if (e == FDT_OK)
				set_rule(rule, "first driven node");
			return e;
		}
	if (s->uarts_overflow) {
		int depth = 0;
		struct scan_uart tmp;
		for (int n = fdt_next_node(f, -1, &depth); n >= 0;
		     n = fdt_next_node(f, n, &depth)) {
			const struct scan_uart *su = uart_of(f, s, n, &tmp);
			if (su != &tmp || (e = uart_fill(f, s, su, u)) == FDT_ERR_NOTFOUND)
				continue;
			if (e == FDT_OK)
				set_rule(rule, "first driven node");
			return e;
		}
	}
	return FDT_OK;
}
