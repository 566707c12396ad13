/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_oracle_cpus.c — the libfdt oracle's /cpus (contract: oracle_read_cpus
 * in fdt_oracle.h), by the rules board/cpus.h states and
 * Documentation/devicetree/bindings/arm/cpus.yaml gives: the children of
 * /cpus whose device_type is "cpu", reg in /cpus' #address-cells (1 or 2,
 * 2 when absent as the Devicetree Specification's default; 0: no reg,
 * MPIDR 0), enable-method the CPU's own else /cpus' (its first string),
 * cpu-release-addr one or two cells, status. A CPU with no enable-method
 * (neither its own nor /cpus') on a tree with an enabled /psci node is
 * started by PSCI, as Linux on ARMv7 takes it (arch/arm/kernel/psci_smp.c
 * psci_smp_available) and as U-Boot's Layerscape fix-up writes it.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/host/lib/fdt/fdt_oracle_priv.h"

/* The first string of node's enable-method, or NULL (absent or empty). */
static const char *method_of(const void *fdt, int node, int *len)
{
	const char *v = fdt_getprop(fdt, node, "enable-method", len);

	return v && *len > 0 ? v : NULL;
}

enum oracle_status oracle_read_cpus(const void *blob, size_t size, struct oracle_cpu *out,
				    unsigned max, unsigned *count, int *libfdt_err)
{
	static void *copy; /* libfdt 1.6 wants the blob 8-byte aligned; malloc's is */
	const fdt32_t *acp;
	const char *pm;
	int cpus, node, len, plen = 0;
	unsigned ac = 2;

	*count = 0;
	*libfdt_err = 0;
	free(copy);
	if (!(copy = malloc(size ? size : 1)))
		abort();
	memcpy(copy, blob, size);
	if ((cpus = fdt_path_offset(copy, "/cpus")) < 0) {
		*libfdt_err = cpus;
		return ORACLE_LIBFDT;
	}
	if ((acp = fdt_getprop(copy, cpus, "#address-cells", &len)) != NULL) {
		if (len != 4 || fdt32_ld(acp) > 2)
			return ORACLE_BADVALUE;
		ac = fdt32_ld(acp);
	}
	pm = method_of(copy, cpus, &plen);
	int psci = fdt_path_offset(copy, "/psci");
	bool psci_default = !pm && psci >= 0 && or_enabled(copy, psci);
	fdt_for_each_subnode(node, copy, cpus)
	{
		const char *dt = fdt_getprop(copy, node, "device_type", &len), *m;
		const uint8_t *reg, *rel;
		struct oracle_cpu c = { 0 };
		int mlen;

		if (!or_first_is(dt, len, "cpu"))
			continue;
		reg = fdt_getprop(copy, node, "reg", &len);
		if (ac && (!reg || len < (int)(4 * ac)))
			return ORACLE_BADVALUE;
		for (unsigned i = 0; i < ac; i++)
			c.mpidr = c.mpidr << 32 | fdt32_ld((const fdt32_t *)(reg + 4 * i));
		if (!(m = method_of(copy, node, &mlen)))
			m = pm, mlen = plen;
		if (!m && psci_default)
			m = "psci", mlen = sizeof("psci");
		or_copy_first(c.method, sizeof c.method, m, m ? mlen : 0);
		rel = fdt_getprop(copy, node, "cpu-release-addr", &len);
		if (rel && (len == 4 || len == 8))
			for (int i = 0; i < len / 4; i++)
				c.release_addr = c.release_addr << 32 |
						 fdt32_ld((const fdt32_t *)(rel + 4 * i));
		c.disabled = !or_enabled(copy, node);
		if (*count < max)
			out[*count] = c;
		++*count;
	}
	return ORACLE_OK;
}
