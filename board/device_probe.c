/* SPDX-License-Identifier: BSD-2-Clause */
/* Reading a part's ID registers under a fault probe (board/device_ids.h). */
#include <stdio.h>

#include "arch/exception.h"
#include "board/device_ids.h"

struct id_read {
	uintptr_t base;
	unsigned n, done;
	uint32_t off[DEVID_MAX_REGS], v[DEVID_MAX_REGS];
};

static void read_ids(void *arg)
{
	struct id_read *r = arg;

	for (r->done = 0; r->done < r->n; r->done++)
		r->v[r->done] = *(volatile uint32_t *)(r->base + r->off[r->done]);
}

int devid_probe(const struct devid_type *t, uintptr_t base, char *why, size_t size)
{
	struct id_read r = { .base = base };
	struct fault_info fi;

	r.n = devid_regs(t, r.off);
	if (fault_probe(read_ids, &r, &fi)) {
		snprintf(why, size, "no device at 0x%lx (%s, reading its %s ID register at +0x%x)",
			 (unsigned long)base, fi.text, t->name, (unsigned)r.off[r.done]);
		return DEVID_ABSENT;
	}
	return devid_judge(t, r.v, why, size) ? DEVID_ANSWERS : DEVID_OTHER;
}
