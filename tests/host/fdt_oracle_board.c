/*
 * fdt_oracle_board.c — the libfdt oracle's console, timer, PSCI, PL310 and
 * Cortex-A9 private region, by board.h's rules.  Contract in fdt_oracle.h.
 */
#include <string.h>

#include "tests/host/fdt_oracle_priv.h"

/* The first entry of the drivers' tables (uart_drivers[] order, then each
 * driver's) that the node is compatible with. */
static const struct uart_compat *match(const void *fdt, int node, const struct uart_driver **drv)
{
	for (unsigned d = 0; d < uart_ndrivers; d++)
		for (unsigned i = 0; i < uart_drivers[d]->ncompat; i++)
			if (fdt_node_check_compatible(fdt, node,
						      uart_drivers[d]->compat[i].compat) == 0) {
				*drv = uart_drivers[d];
				return &uart_drivers[d]->compat[i];
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
	const struct uart_compat *c;
	char path[1024];
	int e;

	if (!or_enabled(o->fdt, node) || !(c = match(o->fdt, node, &u.driver)))
		return R_SKIP;
	if ((e = or_first_reg(o, node, &u.base)))
		return e;
	u.reg_shift = c->shift;
	u.reg_io_width = c->width;
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

/* /chosen stdout-path (":options" stripped; libfdt resolves an alias):
 * that node or none.  Else the first usable of aliases serial0..15. */
int or_read_console(struct oracle *o)
{
	int chosen = fdt_path_offset(o->fdt, "/chosen"), len = 0, node, e;
	const char *sp = NULL;
	char path[1024];

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
			return e == R_SKIP ? R_OK : e;
		}
	}
	for (int i = 0; i < 16; i++) {
		char alias[12] = "serial";
		alias[6] = (char)(i < 10 ? '0' + i : '1');
		alias[7] = (char)(i < 10 ? '\0' : '0' + i - 10);
		if ((node = fdt_path_offset(o->fdt, alias)) >= 0 &&
		    (e = uart_at(o, node)) != R_SKIP)
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
