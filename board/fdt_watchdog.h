/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The watchdog a tree names: the first enabled node (document order) whose
 * compatible list has a string a lib/watchdog driver handles, the list
 * taken in its own order (its first entry any driver handles). Fills *out:
 * the driver, the node's first reg (SBSA: the control frame) and second
 * (the refresh frame), its interrupt as a GIC INTID where its interrupt
 * parent takes the GIC binding's three cells (0 SPI n: 32 + n; 1 PPI n:
 * 16 + n), the clock it counts (clock-frequency, else the first clocks
 * entry's fixed-clock). 0, or a negative FDT_ERR_* (NOTFOUND: no such
 * node). Only reads the blob.
 */
#ifndef BOARD_FDT_WATCHDOG_H
#define BOARD_FDT_WATCHDOG_H

#include <stddef.h>

#include "lib/watchdog/watchdog.h"

int board_read_watchdog(const void *blob, size_t size, struct wdt_desc *out);

#endif
