/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Allwinner watchdogs (allwinner,sun4i-a10-wdt; allwinner,sun6i-a31-wdt and
 * the later SoCs that list it): a control register (restart: key 0xa57 in
 * bits 12:1 and bit 0), a configuration register (what a timeout resets),
 * a mode register (EN bit 0, the interval as an index into a table of
 * 0.5..16 s). sun4i: ctrl 0x00, cfg and mode 0x04, interval at bit 3,
 * reset bits 0x2 = 0x2; sun6i: ctrl 0x10, cfg 0x14, mode 0x18, interval at
 * bit 4, reset bits 0x3 = 0x1 (the whole system). Linux
 * drivers/watchdog/sunxi_wdt.c. No pre-timeout, no reset cause kept.
 */
#include "lib/watchdog/watchdog.h"

struct sunxi_layout {
	uint16_t ctrl, cfg, mode;
	uint8_t shift, reset_mask, reset_val;
};

#define CTRL_RESTART (1u << 0 | 0xa57u << 1)
#define MODE_EN      (1u << 0)

/* Seconds 1..16 to the interval field (only these are programmable). */
static const uint8_t interval[17] = { [1] = 1, [2] = 2,  [3] = 3,  [4] = 4,   [5] = 5,  [6] = 6,
				      [8] = 7, [10] = 8, [12] = 9, [14] = 10, [16] = 11 };

static uint32_t start(struct wdt_desc *w, uint32_t ms, uint32_t pre, uint32_t *pre_ms)
{
	const struct sunxi_layout *l = w->driver->data;
	uint32_t s = ms / 1000, v;

	(void)pre;
	*pre_ms = 0;
	if (ms % 1000 || s > 16 || !interval[s])
		return 0;
	v = wdt_read(w, 0, l->mode) & ~(0xfu << l->shift) & ~MODE_EN;
	wdt_write(w, 0, l->mode, v | (uint32_t)interval[s] << l->shift);
	wdt_write(w, 0, l->ctrl, CTRL_RESTART);
	v = wdt_read(w, 0, l->cfg) & ~(uint32_t)l->reset_mask;
	wdt_write(w, 0, l->cfg, v | l->reset_val);
	wdt_write(w, 0, l->mode, wdt_read(w, 0, l->mode) | MODE_EN);
	return ms;
}

static void feed(const struct wdt_desc *w)
{
	wdt_write(w, 0, ((const struct sunxi_layout *)w->driver->data)->ctrl, CTRL_RESTART);
}

static void stop(const struct wdt_desc *w)
{
	const struct sunxi_layout *l = w->driver->data;

	wdt_write(w, 0, l->mode, wdt_read(w, 0, l->mode) & ~MODE_EN);
}

static const struct sunxi_layout sun4i = { 0x00, 0x04, 0x04, 3, 0x2, 0x2 };
static const struct sunxi_layout sun6i = { 0x10, 0x14, 0x18, 4, 0x3, 0x1 };
static const char *const compat4[] = { "allwinner,sun4i-a10-wdt" };
static const char *const compat6[] = { "allwinner,sun6i-a31-wdt" };

WDT_DRIVER(sun4i) = {
	.name = "Allwinner A10 WDT",
	.compat = compat4,
	.ncompat = WDT_NCOMPAT(compat4),
	.min_ms = 1000,
	.max_ms = 16000,
	.start = start,
	.feed = feed,
	.stop = stop,
	.data = &sun4i,
};

WDT_DRIVER(sun6i) = {
	.name = "Allwinner A31 WDT",
	.compat = compat6,
	.ncompat = WDT_NCOMPAT(compat6),
	.min_ms = 1000,
	.max_ms = 16000,
	.start = start,
	.feed = feed,
	.stop = stop,
	.data = &sun6i,
};
