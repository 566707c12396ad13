/*
 * Outer cache: the ARM PL310 / L2C-310 level 2 cache controller (Cortex-A9
 * systems: vexpress-a9, i.MX6, OMAP4, Zynq-7000). Found through the DTB
 * ("arm,pl310-cache") or the platform default; pl310_probe() checks the Cache
 * ID register's part number before anything else touches the controller.
 *
 * Geometry comes from the controller: ways and way size from the Auxiliary
 * Control register. The line is 32 bytes: a property of the PL310 design
 * (TRM DDI 0246, "Cache ID"), not a register, so it is the one line size
 * written down here -- and only for this controller.
 *
 * Protocol (TRM "Cache operations"): by-way operations run in the background
 * and must be polled until their way bits clear; every sequence ends with a
 * Cache Sync, itself polled. Operations by PA act on one 32-byte line each.
 * Ordering with the inner caches (Linux arch/arm/mm/dma-mapping.c): clean
 * inner then outer;
 * invalidate outer then inner. Polls are bounded: a controller that never
 * finishes makes the call return PL310_ERR_TIMEOUT.
 *
 * Before enable the controller is invalidated by way (its RAM holds garbage
 * at reset, like L1); disable cleans and invalidates first. Under
 * TrustZone the Control register is Secure-only: enable/disable then return
 * PL310_ERR_SECURE (the write had no effect), and firmware owns it.
 */
#ifndef CACHE_PL310_H
#define CACHE_PL310_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PL310_LINE 32u

#define PL310_OK          0
#define PL310_ERR_ABSENT  (-1) /* no PL310 at that address (Cache ID) */
#define PL310_ERR_TIMEOUT (-2) /* a background operation never completed */
#define PL310_ERR_SECURE  (-3) /* enable/disable did not take (Non-secure) */
#define PL310_ERR_WRAP    (-4) /* range past the end of the address space */

struct pl310 {
	uintptr_t base;
	uint32_t cache_id, aux;
	unsigned ways;
	uint32_t way_size; /* bytes */
	uint32_t way_mask; /* all ways */
};

int pl310_probe(struct pl310 *c, uintptr_t base);
bool pl310_enabled(const struct pl310 *c);
int pl310_enable(struct pl310 *c);
int pl310_disable(struct pl310 *c);
int pl310_sync(const struct pl310 *c);

/* Whole cache, by way (background operations, polled). */
int pl310_inval_all(const struct pl310 *c);
int pl310_clean_all(const struct pl310 *c);
int pl310_clean_inval_all(const struct pl310 *c);

/* Physical ranges [pa, pa + size): every 32-byte line touched, then a sync.
 * Invalidate cleans+invalidates partial edge lines (their other bytes are
 * someone else's), as the inner-cache invalidate does. */
int pl310_clean_range(const struct pl310 *c, uintptr_t pa, size_t size);
int pl310_inval_range(const struct pl310 *c, uintptr_t pa, size_t size);
int pl310_clean_inval_range(const struct pl310 *c, uintptr_t pa, size_t size);

/* Register access: MMIO in the image; the host test supplies a model. */
uint32_t pl310_read(uintptr_t addr);
void pl310_write(uintptr_t addr, uint32_t v);

#define PL310_CACHE_ID      0x000
#define PL310_CTRL          0x100
#define PL310_AUX_CTRL      0x104
#define PL310_CACHE_SYNC    0x730
#define PL310_INV_PA        0x770
#define PL310_INV_WAY       0x77c
#define PL310_CLEAN_PA      0x7b0
#define PL310_CLEAN_WAY     0x7bc
#define PL310_CLEAN_INV_PA  0x7f0
#define PL310_CLEAN_INV_WAY 0x7fc

#endif
