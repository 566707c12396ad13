/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gic: the interrupt controller and the generic timer as their
 * specifications say, on the boot CPU (the driver, irq/irq.h, set up by
 * selftests/irq_setup.c): the distributor's register semantics, and the
 * timer's output level as the GIC sees it, then a WFI woken by the timer.
 * docs/gic-checks.md: what each proves, what it cannot on QEMU.
 */
#include <inttypes.h>
#include <stdio.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#ifdef __aarch64__
#include "arch/aarch64/sysreg.h"
#else
#include "arch/armv7/sysreg.h"
#endif

#define SGI_SELF  5
#define LEVEL_MS  1    /* a level change reaches the GIC within this */
#define WFI_US    2000 /* the timer armed this far ahead of the WFI */
#define WFI_WAIT  100  /* ms: the bound on the wait for it */
#define PRIO_BITS 4    /* at least 16 levels (IHI 0048B 3.3, IHI 0069H 4.8) */

static uint8_t rd8(uintptr_t a)
{
	return *(volatile uint8_t *)a;
}

static uint32_t rd32(uintptr_t a)
{
	return *(volatile uint32_t *)a;
}

static void wr8(uintptr_t a, uint8_t v)
{
	*(volatile uint8_t *)a = v;
}

static void wr32(uintptr_t a, uint32_t v)
{
	*(volatile uint32_t *)a = v;
}

/* True once irq_is_pending(id) == want, polled at most LEVEL_MS. */
static bool pending_becomes(unsigned id, bool want)
{
	struct deadline d;

	deadline_start(&d, boot_wait_ms(LEVEL_MS));
	while (irq_is_pending(id) != want)
		if (deadline_passed(&d))
			return false;
	return true;
}

/*
 * The distributor (IHI 0048B 4.3.11-4.3.12, IHI 0069H 12.9.18): the
 * priority of one interrupt is one byte of GICD_IPRIORITYR, written alone
 * (byte-accessible); its implemented bits are the high ones, found by
 * writing 0xff and reading back (at least PRIO_BITS of them); an SGI the
 * CPU sends to itself becomes pending on it; GICv2: GICD_ITARGETSR0's
 * bytes read as this CPU's own interface bit, and on a uniprocessor GIC
 * every GICD_ITARGETSR is RAZ/WI ("In a uniprocessor implementation, all
 * interrupts target the one processor").
 */
SELFTEST(gic, distributor)
{
	const char *why;
	unsigned spi, base;
	uintptr_t prio;
	uint8_t impl, want[4] = { 0x80, 0x90, 0xa0, 0xb0 };
	uint32_t saved, word, expect_word = 0;

	if (!irq_test_ready(&why) || gic_spec_skip(&why)) {
		skip("%s", why);
		return;
	}
	if (irq_info.version != GIC_V2 && irq_info.version != GIC_V3) {
		skip("not a GIC: no distributor");
		return;
	}
	if (!(spi = irq_test_free_spi()))
		return;
	base = spi & ~3u;
	prio = irq_info.dist + 0x400;
	saved = rd32(prio + base);
	irq_set_priority(spi, 0xff);
	impl = rd8(prio + spi);
	expect(impl && (uint8_t)(impl | (impl - 1)) == 0xff &&
		       __builtin_popcount(impl) >= PRIO_BITS,
	       "SPI %u: priority 0xff read back 0x%02x: not %u or more high bits", spi, impl,
	       PRIO_BITS);
	for (unsigned k = 0; k < 4; k++)
		irq_set_priority(base + k, want[k]);
	for (unsigned k = 0; k < 4; k++)
		expect_word |= (uint32_t)(want[k] & impl) << (8 * k);
	word = rd32(prio + base);
	expect(word == expect_word,
	       "GICD_IPRIORITYR of INTIDs %u-%u reads 0x%08" PRIx32 " after each byte was set "
	       "alone, want 0x%08" PRIx32 ": a write reached its neighbours",
	       base, base + 3, word, expect_word);
	wr32(prio + base, saved);

	/* An SGI to itself: pending here (masked at the CPU: not taken). */
	irq_local_disable();
	irq_enable(SGI_SELF, false);
	irq_send_sgi(SGI_SELF, irq_test.boot);
	expect(pending_becomes(SGI_SELF, true),
	       "SGI %u sent by cpu%u to itself is not pending on it (interface bit 0x%02x)",
	       SGI_SELF, irq_test.boot, irq_this_cpu() ? irq_this_cpu()->mask : 0);
	irq_set_pending(SGI_SELF, false);

	if (irq_info.version == GIC_V2) {
		uintptr_t tgt = irq_info.dist + 0x800;
		uint8_t me = irq_this_cpu()->mask, b0 = rd8(tgt), s = rd8(tgt + spi);

		if (irq_info.ncpus == 1) {
			wr8(tgt + spi, 1);
			expect(!rd8(tgt + spi) && !b0,
			       "uniprocessor GICv2: GICD_ITARGETSR not RAZ/WI (SGI 0 0x%02x, SPI "
			       "%u "
			       "0x%02x after writing 1)",
			       b0, spi, rd8(tgt + spi));
			wr8(tgt + spi, s);
		} else {
			expect(b0 == me,
			       "GICD_ITARGETSR0 byte 0 reads 0x%02x, the interface bit is 0x%02x",
			       b0, me);
		}
		diag("gic: GICv2 priority bits 0x%02x; byte writes stay in their byte; "
		     "GICD_ITARGETSR "
		     "%s",
		     impl, irq_info.ncpus == 1 ? "RAZ/WI (one CPU interface)" : "banked own bit");
	} else {
		diag("gic: GICv3 priority bits 0x%02x; byte writes stay in their byte", impl);
	}
}

/* The EL1 virtual timer's registers (DDI 0487 D11.2.4, CNTV_CTL_EL0 and
 * CNTV_TVAL_EL0; DDI 0406C B8.1.3 and B4.1.30-31): ENABLE bit 0, IMASK bit
 * 1, ISTATUS bit 2; TVAL is CVAL - CNTVCT, signed 32-bit. */
#define CTL_ENABLE  1u
#define CTL_IMASK   2u
#define CTL_ISTATUS 4u
#ifdef __aarch64__
static uint32_t vt_ctl(void)
{
	return (uint32_t)read_sysreg(cntv_ctl_el0);
}
static void vt_set_ctl(uint32_t v)
{
	write_sysreg(cntv_ctl_el0, v);
	isb();
}
static int32_t vt_tval(void)
{
	return (int32_t)read_sysreg(cntv_tval_el0);
}
#else
static uint32_t vt_ctl(void)
{
	return read_cp15_(0, c14, c3, 1);
}
static void vt_set_ctl(uint32_t v)
{
	write_cp15_(v, 0, c14, c3, 1);
	isb();
}
static int32_t vt_tval(void)
{
	return (int32_t)read_cp15_(0, c14, c3, 0);
}
#endif

static unsigned running_priority(void)
{
#ifdef __aarch64__
	if (irq_info.version == GIC_V3) {
		uint64_t v;

		__asm__ volatile("mrs %0, s3_0_c12_c11_3" : "=r"(v)); /* ICC_RPR_EL1 */
		return v & 0xff;
	}
#endif
	return rd32(irq_this_cpu()->gicc + 0x14) & 0xff;
}

static volatile uint32_t wfi_got;

static void wfi_tick(unsigned intid, unsigned src, void *arg)
{
	(void)intid, (void)src, (void)arg;
	vtimer_off();
	wfi_got++;
}

/*
 * The timer's output is a level (DDI 0487 D11.2.4 "ISTATUS", "IMASK"): the
 * condition met (ISTATUS) asserts the PPI unless IMASK; the GIC's pending
 * state follows the level (a level-sensitive PPI, IHI 0069H 4.1.1): clear
 * before the compare value, set after it, cleared by IMASK while ISTATUS
 * stays, set again without it. TVAL counts down and is negative after the
 * expiry. Then a WFI with interrupts masked at the CPU wakes when the
 * timer fires (a WFI wake-up event, DDI 0487 D1.16.2), and the interrupt
 * is taken once unmasked.
 */
SELFTEST(gic, timer_level)
{
	const char *why;
	unsigned ppi = vtimer_ppi(), wfis = 0;
	uint64_t now, due;
	int32_t t1, t2;
	struct deadline d;

	if (!irq_test_ready(&why) || gic_spec_skip(&why)) {
		skip("%s", why);
		return;
	}
	if (irq_info.version != GIC_V2 && irq_info.version != GIC_V3) {
		skip("not a GIC: the BCM2836 has no pending state to read");
		return;
	}
	if (!vtimer_present()) {
		skip("no generic timer (a Cortex-A9)");
		return;
	}
	irq_local_disable();
	irq_register(ppi, wfi_tick, NULL);
	if (!irq_test_usable(ppi))
		return;
	vtimer_set(arch_counter() + (1u << 30)); /* TVAL's range: 32 bits signed */
	expect(!(vt_ctl() & CTL_ISTATUS), "CNTV_CTL 0x%" PRIx32 ": ISTATUS set long before CVAL",
	       vt_ctl());
	expect(pending_becomes(ppi, false), "PPI %u pending before the compare value", ppi);
	t1 = vt_tval();
	now = arch_counter();
	while (arch_counter() == now)
		irq_test_relax();
	t2 = vt_tval();
	expect(t1 > 0 && t2 < t1,
	       "CNTV_TVAL before CVAL: %" PRId32 " then %" PRId32 ": not counting down", t1, t2);
	vtimer_set(arch_counter());
	expect(vt_ctl() & CTL_ISTATUS, "CNTV_CTL 0x%" PRIx32 ": ISTATUS clear after CVAL",
	       vt_ctl());
	expect(pending_becomes(ppi, true), "PPI %u not pending with ISTATUS set and IMASK clear",
	       ppi);
	t1 = vt_tval();
	expect(t1 < 0, "CNTV_TVAL after CVAL: %" PRId32 ", want negative", t1);
	vt_set_ctl(CTL_ENABLE | CTL_IMASK);
	expect(vt_ctl() & CTL_ISTATUS, "CNTV_CTL 0x%" PRIx32 ": IMASK cleared ISTATUS", vt_ctl());
	expect(pending_becomes(ppi, false), "PPI %u still pending with IMASK set", ppi);
	vt_set_ctl(CTL_ENABLE);
	expect(pending_becomes(ppi, true), "PPI %u not pending again with IMASK cleared", ppi);
	vtimer_off();
	expect(pending_becomes(ppi, false), "PPI %u pending with the timer off", ppi);

	/* A WFI wakes only on an interrupt the GIC would signal: with the
	 * running priority not idle (an interrupt never EOIed) it could sleep
	 * for ever. GICC_RPR (IHI 0048B 4.4.6), ICC_RPR_EL1 (IHI 0069H 12.2.19). */
	if (!expect(running_priority() == 0xff,
		    "running priority 0x%02x, not idle: a WFI would not wake on the timer",
		    running_priority()))
		return;
	wfi_got = 0;
	now = arch_counter();
	due = now + arch_counter_hz() / (1000000u / WFI_US);
	vtimer_set(due);
	deadline_start(&d, boot_wait_ms(WFI_WAIT));
	while (!(vt_ctl() & CTL_ISTATUS) && !deadline_passed(&d)) {
		__asm__ volatile("wfi" ::: "memory");
		wfis++;
	}
	now = arch_counter();
	expect(vt_ctl() & CTL_ISTATUS, "the timer did not fire within %u ms of WFI",
	       boot_wait_ms(WFI_WAIT));
	expect(now >= due, "woke from WFI at %" PRIu64 ", before the compare value %" PRIu64, now,
	       due);
	expect(pending_becomes(ppi, true), "PPI %u not pending after the WFI", ppi);
	irq_local_enable();
	irq_local_disable();
	expect(wfi_got == 1, "the timer PPI %u taken %u times once unmasked, want 1", ppi,
	       (unsigned)wfi_got);
	vtimer_off();
	irq_enable(ppi, false);
	diag("gic: timer PPI %u: pending follows ISTATUS and IMASK; TVAL counts down, %" PRId32
	     " after expiry; WFI woke in %u wait%s, the interrupt taken once",
	     ppi, t1, wfis, wfis == 1 ? "" : "s");
}
