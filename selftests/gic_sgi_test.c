/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gic: SGIs reach their target list and nothing else (irq/irq.h
 * irq_send_sgi, irq_send_sgi_list, irq_send_sgi_others, irq_send_sgi_to):
 * the boot CPU sends, every online CPU counts what it takes (its own
 * deliveries too), the boot CPU reports. docs/gic-checks.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/counter.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#include "smp/smp.h"

#define SGI_T     4
#define WAIT_MS   500 /* a delivery (as irq: sgi) */
#define SETTLE_MS 2   /* after the expected ones: time for a stray one to land */
#define RUN_MS    4000

struct tgt_run {
	uint32_t *got;  /* [ncpu]: SGI_T taken */
	uint32_t *want; /* [ncpu]: expected so far */
	uint32_t ready, done;
	char fail[160]; /* the first scenario that went wrong */
	unsigned checks;
	bool phantom;    /* a target no CPU has was sent to */
	uint64_t ph_aff; /* GICv3: its affinity; GICv2: its interface bit */
};

static struct tgt_run tr;

static void tgt_got(unsigned intid, unsigned src, void *arg)
{
	(void)intid, (void)src, (void)arg;
	__atomic_fetch_add(&tr.got[irq_this_cpu()->slot], 1, __ATOMIC_RELEASE);
	smp_signal();
}

/* After a send: every CPU's count equal to want[], waited for where it is
 * short, then SETTLE_MS more for a stray delivery. false (tr.fail set) on
 * the first difference. */
static bool tgt_check(const char *what)
{
	unsigned n = smp_init()->ncpu;
	struct deadline d;

	for (unsigned i = 0; i < n; i++)
		if (smp_mask_has(irq_test.online, i) && tr.want[i] > tr.got[i])
			smp_wait_eq(&tr.got[i], tr.want[i], boot_wait_ms(WAIT_MS));
	deadline_start(&d, SETTLE_MS);
	while (!deadline_passed(&d))
		irq_test_relax();
	tr.checks++;
	for (unsigned i = 0; i < n; i++) {
		uint32_t g = __atomic_load_n(&tr.got[i], __ATOMIC_ACQUIRE);

		if (g == tr.want[i])
			continue;
		snprintf(tr.fail, sizeof(tr.fail), "%s: cpu%u took SGI %u %u times, want %u%s",
			 what, i, SGI_T, (unsigned)g, (unsigned)tr.want[i],
			 g > tr.want[i] ? ": outside the target list" : "");
		return false;
	}
	return true;
}

/* The boot CPU: one target at a time, then all others but one as one
 * list, then all-but-self, then a target no CPU has. */
static void tgt_send(unsigned me)
{
	unsigned n = smp_init()->ncpu, list[IRQ_SGI_MANY_MAX], nl = 0, skipped = n;
	char what[64];

	for (unsigned t = 0; t < n; t++) {
		if (t == me || !smp_mask_has(irq_test.online, t))
			continue;
		irq_send_sgi(SGI_T, t);
		tr.want[t]++;
		snprintf(what, sizeof(what), "cpu%u to cpu%u alone", me, t);
		if (!tgt_check(what))
			return;
	}
	for (unsigned t = 0; t < n; t++) {
		if (t == me || !smp_mask_has(irq_test.online, t))
			continue;
		if (skipped == n && smp_mask_count(irq_test.online) > 2) {
			skipped = t; /* left out: it must not take it */
			continue;
		}
		if (nl < IRQ_SGI_MANY_MAX)
			list[nl++] = t;
	}
	irq_send_sgi_list(SGI_T, list, nl);
	for (unsigned i = 0; i < nl; i++)
		tr.want[list[i]]++;
	snprintf(what, sizeof(what), "cpu%u to a list of %u CPUs", me, nl);
	if (!tgt_check(what))
		return;
	irq_send_sgi_others(SGI_T);
	for (unsigned t = 0; t < n; t++)
		if (t != me && smp_mask_has(irq_test.online, t))
			tr.want[t]++;
	snprintf(what, sizeof(what), "cpu%u to all but itself", me);
	if (!tgt_check(what))
		return;
	if (tr.phantom) {
		struct irq_cpu ph = *irq_this_cpu();

		if (irq_info.version == GIC_V3)
			ph.aff = tr.ph_aff;
		else
			ph.mask = (uint8_t)tr.ph_aff;
		irq_send_sgi_to(SGI_T, &ph);
		snprintf(what, sizeof(what), "cpu%u to %s 0x%" PRIx64 " (no CPU has it)", me,
			 irq_info.version == GIC_V3 ? "affinity" : "interface bit", tr.ph_aff);
		tgt_check(what);
	}
}

static void tgt_on_cpu(struct smp_cpu *self, void *arg)
{
	(void)arg;
	irq_enable(SGI_T, true);
	irq_local_enable();
	__atomic_fetch_add(&tr.ready, 1, __ATOMIC_RELEASE);
	smp_signal();
	if (self->is_boot) {
		if (smp_wait_eq(&tr.ready, smp_mask_count(irq_test.online), boot_wait_ms(RUN_MS)))
			tgt_send(self->index);
		else
			snprintf(tr.fail, sizeof(tr.fail), "not every CPU got ready");
		__atomic_store_n(&tr.done, 1, __ATOMIC_RELEASE);
		smp_signal();
	} else {
		smp_wait_eq(&tr.done, 1, boot_wait_ms(RUN_MS));
	}
	irq_local_disable();
	irq_enable(SGI_T, false);
}

/* A target no CPU has: GICv3 the boot CPU's affinity with an Aff1 above
 * every online CPU's (a driver that builds Aff1 from the wrong byte sends
 * it to a CPU of cluster 0), GICv2 an interface bit above GICD_TYPER's
 * CPUs. false where there is none. */
static bool pick_phantom(void)
{
	unsigned max1 = 0;

	if (irq_info.version == GIC_V2) {
		tr.ph_aff = 1u << irq_info.ncpus;
		return irq_info.ncpus < 8;
	}
	/* A pointer walked, not an index multiplied: a load then a 64-bit
	 * multiply-accumulate is the Cortex-A53 erratum 835769 sequence. */
	const struct irq_cpu *c = irq_info.cpu_state;
	for (unsigned i = 0; i < smp_init()->ncpu; i++, c++)
		if (smp_mask_has(irq_test.online, i) && (c->aff >> 8 & 0xff) > max1)
			max1 = c->aff >> 8 & 0xff;
	tr.ph_aff = (irq_this_cpu()->aff & ~0xff00ull) | (uint64_t)(max1 + 1) << 8;
	return irq_info.version == GIC_V3 && max1 < 0xff;
}

SELFTEST(gic, sgi_targets)
{
	const char *why;
	unsigned ncpu;

	if (!irq_test_ready(&why) || gic_spec_skip(&why)) {
		skip("%s", why);
		return;
	}
	if (smp_mask_count(irq_test.online) < 2) {
		skip("one CPU online: no other target");
		return;
	}
	ncpu = smp_init()->ncpu;
	free(tr.got), free(tr.want);
	memset(&tr, 0, sizeof(tr));
	tr.got = calloc(ncpu, sizeof(*tr.got));
	tr.want = calloc(ncpu, sizeof(*tr.want));
	if (!expect(tr.got && tr.want, "no memory for the SGI target test"))
		return;
	tr.phantom = pick_phantom();
	irq_register(SGI_T, tgt_got, NULL);
	if (!irq_test_usable(SGI_T))
		return;
	irq_enable(SGI_T, false);
	expect(!smp_run(irq_test.online, tgt_on_cpu, NULL),
	       "a CPU did not finish the SGI target test");
	if (!expect(!tr.fail[0], "%s", tr.fail))
		return;
	diag("gic: SGI %u from cpu%u: each CPU alone, a list, all but self%s: %u checks, none "
	     "outside its target list",
	     SGI_T, irq_test.boot, tr.phantom ? ", a target no CPU has" : "", tr.checks);
}
