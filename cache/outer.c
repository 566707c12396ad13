/* SPDX-License-Identifier: BSD-2-Clause */
/* The outer cache in use: see cache/outer.h. */
#include "cache/outer.h"

#include "arch/arch.h"
#include "cache/cache.h"

struct outer_state outer;

static uint32_t aux_with(uint32_t aux, bool override)
{
	return override ? aux | PL310_AUX_SHARED_OVERRIDE : aux & ~PL310_AUX_SHARED_OVERRIDE;
}

/* What bringup sets up on a controller it enables itself (Linux l2c_enable
 * and l2c310_of_parse do the same): Aux Control, the RAM latencies the
 * tree gives, no way locked. */
static int set_up(const struct outer_setup *s)
{
	static const unsigned lat_reg[2] = { PL310_TAG_LATENCY, PL310_DATA_LATENCY };
	int err = pl310_set_aux(&outer.l2c, aux_with(outer.l2c.aux, s->shared_override));

	outer.aux_written = err == PL310_OK;
	for (unsigned i = 0; i < 2 && !err; i++)
		if (s->latency[i][0]) { /* given */
			outer.latency_error[i] =
				pl310_set_latency(&outer.l2c, lat_reg[i], s->latency[i]);
			outer.latency_written[i] = outer.latency_error[i] == PL310_OK;
		}
#ifndef PL310_MUTANT_LOCKED /* host tests only: the lockdown left as found (must be caught) */
	if (!err)
		pl310_unlock_all(&outer.l2c);
#endif
	return err;
}

void outer_init(const struct outer_setup *s)
{
	outer.base = s->base;
	outer.shared_override = s->shared_override;
	if (!s->base)
		return;
	outer.init_error = pl310_probe(&outer.l2c, s->base);
	if (outer.init_error)
		return;
	outer.present = true;
	if (!pl310_enabled(&outer.l2c)) {
		outer.init_error = set_up(s);
		if (!outer.init_error)
			outer.init_error = pl310_enable(&outer.l2c);
		outer.enabled_by_us = outer.init_error == PL310_OK;
	}
	outer.active = pl310_enabled(&outer.l2c);
}

/*
 * A by-range operation on [va, va + size), given to the PL310 one page at
 * a time at its physical address (arch_va_to_pa: the MMU's own walk), as
 * the controller sees only physical addresses (PL310 TRM DDI 0246, "Cache
 * maintenance operations": by PA). bringup maps RAM 1:1, but an alias
 * window (the DRAM test's fault injection, the cache tests) is not.
 */
static int by_page(int (*op)(const struct pl310 *, uintptr_t, size_t), uintptr_t va, size_t size)
{
	int err = PL310_OK;

	if (!outer.active)
		return PL310_OK;
	if (size > UINTPTR_MAX - va)
		return PL310_ERR_WRAP;
	while (size && !err) {
		size_t n = PAGE_SIZE - (va & (PAGE_SIZE - 1));
		uint64_t pa;

		if (n > size)
			n = size;
#ifdef OUTER_MUTANT_VA_AS_PA /* host tests only: the VA given as the PA (must be caught) */
		pa = va;
#else
		if (!arch_va_to_pa(va, &pa) || pa > UINTPTR_MAX - (n - 1))
			return OUTER_ERR_UNMAPPED;
#endif
		err = op(&outer.l2c, (uintptr_t)pa, n);
		va += n, size -= n;
	}
	return err;
}

int outer_clean(uintptr_t va, size_t size)
{
	return by_page(pl310_clean_range, va, size);
}

int outer_inval(uintptr_t va, size_t size)
{
	return by_page(pl310_inval_range, va, size);
}

int outer_clean_inval(uintptr_t va, size_t size)
{
	return by_page(pl310_clean_inval_range, va, size);
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
#ifndef OUTER_MUTANT_KEEP_FLZ /* host tests only: ACTLR.FLZ left on (must be caught) */
	if (outer.l2c.aux & PL310_AUX_FULL_LINE_ZERO)
		outer.flz_left = !cache_cpu_flz_off();
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
