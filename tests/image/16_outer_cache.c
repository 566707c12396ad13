/*
 * cache: the outer cache (PL310 / L2C-310), where the platform has one.
 * QEMU's model accepts the registers and caches nothing: these check that the
 * controller is found, its geometry read, the register protocol completes
 * (background operations polled to the end, syncs), and enable/disable
 * round-trip -- not data.
 */
#include <malloc.h>
#include <stdlib.h>

#include "cache/cache.h"
#include "cache/outer.h"
#include "lib/selftest/selftest.h"

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
	diag("PL310 at 0x%lx: Cache ID 0x%08lx (RTL release 0x%02lx), %u ways x %lu KiB = %lu KiB, "
	     "32 B lines, %s",
	     (unsigned long)outer.base, (unsigned long)c->cache_id,
	     (unsigned long)(c->cache_id & 0x3f), c->ways, (unsigned long)(c->way_size >> 10),
	     (unsigned long)(c->ways * (c->way_size >> 10)),
	     outer.active ? (outer.enabled_by_us ? "enabled by bringup" : "enabled by firmware")
			  : "left disabled");
	expect(outer.init_error == PL310_OK, "enable: error %d", outer.init_error);
	expect(c->ways == 8 || c->ways == 16, "%u ways", c->ways);
	expect(c->way_size >= 16384 && c->way_size <= 524288, "way size %lu",
	       (unsigned long)c->way_size);
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
	expect(pl310_clean_all(c) == PL310_OK, "clean by way did not complete");
	expect(pl310_clean_inval_all(c) == PL310_OK, "clean+invalidate by way did not complete");
	if (outer.active) {
		/* Disable (cleans first) and enable again (invalidates first). */
		expect(pl310_disable(c) == PL310_OK && !pl310_enabled(c), "disable");
		expect(pl310_enable(c) == PL310_OK && pl310_enabled(c), "re-enable");
	}
	free(buf);
}
