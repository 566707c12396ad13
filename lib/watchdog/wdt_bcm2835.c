/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * BCM2835 power manager watchdog (brcm,bcm2835-pm-wdt; brcm,bcm2835-pm):
 * PM_RSTC 0x1c (WRCFG bits 5:4: 0x20 a full reset at timeout; 0x102 stops
 * it), PM_RSTS 0x20 (what reset the chip), PM_WDOG 0x24 (the timeout in
 * 1/65536 s, bits 19:0); every write carries the password 0x5a000000.
 * Linux drivers/watchdog/bcm2835_wdt.c; the PM_RSTS bits HADWRH 0x40,
 * HADWRF 0x20, HADWRQ 0x10 (a watchdog reset, hard/full/quick), HADPOR
 * 0x1000 (power-on) from the Raspberry Pi kernel's
 * drivers/watchdog/bcm2708_wdog.c. Linux's restart also writes the boot
 * partition into the even bits 0-10 (bcm2835_restart), so a bit there may
 * be a partition number, not a cause. A feed is a new start.
 */
#include <inttypes.h>
#include <stdio.h>

#include "lib/watchdog/watchdog.h"

#define PM_RSTC       0x1c
#define PM_RSTS       0x20
#define PM_WDOG       0x24
#define PASSWORD      0x5a000000u
#define WDOG_TIME     0x000fffffu
#define RSTC_WRCFG    0x00000030u
#define RSTC_FULL     0x00000020u
#define RSTC_RESET    0x00000102u
#define RSTS_WATCHDOG 0x00000070u
#define RSTS_POR      0x00001000u

static void arm(const struct wdt_desc *w, uint32_t ticks)
{
	uint32_t rstc = wdt_read(w, 0, PM_RSTC) & ~RSTC_WRCFG & 0x00ffffffu;

	wdt_write(w, 0, PM_WDOG, PASSWORD | (ticks & WDOG_TIME));
	wdt_write(w, 0, PM_RSTC, PASSWORD | rstc | RSTC_FULL);
}

static uint32_t start(struct wdt_desc *w, uint32_t ms, uint32_t pre, uint32_t *pre_ms)
{
	uint64_t ticks = (uint64_t)ms * 65536 / 1000;

	(void)pre;
	*pre_ms = 0;
	if (!ticks || ticks > WDOG_TIME)
		return 0;
	w->load = (uint32_t)ticks;
	arm(w, w->load);
	return (uint32_t)(ticks * 1000 / 65536);
}

static void feed(const struct wdt_desc *w)
{
	arm(w, w->load); /* PM_WDOG counts down: the value start() wrote again */
}

static void stop(const struct wdt_desc *w)
{
	wdt_write(w, 0, PM_RSTC, PASSWORD | RSTC_RESET);
}

static int cause(const struct wdt_desc *w, char *buf, size_t n)
{
	uint32_t s = wdt_read(w, 0, PM_RSTS);

	snprintf(buf, n, "PM_RSTS 0x%08" PRIx32 ": %s", s,
		 s & RSTS_WATCHDOG ? "a watchdog reset (HADWR*)"
		 : s & RSTS_POR    ? "power-on reset (HADPOR)"
				   : "no cause recorded");
	return s & RSTS_WATCHDOG ? 1 : s & RSTS_POR ? 0 : -1;
}

static const char *const compat[] = { "brcm,bcm2835-pm-wdt", "brcm,bcm2835-pm" };

WDT_DRIVER(bcm2835) = {
	.name = "BCM2835 PM watchdog",
	.compat = compat,
	.ncompat = WDT_NCOMPAT(compat),
	.min_ms = 1,
	.max_ms = 15999,
	.start = start,
	.feed = feed,
	.stop = stop,
	.cause = cause,
};
