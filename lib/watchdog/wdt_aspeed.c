/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Aspeed AST2400/2500/2600 watchdog: 0x00 counter status, 0x04 reload
 * value, 0x08 restart (write 0x4755), 0x0c control (ENABLE bit 0,
 * RESET_SYSTEM bit 1, 1MHZ_CLK bit 4: count 1 MHz), 0x10 timeout status
 * (EVENT bit 0: the last reset came from this watchdog; bits 15:8 a count
 * of them on the AST2400/2500), 0x14 clear (write 1). Linux
 * drivers/watchdog/aspeed_wdt.c (WDT_TIMEOUT_STATUS_EVENT, bootstatus).
 * No pre-timeout interrupt is driven here.
 */
#include <inttypes.h>
#include <stdio.h>

#include "lib/watchdog/watchdog.h"

#define RELOAD  0x04
#define RESTART 0x08
#define CTRL    0x0c
#define TSTATUS 0x10
#define TCLEAR  0x14

#define CTRL_ENABLE (1u << 0)
#define CTRL_RESET  (1u << 1)
#define CTRL_1MHZ   (1u << 4)

static uint32_t start(struct wdt_desc *w, uint32_t ms, uint32_t pre, uint32_t *pre_ms)
{
	(void)pre;
	*pre_ms = 0;
	wdt_write(w, 0, CTRL, 0);
	wdt_write(w, 0, RELOAD, ms * 1000u);
	wdt_write(w, 0, RESTART, 0x4755);
	wdt_write(w, 0, CTRL, CTRL_1MHZ | CTRL_RESET | CTRL_ENABLE);
	return ms;
}

static void feed(const struct wdt_desc *w)
{
	wdt_write(w, 0, RESTART, 0x4755);
}

static void stop(const struct wdt_desc *w)
{
	wdt_write(w, 0, CTRL, 0);
}

static int cause(const struct wdt_desc *w, char *buf, size_t n)
{
	uint32_t s = wdt_read(w, 0, TSTATUS);

	snprintf(buf, n, "timeout status 0x%08" PRIx32 ": %s", s,
		 s & 1 ? "a reset by this watchdog (EVENT)" : "no watchdog reset recorded");
	return s & 1 ? 1 : 0;
}

static const char *const compat[] = { "aspeed,ast2400-wdt", "aspeed,ast2500-wdt",
				      "aspeed,ast2600-wdt" };

WDT_DRIVER(aspeed) = {
	.name = "Aspeed WDT",
	.compat = compat,
	.ncompat = WDT_NCOMPAT(compat),
	.min_ms = 1,
	.max_ms = 4294967, /* 32-bit reload at 1 MHz */
	.start = start,
	.feed = feed,
	.stop = stop,
	.cause = cause,
};
