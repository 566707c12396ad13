/* SPDX-License-Identifier: BSD-2-Clause */
/* The one feed path (watchdog.h wdt_feed). */
#include "lib/watchdog/watchdog.h"

void wdt_feed(const struct wdt_desc *w)
{
	if (!w->nofeed)
		w->driver->feed(w);
}
