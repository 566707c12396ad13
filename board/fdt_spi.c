/* SPDX-License-Identifier: BSD-2-Clause */
/* The SPIs a device tree leaves free: see board/fdt_spi.h. */
#include "board/fdt_spi.h"

#include <stdint.h>
#include <string.h>

#include "lib/fdt/fdt.h"

#define GIC_SPEC_SPI 0 /* the GIC binding's first cell: 0 SPI, 1 PPI */
#define SPI_BASE     32
#define MAX_LINES    1020

static unsigned cells_of(const struct fdt *f, int ctrl)
{
	uint32_t c;

	return fdt_prop_u32(f, ctrl, "#interrupt-cells", &c) == FDT_OK && c ? c : 1;
}

static void mark(uint32_t *named, const uint8_t *spec, unsigned cells)
{
	uint64_t id;

	if (cells < 2 || fdt_read_cells(spec, 1) != GIC_SPEC_SPI)
		return;
	id = SPI_BASE + fdt_read_cells(spec + 4, 1);
	if (id < MAX_LINES)
		named[id / 32] |= 1u << (id % 32);
}

static unsigned prop_or(const struct fdt *f, int node, const char *name, unsigned dflt)
{
	uint32_t c;

	return fdt_prop_u32(f, node, name, &c) == FDT_OK ? c : dflt;
}

/* An interrupt nexus (a bus's or PCI's interrupt-map, DTSpec 2.4.3.1):
 * each entry is the child's unit address and specifier (the nexus's
 * #address-cells, default 2, and #interrupt-cells), the parent's phandle,
 * its unit address (its #address-cells, 0 if absent) and specifier. */
static void scan_map(const struct fdt *f, int node, int gic, uint32_t *named)
{
	int len;
	const uint8_t *v = fdt_getprop(f, node, "interrupt-map", &len);
	unsigned skip = 4 * (prop_or(f, node, "#address-cells", 2) + cells_of(f, node));

	for (int o = 0; v && o + (int)skip + 4 <= len;) {
		int p = fdt_node_by_phandle(f, (uint32_t)fdt_read_cells(v + o + skip, 1));
		unsigned pa, pc;
		if (p < 0)
			return;
		pa = prop_or(f, p, "#address-cells", 0);
		pc = cells_of(f, p);
		o += (int)(skip + 4 + 4 * pa);
		if (o + (int)pc * 4 > len)
			return;
		if (p == gic)
			mark(named, v + o, pc);
		o += (int)pc * 4;
	}
}

static void scan(const struct fdt *f, int gic, uint32_t *named)
{
	unsigned gcells = cells_of(f, gic);
	int depth = 0, len;

	for (int n = fdt_next_node(f, -1, &depth); n >= 0; n = fdt_next_node(f, n, &depth)) {
		const uint8_t *v = fdt_getprop(f, n, "interrupts", &len);

		if (v && len > 0 && fdt_interrupt_parent(f, n) == gic)
			for (int o = 0; o + (int)gcells * 4 <= len; o += (int)gcells * 4)
				mark(named, v + o, gcells);
		scan_map(f, n, gic, named);
		v = fdt_getprop(f, n, "interrupts-extended", &len);
		for (int o = 0; v && o + 4 <= len;) {
			int ctrl = fdt_node_by_phandle(f, (uint32_t)fdt_read_cells(v + o, 1));
			unsigned c;
			if (ctrl < 0)
				break; /* the entries' size is unknown from here on */
			c = cells_of(f, ctrl);
			if (o + 4 + (int)c * 4 > len)
				break;
			if (ctrl == gic)
				mark(named, v + o + 4, c);
			o += 4 + (int)c * 4;
		}
	}
}

int board_gic_spi_free(const void *blob, size_t size, const char *gic_compat, unsigned nlines)
{
	uint32_t named[(MAX_LINES + 31) / 32];
	struct fdt f;
	int err, gic;

	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	for (gic = fdt_find_compatible(&f, -1, gic_compat);
	     gic >= 0 && !fdt_node_is_enabled(&f, gic);
	     gic = fdt_find_compatible(&f, gic, gic_compat))
		;
	if (gic < 0)
		return FDT_ERR_NOTFOUND;
	memset(named, 0, sizeof(named));
	scan(&f, gic, named);
	if (nlines > MAX_LINES)
		nlines = MAX_LINES;
	for (unsigned id = nlines; id-- > SPI_BASE;) {
#ifdef FDT_SPI_MUTANT_HIGHEST /* host-gic: the highest SPI, named or not (caught) */
		return (int)id;
#endif
		if (!(named[id / 32] >> (id % 32) & 1))
			return (int)id;
	}
	return 0;
}
