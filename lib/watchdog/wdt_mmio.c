/* SPDX-License-Identifier: BSD-2-Clause */
/* The watchdogs' MMIO seam (watchdog.h): plain volatile accesses to a
 * Device mapping; tests/host/lib/watchdog/ links a register model instead. */
#include "lib/watchdog/watchdog.h"

static uintptr_t at(const struct wdt_desc *w, unsigned frame, unsigned off)
{
	return (uintptr_t)(frame ? w->base2 : w->base) + off;
}

uint32_t wdt_read(const struct wdt_desc *w, unsigned frame, unsigned off)
{
	return *(volatile uint32_t *)at(w, frame, off);
}

void wdt_write(const struct wdt_desc *w, unsigned frame, unsigned off, uint32_t v)
{
	*(volatile uint32_t *)at(w, frame, off) = v;
}

uint16_t wdt_read16(const struct wdt_desc *w, unsigned off)
{
	return *(volatile uint16_t *)at(w, 0, off);
}

void wdt_write16(const struct wdt_desc *w, unsigned off, uint16_t v)
{
	*(volatile uint16_t *)at(w, 0, off) = v;
}
