/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Scenarios for the system model beyond DMA transfers: see
 * test_dma_scenarios.h. Addresses are the model's DRAM (system_model.h),
 * clear of test_dma_system.c's areas (DMA buffers, the alias page, the
 * round trip, the stack).
 */
#include "tests/host/cache/test_dma_scenarios.h"

#include "cache/cache.h"
#include "cache/pl310.h"
#include "tests/host/common/check.h"

#define MEMTEST  (SM_DRAM_BASE + 0x28000) /* the DRAM test's range */
#define MT_BYTES 512u
#define SPLIT    (SM_DRAM_BASE + 0x2a000) /* stores meanwhile, 588369 */
#define SP_BYTES 1024u

const struct outer_setup scenario_setup = {
	.base = SM_L2_REGS,
	.latency = { { 2, 3, 1 }, { 3, 4, 2 } }, /* tag, data: read, write, setup */
};

static unsigned rnd(unsigned n)
{
	return (unsigned)(sm_rand() % n);
}

static uint32_t encoded(const uint8_t c[3])
{
	return (uint32_t)(c[0] - 1) << PL310_LATENCY_RD_SHIFT |
	       (uint32_t)(c[1] - 1) << PL310_LATENCY_WR_SHIFT |
	       (uint32_t)(c[2] - 1) << PL310_LATENCY_SETUP_SHIFT;
}

void setup_test(const struct sm_config *c)
{
	static const unsigned reg[2] = { PL310_TAG_LATENCY, PL310_DATA_LATENCY };
	bool ours = c->secure && !c->fw_enabled;

	for (unsigned i = 0; i < 2; i++) {
		uint32_t v = pl310_read(SM_L2_REGS + reg[i]);
		CHECK(ours ? v == encoded(scenario_setup.latency[i]) && outer.latency_written[i]
			   : !outer.latency_written[i],
		      "%s: RAM latency register 0x%x reads 0x%x (written %d, error %d)", c->name,
		      reg[i], v, outer.latency_written[i], outer.latency_error[i]);
	}
	for (unsigned m = 0; m < 2 * PL310_LOCKDOWN_MASTERS; m++) {
		uint32_t v = pl310_read(SM_L2_REGS + PL310_LOCKDOWN + 4 * m);
		CHECK(v == (ours ? 0 : c->fw_lockdown), "%s: lockdown register 0x%x reads 0x%x",
		      c->name, PL310_LOCKDOWN + 4 * m, v);
	}
}

static uint8_t pat(unsigned k, unsigned i)
{
	return (uint8_t)(k * 13 + i * 5 + (i >> 5));
}

void memtest_path_test(void)
{
	unsigned long missed = 0, wrong = 0;

	sm_spec_window(MEMTEST, MEMTEST + MT_BYTES);
	for (unsigned k = 0; k < 300; k++) {
		unsigned cell = rnd(MT_BYTES);
		uint8_t mask = (uint8_t)(1u << rnd(8)), good = pat(k, cell);
		uint8_t bad = (uint8_t)(good ^ mask);

		for (unsigned i = 0; i < MT_BYTES; i++) /* the fill, cached */
			sm_cpu_write(0, MEMTEST + i, pat(k, i));
		sm_dram_stuck(MEMTEST + cell, mask, bad);
		CHECK(dcache_clean_inval_to_mem(MEMTEST, MT_BYTES) == CACHE_OK);
		for (unsigned i = 0; i < MT_BYTES; i++) { /* the verify */
			uint8_t v = sm_cpu_read_raw(rnd(SM_CORES), MEMTEST + i);
			if (i == cell && v != bad)
				missed++;
			else if (i != cell && v != pat(k, i))
				wrong++;
		}
		sm_dram_stuck(0, 0, 0); /* the cell mended, and rewritten */
		sm_cpu_write(0, MEMTEST + cell, good);
	}
	sm_spec_window(0, 0);
	CHECK(missed == 0 && wrong == 0,
	      "the DRAM test's verify missed %lu of 300 stuck bits (answered from a cache), %lu "
	      "good bytes read wrong",
	      missed, wrong);
}

void alias_pa_test(void)
{
	const uintptr_t n = SM_ALIAS_BYTES;

	sm_spec_window(SM_ALIAS_PA, SM_ALIAS_PA + n);
	for (unsigned k = 0; k < 4; k++) {
		for (unsigned i = 0; i < n; i++) /* written through the alias */
			sm_cpu_write(rnd(SM_CORES), SM_ALIAS_PA + i, pat(k + 40, i));
		CHECK(dcache_clean_to_mem(SM_ALIAS_VA, n) == CACHE_OK);
		for (unsigned i = 0; i < n; i++)
			sm_dma_read(SM_ALIAS_PA + i); /* memory itself: checked */
		for (unsigned i = 0; i < n; i++)
			sm_dma_write(SM_ALIAS_PA + i, pat(k + 80, i));
		CHECK(dcache_inval_to_mem(SM_ALIAS_VA, n) == CACHE_OK);
		for (unsigned i = 0; i < n; i++)
			sm_cpu_read(rnd(SM_CORES), SM_ALIAS_PA + i);
	}
	sm_spec_window(0, 0);
}

void split_cinv_test(void)
{
	sm_spec_window(SPLIT, SPLIT + SP_BYTES);
	for (unsigned k = 0; k < 200; k++) {
		for (unsigned i = 0; i < SP_BYTES; i += 4)
			sm_cpu_write(0, SPLIT + i, pat(k, i));
		sm_meanwhile(20000, SPLIT, SPLIT + SP_BYTES);
		CHECK(dcache_clean_inval_to_mem(SPLIT, SP_BYTES) == CACHE_OK);
		sm_meanwhile(0, 0, 0);
	}
	sm_spec_window(0, 0);
}
