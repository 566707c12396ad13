/* SPDX-License-Identifier: BSD-2-Clause */
/* Devices that say what they are (board/device_ids.h): the parts, as data. */
#include "board/device_ids.h"

#include <stdio.h>
#include <string.h>

#include "lib/fdt/fdt_addr.h"

#define ARM_DESIGNER 0x41 /* JEP106 code of Arm in a PrimeCell PeriphID */
#define VIRTIO_MAGIC 0x74726976u

static const struct devid_type types[] = {
	{ "arm,pl011", "PL011", DEVID_PRIMECELL, 0x011 },
	{ "arm,pl031", "PL031", DEVID_PRIMECELL, 0x031 },
	{ "arm,pl061", "PL061", DEVID_PRIMECELL, 0x061 },
	{ "arm,sp804", "SP804", DEVID_PRIMECELL, 0x804 },
	{ "arm,sp805", "SP805", DEVID_PRIMECELL, 0x805 },
	{ "arm,cortex-a9-gic", "GICv1/v2", DEVID_GIC2, 0 },
	{ "arm,cortex-a7-gic", "GICv2", DEVID_GIC2, 0 },
	{ "arm,cortex-a15-gic", "GICv2", DEVID_GIC2, 0 },
	{ "arm,gic-400", "GICv2", DEVID_GIC2, 0 },
	{ "arm,gic-v3", "GICv3", DEVID_GIC3, 0 },
	{ "arm,pl310-cache", "L2C-310", DEVID_PL310, 3 },
	{ "virtio,mmio", "virtio-mmio", DEVID_VIRTIO, 0 },
	{ "snps,dw-apb-uart", "DesignWare UART", DEVID_DWUART, 0 },
};

unsigned devid_regs(const struct devid_type *t, uint32_t *off)
{
	switch (t->kind) {
	case DEVID_PRIMECELL:
		for (unsigned i = 0; i < 8; i++)
			off[i] = 0xfe0 + 4 * i;
		return 8;
	case DEVID_GIC2: off[0] = 0x008, off[1] = 0xfe8; return 2;
	case DEVID_GIC3: off[0] = 0x008, off[1] = 0xffe8; return 2;
	case DEVID_VIRTIO: off[0] = 0x000, off[1] = 0x004, off[2] = 0x008; return 3;
	case DEVID_DWUART: off[0] = 0x0f8; return 1;
	case DEVID_PL310: break;
	}
	off[0] = 0x000;
	return 1;
}

uint32_t devid_periphid(const uint32_t *v)
{
	return (v[0] & 0xff) | (v[1] & 0xff) << 8 | (v[2] & 0xff) << 16 | (v[3] & 0xff) << 24;
}

static bool judge_primecell(const struct devid_type *t, const uint32_t *v, bool given, char *why,
			    size_t size)
{
	static const uint8_t cell[4] = { 0x0d, 0xf0, 0x05, 0xb1 };
	unsigned id = given ? v[0] : devid_periphid(v);
	unsigned part = id & 0xfff, designer = (id >> 12) & 0xff, rev = (id >> 20) & 0xf;

	for (unsigned i = 0; !given && i < 4; i++)
		if ((v[4 + i] & 0xff) != cell[i]) {
			snprintf(why, size,
				 "CellID %02x %02x %02x %02x, not a PrimeCell's 0d f0 05 b1",
				 (unsigned)v[4] & 0xff, (unsigned)v[5] & 0xff,
				 (unsigned)v[6] & 0xff, (unsigned)v[7] & 0xff);
			return false;
		}
#ifdef DEVID_MUTANT_ANY_PART
	part = t->part;
#endif
	if (part != t->part || designer != ARM_DESIGNER) {
		snprintf(why, size, "part 0x%03x designer 0x%02x, expected 0x%03x designer 0x%02x",
			 part, designer, t->part, ARM_DESIGNER);
		return false;
	}
	snprintf(why, size, "part 0x%03x revision %u", part, rev);
	return true;
}

bool devid_judge(const struct devid_type *t, const uint32_t *v32, char *why, size_t size)
{
	unsigned rev, v[DEVID_MAX_REGS];

	for (unsigned i = 0; i < DEVID_MAX_REGS; i++)
		v[i] = v32[i];
	if (t->kind == DEVID_PRIMECELL)
		return judge_primecell(t, v32, false, why, size);

	switch (t->kind) {
	case DEVID_PRIMECELL: break;
	case DEVID_GIC2:
	case DEVID_GIC3:
		rev = (v[1] >> 4) & 0xf;
		if (t->kind == DEVID_GIC2 ? rev == 1 || rev == 2 : rev == 3 || rev == 4) {
			snprintf(why, size, "architecture revision %u, implementer 0x%03x", rev,
				 v[0] & 0xfff);
			return true;
		}
		snprintf(why, size, "PIDR2 0x%08x: architecture revision %u, expected %s", v[1],
			 rev, t->kind == DEVID_GIC2 ? "1 or 2" : "3 or 4");
		return false;
	case DEVID_PL310:
		if (v[0] >> 24 == ARM_DESIGNER && ((v[0] >> 6) & 0xf) == t->part) {
			snprintf(why, size, "cache ID 0x%08x", v[0]);
			return true;
		}
		snprintf(why, size,
			 "cache ID 0x%08x: implementer 0x%02x part %u, expected 0x41 part 3", v[0],
			 v[0] >> 24, (v[0] >> 6) & 0xf);
		return false;
	case DEVID_VIRTIO:
		if (v[0] == VIRTIO_MAGIC && (v[1] == 1 || v[1] == 2)) {
			snprintf(why, size, "version %u, device %u", v[1], v[2]);
			return true;
		}
		snprintf(why, size, "magic 0x%08x version %u, expected 0x%08x version 1 or 2", v[0],
			 v[1], VIRTIO_MAGIC);
		return false;
	case DEVID_DWUART:
		for (unsigned s = 8; s < 32 && v[0]; s += 8)
			if (((v[0] >> s) & 0xff) < 0x30 || ((v[0] >> s) & 0xff) > 0x7a) {
				snprintf(why, size, "UCV 0x%08x: not a component version", v[0]);
				return false;
			}
		if (v[0])
			snprintf(why, size, "version %c.%c%c", v[0] >> 24, (v[0] >> 16) & 0xff,
				 (v[0] >> 8) & 0xff);
		else
			snprintf(why, size, "built without a version register (UCV 0)");
		return true;
	}
	return false;
}

bool devid_judge_given(const struct devid_type *t, uint32_t id, char *why, size_t size)
{
	return judge_primecell(t, &id, true, why, size);
}

const struct devid_type *devid_type_named(const char *s, size_t n)
{
	for (unsigned k = 0; k < sizeof types / sizeof types[0]; k++)
		if (strlen(types[k].compat) == n && !memcmp(types[k].compat, s, n))
			return &types[k];
	return NULL;
}

static const struct devid_type *type_of(const void *list, int len)
{
	const struct devid_type *t = NULL;
	size_t n;

	for (int i = 0; !t; i++) {
		const char *s = fdt_stringlist_get(list, len, i, &n);

		if (!s)
			return NULL;
		t = devid_type_named(s, n);
	}
	return t;
}

int fdt_devid_next(const struct fdt *f, int from, struct devid_node *out)
{
	int depth = 0;

	for (int node = fdt_next_node(f, from < 0 ? fdt_root(f) : from, &depth); node >= 0;
	     node = fdt_next_node(f, node, &depth)) {
		int len;
		const void *list = fdt_getprop(f, node, "compatible", &len);
		const void *id;

		if (!list || !fdt_node_is_enabled(f, node) || !(out->type = type_of(list, len)))
			continue;
		out->node = node;
		out->err = fdt_node_reg(f, node, 0, &out->base, &out->size);
		id = fdt_getprop(f, node, "arm,primecell-periphid", &len);
		out->id_given = id && len == 4 && out->type->kind == DEVID_PRIMECELL;
		out->id = out->id_given ? (uint32_t)fdt_read_cells(id, 1) : 0;
		out->power_domain = fdt_getprop(f, node, "power-domains", &len) != NULL;
		if (fdt_node_path(f, node, out->path, sizeof out->path) != FDT_OK)
			strcpy(out->path, "(path too long)");
		return node;
	}
	return -1;
}
