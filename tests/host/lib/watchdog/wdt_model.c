/* SPDX-License-Identifier: BSD-2-Clause */
/* A register file for the watchdog drivers on the host (lib/watchdog's MMIO
 * seam, wdt_mmio.c in the image): two 4 KiB frames, every write logged. */
#include "tests/host/lib/watchdog/wdt_model.h"

#include <string.h>

struct wdt_model wdt_model;

uint32_t wdt_read(const struct wdt_desc *w, unsigned f, unsigned o)
{
	uint32_t v;

	(void)w;
	memcpy(&v, &wdt_model.reg[f & 1][o & 0xffc], 4);
	return v;
}

void wdt_write(const struct wdt_desc *w, unsigned f, unsigned o, uint32_t v)
{
	(void)w;
	memcpy(&wdt_model.reg[f & 1][o & 0xffc], &v, 4);
	if (wdt_model.nlog < WDT_MODEL_LOG)
		wdt_model.log[wdt_model.nlog++] = (struct wdt_write){ f, o, v };
}

uint16_t wdt_read16(const struct wdt_desc *w, unsigned o)
{
	uint16_t v;

	(void)w;
	memcpy(&v, &wdt_model.reg[0][o & 0xffe], 2);
	return v;
}

void wdt_write16(const struct wdt_desc *w, unsigned o, uint16_t v)
{
	(void)w;
	memcpy(&wdt_model.reg[0][o & 0xffe], &v, 2);
	if (wdt_model.nlog < WDT_MODEL_LOG)
		wdt_model.log[wdt_model.nlog++] = (struct wdt_write){ 0, o, v };
}
