/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_oracle_board.c — the libfdt oracle's console, timer, PSCI, PL310 and
 * Cortex-A9 private region, by board.h's rules.  Contract in fdt_oracle.h.
 */
#include <stdio.h>
#include <string.h>

#include "tests/host/lib/fdt/fdt_oracle_priv.h"

/* The node's compatible strings in its order; the first the oracle's
 * table lists picks the driver (fdt_oracle_uarts.c), named as the
 * project's driver of that name (NULL if it has none: not drivable). */
static const struct or_uart *match(const void *fdt, int node, const struct uart_driver **drv)
{
	int len;
	const char *p = fdt_getprop(fdt, node, "compatible", &len), *end;

	for (end = p ? p + len : NULL; p && p < end;) {
		const char *z = memchr(p, 0, (size_t)(end - p));
		size_t n = z ? (size_t)(z - p) : (size_t)(end - p);
		const struct or_uart *u = or_uart_lookup(p, n);
		if (u && (*drv = or_uart_driver(u)) != NULL)
			return u;
		if (u)
			return NULL;
		p += n + 1;
	}
	return NULL;
}

/* An optional one-cell property; absent leaves *v. */
static int opt_u32(struct oracle *o, int node, const char *name, uint32_t *v)
{
	int len;
	const fdt32_t *p = fdt_getprop(o->fdt, node, name, &len);
	if (!p)
		return or_absent(o, len) == R_SKIP ? R_OK : R_LIBFDT;
	if (len != 4)
		return R_BAD;
	*v = fdt32_ld(p);
	return R_OK;
}

/* "clock-frequency": one or two cells holding at most 32 bits. */
static int clock_of(struct oracle *o, int node, uint32_t *hz)
{
	int len;
	const uint8_t *p = fdt_getprop(o->fdt, node, "clock-frequency", &len);
	uint64_t v;
	if (!p)
		return or_absent(o, len) == R_SKIP ? R_OK : R_LIBFDT;
	if ((len != 4 && len != 8) || (or_number(p, (unsigned)len / 4, &v), v > UINT32_MAX))
		return R_BAD;
	*hz = (uint32_t)v;
	return R_OK;
}

/* Its own clock-frequency, else that of the enabled fixed-clock its first
 * "clocks" phandle names. */
static int uart_clock(struct oracle *o, int node, uint32_t *hz)
{
	int len, e, c;
	const fdt32_t *clk;

	if ((e = clock_of(o, node, hz)) || *hz)
		return e;
	if (!(clk = fdt_getprop(o->fdt, node, "clocks", &len)) || len < 4)
		return R_OK;
	c = fdt_node_offset_by_phandle(o->fdt, fdt32_ld(clk));
	if (c < 0 || !or_enabled(o->fdt, c) || fdt_node_check_compatible(o->fdt, c, "fixed-clock"))
		return R_OK;
	return clock_of(o, c, hz);
}

/* The UART at node as the console: R_SKIP if bringup cannot drive it. */
static int uart_at(struct oracle *o, int node)
{
	struct uart_desc u = { 0 };
	const struct or_uart *c;
	char path[1024];
	int e;

	if (!or_enabled(o->fdt, node) || !(c = match(o->fdt, node, &u.driver)))
		return R_SKIP;
	if ((e = or_first_reg(o, node, &u.base)))
		return e;
	u.reg_shift = c->shift == OR_NONE ? ORACLE_UNSET : (uint32_t)c->shift;
	u.reg_io_width = c->width == OR_NONE ? ORACLE_UNSET : (uint32_t)c->width;
	if ((e = opt_u32(o, node, "reg-shift", &u.reg_shift)) ||
	    (e = opt_u32(o, node, "reg-io-width", &u.reg_io_width)) ||
	    (e = uart_clock(o, node, &u.clock_hz)))
		return e;
	if ((e = fdt_get_path(o->fdt, node, path, sizeof path)) < 0)
		return or_lib_fail(o, e);
	or_copy_first(u.path, sizeof u.path, path, (int)strlen(path));
	o->out->console = u;
	return R_OK;
}

/* Linux's console= names, by driver name (board.h's list). */
static const struct {
	const char *tty, *drv[2];
} family[] = {
	{ "ttyAMA", { "PL011" } },
	{ "ttyS", { "8250/16550" } },
	{ "ttymxc", { "i.MX" } },
	{ "ttyPS", { "Cadence" } },
	{ "ttySAC", { "Samsung" } },
	{ "ttyAML", { "Meson" } },
	{ "ttyMSM", { "MSM UARTDM", "GENI" } },
	{ "ttySTM", { "STM32F4", "STM32F7" } },
	{ "ttyLP", { "LPUART" } },
	{ "ttySC", { "SCIF" } },
	{ "ttyMV", { "Armada 3700" } },
};
#define NFAMILY (sizeof family / sizeof family[0])

/* The console at node if usable, of family fam (-1: any). */
static int uart_in(struct oracle *o, int node, int fam)
{
	const struct uart_driver *d = NULL;
	if (fam >= 0 && or_enabled(o->fdt, node) && match(o->fdt, node, &d) &&
	    strcmp(d->name, family[fam].drv[0]) != 0 &&
	    (!family[fam].drv[1] || strcmp(d->name, family[fam].drv[1]) != 0))
		return R_SKIP;
	return uart_at(o, node);
}

struct con_word {
	int fam;
	unsigned long idx;
};

/* The console= words of bootargs naming a family and an index, in order:
 * how many (at most max kept, the last ones). */
static unsigned console_words(const char *a, struct con_word *w, unsigned max)
{
	char buf[4096];
	unsigned n = 0;
	char *tok;

	snprintf(buf, sizeof buf, "%s", a);
	for (tok = strtok(buf, " \t\n\r\v\f"); tok && strcmp(tok, "--") != 0;
	     tok = strtok(NULL, " \t\n\r\v\f")) {
		if (strncmp(tok, "console=", 8) != 0)
			continue;
		char *name = tok + 8;
		size_t nl = strcspn(name, "0123456789,");
		char *digits = name + nl;
		size_t dl = strspn(digits, "0123456789");
		if (!dl || (digits[dl] != '\0' && digits[dl] != ','))
			continue;
		unsigned long v = 0;
		for (size_t i = 0; i < dl && v < 1000000; i++)
			v = v * 10 + (unsigned long)(digits[i] - '0');
		if (v >= 1000000)
			continue;
		for (unsigned f = 0; f < NFAMILY; f++)
			if (strlen(family[f].tty) == nl && strncmp(family[f].tty, name, nl) == 0) {
				if (n == max)
					memmove(w, w + 1, (max - 1) * sizeof *w), n--;
				w[n++] = (struct con_word){ (int)f, v };
				break;
			}
	}
	return n;
}

/* /chosen stdout-path (":options" stripped; libfdt resolves an alias):
 * that node if usable; if it names one that is not, only bootargs'
 * console= may still name one.  Else bootargs' console= (the last usable),
 * else the first usable of aliases serial0..15, else the first usable node.
 * earlycon= (board.h rule 3) is not modelled: a tree whose bootargs' one
 * became the console would show as a disagreement (ours has a console). */
int or_read_console(struct oracle *o)
{
	int chosen = fdt_path_offset(o->fdt, "/chosen"), len = 0, node, e;
	const char *sp = NULL, *a;
	char path[1024], alias[24];
	struct con_word w[64];
	bool named = false;

	o->what = "console";
	if (chosen >= 0 && !(sp = fdt_getprop(o->fdt, chosen, "stdout-path", &len)))
		sp = fdt_getprop(o->fdt, chosen, "linux,stdout-path", &len);
	if (sp && len > 0) {
		size_t l = or_first_len(sp, len);
		const char *colon = memchr(sp, ':', l);
		int plen = (int)(colon ? (size_t)(colon - sp) : l);
		if ((node = plen ? fdt_path_offset_namelen(o->fdt, sp, plen) : -1) >= 0) {
			if (fdt_get_path(o->fdt, node, path, sizeof path) == 0)
				or_copy_first(o->out->stdout_node, sizeof o->out->stdout_node, path,
					      (int)strlen(path));
			e = uart_at(o, node);
			if (e == R_OK)
				snprintf(o->out->console_rule, sizeof o->out->console_rule,
					 "stdout-path");
			if (e != R_SKIP)
				return e;
			named = true;
		}
	}
	a = chosen >= 0 ? fdt_getprop(o->fdt, chosen, "bootargs", &len) : NULL;
	if (a && len > 0 && a[len - 1] == '\0')
		for (unsigned n = console_words(a, w, 64); n-- > 0;) {
			snprintf(alias, sizeof alias, "serial%lu", w[n].idx);
			if ((node = fdt_path_offset(o->fdt, alias)) < 0 ||
			    (e = uart_in(o, node, w[n].fam)) == R_SKIP)
				continue;
			if (e == R_OK)
				snprintf(o->out->console_rule, sizeof o->out->console_rule,
					 "bootargs console=%s%lu", family[w[n].fam].tty, w[n].idx);
			return e;
		}
	if (named)
		return R_OK;
	for (int i = 0; i < 16; i++) {
		snprintf(alias, sizeof alias, "serial%d", i);
		if ((node = fdt_path_offset(o->fdt, alias)) >= 0 &&
		    (e = uart_at(o, node)) != R_SKIP) {
			if (e == R_OK)
				snprintf(o->out->console_rule, sizeof o->out->console_rule,
					 "alias %s", alias);
			return e;
		}
	}
	for (node = fdt_next_node(o->fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(o->fdt, node, NULL))
		if ((e = uart_at(o, node)) != R_SKIP) {
			if (e == R_OK)
				snprintf(o->out->console_rule, sizeof o->out->console_rule,
					 "first driven node");
			return e;
		}
	return R_OK;
}

int or_read_timer(struct oracle *o)
{
	static const char *const compat[] = { "arm,armv8-timer", "arm,armv7-timer" };

	o->what = "timer";
	for (unsigned i = 0; i < 2 && !o->out->timer_hz; i++) {
		int n = or_first_enabled(o->fdt, compat[i]), e;
		if (n >= 0 && (e = opt_u32(o, n, "clock-frequency", &o->out->timer_hz)))
			return e;
	}
	return R_OK;
}

/* The enabled root child named "psci", else the first enabled node
 * compatible with arm,psci-1.0, -0.2, arm,psci (in that order). */
void or_read_psci(struct oracle *o)
{
	static const char *const compat[] = { "arm,psci-1.0", "arm,psci-0.2", "arm,psci" };
	int node = -1, sub, len;

	for (sub = fdt_first_subnode(o->fdt, 0); sub >= 0; sub = fdt_next_subnode(o->fdt, sub)) {
		const char *name = fdt_get_name(o->fdt, sub, NULL);
		if (name && strcmp(name, "psci") == 0 && or_enabled(o->fdt, sub)) {
			node = sub;
			break;
		}
	}
	for (unsigned i = 0; i < 3 && node < 0; i++)
		node = or_first_enabled(o->fdt, compat[i]);
	if (node < 0)
		return;
	const char *m = fdt_getprop(o->fdt, node, "method", &len);
	o->out->psci = or_first_is(m, len, "smc")   ? PSCI_SMC
		       : or_first_is(m, len, "hvc") ? PSCI_HVC
						    : PSCI_NONE;
}

/* reg[0] of the first enabled node compatible with c; R_SKIP if none or
 * not mapped. */
static int first_device(struct oracle *o, const char *c, uint64_t *base)
{
	int n = or_first_enabled(o->fdt, c);
	return n < 0 ? R_SKIP : or_first_reg(o, n, base);
}

/* The PL310, and the Cortex-A9/A5 private region from its global timer
 * (PERIPHBASE + 0x200) or private timer (+ 0x600). */
int or_read_devices(struct oracle *o)
{
	struct oracle_board *b = o->out;
	uint64_t l2, gt, twd;
	int el2, egt, etwd;

	o->what = "PL310 / A9 timers";
	el2 = first_device(o, "arm,pl310-cache", &l2);
	egt = first_device(o, "arm,cortex-a9-global-timer", &gt);
	etwd = first_device(o, "arm,cortex-a9-twd-timer", &twd);
	if (el2 == R_OK)
		b->outer_cache_base = l2;
	if (egt == R_OK && gt >= 0x200)
		b->a9_periphbase = gt - 0x200;
	else if (etwd == R_OK && twd >= 0x600)
		b->a9_periphbase = twd - 0x600;
	if (el2 != R_OK && el2 != R_SKIP)
		return el2;
	if (egt != R_OK && egt != R_SKIP)
		return egt;
	return etwd == R_SKIP ? R_OK : etwd;
}

void or_read_strings(struct oracle *o, int chosen)
{
	int len;
	const char *m = fdt_getprop(o->fdt, 0, "model", &len), *a;

	if (!m)
		m = fdt_getprop(o->fdt, 0, "compatible", &len);
	or_copy_first(o->out->model, sizeof o->out->model, m, len);
	a = chosen >= 0 ? fdt_getprop(o->fdt, chosen, "bootargs", &len) : NULL;
	o->out->bootargs = a && len > 0 && a[len - 1] == '\0' ? a : NULL;
}
