/* SPDX-License-Identifier: BSD-2-Clause */
/* The tree's watchdog: see fdt_watchdog.h. */
#include "board/fdt_watchdog.h"

#include <string.h>

#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"

static const struct wdt_driver *driver_for(const char *list, int len, const char **which)
{
	for (int i = 0;; i++) {
		size_t l;
		const char *s = fdt_stringlist_get(list, len, i, &l);

		if (!s)
			return NULL;
		WDT_EACH_DRIVER(d)
		for (unsigned k = 0; k < d->ncompat; k++)
			if (strlen(d->compat[k]) == l && !memcmp(s, d->compat[k], l)) {
				*which = d->compat[k];
				return d;
			}
	}
}

/* The node's interrupt parent's #interrupt-cells, or 0. */
static uint32_t parent_cells(const struct fdt *f, int node)
{
	uint32_t ph, cells = 0;

	for (int n = node; n >= 0; n = fdt_parent(f, n))
		if (fdt_prop_u32(f, n, "interrupt-parent", &ph) == FDT_OK) {
			int p = fdt_node_by_phandle(f, ph);

			if (p < 0 || fdt_prop_u32(f, p, "#interrupt-cells", &cells) != FDT_OK)
				return 0;
			return cells;
		}
	return 0;
}

static unsigned intid(const struct fdt *f, int node)
{
	int len;
	const uint8_t *v = fdt_getprop(f, node, "interrupts", &len);

	if (!v || len < 12 || parent_cells(f, node) != 3)
		return 0;
	uint32_t type = (uint32_t)fdt_read_cells(v, 1), n = (uint32_t)fdt_read_cells(v + 4, 1);
	return type == 0 && n < 988 ? 32 + n : type == 1 && n < 16 ? 16 + n : 0;
}

static uint32_t clock_hz(const struct fdt *f, int node)
{
	uint32_t hz = 0, ph;
	int len;
	const uint8_t *c;

	if (fdt_prop_u32(f, node, "clock-frequency", &hz) == FDT_OK)
		return hz;
	c = fdt_getprop(f, node, "clocks", &len);
	if (!c || len < 4)
		return 0;
	ph = (uint32_t)fdt_read_cells(c, 1);
	node = fdt_node_by_phandle(f, ph);
	if (node < 0 || !fdt_node_is_compatible(f, node, "fixed-clock") ||
	    fdt_prop_u32(f, node, "clock-frequency", &hz) != FDT_OK)
		return 0;
	return hz;
}

int board_read_watchdog(const void *blob, size_t size, struct wdt_desc *out)
{
	struct fdt f;
	int r = fdt_open(&f, blob, size), depth = 0;

	memset(out, 0, sizeof(*out));
	if (r < 0)
		return r;
	for (int n = fdt_next_node(&f, -1, &depth); n >= 0; n = fdt_next_node(&f, n, &depth)) {
		int len;
		const char *c = fdt_getprop(&f, n, "compatible", &len);
		const struct wdt_driver *d;
		uint64_t size0;

#ifdef WDT_MUTANT_DISABLED /* host-watchdog: a disabled node taken too (caught) */
		if (!c || !(d = driver_for(c, len, &out->compat)))
#else
		if (!c || !fdt_node_is_enabled(&f, n) || !(d = driver_for(c, len, &out->compat)))
#endif
			continue;
		r = fdt_node_reg(&f, n, 0, &out->base, &size0);
		if (r < 0)
			return r;
		if (fdt_node_reg(&f, n, 1, &out->base2, &size0) < 0)
			out->base2 = 0;
		out->driver = d;
		out->intid = intid(&f, n);
		out->hz = clock_hz(&f, n);
		fdt_node_path(&f, n, out->path, sizeof(out->path));
		return 0;
	}
	return FDT_ERR_NOTFOUND;
}
