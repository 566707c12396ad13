/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * i.MX WDOG (fsl,imx21-wdt and the SoCs that list it as fallback): 16-bit
 * registers, WCR 0x0 (WDZST bit 0, WDE bit 2, SRS bit 4, WDA bit 5, WT
 * bits 15:8: a timeout of (WT + 1) half seconds), WSR 0x2 (feed: 0x5555
 * then 0xaaaa), WRSR 0x4 (SFTW bit 0, TOUT bit 1, POR bit 4), WICR 0x6
 * (WIE bit 15, WTIS bit 14, WICT bits 7:0: the interrupt WICT half seconds
 * before the timeout; write-once), WMCR 0x8 (PDE bit 0: the power-down
 * counter, which resets the SoC 16 s after reset unless cleared). i.MX6
 * reference manual (IMX6DQRM) chapter "Watchdog Timer (WDOG)"; Linux
 * drivers/watchdog/imx2_wdt.c.
 */
#include <stdio.h>

#include "lib/watchdog/watchdog.h"

#define WCR  0x0
#define WSR  0x2
#define WRSR 0x4
#define WICR 0x6
#define WMCR 0x8

#define WCR_WDZST (1u << 0)
#define WCR_WDE   (1u << 2)
#define WCR_SRS   (1u << 4)
#define WCR_WDA   (1u << 5)
#define WICR_WIE  (1u << 15)
#define WICR_WTIS (1u << 14)
#define WRSR_SFTW (1u << 0)
#define WRSR_TOUT (1u << 1)
#define WRSR_POR  (1u << 4)

static uint32_t start(struct wdt_desc *w, uint32_t ms, uint32_t pre, uint32_t *pre_ms)
{
	uint32_t wt = ms / 500; /* (WT + 1) half seconds */
	uint32_t wict = pre / 500;

	*pre_ms = 0;
	if (wt < 2 || wt > 256)
		return 0;
	wt -= 1;
	wdt_write16(w, WMCR, 0);
	if (wict && w->intid && wict <= wt) {
		/* Before WDE: the count the interrupt is set from starts with it. */
		wdt_write16(w, WICR, (uint16_t)(WICR_WIE | WICR_WTIS | wict));
		*pre_ms = (wt + 1 - wict) * 500;
	}
	wdt_write16(w, WCR, (uint16_t)(wt << 8 | WCR_WDA | WCR_SRS | WCR_WDE | WCR_WDZST));
	return (wt + 1) * 500;
}

static void feed(const struct wdt_desc *w)
{
	uint16_t wicr;

	wdt_write16(w, WSR, 0x5555);
	wdt_write16(w, WSR, 0xaaaa);
	/* WICR written back with WTIS 0: nothing on the silicon (WIE and WICT
	 * are write-once, WTIS is write-one-to-clear), but QEMU 7.2's model
	 * (hw/watchdog/wdt_imx2.c) restarts its pre-timeout timer only on a
	 * WICR or WCR write, never on the feed, once that timer has fired. */
	wicr = wdt_read16(w, WICR);
	if (wicr & WICR_WIE)
		wdt_write16(w, WICR, (uint16_t)(wicr & ~WICR_WTIS));
}

static bool ack(const struct wdt_desc *w)
{
	uint16_t v = wdt_read16(w, WICR);

	if (!(v & WICR_WTIS))
		return false;
	wdt_write16(w, WICR, v); /* WTIS is write-one-to-clear */
	return true;
}

static int cause(const struct wdt_desc *w, char *buf, size_t n)
{
	uint16_t r = wdt_read16(w, WRSR);

	snprintf(buf, n, "WRSR 0x%04x: %s", r,
		 r & WRSR_TOUT   ? "a watchdog timeout (TOUT)"
		 : r & WRSR_SFTW ? "a software reset (SFTW)"
		 : r & WRSR_POR  ? "power-on reset (POR)"
				 : "no cause recorded");
	return r & WRSR_TOUT ? 1 : r & (WRSR_SFTW | WRSR_POR) ? 0 : -1;
}

static const char *const compat[] = { "fsl,imx21-wdt" };

WDT_DRIVER(imx) = {
	.name = "i.MX WDOG",
	.compat = compat,
	.ncompat = WDT_NCOMPAT(compat),
	.needs_irq = true,
	.narrow = true,
	.min_ms = 1000,
	.max_ms = 128000,
	.start = start,
	.feed = feed,
	.stop = NULL,
	.ack = ack,
	.cause = cause,
};
