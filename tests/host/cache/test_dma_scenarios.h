/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The system model's scenarios beyond DMA transfers (test_dma_scenarios.c),
 * run by test_dma_system.c for every configuration. Each counts its
 * failures through tests/host/common/check.h; the model counts violations.
 */
#ifndef TESTS_HOST_CACHE_TEST_DMA_SCENARIOS_H
#define TESTS_HOST_CACHE_TEST_DMA_SCENARIOS_H

#include "cache/outer.h"
#include "tests/host/cache/system_model.h"

/* The RAM latencies every configuration's "tree" asks for. */
extern const struct outer_setup scenario_setup;

/* outer_init's set-up: latencies written, no way locked (or, Non-secure or
 * firmware-enabled, nothing touched). */
void setup_test(const struct sm_config *c);
/* The DRAM test's verify path (lib/memtest mt_sync): a cell with a stuck
 * bit must read back faulty after dcache_clean_inval_to_mem. */
void memtest_path_test(void);
/* Maintenance of an alias window's VAs: the outer cache gets the PAs. */
void alias_pa_test(void);
/* Clean+invalidate by PA while stores to the range are written back
 * meanwhile (PL310 erratum 588369's split): nothing is lost. */
void split_cinv_test(void);

#endif
