/* SPDX-License-Identifier: BSD-2-Clause */
/* The tree's GIC and timer PPIs: see board/fdt_gic.h. */
#include "board/fdt_gic.h"

#include <string.h>

#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"

static const struct {
	const char *compatible;
	enum gic_version version;
} gic_bindings[] = {
	{ "arm,gic-v3", GIC_V3 },         { "arm,gic-400", GIC_V2 },
	{ "arm,cortex-a15-gic", GIC_V2 }, { "arm,cortex-a9-gic", GIC_V2 },
	{ "arm,cortex-a7-gic", GIC_V2 },
};

static const char *const timer_bindings[] = { "arm,armv8-timer", "arm,armv7-timer" };

/* GIC interrupt specifier (3 cells: type, number, flags; arm,gic.yaml):
 * type 1 is a PPI, INTID number + 16. */
#define GIC_SPEC_PPI   1
#define GIC_PPI_BASE   16
#define GIC_SPEC_BYTES 12
#define TIMER_IRQ_PHYS 1 /* the timer binding's order: sec phys, phys, virt, hyp */
#define TIMER_IRQ_VIRT 2

/* `why` built without printf (the FDT reader and board scan are
 * freestanding: tests/host/lib/fdt/fdt.mk host-fdt-freestanding). */
static void put(char *why, size_t whylen, const char *s, size_t n)
{
	size_t have = strlen(why);

	while (n-- && *s && have + 1 < whylen)
		why[have++] = *s++;
	why[have] = 0;
}

static void puts_(char *why, size_t whylen, const char *s)
{
	put(why, whylen, s, (size_t)-1);
}

static void putu(char *why, size_t whylen, unsigned v)
{
	char d[12];
	unsigned i = sizeof(d) - 1;

	d[i] = 0;
	do
		d[--i] = (char)('0' + v % 10);
	while ((v /= 10) && i);
	puts_(why, whylen, d + i);
}

static unsigned timer_ppi(const uint8_t *v, int len, unsigned idx)
{
	if (!v || len < (int)((idx + 1) * GIC_SPEC_BYTES))
		return 0;
	v += idx * GIC_SPEC_BYTES;
	if (fdt_read_cells(v, 1) != GIC_SPEC_PPI)
		return 0;
	return (unsigned)fdt_read_cells(v + 4, 1) + GIC_PPI_BASE;
}

static void read_timer(const struct fdt *f, struct gic_desc *out)
{
	for (unsigned b = 0; b < sizeof(timer_bindings) / sizeof(timer_bindings[0]); b++) {
		int node = fdt_find_compatible(f, -1, timer_bindings[b]), len;
		const uint8_t *v;

		if (node < 0 || !fdt_node_is_enabled(f, node))
			continue;
		v = fdt_getprop(f, node, "interrupts", &len);
		out->ptimer_ppi = timer_ppi(v, len, TIMER_IRQ_PHYS);
		out->vtimer_ppi = timer_ppi(v, len, TIMER_IRQ_VIRT);
		if (fdt_prop_u32(f, node, "clock-frequency", &out->timer_hz) != FDT_OK)
			out->timer_hz = 0;
		return;
	}
}

/* No GIC: name the controller the root's interrupt-parent points at (else
 * the first interrupt-controller node), for the report. */
static void why_none(const struct fdt *f, char *why, size_t whylen)
{
	uint32_t ph;
	int node = -1, len;
	const char *c;
	size_t clen;

	if (fdt_prop_u32(f, fdt_root(f), "interrupt-parent", &ph) == FDT_OK)
		node = fdt_node_by_phandle(f, ph);
	for (int n = fdt_root(f), depth = 0; node < 0 && n >= 0; n = fdt_next_node(f, n, &depth))
		if (fdt_getprop(f, n, "interrupt-controller", &len))
			node = n;
	c = node >= 0 ? fdt_stringlist_get(fdt_getprop(f, node, "compatible", &len), len, 0, &clen)
		      : NULL;
	if (c) {
		puts_(why, whylen, "the tree's interrupt controller is ");
		put(why, whylen, c, clen);
		puts_(why, whylen, ", not a GIC");
	} else {
		puts_(why, whylen, "the tree names no interrupt controller");
	}
}

static int reg(const struct fdt *f, int node, unsigned idx, uint64_t *base, uint64_t *size,
	       const char *what, char *why, size_t whylen)
{
	uint64_t sz;
	int err = fdt_node_reg(f, node, idx, base, size ? size : &sz);

	if (err != FDT_OK) {
		puts_(why, whylen, fdt_node_name(f, node));
		puts_(why, whylen, ": reg entry ");
		putu(why, whylen, idx);
		puts_(why, whylen, " (the ");
		puts_(why, whylen, what);
		puts_(why, whylen,
		      err == FDT_ERR_NOTFOUND ? ") missing or untranslatable" : ") malformed");
	}
	return err == FDT_OK ? FDT_OK : FDT_ERR_BADVALUE;
}

int board_read_gic(const void *blob, size_t size, struct gic_desc *out, char *why, size_t whylen)
{
	struct fdt f;
	int err, node = -1;
	unsigned b;

	memset(out, 0, sizeof(*out));
	why[0] = 0;
	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	for (b = 0; b < sizeof(gic_bindings) / sizeof(gic_bindings[0]) && node < 0; b++)
		for (node = fdt_find_compatible(&f, -1, gic_bindings[b].compatible);
		     node >= 0 && !fdt_node_is_enabled(&f, node);
		     node = fdt_find_compatible(&f, node, gic_bindings[b].compatible))
			;
	if (node < 0) {
		/* The Pi 2/3: no GIC; the cores' own interrupts (timers,
		 * mailboxes) come from the ARM-local block. */
		for (node = fdt_find_compatible(&f, -1, "brcm,bcm2836-l1-intc");
		     node >= 0 && !fdt_node_is_enabled(&f, node);
		     node = fdt_find_compatible(&f, node, "brcm,bcm2836-l1-intc"))
			;
		if (node >= 0) {
			out->version = IRQ_BCM2836;
			out->compatible = "brcm,bcm2836-l1-intc";
			return reg(&f, node, 0, &out->dist, NULL, "registers", why, whylen);
		}
		why_none(&f, why, whylen);
		return FDT_ERR_NOTFOUND;
	}
	b--;
	out->version = gic_bindings[b].version;
	out->compatible = gic_bindings[b].compatible;
	if ((err = reg(&f, node, 0, &out->dist, NULL, "distributor", why, whylen)))
		return err;
	if (out->version == GIC_V3) {
		uint32_t n = 1;
		const uint8_t *st;
		int len;

		if (fdt_prop_u32(&f, node, "#redistributor-regions", &n) == FDT_ERR_BADVALUE ||
		    n == 0 || n > GIC_MAX_RDIST_REGIONS) {
			puts_(why, whylen, fdt_node_name(&f, node));
			puts_(why, whylen, ": #redistributor-regions ");
			putu(why, whylen, (unsigned)n);
			puts_(why, whylen, " (1..4 taken: GIC_MAX_RDIST_REGIONS)");
			return FDT_ERR_BADVALUE;
		}
		for (unsigned i = 0; i < n; i++)
			if ((err = reg(&f, node, 1 + i, &out->rdist[i], &out->rdist_size[i],
				       "redistributor region", why, whylen)))
				return err;
		out->nrdist = n;
		for (int c = fdt_first_child(&f, node); c >= 0 && out->nits < GIC_MAX_ITS;
		     c = fdt_next_sibling(&f, c)) {
			uint64_t sz;
			if (fdt_node_is_compatible(&f, c, "arm,gic-v3-its") &&
			    fdt_node_is_enabled(&f, c) &&
			    fdt_node_reg(&f, c, 0, &out->its[out->nits], &sz) == FDT_OK)
				out->nits++;
		}
		st = fdt_getprop(&f, node, "redistributor-stride", &len);
		if (st && (len == 4 || len == 8))
			out->rdist_stride = fdt_read_cells(st, (unsigned)len / 4);
	} else {
		if ((err = reg(&f, node, 1, &out->cpu, NULL, "CPU interface", why, whylen)))
			return err;
		/* Not banked (Exynos4): each CPU's copies at + n * cpu-offset. */
		uint32_t off = 0;
		if (fdt_prop_u32(&f, node, "cpu-offset", &off) == FDT_OK)
			out->cpu_offset = off;
		for (int c = fdt_first_child(&f, node); c >= 0 && out->nv2m < GIC_MAX_V2M;
		     c = fdt_next_sibling(&f, c)) {
			uint64_t sz;
			if (fdt_node_is_compatible(&f, c, "arm,gic-v2m-frame") &&
			    fdt_node_is_enabled(&f, c) &&
			    fdt_node_reg(&f, c, 0, &out->v2m[out->nv2m], &sz) == FDT_OK)
				out->nv2m++;
		}
	}
	read_timer(&f, out);
	return FDT_OK;
}
