/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gic: a level-triggered device SPI with the device's own mask and
 * acknowledge: the PL031 RTC's match interrupt (ARM DDI 0224, PrimeCell
 * Real Time Clock: RTCDR 0x00, RTCMR 0x04, RTCIMSC 0x10, RTCRIS 0x14,
 * RTCMIS 0x18, RTCICR 0x1c), where the tree names an enabled arm,pl031 at
 * its root with a GIC SPI (QEMU virt). docs/gic-checks.md.
 */
#include <inttypes.h>
#include <stdio.h>

#include "arch/counter.h"
#include "board/device_ids.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"

#define RTCDR    0x00
#define RTCMR    0x04
#define RTCIMSC  0x10
#define RTCRIS   0x14
#define RTCMIS   0x18
#define RTCICR   0x1c
#define MATCH_MS 2100 /* a match one second ahead, on a 1 Hz counter */

static uintptr_t rtc;

static uint32_t rr(unsigned off)
{
	return *(volatile uint32_t *)(rtc + off);
}

static void rw(unsigned off, uint32_t v)
{
	*(volatile uint32_t *)(rtc + off) = v;
}

/* The first enabled arm,pl031 at the root (no bus translation needed): its
 * base and its SPI as an INTID (GIC binding: 0 = SPI, INTID 32 + n); 0 and
 * *why where there is none. */
static unsigned find_pl031(const char **why)
{
	struct fdt f;
	unsigned ac, sc;
	int n, len, ilen;
	const uint32_t *reg, *irq;

	*why = "no tree";
	if (!boot.hw.dtb || boot.hw.dtb_error != FDT_OK ||
	    fdt_open(&f, (const void *)boot.hw.dtb, boot.hw.dtb_size) != FDT_OK)
		return 0;
	*why = "the tree names no enabled arm,pl031 at its root";
	for (n = fdt_find_compatible(&f, -1, "arm,pl031"); n >= 0;
	     n = fdt_find_compatible(&f, n, "arm,pl031"))
		if (fdt_node_is_enabled(&f, n) && fdt_parent(&f, n) == fdt_root(&f))
			break;
	if (n < 0 || fdt_address_cells(&f, fdt_root(&f), &ac) ||
	    fdt_size_cells(&f, fdt_root(&f), &sc))
		return 0;
	reg = fdt_getprop(&f, n, "reg", &len);
	irq = fdt_getprop(&f, n, "interrupts", &ilen);
	*why = "its reg or interrupts is not one region and one GIC SPI";
	if (!reg || len < (int)(4 * (ac + sc)) || !irq || ilen < 12 || fdt_read_cells(irq, 1))
		return 0;
	rtc = (uintptr_t)fdt_read_cells(reg, ac);
	return 32 + (unsigned)fdt_read_cells(irq + 1, 1);
}

static struct {
	volatile uint32_t got, mis;
	bool ack_late; /* leave the first entry unacknowledged */
} dev;

static void rtc_got(unsigned intid, unsigned src, void *arg)
{
	(void)intid, (void)src, (void)arg;
	dev.mis = rr(RTCMIS);
	if (dev.got++ || !dev.ack_late)
		rw(RTCICR, 1); /* the device's acknowledge: its line drops */
}

/* RTCRIS once the match is reached: MR = DR matches at once on QEMU (its
 * pl031_set_alarm), a board's counter on its next second. */
static bool matched(void)
{
	struct deadline d;

	rw(RTCMR, rr(RTCDR));
	for (unsigned i = 0; i < 1000 && !(rr(RTCRIS) & 1); i++)
		irq_test_relax();
	if (!(rr(RTCRIS) & 1))
		rw(RTCMR, rr(RTCDR) + 1);
	deadline_start(&d, boot_wait_ms(MATCH_MS));
	while (!(rr(RTCRIS) & 1))
		if (deadline_passed(&d))
			return false;
	return true;
}

/*
 * The device masked (RTCIMSC 0): the match sets RTCRIS, not RTCMIS, and the
 * SPI is not pending; unmasked: RTCMIS and the SPI pending (a level); taken,
 * acknowledged in the handler (RTCICR): the line and the SPI clear. Then a
 * handler that returns once without the acknowledge: a level-sensitive SPI
 * (GICD_ICFGR 0b00, as Linux configures SPIs) is taken again after the EOI
 * while the line stays high; an edge-triggered one would not be.
 */
SELFTEST(gic, device_spi)
{
	const char *why;
	char idwhy[160];
	unsigned spi;
	bool ris_masked, pend_masked, pend_open;

	if (!irq_test_ready(&why) || gic_spec_skip(&why) || !(spi = find_pl031(&why))) {
		skip("%s", why);
		return;
	}
	/* A tree naming an RTC that is not there (dt: devices_answer fails it)
	 * must not turn this test into a crash. */
	if (devid_probe(devid_type_named("arm,pl031", 9), rtc, idwhy, sizeof idwhy) !=
	    DEVID_ANSWERS) {
		skip("the tree's PL031 does not answer: %s", idwhy);
		return;
	}
	irq_local_disable();
	irq_register(spi, rtc_got, NULL);
	irq_route(spi, irq_test.boot); /* GICv2: no target until routed */
	if (!irq_test_usable(spi))
		return;
	dev.got = 0, dev.ack_late = false;
	rw(RTCIMSC, 0);
	rw(RTCICR, 1);
	if (!expect(matched(), "PL031 at 0x%" PRIxPTR ": no match in %u ms (RTCDR 0x%" PRIx32 ")",
		    rtc, boot_wait_ms(MATCH_MS), rr(RTCDR)))
		goto out;
	ris_masked = rr(RTCMIS) & 1;
	for (unsigned i = 0; i < 100 && !irq_is_pending(spi); i++)
		irq_test_relax();
	pend_masked = irq_is_pending(spi);
	rw(RTCIMSC, 1);
	pend_open = irq_is_pending(spi);
	irq_local_enable();
	irq_local_disable();
	expect(!ris_masked && !pend_masked,
	       "RTCIMSC 0: RTCMIS %d, SPI %u pending %d: the device's mask did not hold the line",
	       ris_masked, spi, pend_masked);
	expect(pend_open, "RTCIMSC 1 with RTCRIS set: SPI %u not pending", spi);
	expect(dev.got == 1 && dev.mis == 1, "SPI %u taken %u times (RTCMIS 0x%" PRIx32 "), want 1",
	       spi, (unsigned)dev.got, dev.mis);
	expect(!(rr(RTCRIS) & 1) && !irq_is_pending(spi),
	       "after RTCICR: RTCRIS 0x%" PRIx32 ", SPI %u pending %d", rr(RTCRIS), spi,
	       irq_is_pending(spi));

	dev.got = 0, dev.ack_late = true;
	if (!expect(matched(), "PL031: no second match in %u ms", boot_wait_ms(MATCH_MS)))
		goto out;
	irq_local_enable();
	irq_local_disable();
	expect(dev.got == 2,
	       "SPI %u with its line still high after the EOI taken %u times, want 2: not "
	       "level-sensitive (configured edge-triggered)",
	       spi, (unsigned)dev.got);
	diag("gic: PL031 at 0x%" PRIxPTR " SPI %u: held by RTCIMSC, pending with the line, cleared "
	     "by RTCICR; level-sensitive: taken again while unacknowledged",
	     rtc, spi);
out:
	rw(RTCIMSC, 0);
	rw(RTCICR, 1);
	irq_enable(spi, false);
}
