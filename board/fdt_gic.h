/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The interrupt controller from the device tree, read on demand (by the
 * irq self-tests, after the first TAP line: not in the boot's scan).
 *
 * board_read_gic() opens the blob and takes the first enabled node
 * compatible with one of the GIC bindings irq/gic.h lists, its reg
 * entries translated to CPU addresses; for GICv2 the arm,gic-v2m-frame
 * children's first reg; then the generic timer node's PPIs and
 * clock-frequency. Returns FDT_OK; an fdt_open error; FDT_ERR_NOTFOUND
 * when the tree has no GIC, with `why` saying what it has instead (the
 * controller the root's interrupt-parent names, e.g. the Raspberry Pi 3's
 * brcm,bcm2836-l1-intc, or that there is none); FDT_ERR_BADVALUE for a
 * reg the binding does not allow (too few entries, an untranslatable
 * address), `why` naming it. Only reads the blob; no allocation, no output.
 */
#ifndef BOARD_FDT_GIC_H
#define BOARD_FDT_GIC_H

#include <stddef.h>

#include "irq/gic.h"

int board_read_gic(const void *blob, size_t size, struct gic_desc *out, char *why, size_t whylen);

#endif
