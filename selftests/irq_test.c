/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * irq: the interrupt controller found and driven (irq/irq.h, set-up in
 * selftests/irq_setup.c), on the boot CPU: discovery and the report line,
 * every CPU's interface, priority masking, an interrupt with no handler;
 * and the IRQ round trip benchmark. The tests on every CPU (timer, SGIs,
 * SPI routing) are in 98_irq_smp.c. docs/interrupts.md: what each checks.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/exception.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "smp/smp.h"
#ifdef __aarch64__
#include "arch/aarch64/sysreg.h"
#endif
#include "selftests/bench.h"
#include "selftests/irq_setup.h"
#include "selftests/smp_pairs.h"

#define SGI_PRIO   2
#define SGI_NOHAND 3
#define PRIO_LOW   0xa0 /* masked by PMR_MASK */
#define PMR_MASK   0x80
#define WAIT_MS    100
/* The IRQ round trip's targets (docs/interrupts.md, "Speed"). */
#define IRQ_ROUNDTRIP_TARGET_V3 80
#define IRQ_ROUNDTRIP_TARGET_V2 100

static bool wait_count(volatile uint32_t *p, uint32_t v, unsigned ms)
{
	struct deadline d;

	deadline_start(&d, boot_wait_ms(ms));
	while (*p < v) {
		if (deadline_passed(&d))
			return false;
		irq_test_relax();
	}
	return true;
}

/* The SGIs and PPIs whose enable does not stick on the boot CPU (each
 * enabled, read back, disabled again with interrupts masked at the CPU):
 * those Secure firmware kept Secure, which no test may use. */
static void report_secure_kept(void)
{
	char list[128] = "";
	size_t n = 0;
	unsigned kept = 0;

	for (unsigned id = 0; id < 32; id++) {
		if (irq_enable_checked(id) == 0) {
			irq_enable(id, false);
			continue;
		}
		kept++;
		if (n < sizeof(list))
			n += (size_t)snprintf(list + n, sizeof(list) - n, " %u", id);
	}
	if (kept)
		diag("irq: kept Secure by the firmware (their enable does not stick; no test uses "
		     "them):%s",
		     list);
	else
		diag("irq: every SGI and PPI takes its enable: none kept Secure");
}

SELFTEST(irq, discovery)
{
	const struct irq_test *t = &irq_test;
	const struct gic_desc *d = &t->desc;
	const char *why;
	char extra[96] = "";
	size_t n = 0;

	bool ready = irq_test_ready(&why);

	if (!t->driver_ok) {
		diag("irq: none: %s", why);
		if (t->broken)
			expect(false, "irq: %s", why);
		else
			skip("%s", why);
		return;
	}
	for (unsigned i = 0; i < d->nv2m && n < sizeof(extra); i++)
		n += (size_t)snprintf(extra + n, sizeof(extra) - n, ", GICv2m frame at 0x%" PRIx64,
				      d->v2m[i]);
	if (d->version == IRQ_BCM2836)
		diag("irq: BCM2836 local interrupt controller at 0x%" PRIx64
		     ", %u CPUs: per-core timers and mailboxes (no GIC; the GPU's "
		     "brcm,bcm2836-armctrl-ic is not driven)",
		     d->dist, irq_info.ncpus);
	else if (d->version == GIC_V3)
		diag("irq: GICv3 at 0x%" PRIx64 ", redistributors at 0x%" PRIx64
		     " (stride 0x%" PRIx64 "), %u CPUs, %u SPIs",
		     d->dist, d->rdist[0], irq_info.stride, irq_info.ncpus, irq_info.nlines - 32);
	else
		diag("irq: GICv2 at 0x%" PRIx64 ", CPU interface at 0x%" PRIx64
		     ", %u CPUs, %u SPIs%s",
		     d->dist, d->cpu, irq_info.ncpus, irq_info.nlines - 32, extra);
	if (d->version == IRQ_BCM2836)
		diag("irq: from %s %s; SGIs are its mailboxes, PPIs 26/27/29/30 its core timers",
		     t->source, d->compatible);
	else
		diag("irq: from %s%s%s; GICD_IIDR 0x%08" PRIx32 "; %s", t->source,
		     d->compatible ? " " : "", d->compatible ? d->compatible : "", irq_info.iidr,
		     irq_security());
	if (ready && d->version != IRQ_BCM2836)
		report_secure_kept();
	expect(ready, "irq: %s", why);
	expect(irq_info.nlines >= 32 && irq_info.nlines <= IRQ_SPURIOUS,
	       "GICD_TYPER gives %u interrupt lines", irq_info.nlines);
}

SELFTEST(irq, cpu_interface)
{
	const struct smp_info *s = smp_init();
	const char *why;

	irq_test_ready(&why);
	if (!irq_test.driver_ok) {
		skip("%s", why);
		return;
	}
	/* A line per CPU up to SMP_ALL_PAIRS online, else only the failures. */
	bool each = smp_mask_count(smp_online_mask()) <= SMP_ALL_PAIRS;
	unsigned ready = 0;

	for (unsigned i = 0; i < s->ncpu && i < IRQ_MAX_CPUS; i++) {
		const struct irq_cpu *c = &irq_info.cpu_state[i];

		if (!smp_mask_has(smp_online_mask(), i))
			continue;
		ready += !irq_test.cpu_err[i];
		if (!each)
			;
		else if (irq_info.version == IRQ_BCM2836)
			diag("irq: cpu%u: core %u of the local controller", i,
			     (unsigned)__builtin_ctz(c->mask | 0x100u));
		else if (irq_info.version == GIC_V3)
			diag("irq: cpu%u: redistributor 0x%lx (affinity 0x%" PRIx64
			     "), GICR_WAKER 0x%" PRIx32 ", ICC_SRE_EL1 0x%" PRIx32,
			     i, (unsigned long)c->rd, c->aff, c->waker, c->sre);
		else
			diag("irq: cpu%u: CPU interface %u (ITARGETSR bit 0x%x)", i,
			     (unsigned)__builtin_ctz(c->mask | 0x100u), c->mask);
		expect(!irq_test.cpu_err[i], "cpu%u: %s", i, irq_err(irq_test.cpu_err[i]));
		/* GICR_WAKER is RAZ/WI to Non-secure accesses while GICD_CTLR.DS
		 * is 0 (IHI 0069H 12.11.44): there it is the firmware's (or
		 * bringup's own EL3's), and reads 0 whatever the redistributor's
		 * state: not asserted. The GICv3 driver runs Non-secure. */
		if (irq_info.version == GIC_V3 && !irq_info.single_security) {
			if (each)
				diag("irq: cpu%u: GICR_WAKER not checked: RAZ/WI to Non-secure "
				     "with GICD_CTLR.DS 0: not visible from Non-secure (the "
				     "firmware wakes it)",
				     i);
		} else if (irq_info.version == GIC_V3)
			expect(!(c->waker & 6),
			       "cpu%u: GICR_WAKER 0x%" PRIx32
			       ": the redistributor is asleep (ProcessorSleep/ChildrenAsleep): it "
			       "never receives",
			       i, c->waker);
	}
	if (!each)
		diag("irq: %u of %u online CPUs have their CPU interface ready", ready,
		     smp_mask_count(smp_online_mask()));
}

static volatile uint32_t prio_hits, last_src;

static void count_hit(unsigned intid, unsigned src, void *arg)
{
	(void)intid;
	(void)arg;
	last_src = src;
	prio_hits++;
}

/* An SGI to itself at priority 0xa0 while PMR is 0x80 (only priorities
 * below 0x80 are signalled: IHI 0069H 4.8 "Priority masking", IHI 0048B
 * 3.3.2): it stays pending and is not taken with interrupts unmasked; with
 * PMR 0xf0 it is taken once. */
SELFTEST(irq, priority)
{
	const char *why;
	unsigned me = irq_test.boot;
	bool early, pend;

	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return;
	}
	if (irq_info.version == IRQ_BCM2836) {
		skip("the BCM2836 local controller has no priorities or PMR");
		return;
	}
	prio_hits = 0;
	irq_register(SGI_PRIO, count_hit, NULL);
	irq_set_priority(SGI_PRIO, PRIO_LOW);
	if (!irq_test_usable(SGI_PRIO))
		return;
	irq_set_pmr(PMR_MASK);
	irq_local_enable();
	irq_send_sgi(SGI_PRIO, me);
	early = wait_count(&prio_hits, 1, 5);
	pend = irq_is_pending(SGI_PRIO);
	irq_set_pmr(IRQ_PMR_OPEN);
	expect(wait_count(&prio_hits, 1, WAIT_MS), "SGI %u never arrived once PMR was 0x%x",
	       SGI_PRIO, IRQ_PMR_OPEN);
	irq_local_disable();
	irq_enable(SGI_PRIO, false);
	expect(!early, "SGI %u (priority 0x%x) was taken while PMR was 0x%x", SGI_PRIO, PRIO_LOW,
	       PMR_MASK);
	expect(pend, "SGI %u was not pending while masked by PMR", SGI_PRIO);
	if (expect(prio_hits == 1, "SGI %u taken %u times, want 1", SGI_PRIO, (unsigned)prio_hits))
		diag("irq: SGI %u held pending by PMR 0x%x, taken once at PMR 0x%x", SGI_PRIO,
		     PMR_MASK, IRQ_PMR_OPEN);
}

/* An SGI with no handler: counted once, disabled, never a storm. */
SELFTEST(irq, unhandled)
{
	const char *why;
	struct irq_cpu *c;
	unsigned me = irq_test.boot;
	uint32_t before;
	struct deadline d;

	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return;
	}
	irq_register(SGI_NOHAND, NULL, NULL);
	if (!irq_test_usable(SGI_NOHAND))
		return;
	c = irq_this_cpu(); /* the boot CPU's: irq_info.cpu_state[me] */
	before = c->unhandled;
	irq_local_enable();
	irq_send_sgi(SGI_NOHAND, me);
	deadline_start(&d, boot_wait_ms(5)); /* it must come: boot/boot.h */
	while (c->unhandled == before && !deadline_passed(&d))
		;
	irq_local_disable();
	expect(c->unhandled == before + 1, "INTID %u without a handler counted %u times, want 1",
	       SGI_NOHAND, (unsigned)(c->unhandled - before));
	if (expect(c->last_unhandled == SGI_NOHAND || before, "last unhandled INTID %u, want %u",
		   c->last_unhandled, SGI_NOHAND))
		diag("irq: INTID %u had no handler: reported once and disabled; %u spurious (1023) "
		     "acknowledged so far",
		     SGI_NOHAND, (unsigned)c->spurious);
}

static volatile uint32_t bench_hits;

static void bench_tick(unsigned intid, unsigned src, void *arg)
{
	(void)intid;
	(void)src;
	(void)arg;
	vtimer_off();
	bench_hits++;
}

/* Instructions from the IRQ vector to its ERET for the virtual timer PPI:
 * the same unmask/mask pair run with the timer's interrupt pending and
 * without, the difference being the IRQ's whole path (exact under QEMU
 * -icount, where the PMU counts every instruction). */
SELFTEST(bench, irq_roundtrip)
{
	const char *why;
	uint64_t a, b, a0, b0, best = UINT64_MAX;
	unsigned ppi, target;

	if (!bench_enabled_for("irq_roundtrip", &why) || !irq_test_ready(&why) ||
	    !vtimer_present()) {
		skip("%s", why && *why ? why : "no generic timer");
		return;
	}
	ppi = vtimer_ppi();
	target = irq_info.version == GIC_V3 ? IRQ_ROUNDTRIP_TARGET_V3 : IRQ_ROUNDTRIP_TARGET_V2;
	irq_register(ppi, bench_tick, NULL);
	irq_enable(ppi, true);
	for (int i = 0; i < 4; i++) {
		uint32_t h = bench_hits;
		struct deadline d;

		vtimer_set(arch_counter());
		deadline_start(&d, WAIT_MS);
		while (!irq_is_pending(ppi) && !deadline_passed(&d))
			;
		arch_inst_retired(&a);
		irq_local_enable();
		irq_local_disable();
		arch_inst_retired(&b);
		arch_inst_retired(&a0);
		irq_local_enable();
		irq_local_disable();
		arch_inst_retired(&b0);
		if (bench_hits != h + 1) {
			expect(false, "the timer interrupt was not taken (%u)",
			       (unsigned)(bench_hits - h));
			break;
		}
		if ((b - a) - (b0 - a0) < best)
			best = (b - a) - (b0 - a0);
	}
	irq_enable(ppi, false);
	vtimer_off();
	/* The GICv3 runs get their own CPU column in build/bench (qemu-tests/bench.sh). */
	diag("csv: %s%s,irq_roundtrip,bringup,0,%llu,", bench_cpu_name(),
	     irq_info.version == GIC_V3 ? "-gicv3" : "", (unsigned long long)best);
	diag("irq_roundtrip: %llu instructions from the IRQ vector to ERET (GICv%d, target %u)",
	     (unsigned long long)best, irq_info.version, target);
	expect(best <= target, "irq_roundtrip: %llu instructions, over the target of %u",
	       (unsigned long long)best, target);
}

/* SErrors (asynchronous aborts) are unmasked (arch/exception.h): PSTATE.A /
 * CPSR.A clear here. With serror=pend on a run entered at EL2, bringup's EL2
 * pends a virtual SError (HCR_EL2.VSE): it must be taken at once, reported
 * decoded with this test's name, and end the run with status 3 (row
 * a53-el2-serror); returning from here is a FAIL. */
static bool serror_masked(void)
{
	unsigned long v;

#ifdef __aarch64__
	__asm__ volatile("mrs %0, daif" : "=r"(v));
#else
	__asm__ volatile("mrs %0, cpsr" : "=r"(v));
#endif
	return v >> 8 & 1; /* DAIF.A / CPSR.A: bit 8 in both */
}

SELFTEST(irq, serror)
{
	bool a;

	a = serror_masked();
	if (a) {
		/* Masked: the boot's unmask missing (a FAIL), or, on ARMv7 in
		 * Non-secure state, SCR.AW clear: only Secure firmware may let
		 * CPSR.A be cleared then (DDI 0406C B1.8.6, "Asynchronous
		 * exception masking"). */
		exception_unmask_serror();
		if (serror_masked()) {
#ifdef __arm__
			skip("CPSR.A cannot be cleared here: Non-secure with SCR.AW 0 (the Secure "
			     "firmware's choice)");
			return;
#endif
		}
	}
	expect(!a, "PSTATE.A / CPSR.A set: SErrors and asynchronous aborts are masked, unseen");
	if (!option_is("serror", "pend"))
		return;
#ifdef __aarch64__
	if (boot.entry_level != 2) {
		skip("serror=pend needs bringup entered at EL2 (HCR_EL2.VSE)");
		return;
	}
	diag("irq: serror=pend: a virtual SError pended through bringup's EL2 (HCR_EL2.VSE)");
	register uint64_t x0 __asm__("x0") = HVC_BRINGUP_PEND_VSERROR;
	__asm__ volatile("hvc #0\n\tisb" : "+r"(x0)::"memory");
	expect(false, "the virtual SError was not taken (HVC returned 0x%llx)",
	       (unsigned long long)x0);
#else
	skip("serror=pend is AArch64 only (HCR_EL2.VSE)");
#endif
}
