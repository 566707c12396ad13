/* The outer cache in use: see cache/outer.h. */
#include "cache/outer.h"

struct outer_state outer;

void outer_init(uintptr_t base)
{
	outer.base = base;
	if (!base)
		return;
	outer.init_error = pl310_probe(&outer.l2c, base);
	if (outer.init_error)
		return;
	outer.present = true;
	if (!pl310_enabled(&outer.l2c)) {
		outer.init_error = pl310_enable(&outer.l2c);
		outer.enabled_by_us = outer.init_error == PL310_OK;
	}
	outer.active = pl310_enabled(&outer.l2c);
}

int outer_clean(uintptr_t pa, size_t size)
{
	return outer.active ? pl310_clean_range(&outer.l2c, pa, size) : PL310_OK;
}

int outer_inval(uintptr_t pa, size_t size)
{
	return outer.active ? pl310_inval_range(&outer.l2c, pa, size) : PL310_OK;
}

int outer_clean_inval(uintptr_t pa, size_t size)
{
	return outer.active ? pl310_clean_inval_range(&outer.l2c, pa, size) : PL310_OK;
}
