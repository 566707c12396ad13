/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Synopsys DesignWare APB watchdog (snps,dw-wdt; Rockchip, some Intel and
 * Baikal SoCs): CR 0x00 (WDT_EN bit 0; RMOD bit 1 clear: a timeout resets
 * at once), TORR 0x04 (TOP bits 3:0: a timeout of 2^(16 + TOP) clocks),
 * CRR 0x0c (0x76 restarts the counter). Linux drivers/watchdog/dw_wdt.c.
 * Its clock comes from the SoC's clock controller: the tree gives its rate
 * only as a fixed-clock or clock-frequency, else the test skips. Once
 * enabled it cannot be disabled (WDT_EN is cleared only by a reset).
 */
#include "lib/watchdog/watchdog.h"

#define CR       0x00
#define TORR     0x04
#define CRR      0x0c
#define CR_EN    (1u << 0)
#define CRR_KICK 0x76u

static uint32_t start(struct wdt_desc *w, uint32_t ms, uint32_t pre, uint32_t *pre_ms)
{
	unsigned top;

	(void)pre;
	*pre_ms = 0;
	/* The shortest TOP whose timeout is at least ms. */
	for (top = 0; top < 16; top++)
		if (((uint64_t)1000 << (16 + top)) / w->hz >= ms)
			break;
	if (top == 16)
		return 0;
	wdt_write(w, 0, TORR, top | top << 4);
	wdt_write(w, 0, CRR, CRR_KICK);
	wdt_write(w, 0, CR, CR_EN);
	return (uint32_t)(((uint64_t)1000 << (16 + top)) / w->hz);
}

static void feed(const struct wdt_desc *w)
{
	wdt_write(w, 0, CRR, CRR_KICK);
}

static const char *const compat[] = { "snps,dw-wdt" };

WDT_DRIVER(dw) = {
	.name = "DesignWare WDT",
	.compat = compat,
	.ncompat = WDT_NCOMPAT(compat),
	.needs_clock = true,
	.min_ms = 1,
	.max_ms = 0xffffffffu,
	.start = start,
	.feed = feed,
};
