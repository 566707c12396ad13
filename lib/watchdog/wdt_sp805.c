/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARM SP805 (ARM DDI 0270B, "ARM Watchdog Module (SP805) TRM"): WdogLoad
 * 0x000, WdogValue 0x004, WdogControl 0x008 (INTEN bit 0: counter and
 * interrupt on; RESEN bit 1), WdogIntClr 0x00c (any write clears the
 * interrupt and reloads the counter), WdogRIS 0x010, WdogLock 0xc00
 * (0x1acce551 unlocks). The counter reaches 0 once: the interrupt, and a
 * reload; a second time with the interrupt still set: the reset. So the
 * reset comes 2 x (load + 1) clocks after a feed (Linux
 * drivers/watchdog/sp805_wdt.c halves the timeout the same way). The
 * interrupt is not acked here (that is a feed); no reset cause is kept.
 * WdogPeriphID0-3 (0xfe0-0xfec, a byte each): part 0x805, designer 0x41.
 */
#include <inttypes.h>
#include <stdio.h>

#include "lib/watchdog/watchdog.h"

#define LOAD    0x000
#define CONTROL 0x008
#define INTCLR  0x00c
#define LOCK    0xc00
#define UNLOCK  0x1acce551u
#define INTEN   (1u << 0)
#define RESEN   (1u << 1)

static uint32_t start(struct wdt_desc *w, uint32_t ms, uint32_t pre, uint32_t *pre_ms)
{
	uint64_t load = (uint64_t)w->hz * (ms / 2) / 1000;

	(void)pre;
	*pre_ms = 0;
	if (!load || load > 0xffffffffull)
		return 0;
	wdt_write(w, 0, LOCK, UNLOCK);
	wdt_write(w, 0, LOAD, (uint32_t)load - 1);
	wdt_write(w, 0, INTCLR, 0);
	wdt_write(w, 0, CONTROL, INTEN | RESEN);
	wdt_write(w, 0, LOCK, 0);
	return (uint32_t)(load * 2000 / w->hz);
}

static void feed(const struct wdt_desc *w)
{
	wdt_write(w, 0, LOCK, UNLOCK);
	wdt_write(w, 0, INTCLR, 0);
	wdt_write(w, 0, LOCK, 0);
}

static void stop(const struct wdt_desc *w)
{
	wdt_write(w, 0, LOCK, UNLOCK);
	wdt_write(w, 0, CONTROL, 0);
	wdt_write(w, 0, LOCK, 0);
}

static bool identify(const struct wdt_desc *w, char *why, size_t n)
{
	uint32_t id = 0;

	for (unsigned i = 0; i < 4; i++)
		id |= (wdt_read(w, 0, 0xfe0 + 4 * i) & 0xffu) << (8 * i);
	snprintf(why, n,
		 "PeriphID 0x%08" PRIx32 ": part 0x%03" PRIx32 ", designer 0x%02" PRIx32
		 ", expected part 0x805, designer 0x41",
		 id, id & 0xfff, id >> 12 & 0xff);
	return (id & 0xfffff) == 0x41805;
}

static const char *const compat[] = { "arm,sp805" };

WDT_DRIVER(sp805) = {
	.name = "SP805",
	.compat = compat,
	.ncompat = WDT_NCOMPAT(compat),
	.needs_clock = true,
	.min_ms = 2,
	.max_ms = 0xffffffffu,
	.start = start,
	.feed = feed,
	.stop = stop,
	.identify = identify,
};
