/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dt: devices_answer: every enabled node of the tree whose compatible has an
 * ID register bringup knows (board/device_ids.h) is read there, through the
 * Device mapping mmu_add_devices() made of the tree's reg ranges, under a
 * fault probe: a node whose address aborts ("no device at ...") or whose
 * registers name another part fails, naming the node. Only registers inside
 * the node's own reg are read; a node in a power domain is not (bringup
 * cannot switch one on, and a bus may hang rather than abort on a part
 * that is off).
 */
#include <stdio.h>
#include <string.h>

#include "board/device_ids.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"

#define MAX_NAMES 16

struct tally {
	unsigned answered, failed, notes;
	unsigned nnames;
	struct {
		const char *name;
		unsigned count;
	} names[MAX_NAMES];
};

static void count(struct tally *t, const char *name)
{
	unsigned i;

	for (i = 0; i < t->nnames && strcmp(t->names[i].name, name); i++)
		;
	if (i == t->nnames && t->nnames < MAX_NAMES)
		t->names[t->nnames++] = (typeof(t->names[0])){ name, 0 };
	if (i < t->nnames)
		t->names[i].count++;
	t->answered++;
}

/* Why this node is not read, or NULL: it can be. */
static const char *unreadable(const struct devid_node *d)
{
	uint32_t off[DEVID_MAX_REGS];
	unsigned n = devid_regs(d->type, off);
	struct mmu_attrs a;

	if (d->err != FDT_OK)
		return fdt_strerror(d->err);
	if (d->power_domain)
		return "in a power domain bringup does not switch on";
	if (d->size < off[n - 1] + 4)
		return "its reg ends before the ID registers";
	if (d->base > UINTPTR_MAX - d->size)
		return "above the address space of this CPU";
	if (!mmu_lookup((uintptr_t)d->base, &a) || a.type != MT_DEVICE || a.pa != d->base)
		return "not mapped as a device";
	return NULL;
}

static void check_node(const struct devid_node *d, struct tally *t)
{
	const char *why_not;
	char why[160];

	if (d->id_given) {
		bool ok = devid_judge_given(d->type, d->id, why, sizeof why);
		if (expect(ok, "%s: %s: arm,primecell-periphid 0x%08x: %s", d->path, d->type->name,
			   (unsigned)d->id, why))
			count(t, d->type->name);
		else
			t->failed++;
		return;
	}
	if ((why_not = unreadable(d))) {
		diag("dt: %s (%s): not read: %s", d->path, d->type->name, why_not);
		t->notes++;
		return;
	}
	switch (devid_probe(d->type, (uintptr_t)d->base, why, sizeof why)) {
	case DEVID_ANSWERS: count(t, d->type->name); return;
	case DEVID_ABSENT: expect(false, "%s: %s", d->path, why); break;
	default:
		expect(false, "%s: %s at 0x%llx: %s", d->path, d->type->name,
		       (unsigned long long)d->base, why);
	}
	t->failed++;
}

SELFTEST(dt, devices_answer)
{
	struct tally t = { 0 };
	struct devid_node d;
	struct fdt f;
	char line[200] = "";
	int len = 0;

	if (!boot.hw.dtb || boot.hw.dtb_error != FDT_OK ||
	    fdt_open(&f, (const void *)boot.hw.dtb, boot.hw.dtb_size) != FDT_OK) {
		skip("no device tree to check against");
		return;
	}
	if (!mmu_enabled()) {
		skip("the MMU is off: no Device mapping to read through");
		return;
	}
	for (int node = fdt_devid_next(&f, -1, &d); node >= 0; node = fdt_devid_next(&f, node, &d))
		check_node(&d, &t);
	if (!t.answered && !t.failed) {
		skip("the tree names no device with an ID register bringup knows%s",
		     t.notes ? " and can read" : "");
		return;
	}
	for (unsigned i = 0; i < t.nnames && len < (int)sizeof line; i++)
		len += snprintf(line + len, sizeof line - len, "%s%u %s", i ? ", " : "",
				t.names[i].count, t.names[i].name);
	diag("dt: %u of %u devices answer where the tree says%s%s", t.answered,
	     t.answered + t.failed + t.notes, t.answered ? ": " : "", line);
}
