/*
 * The outer cache the image uses, if any (a PL310 today). outer_init() runs
 * once after the MMU is on: probe at the DTB / platform address, enable if
 * firmware has not. The DMA API (cache/dma.c) then keeps it in step with the
 * inner caches: clean inner then outer, invalidate outer then inner.
 */
#ifndef CACHE_OUTER_H
#define CACHE_OUTER_H

#include "cache/pl310.h"

struct outer_state {
	bool present; /* a PL310 answered at the address */
	bool active;  /* and it is enabled: maintenance must include it */
	bool enabled_by_us;
	int init_error; /* PL310_OK or what probe/enable said */
	uintptr_t base;
	struct pl310 l2c;
};

extern struct outer_state outer;

void outer_init(uintptr_t base); /* base 0: no outer cache */
int outer_clean(uintptr_t pa, size_t size);
int outer_inval(uintptr_t pa, size_t size);
int outer_clean_inval(uintptr_t pa, size_t size);

#endif
