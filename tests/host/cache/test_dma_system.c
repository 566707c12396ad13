/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The image's DMA and "to memory" maintenance (cache/dma.c, memory.c,
 * outer.c, pl310.c, range.c, compiled for the host unchanged) against the
 * system model (system_model.h): per-core L1s, a PL310-like outer cache
 * behind its registers, DRAM, a DMA master. QEMU models no caches, so a
 * wrong order passes there; here it shows as a stale or overwritten byte.
 *
 * Per configuration (L1 line, PL310 RTL release, shared override, Secure or
 * not, firmware-enabled or not):
 *   - outer_init as boot_main calls it: Aux Control as the "tree" asks, or
 *     a write that did not take reported (PL310_ERR_SECURE), never a hang;
 *   - random transfers, each: the CPU owns the buffer (stray reads and
 *     writes around it, the buffer written for TO_DEVICE / BIDIRECTIONAL,
 *     dirty partial edge lines), dma_sync_for_device, the device reads or
 *     writes DRAM in chunks while the CPU reads anywhere near the buffer and
 *     writes neighbouring bytes (for a device that writes, only bytes that
 *     share no line with the buffer: the contract in cache/cache.h),
 *     dma_sync_for_cpu, then the CPU reads the buffer and its surroundings;
 *     all the while speculative fills, L1 and outer evictions at random;
 *   - the non-cacheable alias checks of cache: alias_wb_and_nc with the
 *     shared override on and off (selftests/cache_ops_test.c);
 *   - outer_init's set-up, the DRAM test's verify path, an alias window's
 *     maintenance, clean+invalidate with stores meanwhile
 *     (test_dma_scenarios.h);
 *   - the exit path's dcache_clean_inval_all_to_mem: then DRAM must equal
 *     every byte last written;
 *   - outer_disable / outer_enable round trips with CPU stores meanwhile;
 *   - every few thousand transfers and at the end, the whole memory.
 * Any violation the model flags fails the run.
 *
 * usage: test_dma_system                      every configuration, TRANSFERS each
 *        test_dma_system CONFIG TRANSFERS [SEED]   one (the mutants' runs)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/cache.h"
#include "cache/outer.h"
#include "tests/host/cache/system_model.h"
#include "tests/host/cache/test_dma_scenarios.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

#define TRANSFERS  10000ul /* per configuration: 10 of them */
#define CHECKPOINT 2500ul
#define DMA_LO     (SM_DRAM_BASE + 0x400)
#define DMA_HI     (SM_DRAM_BASE + 0x10000)
#define PAGE       (SM_DRAM_BASE + 0x20000) /* the alias test's page */
#define TRIP       (SM_DRAM_BASE + 0x22000) /* the round trip's 8 KiB */
#define STACK      (SM_DRAM_BASE + SM_DRAM_BYTES - 0x400)

static const struct sm_config configs[] = {
	/* name, L1 line, RTL, tree asks override, reset Aux override, secure, fw enabled,
	 * ways firmware left locked, Full Line of Zero left on */
	{ "a9-r3p2", 32, PL310_RTL_R3P2, false, false, true, false, 0, false },
	{ "a9-r3p2-on", 32, PL310_RTL_R3P2, true, false, true, false, 0, false },
	{ "a9-r0p0-on", 32, PL310_RTL_R0P0, true, false, true, false, 0, false },
	{ "a9-r1p0", 32, PL310_RTL_R1P0, false, true, true, false, 0, false },
	{ "l64-r1p0-on", 64, PL310_RTL_R1P0, true, false, true, false, 0, false },
	{ "l64-r2p0", 64, PL310_RTL_R2P0, false, false, true, false, 0, false },
	{ "l64-r3p0-on", 64, PL310_RTL_R3P0, true, false, true, false, 0, false },
	{ "l64-r3p2", 64, PL310_RTL_R3P2, false, true, true, false, 0, false },
	{ "ns-fw-enabled", 32, PL310_RTL_R3P2, true, false, false, true, 0, false },
	{ "ns-disabled", 64, PL310_RTL_R2P0, true, false, false, false, 0, false },
	/* a boot ROM that used the cache as SRAM left every way locked */
	{ "fw-locked", 32, PL310_RTL_R3P2, false, false, true, false, 0xff, false },
	/* firmware enabled Full Line of Zero (Aux bit 0) and the A9's ACTLR.FLZ */
	{ "fw-flz", 32, PL310_RTL_R3P2, false, false, true, false, 0, true },
};

static unsigned long transfers_done, bytes_moved;

static unsigned rnd(unsigned n)
{
	return (unsigned)(sm_rand() % n);
}

static uint8_t pat(unsigned seed, unsigned i)
{
	return (uint8_t)(seed * 31 + i * 7 + (i >> 8));
}

/* A CPU access near the buffer: reads anywhere outside it; writes only
 * outside [nlo, nhi). */
static void neighbour(uintptr_t wlo, uintptr_t whi, uintptr_t blo, uintptr_t bhi, uintptr_t nlo,
		      uintptr_t nhi)
{
	uintptr_t a = wlo + rnd((unsigned)(whi - wlo));

	if (a >= blo && a < bhi)
		return;
	if (rnd(2) && (a < nlo || a >= nhi))
		sm_cpu_write(rnd(SM_CORES), a, (uint8_t)sm_rand());
	else
		sm_cpu_read(rnd(SM_CORES), a);
}

static size_t pick_size(void)
{
	unsigned k = rnd(100);
	return k < 10   ? 1 + rnd(8)
	       : k < 60 ? 1 + rnd(256)
	       : k < 95 ? 257 + rnd(768)
			: 1025 + rnd(3072);
}

static void transfer(unsigned line)
{
	const uintptr_t g = line > 32 ? line : 32; /* the DMA alignment: largest line */
	enum dma_dir dir = (enum dma_dir)(1 + rnd(3));
	size_t size = pick_size();
	uintptr_t s = DMA_LO + 4 * g + rnd((unsigned)(DMA_HI - DMA_LO - 8 * g - size)),
		  e = s + size;
	uintptr_t glo = s & ~(g - 1), ghi = (e + g - 1) & ~(g - 1), wlo = glo - 2 * g,
		  whi = ghi + 2 * g;
	/* While the device owns it, the CPU may write only outside the lines it shares. */
	uintptr_t nlo = dir == DMA_TO_DEVICE ? s : glo, nhi = dir == DMA_TO_DEVICE ? e : ghi;
	unsigned seed = (unsigned)sm_rand();

	sm_spec_window(glo - g, ghi + g);
	for (unsigned k = 0; k < 8; k++)
		neighbour(wlo, whi, 0, 0, 0, 0);
	for (uintptr_t a = s; a < e; a++)
		if (dir != DMA_FROM_DEVICE || rnd(4) == 0)
			sm_cpu_write(rnd(SM_CORES), a, pat(seed, (unsigned)(a - s)));
	for (uintptr_t a = glo; a < ghi; a++) /* the partial edge lines made dirty */
		if ((a < s || a >= e) && rnd(3))
			sm_cpu_write(rnd(SM_CORES), a, (uint8_t)sm_rand());
	CHECK(dma_sync_for_device(s, size, dir) == CACHE_OK);
	for (int pass = dir == DMA_BIDIRECTIONAL ? 0
			: dir == DMA_TO_DEVICE   ? 0
						 : 1;
	     pass < (dir == DMA_TO_DEVICE ? 1 : 2); pass++)
		for (uintptr_t a = s; a < e;) {
			for (uintptr_t end = a + 1 + rnd(64); a < e && a < end; a++)
				if (pass == 0)
					sm_dma_read(a); /* checked by the model */
				else
					sm_dma_write(a, (uint8_t)sm_rand());
			for (unsigned k = rnd(4); k; k--)
				neighbour(wlo, whi, s, e, nlo, nhi);
		}
	CHECK(dma_sync_for_cpu(s, size, dir) == CACHE_OK);
	for (uintptr_t a = wlo; a < whi; a++)
		sm_cpu_read(rnd(SM_CORES), a);
	transfers_done++;
	bytes_moved += size;
}

/* Everything written reaches DRAM: the other core's own flush (its
 * power-down), then the exit path's flush on core 0, no fills meanwhile. */
static void flush_and_check(void)
{
	sm_spec_window(0, 0);
	sm_core_flush(1);
	dcache_clean_inval_all_to_mem();
	sm_check_memory();
}

/* selftests/cache_ops_test.c's alias checks; the NC view plays the device. */
static void alias_pass(void)
{
	const uintptr_t p = PAGE, n = 4096;

	sm_spec_window(p, p + n);
	for (unsigned i = 0; i < n; i++)
		sm_cpu_write(0, p + i, pat(0x21, i));
	CHECK(dcache_clean_to_mem(p, n) == CACHE_OK);
	for (unsigned i = 0; i < n; i++)
		sm_nc_read(p + i);
	for (unsigned i = 0; i < n; i++)
		sm_nc_write(p + i, pat(0x77, i));
	CHECK(dcache_inval_to_mem(p, n) == CACHE_OK);
	for (unsigned i = 0; i < n; i++)
		sm_cpu_read(rnd(SM_CORES), p + i);
	for (unsigned i = 0; i < n; i++)
		sm_cpu_write(0, p + i, pat(0x35, i));
	CHECK(dma_sync_for_device(p, n, DMA_TO_DEVICE) == CACHE_OK);
	for (unsigned i = 0; i < n; i++)
		sm_nc_read(p + i);
	CHECK(dma_sync_for_device(p, n, DMA_FROM_DEVICE) == CACHE_OK);
	for (unsigned i = 0; i < n; i++)
		sm_nc_write(p + i, pat(0x5a, i));
	CHECK(dma_sync_for_cpu(p, n, DMA_FROM_DEVICE) == CACHE_OK);
	for (unsigned i = 0; i < n; i++)
		sm_cpu_read(rnd(SM_CORES), p + i);
}

static void alias_test(const struct sm_config *c)
{
	bool was = outer_shared_override();
	int err;

	alias_pass();
	err = outer_set_shared_override(!was);
	if (!c->secure) { /* a write that did not take: reported, state kept */
		CHECK(err == PL310_ERR_SECURE || (err == PL310_OK && !outer.active),
		      "%s: flip in Non-secure: %d", c->name, err);
		CHECK(outer.active == sm_l2_enabled() && outer_shared_override() == was,
		      "%s: state changed by a refused flip", c->name);
		alias_pass();
		return;
	}
	CHECK(err == PL310_OK && outer.active && outer_shared_override() == !was,
	      "%s: flip the shared override: %d", c->name, err);
	alias_pass();
	CHECK(outer_set_shared_override(was) == PL310_OK, "%s: restore", c->name);
}

static void exit_flush_test(void)
{
	sm_spec_window(0, 0);
	sm_core_flush(1);
	for (unsigned k = 0; k < 30000; k++)
		sm_cpu_write(0, SM_DRAM_BASE + rnd(SM_DRAM_BYTES), (uint8_t)sm_rand());
	dcache_clean_inval_all_to_mem();
	sm_check_memory();
}

/* Disable, write while disabled, enable: with stores (and their evictions)
 * meanwhile, nothing may be lost. */
static void round_trip_test(const struct sm_config *c)
{
	for (unsigned k = 0; k < 24; k++) {
		sm_spec_window(TRIP, TRIP + 8192);
		sm_meanwhile(8000, STACK, STACK + 0x400);
		for (unsigned i = 0; i < 4096; i++)
			sm_cpu_write(0, TRIP + i, pat(k, i));
		int err = outer_disable();
		if (!c->secure) {
			CHECK(err == PL310_ERR_SECURE || (err == PL310_OK && !outer.active));
			sm_meanwhile(0, 0, 0);
			return;
		}
		CHECK(err == PL310_OK && !outer.active && !sm_l2_enabled(), "disable: %d", err);
		for (unsigned i = 4096; i < 8192; i++)
			sm_cpu_write(0, TRIP + i, pat(k, i));
		err = outer_enable();
		CHECK(err == PL310_OK && outer.active && sm_l2_enabled(), "enable: %d", err);
		sm_meanwhile(0, 0, 0);
		for (uintptr_t a = TRIP; a < TRIP + 8192; a++)
			sm_cpu_read(0, a);
		for (uintptr_t a = STACK; a < STACK + 0x400; a++)
			sm_cpu_read(0, a);
	}
}

static bool run(const struct sm_config *c, unsigned long n, uint64_t seed)
{
	unsigned f0 = failures;

	sm_reset(c, seed);
	memset(&outer, 0, sizeof(outer));
	struct outer_setup setup = scenario_setup;
	setup.shared_override = c->override_wanted;
	outer_init(&setup);
	setup_test(c);
	if (c->secure)
		CHECK(outer.init_error == PL310_OK && outer.active && outer.aux_written &&
			      outer_shared_override() == c->override_wanted,
		      "%s: outer_init: error %d, active %d", c->name, outer.init_error,
		      outer.active);
	else if (c->fw_enabled)
		CHECK(outer.init_error == PL310_OK && outer.active && !outer.aux_written,
		      "%s: firmware's PL310 not left as found", c->name);
	else
		CHECK(outer.init_error == PL310_ERR_SECURE && !outer.active,
		      "%s: an Aux Control write that did not take was not reported", c->name);
	sm_activity(3000, 2000, 1500);
	for (unsigned long t = 1; t <= n; t++) {
		transfer(c->l1_line);
		if (t % CHECKPOINT == 0)
			flush_and_check();
	}
	alias_test(c);
	memtest_path_test();
	alias_pa_test();
	split_cinv_test();
	exit_flush_test();
	round_trip_test(c);
	flush_and_check();
	printf("%-14s L1 %2u B, %s%s: %lu transfers, %lu ticks (%lu speculative fills, %lu L1 / "
	       "%lu outer evictions); violations: CPU stale %lu, device stale %lu, device data "
	       "overwritten %lu, protocol %lu, memory %lu\n",
	       c->name, c->l1_line, pl310_rtl_name(c->rtl),
	       !c->secure                ? " Non-secure"
	       : outer_shared_override() ? " override"
					 : "",
	       n, sm_stats.ticks, sm_stats.spec_fills, sm_stats.l1_evictions, sm_stats.l2_evictions,
	       sm_stats.violations[SM_CPU_STALE], sm_stats.violations[SM_DEV_STALE],
	       sm_stats.violations[SM_DEV_OVERWRITTEN], sm_stats.violations[SM_PROTOCOL],
	       sm_stats.violations[SM_MEMORY]);
	for (unsigned i = 0; i < sm_stats.nfirst; i++)
		printf("  %s: %s\n", c->name, sm_stats.first[i]);
	return sm_total_violations() == 0 && failures == f0;
}

int main(int argc, char **argv)
{
	const size_t nc = sizeof(configs) / sizeof(configs[0]);
	unsigned bad = 0;

	if (argc >= 3) { /* one configuration (a mutant's run) */
		for (size_t i = 0; i < nc; i++)
			if (!strcmp(configs[i].name, argv[1])) {
				bool ok = run(&configs[i], strtoul(argv[2], NULL, 0),
					      argc > 3 ? strtoull(argv[3], NULL, 0) : 1);
				printf("%s\n", ok                ? "no violation"
					       : sm_stats.nfirst ? sm_stats.first[0]
								 : "a check failed");
				return ok ? 0 : 1;
			}
		fprintf(stderr, "no configuration %s\n", argv[1]);
		return 2;
	}
	for (size_t i = 0; i < nc; i++)
		bad += !run(&configs[i], TRANSFERS, 1 + i);
	printf("host-dma-system: %zu configurations, %lu transfers (%lu bytes), %u with "
	       "violations; "
	       "%u checks, %u failed\n",
	       nc, transfers_done, bytes_moved, bad, checks, failures);
	return bad || failures;
}
