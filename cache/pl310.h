/* SPDX-License-Identifier: BSD-2-Clause */
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
 * Ordering with the inner caches is the caller's (cache/dma.c,
 * cache/memory.c): see cache/cache.h. Polls are bounded: a controller that
 * never finishes makes the call return PL310_ERR_TIMEOUT.
 *
 * Errata by RTL release (Cache ID [5:0]), applied by pl310_probe() as
 * Linux arch/arm/mm/cache-l2x0.c l2c310_fixup() selects them:
 *   588369 (r0p0, r1p0): Clean & Invalidate by PA leaves a clean line
 *     valid. Every clean+invalidate by PA is done as a clean, then an
 *     invalidate, of the line, with Debug Control DWB | DCL set around
 *     the range so nothing is written back between the two and lost.
 *   727915 (r2p0, r3p0): a background Clean (& Invalidate) by Way can
 *     corrupt data. The whole-cache clean and clean+invalidate go line by
 *     line through the by-index (set/way) registers instead (Linux 3.x
 *     l2x0_flush_all did so on r2p0; today's Linux sets the Debug Control
 *     register around the by-way operation, a Secure-only write).
 *   753970 (r3p0): a Cache Sync may not complete its job: the sync is
 *     written to the dummy register at 0x740 instead of 0x730.
 *
 * Before enable the controller is invalidated by way (its RAM holds garbage
 * at reset, like L1); disable cleans and invalidates first. The Auxiliary
 * Control register is written only while the controller is disabled
 * (pl310_set_aux; Linux's l2c_enable programs it before setting CTRL.EN).
 * Under TrustZone, Control and Auxiliary Control are Secure-only: a write
 * that did not take (read back) is reported as PL310_ERR_SECURE, and
 * firmware owns them. (A controller that answers such a write with an
 * external abort instead raises an asynchronous abort, which arch/trap.c
 * reports; no read-back can catch that.)
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
#define PL310_ERR_SECURE  (-3) /* a Control / Aux Control write did not take */
#define PL310_ERR_WRAP    (-4) /* range past the end of the address space */
#define PL310_ERR_ENABLED (-5) /* Aux Control written while enabled (refused) */
#define PL310_ERR_VALUE   (-6) /* a latency outside 1..8 cycles (not written) */

/* RTL release, Cache ID [5:0] (Linux asm/hardware/cache-l2x0.h). */
#define PL310_RTL_MASK 0x3fu
#define PL310_RTL_R0P0 0x00u
#define PL310_RTL_R1P0 0x02u
#define PL310_RTL_R2P0 0x04u
#define PL310_RTL_R3P0 0x05u
#define PL310_RTL_R3P1 0x06u
#define PL310_RTL_R3P2 0x08u
#define PL310_RTL_R3P3 0x09u

/* struct pl310.errata: the workarounds in force. */
#define PL310_ERRATUM_588369 (1u << 0)
#define PL310_ERRATUM_727915 (1u << 1)
#define PL310_ERRATUM_753970 (1u << 2)

/* Auxiliary Control bit 22: Shared attribute override enable (TRM 2.3.2:
 * when clear, Normal Non-cacheable shareable reads are looked up in the
 * cache -- "cacheable no allocate" -- and writes are write-through no
 * allocate; when set, those transactions bypass the cache). */
#define PL310_AUX_SHARED_OVERRIDE (1u << 22)
/* Full Line of Zero Enable (DDI 0246 3.3.3): only with the Cortex-A9's
 * ACTLR.FLZ; the core's bit must be cleared before the controller is
 * disabled (Linux arch/arm/mm/cache-l2x0.c l2c310_disable). */
#define PL310_AUX_FULL_LINE_ZERO (1u << 0)

struct pl310 {
	uintptr_t base;
	uint32_t cache_id, aux;
	unsigned ways;
	uint32_t way_size; /* bytes */
	uint32_t way_mask; /* all ways */
	unsigned rtl;      /* Cache ID [5:0] */
	unsigned errata;   /* PL310_ERRATUM_* in force */
	unsigned sync_reg; /* PL310_CACHE_SYNC, or PL310_DUMMY_SYNC (753970) */
};

int pl310_probe(struct pl310 *c, uintptr_t base);
bool pl310_enabled(const struct pl310 *c);
int pl310_enable(struct pl310 *c);
int pl310_disable(struct pl310 *c);
int pl310_sync(const struct pl310 *c);
/* Writes Auxiliary Control (controller disabled: else PL310_ERR_ENABLED)
 * and reads it back: PL310_ERR_SECURE if it did not take. c->aux follows. */
int pl310_set_aux(struct pl310 *c, uint32_t aux);
/* Debug Control (TRM "Debug Control Register"; Secure-only, not read back):
 * DWB forces write-through (no line becomes dirty), DCL stops linefills. */
void pl310_set_debug(const struct pl310 *c, uint32_t v);
#define PL310_DEBUG_DCL (1u << 0)
#define PL310_DEBUG_DWB (1u << 1)

/* Set-up while disabled (Linux l2c_enable / l2c310_of_parse):
 * pl310_unlock_all clears every master's lockdown-by-way registers.
 * pl310_set_latency writes the Tag (PL310_TAG_LATENCY) or Data
 * (PL310_DATA_LATENCY) RAM latency register from cycles {read, write,
 * setup}, each 1..8 (the tree's "arm,tag-latency" / "arm,data-latency",
 * binding arm/l2c2x0.yaml; the register holds cycles - 1, TRM DDI 0246
 * 3.3.4) and reads it back: PL310_ERR_VALUE (nothing written),
 * PL310_ERR_ENABLED, PL310_ERR_SECURE (it did not take). */
void pl310_unlock_all(const struct pl310 *c);
int pl310_set_latency(const struct pl310 *c, unsigned reg, const uint8_t cycles[3]);

/* Whole cache: by way (background operations, polled), or by index where
 * 727915 applies. */
int pl310_inval_all(const struct pl310 *c);
int pl310_clean_all(const struct pl310 *c);
int pl310_clean_inval_all(const struct pl310 *c);

/* Physical ranges [pa, pa + size): every 32-byte line touched, then a sync.
 * Invalidate cleans+invalidates partial edge lines (their other bytes are
 * someone else's), as the inner-cache invalidate does. */
int pl310_clean_range(const struct pl310 *c, uintptr_t pa, size_t size);
int pl310_inval_range(const struct pl310 *c, uintptr_t pa, size_t size);
int pl310_clean_inval_range(const struct pl310 *c, uintptr_t pa, size_t size);

/* "r3p2" for an RTL release; "r?p?" if unknown. */
const char *pl310_rtl_name(unsigned rtl);

/* Register access: MMIO in the image (cache/pl310_mmio.c); the host tests
 * supply a model. */
uint32_t pl310_read(uintptr_t addr);
void pl310_write(uintptr_t addr, uint32_t v);

#define PL310_CACHE_ID            0x000
#define PL310_CTRL                0x100
#define PL310_AUX_CTRL            0x104
#define PL310_TAG_LATENCY         0x108
#define PL310_DATA_LATENCY        0x10c
#define PL310_CACHE_SYNC          0x730
#define PL310_DUMMY_SYNC          0x740 /* erratum 753970 */
#define PL310_INV_PA              0x770
#define PL310_INV_WAY             0x77c
#define PL310_CLEAN_PA            0x7b0
#define PL310_CLEAN_INDEX         0x7b8 /* way << 28 | index << 5 */
#define PL310_CLEAN_WAY           0x7bc
#define PL310_CLEAN_INV_PA        0x7f0
#define PL310_CLEAN_INV_INDEX     0x7f8
#define PL310_CLEAN_INV_WAY       0x7fc
#define PL310_LOCKDOWN            0x900 /* master m: D at + 8m, I at + 8m + 4 */
#define PL310_LOCKDOWN_MASTERS    8
#define PL310_DEBUG_CTRL          0xf40
#define PL310_INDEX_WAY_SHIFT     28
#define PL310_INDEX_SET_SHIFT     5
#define PL310_LATENCY_SETUP_SHIFT 0
#define PL310_LATENCY_RD_SHIFT    4
#define PL310_LATENCY_WR_SHIFT    8
#define PL310_LATENCY_MASK        0x777u

#endif
