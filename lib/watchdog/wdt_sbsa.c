/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBSA generic watchdog (arm,sbsa-gwdt; Arm Server Base System Architecture
 * DEN0029, "Generic Watchdog"): the tree's reg gives the control frame
 * first, then the refresh frame (Linux
 * Documentation/devicetree/bindings/watchdog/arm,sbsa-gwdt.yaml,
 * drivers/watchdog/sbsa_gwdt.c). Control frame: WCS 0x000 (EN bit 0, WS0
 * bit 1, WS1 bit 2), WOR 0x008 (the offset), WCV 0x010. Refresh frame:
 * WRR 0x000, any write a refresh: WCV = the system counter + WOR, WS0
 * cleared. WS0 when the counter passes WCV (WCV then moves on by WOR); the
 * reset (WS1) the next time. So the reset comes 2 x WOR system-counter
 * ticks after a feed. WS0 clears only by a refresh or a WCS write, so it is
 * not acked here; no reset cause is kept. W_IIDR (control frame 0xfcc):
 * bits 11:0 the implementer's JEP106 code, never 0 on a real part.
 */
#include <inttypes.h>
#include <stdio.h>

#include "lib/watchdog/watchdog.h"

#define WCS    0x000
#define WOR    0x008
#define WRR    0x000
#define WCS_EN (1u << 0)

static uint32_t start(struct wdt_desc *w, uint32_t ms, uint32_t pre, uint32_t *pre_ms)
{
	uint64_t wor = (uint64_t)w->hz * (ms / 2) / 1000;

	(void)pre;
	*pre_ms = 0;
	if (!w->base2 || !wor || wor > 0xffffffffull)
		return 0;
	wdt_write(w, 0, WCS, 0);
	wdt_write(w, 0, WOR, (uint32_t)wor);
	wdt_write(w, 1, WRR, 0);
	wdt_write(w, 0, WCS, WCS_EN);
	return (uint32_t)(wor * 2000 / w->hz);
}

static void feed(const struct wdt_desc *w)
{
	wdt_write(w, 1, WRR, 0);
}

static void stop(const struct wdt_desc *w)
{
	wdt_write(w, 0, WCS, 0);
}

static bool identify(const struct wdt_desc *w, char *why, size_t n)
{
	uint32_t iidr = wdt_read(w, 0, 0xfcc);

	snprintf(why, n, "W_IIDR 0x%08" PRIx32 ": implementer 0x%03" PRIx32 "%s", iidr,
		 iidr & 0xfff, iidr & 0xfff ? "" : " (none: nothing there)");
	return (iidr & 0xfff) != 0;
}

static const char *const compat[] = { "arm,sbsa-gwdt" };

WDT_DRIVER(sbsa) = {
	.name = "SBSA generic watchdog",
	.compat = compat,
	.ncompat = WDT_NCOMPAT(compat),
	.counter_clock = true,
	.min_ms = 2,
	.max_ms = 0xffffffffu,
	.start = start,
	.feed = feed,
	.stop = stop,
	.identify = identify,
};
