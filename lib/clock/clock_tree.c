/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tree's clocks for the clock checks (lib/clock/clock.h). Bindings:
 * Documentation/devicetree/bindings/clock/clock-bindings.txt (clocks,
 * #clock-cells, assigned-clocks / assigned-clock-parents) and
 * fixed-clock.yaml; opp/opp-v2.yaml and opp/opp-v1.yaml; arm/cpus.yaml
 * (clock-frequency, one or two cells) in Linux.
 */
#include "lib/clock/clock.h"

#include <string.h>

#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"

#define CLOCK_MAX_HOPS 8 /* assigned-clock-parents followed at most so far */

static uint32_t be32(const void *p, unsigned i)
{
	return (uint32_t)fdt_read_cells((const uint8_t *)p + 4 * i, 1);
}

static unsigned clock_cells(const struct fdt *f, int node)
{
	uint32_t c = 0;

	return fdt_prop_u32(f, node, "#clock-cells", &c) == FDT_OK && c <= 4 ? c : 0;
}

/* A fixed-clock's rate, 0 if node is not one or says none. */
static uint32_t fixed_hz(const struct fdt *f, int node)
{
	uint32_t hz = 0;

	if (!fdt_node_is_compatible(f, node, "fixed-clock") ||
	    fdt_prop_u32(f, node, "clock-frequency", &hz) != FDT_OK)
		return 0;
	return hz;
}

/* The parent assigned to output (prov, args[0..n)) in prov's own
 * assigned-clocks / assigned-clock-parents; the parent's node, or < 0. */
static int assigned_parent(const struct fdt *f, int prov, const uint32_t *args, unsigned n)
{
	int la, lp;
	const uint8_t *a = fdt_getprop(f, prov, "assigned-clocks", &la);
	const uint8_t *p = fdt_getprop(f, prov, "assigned-clock-parents", &lp);
	unsigned ia = 0, ip = 0;
	uint32_t self = 0;

	if (!a || !p || fdt_prop_u32(f, prov, "phandle", &self) != FDT_OK)
		return FDT_ERR_NOTFOUND;
	while (4 * (ia + 1) <= (unsigned)la && 4 * (ip + 1) <= (unsigned)lp) {
		int an = fdt_node_by_phandle(f, be32(a, ia));
		int pn = fdt_node_by_phandle(f, be32(p, ip));
		unsigned ac = an >= 0 ? clock_cells(f, an) : 0,
			 pc = pn >= 0 ? clock_cells(f, pn) : 0;
		bool same = be32(a, ia) == self && ac == n && 4 * (ia + 1 + ac) <= (unsigned)la;

		for (unsigned i = 0; same && i < n; i++)
			same = be32(a, ia + 1 + i) == args[i];
		if (same)
			return pn;
		ia += 1 + ac;
		ip += 1 + pc;
	}
	return FDT_ERR_NOTFOUND;
}

/* The rate of the node's first "clocks" entry, followed down assigned
 * parents to a fixed-clock; *from gets the fixed-clock's node. */
static uint32_t first_clock_hz(const struct fdt *f, int node, int *from)
{
	int len, prov;
	const void *c = fdt_getprop(f, node, "clocks", &len);
	uint32_t args[4];
	unsigned n;

	if (!c || len < 4 || (prov = fdt_node_by_phandle(f, be32(c, 0))) < 0)
		return 0;
	n = clock_cells(f, prov);
	if (4 * (1 + n) > (unsigned)len)
		return 0;
	for (unsigned i = 0; i < n; i++)
		args[i] = be32(c, 1 + i);
	for (unsigned hop = 0; hop < CLOCK_MAX_HOPS && prov >= 0; hop++) {
		uint32_t hz = fixed_hz(f, prov);

		if (hz) {
			*from = prov;
			return hz;
		}
		prov = assigned_parent(f, prov, args, n);
#ifdef CLOCK_MUTANT_NO_ASSIGNED /* host-clock: the SP810's parents not followed (caught) */
		prov = FDT_ERR_NOTFOUND;
#endif
		n = 0; /* a fixed-clock parent takes no cells */
	}
	return 0;
}

/* The fixed-clock whose node name (before any @) or clock-output-names
 * is `name` (i.MX6 trees: /clocks/ckil; i.MX7: /clock-cki, output "ckil"). */
static int named_clock(const struct fdt *f, const char *name)
{
	int depth = 0, len;
	size_t n = strlen(name);

	for (int node = fdt_next_node(f, -1, &depth); node >= 0;
	     node = fdt_next_node(f, node, &depth)) {
		const char *s = fdt_node_name(f, node);
		const void *out = fdt_getprop(f, node, "clock-output-names", &len);

		if (!fixed_hz(f, node))
			continue;
		if ((s && !strncmp(s, name, n) && (s[n] == 0 || s[n] == '@')) ||
		    (out && fdt_stringlist_contains(out, len, name)))
			return node;
	}
	return FDT_ERR_NOTFOUND;
}

static void found_hz(const struct fdt *f, int node, const struct clock_timer *t,
		     struct clock_found *out)
{
	int from = node;

	switch (t->hz_rule) {
	case CLOCK_HZ_PROP:
		if (fdt_prop_u32(f, node, "clock-frequency", &out->hz) != FDT_OK)
			out->hz = 0;
		break;
	case CLOCK_HZ_CLOCKS: out->hz = first_clock_hz(f, node, &from); break;
	case CLOCK_HZ_NAMED:
		from = named_clock(f, t->hz_clock);
		out->hz = from >= 0 ? fixed_hz(f, from) : 0;
		break;
	case CLOCK_HZ_FIXED: out->hz = t->fixed_hz; break;
	}
	if (out->hz && t->hz_rule != CLOCK_HZ_FIXED)
		fdt_node_path(f, from, out->hz_path, sizeof out->hz_path);
	else if (out->hz)
		strcpy(out->hz_path, "its binding");
}

int clock_find_timer(const void *blob, size_t size, bool skip_slow, struct clock_found *out)
{
	struct fdt f;
	int err;

	memset(out, 0, sizeof *out);
	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	for (unsigned i = 0; i < clock_ntimers; i++) {
		const struct clock_timer *t = &clock_timers[i];

		if (skip_slow && t->hz_rule == CLOCK_HZ_FIXED && t->fixed_hz < 1000)
			continue;
		for (const char *const *c = t->compat; *c; c++)
			for (int node = fdt_find_compatible(&f, -1, *c); node >= 0;
			     node = fdt_find_compatible(&f, node, *c)) {
				uint64_t size_ = 0;

				if (!fdt_node_is_enabled(&f, node) ||
				    fdt_node_reg(&f, node, 0, &out->base, &size_) != FDT_OK)
					continue;
				out->timer = t;
				fdt_node_path(&f, node, out->path, sizeof out->path);
				found_hz(&f, node, t, out);
				return FDT_OK;
			}
	}
	return FDT_OK;
}

static void add_hz(struct clock_cpu_ref *out, uint64_t hz)
{
	if (hz && out->n < CLOCK_MAX_OPPS)
		out->hz[out->n++] = hz;
}

static void cpu_ref_of(const struct fdt *f, int cpu, struct clock_cpu_ref *out)
{
	int len, table;
	const void *p = fdt_getprop(f, cpu, "clock-frequency", &len);
	uint32_t ph;

	if (p && (len == 4 || len == 8)) {
		out->what = "clock-frequency";
		add_hz(out, fdt_read_cells(p, (unsigned)len / 4));
		return;
	}
	if (fdt_prop_u32(f, cpu, "operating-points-v2", &ph) == FDT_OK &&
	    (table = fdt_node_by_phandle(f, ph)) >= 0) {
		out->what = "operating-points-v2";
		for (int o = fdt_first_child(f, table); o >= 0; o = fdt_next_sibling(f, o))
			if (fdt_node_is_enabled(f, o) && (p = fdt_getprop(f, o, "opp-hz", &len)) &&
			    len >= 8)
				add_hz(out, fdt_read_cells(p, 2));
		return;
	}
	if ((p = fdt_getprop(f, cpu, "operating-points", &len)) && len >= 8) {
		out->what = "operating-points";
		for (int i = 0; 8 * (i + 1) <= len; i++)
#ifndef CLOCK_MUTANT_OPP_KHZ /* host-clock: kHz taken as Hz (caught) */
			add_hz(out, (uint64_t)be32(p, 2 * (unsigned)i) * 1000);
#else
			add_hz(out, be32(p, 2 * (unsigned)i));
#endif
	}
}

int clock_cpu_ref(const void *blob, size_t size, uint64_t mpidr, struct clock_cpu_ref *out)
{
	struct fdt f;
	int err, cpus;
	unsigned ac = 1;

	memset(out, 0, sizeof *out);
	if ((err = fdt_open(&f, blob, size)) != FDT_OK)
		return err;
	if ((cpus = fdt_path_offset(&f, "/cpus")) < 0)
		return FDT_OK;
	if (fdt_address_cells(&f, cpus, &ac) != FDT_OK || ac < 1 || ac > 2)
		return FDT_OK;
	for (int c = fdt_first_child(&f, cpus); c >= 0; c = fdt_next_sibling(&f, c)) {
		int len;
		const void *reg = fdt_getprop(&f, c, "reg", &len);

		const char *type = NULL;

		if (fdt_prop_string(&f, c, "device_type", &type) != FDT_OK || strcmp(type, "cpu") ||
		    !reg || len < (int)(4 * ac))
			continue;
		if (fdt_read_cells(reg, ac) == (mpidr & 0xff00ffffffull)) {
			cpu_ref_of(&f, c, out);
			break;
		}
	}
	return FDT_OK;
}

bool clock_agrees(uint64_t measured, const uint64_t *ref, unsigned n, uint32_t ppm, uint64_t *near)
{
	uint64_t best = 0, bd = UINT64_MAX;

	for (unsigned i = 0; i < n; i++) {
		uint64_t d = measured > ref[i] ? measured - ref[i] : ref[i] - measured;

		if (d < bd)
			bd = d, best = ref[i];
	}
	if (near)
		*near = best;
	return n && bd <= best / 1000000 * ppm + (best % 1000000) * ppm / 1000000;
}

enum clock_verdict clock_cpu_verdict(const struct clock_cpu_ref *r, uint64_t hz, uint64_t *lo,
				     uint64_t *hi, uint64_t *near)
{
	uint64_t min = UINT64_MAX, max = 0;

	for (unsigned i = 0; i < r->n; i++) {
		min = r->hz[i] < min ? r->hz[i] : min;
		max = r->hz[i] > max ? r->hz[i] : max;
	}
	if (clock_agrees(hz, r->hz, r->n, CLOCK_CPU_PPM, near))
		return CLOCK_ON;
	if (!r->n)
		return CLOCK_BETWEEN;
	if (r->n == 1 && !strcmp(r->what, "clock-frequency")) {
		*lo = min / 2;
		*hi = max * 2;
	} else {
		*lo = min - min / 100;
		*hi = max + max / 100;
	}
	return hz < *lo ? CLOCK_BELOW : hz > *hi ? CLOCK_ABOVE : CLOCK_BETWEEN;
}
