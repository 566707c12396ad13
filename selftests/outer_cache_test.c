/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cache: the outer cache (PL310 / L2C-310), where the platform has one.
 * QEMU's model accepts the registers and caches nothing: these check that the
 * controller is found, its geometry and RTL release read, the errata
 * workarounds chosen for that release, the register protocol completes
 * (background operations polled to the end, syncs), and that a
 * disable/enable round trip keeps data written before and during it -- on
 * a board, data that would be lost if the inner caches' dirty lines were
 * not pushed through before the controller is switched off.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/cache.h"
#include "cache/outer.h"
#include "lib/selftest/selftest.h"

static void errata_line(const struct pl310 *c)
{
	static const struct {
		unsigned bit;
		const char *what;
	} list[] = {
		{ PL310_ERRATUM_588369,
		  "588369 (clean+invalidate by PA as clean, then invalidate)" },
		{ PL310_ERRATUM_727915, "727915 (whole-cache clean by index, not by way)" },
		{ PL310_ERRATUM_753970, "753970 (Cache Sync through the dummy register 0x740)" },
	};
	char buf[200];
	size_t n = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < sizeof(list) / sizeof(list[0]); i++)
		if ((c->errata & list[i].bit) && n < sizeof(buf))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? ", " : "",
					      list[i].what);
	diag("PL310 %s (RTL release 0x%02x): errata workarounds in force: %s",
	     pl310_rtl_name(c->rtl), c->rtl, n ? buf : "none, none needed");
}

static bool same(const uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (uint8_t)(seed ^ i))
			return false;
	return true;
}

static void pattern(uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed ^ i);
}

/* Disable, write while disabled, enable: nothing written is lost. */
static void round_trip(uint8_t *buf, size_t n)
{
	int err;

	pattern(buf, n / 2, 0x3c); /* dirty in L1 (and L2) before */
	err = outer_disable();
	if (err == PL310_ERR_SECURE) {
		skip("disable did not take: Control is Secure-only here");
		return;
	}
	expect(err == PL310_OK && !outer.active && !pl310_enabled(&outer.l2c), "disable: %d", err);
	pattern(buf + n / 2, n / 2, 0xa5); /* written while L2 is off */
	err = outer_enable();
	expect(err == PL310_OK && outer.active && pl310_enabled(&outer.l2c), "re-enable: %d", err);
	expect(same(buf, n / 2, 0x3c), "data written before the disable was lost");
	expect(same(buf + n / 2, n / 2, 0xa5), "data written while disabled was lost");
}

/* The RAM latencies (as the tree asks, when bringup enabled the cache) and
 * the lockdown registers (cleared by bringup, else as firmware left them). */
static void latency_lines(const struct pl310 *c)
{
	static const char *const what[2] = { "Tag", "Data" };
	static const unsigned reg[2] = { PL310_TAG_LATENCY, PL310_DATA_LATENCY };
	uint32_t locked = 0;

	for (unsigned i = 0; i < 2; i++) {
		uint32_t v = pl310_read(c->base + reg[i]);
		diag("%s RAM latency 0x%03lx: read %lu, write %lu, setup %lu cycles (%s)", what[i],
		     (unsigned long)v, (unsigned long)((v >> PL310_LATENCY_RD_SHIFT) & 7) + 1,
		     (unsigned long)((v >> PL310_LATENCY_WR_SHIFT) & 7) + 1,
		     (unsigned long)((v >> PL310_LATENCY_SETUP_SHIFT) & 7) + 1,
		     outer.latency_written[i] ? "from the tree"
		     : outer.latency_error[i] ? "the tree's refused"
		     : outer.enabled_by_us    ? "the reset value: none given"
					      : "as firmware left it");
		expect(!outer.latency_error[i], "%s RAM latency from the tree: error %d", what[i],
		       outer.latency_error[i]);
	}
	for (unsigned m = 0; m < 2 * PL310_LOCKDOWN_MASTERS; m++)
		locked |= pl310_read(c->base + PL310_LOCKDOWN + 4 * m);
	diag("lockdown by way: %s",
	     locked ? "ways locked (as firmware left them)" : "no way locked");
	if (outer.enabled_by_us)
		expect(!locked, "lockdown registers not cleared: 0x%lx", (unsigned long)locked);
}

SELFTEST(cache, outer_pl310)
{
	struct pl310 *c = &outer.l2c;
	uint8_t *buf;

	if (!outer.base) {
		skip("no outer cache on this platform");
		return;
	}
	if (!expect(outer.present, "no PL310 at 0x%lx (Cache ID 0x%08lx)",
		    (unsigned long)outer.base, (unsigned long)c->cache_id))
		return;
	diag("PL310 at 0x%lx: Cache ID 0x%08lx, %u ways x %lu KiB = %lu KiB, 32 B lines, %s",
	     (unsigned long)outer.base, (unsigned long)c->cache_id, c->ways,
	     (unsigned long)(c->way_size >> 10), (unsigned long)(c->ways * (c->way_size >> 10)),
	     outer.active ? (outer.enabled_by_us ? "enabled by bringup" : "enabled by firmware")
			  : "left disabled");
	errata_line(c);
	diag("Aux Control 0x%08lx: shared override %s (%s; the tree or platform asks %s)",
	     (unsigned long)c->aux, outer_shared_override() ? "on" : "off",
	     outer.aux_written ? "programmed by bringup" : "as firmware left it",
	     outer.shared_override ? "on" : "off");
	if (outer.init_error == PL310_ERR_SECURE)
		diag("a Control / Aux Control write did not take (Secure-only): left as found");
	else
		expect(outer.init_error == PL310_OK, "enable: error %d", outer.init_error);
	if (outer.aux_written)
		expect(outer_shared_override() == outer.shared_override,
		       "shared override not as asked");
	latency_lines(c);
	expect(c->ways == 8 || c->ways == 16, "%u ways", c->ways);
	expect(c->way_size >= 16384 && c->way_size <= 524288, "way size %lu",
	       (unsigned long)c->way_size);
	expect((c->rtl == PL310_RTL_R3P0) == (c->sync_reg == PL310_DUMMY_SYNC),
	       "sync register 0x%x for RTL 0x%02x", c->sync_reg, c->rtl);
	buf = memalign(64, 4096);
	if (!expect(buf != NULL, "no buffer"))
		return;
	expect(pl310_sync(c) == PL310_OK, "cache sync did not complete");
	expect(pl310_clean_range(c, (uintptr_t)buf + 3, 1000) == PL310_OK, "clean range");
	expect(pl310_inval_range(c, (uintptr_t)buf + 5, 2000) == PL310_OK, "invalidate range");
	expect(pl310_clean_inval_range(c, (uintptr_t)buf, 4096) == PL310_OK, "clean+inv range");
	expect(pl310_clean_range(c, UINTPTR_MAX - 7, 64) == PL310_ERR_WRAP, "wrapping range");
	expect(dma_sync_for_device((uintptr_t)buf, 4096, DMA_BIDIRECTIONAL) == CACHE_OK,
	       "DMA sync through inner and outer");
	expect(pl310_clean_all(c) == PL310_OK, "clean all did not complete");
	expect(pl310_clean_inval_all(c) == PL310_OK, "clean+invalidate all did not complete");
	if (outer.active)
		round_trip(buf, 4096);
	free(buf);
}
