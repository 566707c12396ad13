/* SPDX-License-Identifier: BSD-2-Clause */
/* The host's watchdog register model (wdt_model.c). */
#ifndef TESTS_HOST_LIB_WATCHDOG_WDT_MODEL_H
#define TESTS_HOST_LIB_WATCHDOG_WDT_MODEL_H

#include "lib/watchdog/watchdog.h"

#define WDT_MODEL_LOG 64
struct wdt_write {
	unsigned frame, off;
	uint32_t v;
};
struct wdt_model {
	uint8_t reg[2][4096];
	struct wdt_write log[WDT_MODEL_LOG];
	unsigned nlog;
};
extern struct wdt_model wdt_model;

#endif
