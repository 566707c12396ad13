/* SPDX-License-Identifier: BSD-2-Clause */
/* The reader's record of the first malformed property: see fdt_scan.h. */
#include <string.h>

#include "board/fdt_bad.h"
#include "lib/fdt/fdt_addr.h"

static struct fdt_bad bad;
/* Set while a reg is read whose error is not the read's (a device range,
 * a UART the console rules may never reach): nothing is recorded. */
static bool bad_quiet;

const struct fdt_bad *fdt_board_bad(void)
{
	return &bad;
}

void fdt_bad_prop_reset(void)
{
	bad.node[0] = 0;
	bad.prop = NULL;
}

void fdt_bad_prop_quiet(bool on)
{
	bad_quiet = on;
}

int fdt_bad_prop_path(const char *path, size_t n, const char *prop, int len)
{
	if (!bad.node[0] && !bad_quiet) { /* the first one met */
		if (n > sizeof bad.node - 1)
			n = sizeof bad.node - 1;
		memcpy(bad.node, path, n);
		bad.node[n] = 0;
		bad.prop = prop;
		bad.len = len;
	}
	return FDT_ERR_BADVALUE;
}

int fdt_bad_prop_node(const struct fdt *f, int node, const char *prop, int len)
{
	char path[BOARD_PATH_MAX];

	if (fdt_node_path(f, node, path, sizeof path))
		path[0] = 0;
	return fdt_bad_prop_path(path[0] ? path : "?", strlen(path[0] ? path : "?"), prop, len);
}

int fdt_bad_reg(const struct fdt *f, int node)
{
	int bus = fdt_parent(f, node), len = 0;
	unsigned ac = 2, sc = 1;

	if (bus >= 0 && fdt_address_cells(f, bus, &ac))
		return fdt_getprop(f, bus, "#address-cells", &len),
		       fdt_bad_prop_node(f, bus, "#address-cells", len);
	if (bus >= 0 && fdt_size_cells(f, bus, &sc))
		return fdt_getprop(f, bus, "#size-cells", &len),
		       fdt_bad_prop_node(f, bus, "#size-cells", len);
	unsigned n;
	if (fdt_getprop(f, node, "reg", &len) && !fdt_entries(len, 4 * (ac + sc), &n))
		return fdt_bad_prop_node(f, node, "reg", len);
	return fdt_bad_prop_node(f, bus >= 0 ? bus : node, NULL, 0);
}
