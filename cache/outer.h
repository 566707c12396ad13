/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The outer cache the image uses, if any (a PL310 today). outer_init() runs
 * once after the MMU is on: probe at the DTB / platform address; if
 * firmware has not enabled it, program Auxiliary Control's shared override
 * (bit 22) as the tree says ("arm,shared-override", Linux
 * Documentation/devicetree/bindings/arm/l2c2x0.yaml; the platform's default
 * without a tree), the Tag and Data RAM latencies where the tree gives
 * them ("arm,tag-latency", "arm,data-latency"), clear every lockdown-by-way
 * register, and enable it. A controller firmware enabled is left as it is
 * (its Aux Control and latencies may only be written while disabled).
 *
 * The by-range operations are the outer half of a maintenance operation;
 * callers order them with the inner half as cache/cache.h says (inner then
 * outer towards a device, outer then inner back from it). They take the
 * range by VA, as the inner operations do, and give the controller its
 * physical addresses, translated page by page through the MMU (an alias
 * window's VA is not its PA); a page that does not translate stops the
 * operation with OUTER_ERR_UNMAPPED. They do nothing when no outer cache
 * is active.
 */
#ifndef CACHE_OUTER_H
#define CACHE_OUTER_H

#include "cache/pl310.h"

struct outer_state {
	bool present; /* a PL310 answered at the address */
	bool active;  /* and it is enabled: maintenance must include it */
	bool enabled_by_us;
	bool aux_written;     /* bringup programmed Aux Control (it was disabled) */
	bool shared_override; /* what the tree / platform asked for */
	int init_error;       /* PL310_OK or what probe / set_aux / enable said */
	/* [0] Tag, [1] Data RAM latency: written as the tree asked, or the
	 * error pl310_set_latency gave (not written; the reset value stays). */
	bool latency_written[2];
	int latency_error[2];
	uintptr_t base;
	struct pl310 l2c;
	bool flz_left; /* outer_disable: this CPU's ACTLR.FLZ would not clear (Non-secure) */
};

extern struct outer_state outer;

struct outer_setup {
	uintptr_t base;       /* 0: no outer cache */
	bool shared_override; /* the tree's arm,shared-override */
	/* [0] "arm,tag-latency", [1] "arm,data-latency": cycles {read, write,
	 * setup}; [i][0] == 0: not given, the controller's value is kept. */
	uint8_t latency[2][3];
};
void outer_init(const struct outer_setup *s);
#define OUTER_ERR_UNMAPPED (-16) /* a page of the range has no translation */
int outer_clean(uintptr_t va, size_t size);
int outer_inval(uintptr_t va, size_t size);
int outer_clean_inval(uintptr_t va, size_t size);
int outer_clean_inval_all(void);

/*
 * Disable and enable again (the round trip of cache: outer_pl310, and a
 * change of Aux Control). outer_disable: the inner caches cleaned by
 * set/way to LoC first, so their dirty lines are in the outer cache before
 * it is cleaned; then, with the PL310 forced write-through and without
 * linefills (Debug Control DWB | DCL, as Linux's l2c310_flush_all_erratum
 * sets it around its flush), cleaned+invalidated and disabled. A line an
 * inner eviction writes meanwhile (the code's own stack) goes through to
 * memory, so none is dirty in the cache when it stops being looked up, and
 * none is lost when outer_enable() invalidates it. With Aux Control's Full
 * Line of Zero, this CPU's Cortex-A9 ACTLR.FLZ is cleared before the
 * disable (cache_cpu_flz_off; flz_left if it would not clear) and stays
 * clear: only a performance feature. Either returns PL310_OK
 * (also when there is nothing to do), PL310_ERR_SECURE (the Control write
 * did not take: the state is unchanged) or PL310_ERR_TIMEOUT.
 */
int outer_disable(void);
int outer_enable(void);
/* Aux Control bit 22, through a disable / enable round trip if the cache
 * is active (TRM DDI 0246 2.3.2: changing it without a flush can evict
 * stale data over newer data in memory). PL310_ERR_SECURE: a write did not
 * take; PL310_ERR_ABSENT: no outer cache. */
int outer_set_shared_override(bool on);
bool outer_shared_override(void); /* as Aux Control reads now */

#endif
