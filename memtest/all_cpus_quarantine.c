/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM test on every CPU: the slices of CPUs that were late. They may
 * still be writing there, so the later calls on the boot CPU keep off them
 * (memtest/all_cpus_priv.h). From the heap when first needed, as the other
 * per-CPU state: no .bss to clear at boot. */
#include <stdint.h>
#include <stdlib.h>

#include "lib/selftest/selftest.h"
#include "memtest/all_cpus_priv.h"

static struct memtest_range *quar, *kept_out;
unsigned mtc_nquar;

/* A late share's ranges into the quarantine (as many as it holds). */
void mtc_quarantine(const struct share *s)
{
	if (!quar && !(quar = malloc(MAX_SLICES * sizeof(*quar))))
		abort(); /* the slice cannot be kept out: stopping is the safe answer */
	if (!kept_out && !(kept_out = malloc(2 * MAX_SLICES * sizeof(*kept_out))))
		abort();
	for (unsigned i = 0; i < s->t.nranges && mtc_nquar < MAX_SLICES; i++) {
		quar[mtc_nquar++] = s->t.ranges[i];
		diag("memtest: cpu%u late: its slice 0x%lx+0x%lx is kept out of the later tests "
		     "(it may still be writing there)",
		     s->cpu, (unsigned long)s->t.ranges[i].va, (unsigned long)s->t.ranges[i].size);
	}
}

/* in minus the quarantine, into out (at most max pieces); how many. */
static unsigned kept(const struct memtest_range *in, unsigned nin, struct memtest_range *out,
		     unsigned max)
{
	unsigned n = 0;

	for (unsigned i = 0; i < nin; i++) {
		uintptr_t a = in[i].va, end = in[i].va + in[i].size;
		while (a < end && n < max) {
			uintptr_t stop = end, next = end;
			for (unsigned q = 0; q < mtc_nquar; q++) {
				uintptr_t qa = quar[q].va, qe = qa + quar[q].size;
				if (qa <= a && a < qe) /* inside one: skip past it */
					stop = a, next = qe < next ? qe : next;
				else if (qa > a && qa < stop)
					stop = qa;
			}
			if (stop > a) {
				out[n] = in[i];
				out[n].va = a;
				out[n].size = stop - a;
				n++;
				next = stop;
			}
			a = next;
		}
	}
	return n;
}

/* fn on the boot CPU over t's ranges less the quarantine. */
void mtc_boot_only(struct memtest *t, void (*fn)(struct memtest *))
{
	const struct memtest_range *r = t->ranges;
	unsigned n = t->nranges;

#ifdef MEMTEST_MUTANT_NO_QUARANTINE /* host-memtest-late: the late CPU's slice tested (caught) */
	mtc_nquar = 0;
#endif
	if (mtc_nquar) {
		t->nranges = kept(r, n, kept_out, 2 * MAX_SLICES);
		t->ranges = kept_out;
	}
	fn(t);
	t->ranges = r;
	t->nranges = n;
}
