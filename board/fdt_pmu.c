/* SPDX-License-Identifier: BSD-2-Clause */
/* The PMU's interrupt and the PPI numbers from the tree: see board/fdt_pmu.h. */
#include "board/fdt_pmu.h"

#include <stdbool.h>
#include <string.h>

#include "lib/fdt/fdt.h"

/* GIC interrupt specifier (arm,gic.yaml, arm,gic-v3.yaml): type 0 an SPI
 * (INTID 32 + number), 1 a PPI (INTID 16 + number); then flags, and on a
 * GICv3 with PPI partitions a fourth cell. */
#define SPEC_SPI 0
#define SPEC_PPI 1
#define SPI_BASE 32
#define PPI_BASE 16

static void copy(char *dst, size_t n, const char *src, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < n && i < len && src[i]; i++)
		dst[i] = src[i];
	dst[i] = 0;
}

static void say(char *why, size_t whylen, const struct fdt *f, int node, const char *what)
{
	size_t have;

	copy(why, whylen, fdt_node_name(f, node), (size_t)-1);
	have = strlen(why);
	copy(why + have, whylen - have, what, (size_t)-1);
}

static unsigned cells_of(const struct fdt *f, int ctrl)
{
	uint32_t c;

	return fdt_prop_u32(f, ctrl, "#interrupt-cells", &c) == FDT_OK ? c : 0;
}

/* A GIC's specifier: an interrupt controller with the binding's 3 (or 4)
 * cells; the Raspberry Pi's bcm2836-l1-intc has 2. */
static bool is_gic(const struct fdt *f, int ctrl)
{
	int len;

	return ctrl >= 0 && fdt_getprop(f, ctrl, "interrupt-controller", &len) &&
	       cells_of(f, ctrl) >= 3;
}

/* Specifier i of node's interrupts as an INTID; 0 where there is none. */
static unsigned spec_intid(const struct fdt *f, int node, unsigned i, unsigned cells, int *type)
{
	int len;
	const uint8_t *v = fdt_getprop(f, node, "interrupts", &len);

	if (!v || cells < 2 || len < (int)((i + 1) * cells * 4))
		return 0;
	v += i * cells * 4;
	*type = (int)fdt_read_cells(v, 1);
	if (*type == SPEC_SPI)
		return SPI_BASE + (unsigned)fdt_read_cells(v + 4, 1);
	if (*type == SPEC_PPI)
		return PPI_BASE + (unsigned)fdt_read_cells(v + 4, 1);
	return 0;
}

static int cpus_node(const struct fdt *f)
{
	return fdt_path_offset(f, "/cpus");
}

static bool is_cpu(const struct fdt *f, int node)
{
	const char *t;

	return fdt_prop_string(f, node, "device_type", &t) == FDT_OK && !strcmp(t, "cpu");
}

/* A /cpus node's MPIDR affinity: its reg, #address-cells of /cpus wide. */
static bool cpu_mpidr(const struct fdt *f, int cpu, uint64_t *mpidr)
{
	uint32_t ac = 1;
	int len;
	const uint8_t *reg = fdt_getprop(f, cpu, "reg", &len);

	if (fdt_prop_u32(f, fdt_parent(f, cpu), "#address-cells", &ac) != FDT_OK || ac < 1 ||
	    ac > 2)
		ac = 1;
	if (!reg || len < (int)ac * 4)
		return false;
	*mpidr = fdt_read_cells(reg, ac);
	return true;
}

static bool pmu_compatible(const char *s, size_t len)
{
	static const char suffix[] = "-pmu";

	if (len == sizeof("arm,armv8-pmuv3") - 1 && !memcmp(s, "arm,armv8-pmuv3", len))
		return true;
	return len > 4 + sizeof(suffix) - 1 && !memcmp(s, "arm,", 4) &&
	       !memcmp(s + len - (sizeof(suffix) - 1), suffix, sizeof(suffix) - 1);
}

static int find_pmu(const struct fdt *f, char *compat, size_t n)
{
	int depth = 0, len;

	for (int node = fdt_next_node(f, -1, &depth); node >= 0;
	     node = fdt_next_node(f, node, &depth)) {
		const void *c = fdt_getprop(f, node, "compatible", &len);
		const char *s;
		size_t slen;

		if (!c || !fdt_node_is_enabled(f, node))
			continue;
		for (int i = 0; (s = fdt_stringlist_get(c, len, i, &slen)) != NULL; i++)
			if (pmu_compatible(s, slen)) {
				s = fdt_stringlist_get(c, len, 0, &slen);
				copy(compat, n, s, slen);
				return node;
			}
	}
	return FDT_ERR_NOTFOUND;
}

/* SPI i's CPU: interrupt-affinity's phandle i, else the i-th /cpus node. */
static int spi_cpu(const struct fdt *f, int pmu, unsigned i, int *affinity)
{
	int len, k = 0;
	const uint8_t *a = fdt_getprop(f, pmu, "interrupt-affinity", &len);

	*affinity = a != NULL;
	if (a)
		return len >= (int)(i + 1) * 4
			       ? fdt_node_by_phandle(f, (uint32_t)fdt_read_cells(a + 4 * i, 1))
			       : FDT_ERR_NOTFOUND;
	for (int c = fdt_first_child(f, cpus_node(f)); c >= 0; c = fdt_next_sibling(f, c))
		if (is_cpu(f, c) && k++ == (int)i)
			return c;
	return FDT_ERR_NOTFOUND;
}

int board_read_pmu(const void *blob, size_t size, struct board_pmu *out, char *why, size_t whylen)
{
	struct fdt f;
	int err, pmu, parent, len, type = -1;
	unsigned cells, n, id;

	memset(out, 0, sizeof(*out));
	why[0] = 0;
	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	if ((pmu = find_pmu(&f, out->compatible, sizeof(out->compatible))) < 0)
		return FDT_ERR_NOTFOUND;
	parent = fdt_interrupt_parent(&f, pmu);
	if (!fdt_getprop(&f, pmu, "interrupts", &len)) {
		out->kind = BOARD_PMU_NO_IRQ;
		return FDT_OK;
	}
	if (!is_gic(&f, parent)) {
		const char *s = NULL;
		size_t slen = 0;
		const void *c = parent >= 0 ? fdt_getprop(&f, parent, "compatible", &len) : NULL;

		if (c)
			s = fdt_stringlist_get(c, len, 0, &slen);
		copy(out->parent, sizeof(out->parent), s ? s : "none", s ? slen : 4);
		out->kind = BOARD_PMU_NOT_GIC;
		return FDT_OK;
	}
	cells = cells_of(&f, parent);
	fdt_getprop(&f, pmu, "interrupts", &len);
	for (n = 0; (n + 1) * cells * 4 <= (unsigned)len; n++) /* no divide: freestanding ARMv7 */
		;
	if (n == 0 || n * cells * 4 != (unsigned)len) {
		say(why, whylen, &f, pmu, ": interrupts not a whole number of specifiers");
		return FDT_ERR_BADVALUE;
	}
	id = spec_intid(&f, pmu, 0, cells, &type);
	if (type == SPEC_PPI) {
		out->kind = BOARD_PMU_PPI;
		out->ppi = id;
		if (n > 1)
			say(why, whylen, &f, pmu, ": more than one PPI");
		return n > 1 ? FDT_ERR_BADVALUE : FDT_OK;
	}
	if (n > BOARD_PMU_MAX_SPIS) {
		say(why, whylen, &f, pmu, ": more SPIs than taken (BOARD_PMU_MAX_SPIS)");
		return FDT_ERR_BADVALUE;
	}
	out->kind = BOARD_PMU_SPI;
	for (unsigned i = 0; i < n; i++) {
		int cpu = spi_cpu(&f, pmu, i, &out->affinity);

		id = spec_intid(&f, pmu, i, cells, &type);
		if (type != SPEC_SPI || !id) {
			say(why, whylen, &f, pmu, ": a PPI among the SPIs");
			return FDT_ERR_BADVALUE;
		}
		if (cpu < 0 || !is_cpu(&f, cpu) || !cpu_mpidr(&f, cpu, &out->mpidr[i])) {
			say(why, whylen, &f, pmu,
			    out->affinity ? ": interrupt-affinity names no CPU for an SPI"
					  : ": more SPIs than /cpus nodes");
			return FDT_ERR_BADVALUE;
		}
		out->spi[i] = id;
	}
	out->nspi = n;
	return FDT_OK;
}

unsigned board_pmu_intid(const struct board_pmu *p, uint64_t mpidr)
{
	if (p->kind == BOARD_PMU_PPI)
		return p->ppi;
	for (unsigned i = 0; p->kind == BOARD_PMU_SPI && i < p->nspi; i++)
		if (p->mpidr[i] == mpidr)
			return p->spi[i];
	return 0;
}

/* BSA's recommended INTIDs, in the generic timer binding's order
 * (arm,arch_timer.yaml: sec-phys, phys, virt, hyp-phys, hyp-virt). */
static const struct board_ppi_check timer_want[] = {
	{ "secure physical timer", "B_PPI_03", 29, 0 },
	{ "non-secure physical timer", "B_PPI_01", 30, 0 },
	{ "virtual timer", "B_PPI_01", 27, 0 },
	{ "hypervisor physical timer", "B_PPI_02", 26, 0 },
	{ "hypervisor virtual timer", "B_PPI_02", 28, 0 },
};
static const struct board_ppi_check pmu_want = { "PMU", "B_PPI_01", 23, 0 };
static const struct board_ppi_check maint_want = { "GIC maintenance", "B_PPI_02", 25, 0 };

static unsigned add(struct board_ppi_check *out, unsigned k, unsigned max,
		    const struct board_ppi_check *w, unsigned got)
{
	if (!got || k >= max)
		return k;
	out[k] = *w;
	out[k].got = got;
	return k + 1;
}

int board_ppi_lint(const void *blob, size_t size, struct board_ppi_check *out, unsigned max)
{
	struct fdt f;
	int err, node, depth = 0, type;
	unsigned k = 0;
	bool maint = false;
	char c[32];

	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	for (node = fdt_next_node(&f, -1, &depth); node >= 0;
	     node = fdt_next_node(&f, node, &depth)) {
		int p;

		if (!fdt_node_is_enabled(&f, node))
			continue;
		if (fdt_node_is_compatible(&f, node, "arm,armv8-timer") ||
		    fdt_node_is_compatible(&f, node, "arm,armv7-timer")) {
			p = fdt_interrupt_parent(&f, node);
			for (unsigned i = 0; is_gic(&f, p) && i < 5; i++)
				k = add(out, k, max, &timer_want[i],
					spec_intid(&f, node, i, cells_of(&f, p), &type));
		} else if (is_gic(&f, node) && !maint &&
			   (fdt_interrupt_parent(&f, node) == node ||
			    fdt_interrupt_parent(&f, node) < 0)) {
			/* The root GIC's own interrupt: its maintenance PPI (arm,gic.yaml). */
			maint = true;
			k = add(out, k, max, &maint_want,
				spec_intid(&f, node, 0, cells_of(&f, node), &type));
		}
	}
	node = find_pmu(&f, c, sizeof(c));
	if (node >= 0 && is_gic(&f, fdt_interrupt_parent(&f, node))) {
		unsigned id = spec_intid(&f, node, 0, cells_of(&f, fdt_interrupt_parent(&f, node)),
					 &type);

		if (type == SPEC_PPI) /* per-CPU SPIs have no recommended number */
			k = add(out, k, max, &pmu_want, id);
	}
	return (int)k;
}
