/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Watchdog timers: one small driver a family, each mostly data (struct
 * wdt_driver: its compatibles, its limits) registered the way the UART
 * drivers are (lib/console/console.h UART_DRIVER): WDT_DRIVER(id) puts it
 * in the linker section wdt_drivers, where board/fdt_watchdog.c finds the
 * one a tree's enabled node names.
 *
 * Contract:
 * - start() programs a timeout of about timeout_ms (the device's own unit:
 *   the i.MX WDOG counts half seconds, the sunxi one takes a table) and,
 *   where the device has one and pretimeout_ms is not 0, a pre-timeout
 *   (first-stage) interrupt that long before the reset; it returns the
 *   timeout programmed, in ms, and sets *pre_ms to the pre-timeout's
 *   programmed time after a feed (0: none). 0: the request cannot be met.
 * - feed() restarts the countdown (and the pre-timeout's with it).
 * - stop(): NULL where the device cannot be stopped once started (the i.MX
 *   WDOG: its WDE bit is write-once, i.MX6 reference manual, WDOG WCR).
 * - ack(): whether the pre-timeout status is set; clears it (and the line).
 * - cause(): the last reset's cause as the device recorded it, in words into
 *   buf; returns 1 a watchdog reset, 0 another, -1 nothing recorded (NULL:
 *   the device keeps no cause).
 * - A first-stage interrupt that only a refresh clears (SP805: WdogIntClr
 *   reloads the counter; SBSA: WS0 clears on a refresh) is not acked in an
 *   interrupt handler, which would feed the watchdog behind the test's back:
 *   such a driver has no ack and is fed by the counter.
 * Every register access goes through the wdt_read/wdt_write seam (wdt_mmio.c);
 * the host test (tests/host/lib/watchdog/) links a register model instead.
 */
#ifndef LIB_WATCHDOG_H
#define LIB_WATCHDOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct wdt_desc;

struct wdt_driver {
	const char *name; /* for the report: "i.MX WDOG" */
	const char *const *compat;
	unsigned ncompat;
	bool needs_clock;   /* counts a clock the tree must give (clock-frequency, fixed-clock) */
	bool needs_irq;     /* its pre-timeout is an interrupt the tree names */
	bool counter_clock; /* counts the system counter (SBSA: CNTFRQ) */
	bool narrow;        /* 16-bit registers (i.MX): probed with a 16-bit read */
	uint32_t min_ms, max_ms;
	uint32_t (*start)(struct wdt_desc *w, uint32_t timeout_ms, uint32_t pretimeout_ms,
			  uint32_t *pre_ms);
	void (*feed)(const struct wdt_desc *w);
	void (*stop)(const struct wdt_desc *w);
	bool (*ack)(const struct wdt_desc *w);
	int (*cause)(const struct wdt_desc *w, char *buf, size_t n); /* NULL: records none */
	/* Its ID registers read: false with why where they name another part
	 * (or read as zero: nothing there). NULL: it has none. */
	bool (*identify)(const struct wdt_desc *w, char *why, size_t n);
	const void *data; /* the family's layout, for drivers that share code */
};
#define WDT_NCOMPAT(c) (sizeof(c) / sizeof((c)[0]))

#define WDT_DRIVER(id_)                                                                            \
	__attribute__((used, section("wdt_drivers"), aligned(sizeof(void *))))                     \
	const struct wdt_driver wdt_##id_
#define WDT_DRIVER_EXTERN(id_) extern const struct wdt_driver wdt_##id_

extern const struct wdt_driver __start_wdt_drivers[] __attribute__((weak));
extern const struct wdt_driver __stop_wdt_drivers[] __attribute__((weak));
#define WDT_EACH_DRIVER(d_)                                                                        \
	for (const struct wdt_driver *d_ = __start_wdt_drivers; d_ < __stop_wdt_drivers; d_++)

struct wdt_desc {
	const struct wdt_driver *driver;
	uint64_t base;      /* CPU physical address of its (control) registers */
	uint64_t base2;     /* a second frame (SBSA: the refresh frame), else 0 */
	uint32_t hz;        /* its counting clock, 0 if the tree does not say */
	unsigned intid;     /* its GIC interrupt, 0: none named */
	char path[96];      /* node path, truncated */
	const char *compat; /* the compatible string that chose the driver */
	bool nofeed;        /* a broken driver: feed() writes nothing (watchdog_mutant=nofeed) */
	uint32_t load;      /* what start() programmed, for a feed that re-arms (BCM2835) */
};

/* The MMIO seam (wdt_mmio.c): offsets from base, or from base2 with frame 1. */
uint32_t wdt_read(const struct wdt_desc *w, unsigned frame, unsigned off);
void wdt_write(const struct wdt_desc *w, unsigned frame, unsigned off, uint32_t v);
uint16_t wdt_read16(const struct wdt_desc *w, unsigned off);
void wdt_write16(const struct wdt_desc *w, unsigned off, uint16_t v);

/* The driver's feed, or nothing with w->nofeed: the planted bug lives in
 * the one path every caller feeds through. */
void wdt_feed(const struct wdt_desc *w);

#endif
