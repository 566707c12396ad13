/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The watchdog drivers against the register model: what start() programs,
 * that wdt_feed() writes the feed sequence (and nothing with nofeed), and
 * the reset cause decoded from the register each SoC keeps it in (i.MX
 * WRSR, Aspeed timeout status, BCM2835 PM_RSTS). Only the i.MX and Aspeed
 * watchdogs run on QEMU 7.2 (66-watchdog.cfg); the others are held to their
 * programming here. QEMU clears the i.MX and Aspeed causes at its reset
 * (hw/watchdog/wdt_imx2.c imx2_wdt_reset; wdt_aspeed.c reads 0x10 as 0),
 * so the decoding is proven here, not on a row.
 */
#include <stdio.h>
#include <string.h>

#include "tests/host/lib/watchdog/wdt_model.h"

WDT_DRIVER_EXTERN(imx);
WDT_DRIVER_EXTERN(aspeed);
WDT_DRIVER_EXTERN(sun4i);
WDT_DRIVER_EXTERN(sun6i);
WDT_DRIVER_EXTERN(sp805);
WDT_DRIVER_EXTERN(sbsa);
WDT_DRIVER_EXTERN(dw);
WDT_DRIVER_EXTERN(bcm2835);

static unsigned fails;
#define CHECK(c, ...)                                                                              \
	do {                                                                                       \
		if (!(c)) {                                                                        \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);                                \
			printf(__VA_ARGS__);                                                       \
			printf("\n");                                                              \
			fails++;                                                                   \
		}                                                                                  \
	} while (0)

static void set16(unsigned off, uint16_t v)
{
	memcpy(&wdt_model.reg[0][off], &v, 2);
}

static void cause(const struct wdt_desc *w, int want, const char *words)
{
	char buf[96];
	int r = w->driver->cause(w, buf, sizeof(buf));

	CHECK(r == want && strstr(buf, words), "%s: cause %d \"%s\", expected %d \"%s\"",
	      w->driver->name, r, buf, want, words);
	printf("# %s: %s -> %d\n", w->driver->name, buf, r);
}

static uint32_t r32(unsigned f, unsigned off)
{
	return wdt_read(NULL, f, off);
}

/* What each of the others writes for a 2 s timeout, and its feed. */
static void others(void)
{
	struct wdt_desc d;
	uint32_t pre, t;

	memset(&wdt_model, 0, sizeof(wdt_model));
	d = (struct wdt_desc){ .driver = &wdt_sun6i };
	t = d.driver->start(&d, 2000, 0, &pre);
	CHECK(t == 2000 && r32(0, 0x18) == (2u << 4 | 1) && (r32(0, 0x14) & 3) == 1,
	      "sun6i: %u ms, mode 0x%x cfg 0x%x", t, r32(0, 0x18), r32(0, 0x14));
	wdt_model.nlog = 0;
	wdt_feed(&d);
	CHECK(wdt_model.nlog == 1 && wdt_model.log[0].off == 0x10 && wdt_model.log[0].v == 0x14af,
	      "sun6i feed: %u writes", wdt_model.nlog);
	CHECK(d.driver->start(&d, 7000, 0, &pre) == 0, "sun6i took 7 s (not in its table)");
	memset(&wdt_model, 0, sizeof(wdt_model));
	d = (struct wdt_desc){ .driver = &wdt_sun4i };
	t = d.driver->start(&d, 2000, 0, &pre);
	CHECK(t == 2000 && r32(0, 0x04) == (2u << 3 | 2 | 1), "sun4i: %u ms, mode 0x%x", t,
	      r32(0, 0x04));

	memset(&wdt_model, 0, sizeof(wdt_model));
	d = (struct wdt_desc){ .driver = &wdt_sp805, .hz = 32768 };
	t = d.driver->start(&d, 2000, 0, &pre);
	CHECK(t == 2000 && r32(0, 0) == 32767 && r32(0, 8) == 3 && r32(0, 0xc00) == 0,
	      "SP805: %u ms, load %u control 0x%x lock 0x%x", t, r32(0, 0), r32(0, 8),
	      r32(0, 0xc00));
	char why[128];
	CHECK(!d.driver->identify(&d, why, sizeof(why)), "SP805 identified in zeros: %s", why);
	wdt_write(&d, 0, 0xfe0, 0x05);
	wdt_write(&d, 0, 0xfe4, 0x18);
	wdt_write(&d, 0, 0xfe8, 0x14);
	CHECK(d.driver->identify(&d, why, sizeof(why)), "SP805 not identified: %s", why);

	memset(&wdt_model, 0, sizeof(wdt_model));
	d = (struct wdt_desc){ .driver = &wdt_sbsa, .hz = 62500000, .base2 = 0x1000 };
	t = d.driver->start(&d, 2000, 0, &pre);
	CHECK(t == 2000 && r32(0, 8) == 62500000 && r32(0, 0) == 1, "SBSA: %u ms, WOR %u WCS 0x%x",
	      t, r32(0, 8), r32(0, 0));
	wdt_model.nlog = 0;
	wdt_feed(&d);
	CHECK(wdt_model.nlog == 1 && wdt_model.log[0].frame == 1 && wdt_model.log[0].off == 0,
	      "SBSA feed: not a write of the refresh frame's WRR");

	memset(&wdt_model, 0, sizeof(wdt_model));
	d = (struct wdt_desc){ .driver = &wdt_dw, .hz = 24000000 };
	t = d.driver->start(&d, 2000, 0, &pre);
	/* 2^(16+10) / 24 MHz = 2796 ms: the shortest TOP at least 2 s. */
	CHECK(t == 2796 && (r32(0, 4) & 0xf) == 10 && r32(0, 0) == 1 && r32(0, 0xc) == 0x76,
	      "DW: %u ms, TORR 0x%x CR 0x%x", t, r32(0, 4), r32(0, 0));

	memset(&wdt_model, 0, sizeof(wdt_model));
	d = (struct wdt_desc){ .driver = &wdt_bcm2835 };
	wdt_write(&d, 0, 0x1c, 0x102);
	t = d.driver->start(&d, 2000, 0, &pre);
	CHECK(t == 2000 && r32(0, 0x24) == (0x5a000000u | 131072) &&
		      r32(0, 0x1c) == (0x5a000000u | 0x122),
	      "BCM2835: %u ms, PM_WDOG 0x%x PM_RSTC 0x%x", t, r32(0, 0x24), r32(0, 0x1c));
	wdt_write(&d, 0, 0x24, 0);
	wdt_feed(&d);
	CHECK(r32(0, 0x24) == (0x5a000000u | 131072), "BCM2835 feed: PM_WDOG 0x%x", r32(0, 0x24));
	wdt_write(&d, 0, 0x20, 0x20);
	cause(&d, 1, "a watchdog reset (HADWR*)");
	wdt_write(&d, 0, 0x20, 0x1000);
	cause(&d, 0, "power-on reset (HADPOR)");
}

int main(void)
{
	struct wdt_desc w = { .driver = &wdt_imx, .intid = 112 };
	uint32_t pre = 0, t;

	memset(&wdt_model, 0, sizeof(wdt_model));
	t = w.driver->start(&w, 2000, 1000, &pre);
	CHECK(t == 2000 && pre == 1000, "i.MX start: %u ms, pre-timeout %u ms", t, pre);
	uint16_t wcr, wicr;
	memcpy(&wcr, &wdt_model.reg[0][0], 2);
	memcpy(&wicr, &wdt_model.reg[0][6], 2);
	CHECK(wcr == (3u << 8 | 0x35), "i.MX WCR 0x%04x, expected WT 3, WDA SRS WDE WDZST", wcr);
	CHECK((wicr & 0x80ff) == 0x8002, "i.MX WICR 0x%04x, expected WIE, WICT 2", wicr);
	wdt_model.nlog = 0;
	wdt_feed(&w);
	CHECK(wdt_model.nlog >= 2 && wdt_model.log[0].off == 2 && wdt_model.log[0].v == 0x5555 &&
		      wdt_model.log[1].off == 2 && wdt_model.log[1].v == 0xaaaa,
	      "i.MX feed: not 0x5555 then 0xaaaa to WSR (%u writes)", wdt_model.nlog);
	w.nofeed = true;
	wdt_model.nlog = 0;
	wdt_feed(&w);
	CHECK(wdt_model.nlog == 0, "nofeed: %u writes", wdt_model.nlog);
	set16(4, 1u << 1);
	cause(&w, 1, "watchdog timeout (TOUT)");
	set16(4, 1u << 0);
	cause(&w, 0, "software reset");
	set16(4, 1u << 4);
	cause(&w, 0, "power-on reset");
	set16(4, 0);
	cause(&w, -1, "no cause recorded");

	struct wdt_desc a = { .driver = &wdt_aspeed };
	memset(&wdt_model, 0, sizeof(wdt_model));
	t = a.driver->start(&a, 2000, 0, &pre);
	CHECK(t == 2000 && pre == 0, "Aspeed start: %u ms, pre %u", t, pre);
	CHECK(wdt_read(&a, 0, 4) == 2000000u && wdt_read(&a, 0, 0xc) == 0x13,
	      "Aspeed reload %u ctrl 0x%x", wdt_read(&a, 0, 4), wdt_read(&a, 0, 0xc));
	wdt_write(&a, 0, 0x10, 1);
	cause(&a, 1, "reset by this watchdog (EVENT)");
	wdt_write(&a, 0, 0x10, 0);
	cause(&a, 0, "no watchdog reset recorded");
	others();
	printf("%s: %u failures\n", fails ? "FAIL" : "ok", fails);
	return fails != 0;
}
