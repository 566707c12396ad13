/* The outer cache in use: see cache/outer.h. */
#include "cache/outer.h"

#include "cache/cache.h"

struct outer_state outer;

static uint32_t aux_with(uint32_t aux, bool override)
{
	return override ? aux | PL310_AUX_SHARED_OVERRIDE : aux & ~PL310_AUX_SHARED_OVERRIDE;
}

void outer_init(uintptr_t base, bool shared_override)
{
	outer.base = base;
	outer.shared_override = shared_override;
	if (!base)
		return;
	outer.init_error = pl310_probe(&outer.l2c, base);
	if (outer.init_error)
		return;
	outer.present = true;
	if (!pl310_enabled(&outer.l2c)) {
		outer.init_error =
			pl310_set_aux(&outer.l2c, aux_with(outer.l2c.aux, shared_override));
		outer.aux_written = outer.init_error == PL310_OK;
		if (!outer.init_error)
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

int outer_clean_inval_all(void)
{
	return outer.active ? pl310_clean_inval_all(&outer.l2c) : PL310_OK;
}

int outer_disable(void)
{
	int err;

	if (!outer.active)
		return PL310_OK;
#ifndef OUTER_MUTANT_UNSAFE_DISABLE /* host tests only: no inner clean, no write-through */
	dcache_clean_all();
	pl310_set_debug(&outer.l2c, PL310_DEBUG_DWB | PL310_DEBUG_DCL);
#endif
	err = pl310_disable(&outer.l2c);
#ifndef OUTER_MUTANT_UNSAFE_DISABLE
	pl310_set_debug(&outer.l2c, 0);
#endif
	if (!err)
		outer.active = false;
	return err;
}

int outer_enable(void)
{
	int err;

	if (!outer.present || outer.active)
		return PL310_OK;
	err = pl310_enable(&outer.l2c);
	outer.active = pl310_enabled(&outer.l2c);
	return err;
}

int outer_set_shared_override(bool on)
{
	bool was_active = outer.active;
	int err, e2;

	if (!outer.present)
		return PL310_ERR_ABSENT;
	if (outer_shared_override() == on)
		return PL310_OK;
	if ((err = outer_disable()))
		return err;
	err = pl310_set_aux(&outer.l2c, aux_with(outer.l2c.aux, on));
	e2 = was_active ? outer_enable() : PL310_OK;
	return err ? err : e2;
}

bool outer_shared_override(void)
{
	return outer.present && (outer.l2c.aux & PL310_AUX_SHARED_OVERRIDE);
}
