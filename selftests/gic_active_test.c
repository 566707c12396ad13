/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gic: the active state and deactivation (EOImode 1), and priority
 * preemption, on the boot CPU with SGIs it sends itself (irq/irq.h; set up
 * by selftests/irq_setup.c). The active bit is read from the GIC itself
 * (GICD_ISACTIVER, GICR_ISACTIVER0), not from the driver.
 * docs/gic-checks.md: what each proves, what it cannot on QEMU.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/counter.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"

#define SGI_ACT   6
#define SGI_OTHER 7
/* Below 8: firmware keeps SGIs 8-15 Secure (TF-A's qemu port), and each
 * SGI here is free again once the test before it disabled it. */
#define SGI_LOW    0 /* priority PRIO_LOW */
#define SGI_HIGH   4 /* PRIO_HIGH: preempts SGI_LOW */
#define SGI_LOWER  5 /* PRIO_LOWER: waits for both */
#define PRIO_HIGH  0x80
#define PRIO_LOW   0xa0
#define PRIO_LOWER 0xc0
#define NEST_MS    2 /* how long a handler stays open to a preemption */

/* GICD_ISACTIVER (IHI 0048B 4.3.6; the calling CPU's banked copy for an
 * SGI), GICR_ISACTIVER0 in the redistributor's SGI frame (IHI 0069H
 * 12.11.12). */
static bool gic_active(unsigned id)
{
	const struct irq_cpu *c = irq_this_cpu();
	uintptr_t base = irq_info.version == GIC_V3 ? c->rd + 0x10000 : c->gicd;

	return *(volatile uint32_t *)(base + 0x300 + (id / 32) * 4) >> (id % 32) & 1;
}

static struct {
	volatile uint32_t got, other;
	volatile bool active_in; /* active while its handler ran */
	unsigned src;
} act;

static void act_got(unsigned intid, unsigned src, void *arg)
{
	(void)arg;
	if (intid == SGI_OTHER) {
		act.other++;
		return;
	}
	act.active_in = gic_active(intid);
	act.src = src;
	act.got++;
}

/* Takes what is pending: unmasked for a moment. */
static void take(void)
{
	irq_local_enable();
	irq_local_disable();
}

/*
 * EOImode 1 (IHI 0048B 3.2.4, IHI 0069H 4.1.1): the interrupt is active
 * while its handler runs; after the entry's EOI (priority drop) it stays
 * active, yet another interrupt of the same priority is taken (the running
 * priority dropped); sent again it stays pending, not taken, while active;
 * the deactivation (DIR) clears the active bit and the pending one is taken.
 * Then EOImode 0: EOI drops and deactivates at once.
 */
SELFTEST(gic, active)
{
	const char *why;
	unsigned me = irq_test.boot;
	bool after_eoi, after_dir, resend_taken;

	if (!irq_test_ready(&why) || gic_spec_skip(&why)) {
		skip("%s", why);
		return;
	}
	irq_local_disable();
	memset((void *)&act, 0, sizeof(act));
	irq_register(SGI_ACT, act_got, NULL);
	irq_register(SGI_OTHER, act_got, NULL);
	if (!irq_set_eoi_split(true)) {
		skip("no EOImode 1: a GICv1 (GICC_IIDR), or no GICC_DIR found");
		return;
	}
	if (!irq_test_usable(SGI_ACT) || !irq_test_usable(SGI_OTHER)) {
		irq_set_eoi_split(false);
		return;
	}
	irq_send_sgi(SGI_ACT, me);
	take();
	after_eoi = gic_active(SGI_ACT);
	irq_send_sgi(SGI_OTHER, me);
	take();
	irq_deactivate(SGI_OTHER, act.src);
	irq_send_sgi(SGI_ACT, me);
	take();
	resend_taken = act.got > 1;
	irq_deactivate(SGI_ACT, act.src);
	after_dir = gic_active(SGI_ACT);
	take();
	irq_deactivate(SGI_ACT, act.src); /* the second delivery's */
	irq_set_eoi_split(false);
	expect(act.active_in, "SGI %u not active (GIC ISACTIVER) inside its handler", SGI_ACT);
	expect(after_eoi,
	       "EOImode 1: SGI %u no longer active after the EOI: the EOI deactivated it", SGI_ACT);
	expect(act.other == 1,
	       "EOImode 1: SGI %u (same priority) taken %u times while SGI %u was active after "
	       "its EOI, want 1: the EOI did not drop the running priority",
	       SGI_OTHER, (unsigned)act.other, SGI_ACT);
	expect(!resend_taken, "SGI %u taken again while still active", SGI_ACT);
	expect(!after_dir, "SGI %u still active after the deactivation (DIR)", SGI_ACT);
	expect(act.got == 2, "SGI %u taken %u times, want 2 (once, then once after DIR)", SGI_ACT,
	       (unsigned)act.got);
	act.got = 0;
	irq_send_sgi(SGI_ACT, me);
	take();
	expect(act.got == 1 && act.active_in && !gic_active(SGI_ACT),
	       "EOImode 0: SGI %u taken %u times, active inside %d, active after the EOI %d",
	       SGI_ACT, (unsigned)act.got, act.active_in, gic_active(SGI_ACT));
	irq_enable(SGI_ACT, false);
	irq_enable(SGI_OTHER, false);
	diag("gic: EOImode 1: SGI %u active in its handler and after the EOI, SGI %u of its "
	     "priority taken meanwhile, not taken again until DIR; EOImode 0: EOI deactivates",
	     SGI_ACT, SGI_OTHER);
}

/* --- preemption ------------------------------------------------------ */

static struct {
	char order[16];
	volatile unsigned n;
} pre;

static void mark(char c)
{
	if (pre.n < sizeof(pre.order) - 1)
		pre.order[pre.n++] = c;
}

/* Open to preemption for NEST_MS: interrupts unmasked inside a handler. */
static void stay_open(void)
{
	struct deadline d;

	irq_local_enable();
	deadline_start(&d, NEST_MS);
	while (!deadline_passed(&d))
		irq_test_relax();
	irq_local_disable();
}

static void pre_got(unsigned intid, unsigned src, void *arg)
{
	(void)src, (void)arg;
	if (intid == SGI_LOW) {
		mark('L');
		irq_send_sgi(SGI_HIGH, irq_test.boot);
		stay_open();
		mark('l');
	} else if (intid == SGI_HIGH) {
		mark('H');
		irq_send_sgi(SGI_LOWER, irq_test.boot);
		stay_open();
		mark('h');
	} else {
		mark('W');
	}
}

/*
 * Priority preemption (IHI 0048B 3.3 "Preemption", IHI 0069H 4.8): in the
 * handler of SGI_LOW (0xa0), interrupts unmasked, SGI_HIGH (0x80) is taken
 * at once (nested); in SGI_HIGH's, unmasked too, SGI_LOWER (0xc0) is held,
 * also after SGI_HIGH is done while SGI_LOW is still active, and taken
 * last: the order L H h l W (capitals: a handler entered, small: left).
 */
SELFTEST(gic, preemption)
{
	const char *why;
	static const char want[] = "LHhlW";

	if (!irq_test_ready(&why) || gic_spec_skip(&why)) {
		skip("%s", why);
		return;
	}
	if (irq_info.version != GIC_V2 && irq_info.version != GIC_V3) {
		skip("no priorities on this controller (no GIC)");
		return;
	}
#ifndef __aarch64__
	/* Linux's __irq_svc (arch/arm/kernel/entry-armv.S) runs them in SVC mode. */
	skip("ARMv7: handlers run in IRQ mode, a nested IRQ would overwrite LR_irq");
	return;
#endif
	irq_local_disable();
	memset(&pre, 0, sizeof(pre));
	irq_register(SGI_LOW, pre_got, NULL);
	irq_register(SGI_HIGH, pre_got, NULL);
	irq_register(SGI_LOWER, pre_got, NULL);
	if (!irq_test_usable(SGI_LOW) || !irq_test_usable(SGI_HIGH) || !irq_test_usable(SGI_LOWER))
		return;
	irq_set_priority(SGI_LOW, PRIO_LOW);
	irq_set_priority(SGI_HIGH, PRIO_HIGH);
	irq_set_priority(SGI_LOWER, PRIO_LOWER);
	irq_send_sgi(SGI_LOW, irq_test.boot);
	irq_local_enable();
	{
		struct deadline d;

		deadline_start(&d, boot_wait_ms(100));
		while (pre.n < 5 && !deadline_passed(&d))
			irq_test_relax();
	}
	irq_local_disable();
	static const unsigned ids[] = { SGI_LOW, SGI_HIGH, SGI_LOWER };
	for (unsigned i = 0; i < 3; i++) {
		irq_enable(ids[i], false);
		irq_set_priority(ids[i], IRQ_PRIO_DEFAULT);
	}
	expect(!strcmp(pre.order, want),
	       "handlers ran in the order \"%s\", want \"%s\" (L: 0x%02x, H: 0x%02x, W: 0x%02x; "
	       "capitals entered, small left)%s",
	       pre.order, want, PRIO_LOW, PRIO_HIGH, PRIO_LOWER,
	       pre.order[1] == 'l' ? ": the higher priority did not preempt" : "");
	diag("gic: preemption: 0x%02x taken inside 0x%02x's handler, 0x%02x held until both were "
	     "done: %s",
	     PRIO_HIGH, PRIO_LOW, PRIO_LOWER, pre.order);
}
