/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Devices that say what they are: the ID registers of the parts whose tree
 * compatible bringup knows, and whether a value read back is that part.
 *
 * A tree can name a device that is not there (a board variant's tree, an
 * address typo): the node's reg then points at nothing, or at another part.
 * Each kind below has a register that names the part whatever the board:
 * - PrimeCell (PL011, PL031, PL061, SP804, SP805): PeriphID0-3 at 0xfe0-0xfec
 *   (part in bits [11:0], designer [19:12], 0x41 for Arm) and CellID0-3 at
 *   0xff0-0xffc (0x0d 0xf0 0x05 0xb1), each in the low byte of its word
 *   (the PrimeCell TRMs, e.g. PL031 DDI 0224 section 3.3; the same fields as
 *   Linux drivers/amba/bus.c reads);
 * - GIC distributor: GICD_IIDR (0x008, implementer [11:0]) and the
 *   architecture revision in PIDR2 [7:4]: 0xfe8 on GICv1/v2 (IHI 0048B
 *   section 4.3.17 leaves it IMPLEMENTATION DEFINED; Arm's parts give 1 and
 *   2), GICD_PIDR2 at 0xffe8 on GICv3/v4 (IHI 0069 section 12.9.27: 3 or 4);
 * - PL310: the Cache ID register (0x000): implementer [31:24] 0x41, part
 *   [9:6] 0b0011 for an L2C-310 (DDI 0246 section 3.3.1);
 * - virtio-mmio: MagicValue 0x74726976 ("virt") at 0x000, Version 1 or 2 at
 *   0x004 (OASIS virtio 1.1 section 4.2.2);
 * - DesignWare APB UART: UCV (0x0f8) three ASCII characters "x.yz" in bytes
 *   3..1, or 0 where the component was built without it (as Linux
 *   drivers/tty/serial/8250/8250_dwlib.c reads it).
 * A node carrying arm,primecell-periphid states its ID itself (a part whose
 * registers do not, as Linux drivers/of/platform.c honours it): that value
 * is judged and nothing is read.
 */
#ifndef BOARD_DEVICE_IDS_H
#define BOARD_DEVICE_IDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/fdt/fdt.h"

enum devid_kind {
	DEVID_PRIMECELL,
	DEVID_GIC2,
	DEVID_GIC3,
	DEVID_PL310,
	DEVID_VIRTIO,
	DEVID_DWUART
};

#define DEVID_MAX_REGS 8

struct devid_type {
	const char *compat; /* the tree's compatible */
	const char *name;   /* the part, as the report names it */
	enum devid_kind kind;
	unsigned part; /* PrimeCell part number; PL310 part */
};

/* One node to check: what fdt_devid_next() found. */
struct devid_node {
	int node;
	const struct devid_type *type;
	int err;           /* of its reg: FDT_OK, else the read's error */
	uint64_t base;     /* translated reg[0] */
	uint64_t size;     /* and its size */
	bool id_given;     /* arm,primecell-periphid: id below, nothing to read */
	bool power_domain; /* a power-domains property: bringup cannot switch it on */
	uint32_t id;       /* the given PeriphID */
	char path[96];
};

/* The type of a compatible string of n bytes, or NULL. */
const struct devid_type *devid_type_named(const char *s, size_t n);

/* The registers to read for a kind: their offsets from the base, in the
 * order devid_judge() takes the values. Returns how many (<= DEVID_MAX_REGS). */
unsigned devid_regs(const struct devid_type *t, uint32_t *off);

/* Whether the values read at devid_regs()'s offsets are this part. On false
 * `why` says what answered ("part 0x041, expected 0x031"); on true it
 * describes the part ("r1p0"). */
bool devid_judge(const struct devid_type *t, const uint32_t *v, char *why, size_t size);

/* The same for a PeriphID the tree states (arm,primecell-periphid). */
bool devid_judge_given(const struct devid_type *t, uint32_t id, char *why, size_t size);

/* The PeriphID of a PrimeCell from its four registers' low bytes. */
uint32_t devid_periphid(const uint32_t *v);

/* Reads t's ID registers at base (a Device mapping) under a fault probe
 * (board/device_probe.c; the image only): DEVID_ANSWERS, DEVID_OTHER
 * (another part: `why` says which) or DEVID_ABSENT (the read aborted: `why`
 * names the address and the abort). */
enum { DEVID_ANSWERS, DEVID_OTHER, DEVID_ABSENT };
int devid_probe(const struct devid_type *t, uintptr_t base, char *why, size_t size);

/* The next enabled node after `from` (-1: from the start) whose compatible
 * list holds a kind above (its first such string decides), filled into
 * *out. Returns the node, or -1 at the end. */
int fdt_devid_next(const struct fdt *f, int from, struct devid_node *out);

#endif
