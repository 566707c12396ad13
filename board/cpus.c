/* SPDX-License-Identifier: BSD-2-Clause */
/* The tree's /cpus: see board/cpus.h. */
#include "board/cpus.h"

#include <string.h>

#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"

static uint64_t be_cells(const uint8_t *p, unsigned cells)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < cells * 4; i++)
		v = v << 8 | p[i];
	return v;
}

static enum cpu_method method_of(const char *s)
{
	if (!s || !*s)
		return CPU_METHOD_NONE;
	if (!strcmp(s, "psci"))
		return CPU_METHOD_PSCI;
	if (!strcmp(s, "spin-table"))
		return CPU_METHOD_SPIN_TABLE;
	return CPU_METHOD_OTHER;
}

const char *cpu_method_name(enum cpu_method m)
{
	static const char *const names[] = { "none", "psci", "spin-table", "board method" };
	return m <= CPU_METHOD_OTHER ? names[m] : "?";
}

/* The first string of a node's enable-method, or NULL. */
static const char *enable_method(const struct fdt *f, int node)
{
	int len;
	const char *v = fdt_getprop(f, node, "enable-method", &len);
	size_t slen;

	return v && len > 0 ? fdt_stringlist_get(v, len, 0, &slen) : NULL;
}

int board_read_cpus(const void *blob, size_t size, struct board_cpu *out, unsigned max,
		    unsigned *count)
{
	struct fdt f;
	uint32_t ac = 2;
	int err, cpus, node, len;
	const char *parent_method, *root;
	bool psci_default = false;
	int root_len = 0;

	*count = 0;
	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	if ((cpus = fdt_path_offset(&f, "/cpus")) < 0)
		return cpus;
	err = fdt_prop_u32(&f, cpus, "#address-cells", &ac);
	if ((err != FDT_OK && err != FDT_ERR_NOTFOUND) || ac > 2)
		return FDT_ERR_BADVALUE;
	parent_method = enable_method(&f, cpus);
	/* A CPU naming no enable-method, on a tree with an enabled /psci: PSCI
	 * CPU_ON, as Linux on ARMv7 takes it (arch/arm/kernel/psci_smp.c,
	 * psci_smp_available(); Calxeda's ECX-1000/2000 trees name none). */
	if (!parent_method && (node = fdt_path_offset(&f, "/psci")) >= 0 &&
	    fdt_node_is_enabled(&f, node))
		psci_default = true;
	root = fdt_getprop(&f, fdt_root(&f), "compatible", &root_len);
	for (node = fdt_first_child(&f, cpus); node >= 0; node = fdt_next_sibling(&f, node)) {
		const char *type, *status, *m;
		const uint8_t *reg, *rel;
		struct board_cpu c;

		if (fdt_prop_string(&f, node, "device_type", &type) != FDT_OK ||
		    strcmp(type, "cpu") != 0)
			continue;
		reg = fdt_getprop(&f, node, "reg", &len);
		if (ac && (!reg || len < (int)(4 * ac)))
			return FDT_ERR_BADVALUE;
		memset(&c, 0, sizeof(c));
		c.mpidr = ac ? be_cells(reg, ac) : 0; /* #address-cells 0: one CPU, no reg */
		m = enable_method(&f, node);
		if (!m)
			m = parent_method;
		c.method = method_of(m);
		c.start = start_method_find(m, psci_default, root, root ? root_len : 0);
		c.machine = m ? NULL : start_method_find(NULL, false, root, root ? root_len : 0);
		if (!m && psci_default)
			c.method = CPU_METHOD_PSCI, m = "psci";
		if (m)
			strncpy(c.method_name, m, sizeof(c.method_name) - 1);
		rel = fdt_getprop(&f, node, "cpu-release-addr", &len);
		if (rel && (len == 4 || len == 8))
			c.release_addr = be_cells(rel, (unsigned)len / 4);
		if (fdt_prop_string(&f, node, "status", &status) == FDT_OK)
			c.disabled = strcmp(status, "okay") != 0 && strcmp(status, "ok") != 0;
		if (*count < max)
			out[*count] = c;
		++*count;
	}
	return FDT_OK;
}

int board_compatible_reg(const void *blob, size_t size, const char *compat, uint64_t *base)
{
	struct fdt f;
	uint64_t sz;
	int err, node;

	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	for (node = fdt_find_compatible(&f, -1, compat); node >= 0;
	     node = fdt_find_compatible(&f, node, compat)) {
		const char *status;
		if (fdt_prop_string(&f, node, "status", &status) == FDT_OK &&
		    strcmp(status, "okay") != 0 && strcmp(status, "ok") != 0)
			continue;
		return fdt_node_reg(&f, node, 0, base, &sz);
	}
	return FDT_ERR_NOTFOUND;
}

bool board_root_compatible(const void *blob, size_t size, const char *compat)
{
	struct fdt f;

	return fdt_open(&f, blob, size) == FDT_OK &&
	       fdt_node_is_compatible(&f, fdt_root(&f), compat);
}
