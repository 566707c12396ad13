/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The board scan's reading of a PL310 node's "arm,shared-override" (Linux
 * Documentation/devicetree/bindings/arm/l2c2x0.yaml) into struct board_info,
 * the value outer_init() programs into Aux Control bit 22. Both entry
 * points (fdt_open_board, and fdt_open + fdt_read_board), on trees compiled
 * from tests/host/board/pl310-shared.dts and tests/host/common/dts/vexpress.dts:
 *   with the property on the first PL310       override true, base translated,
 *                                              its "arm,tag-latency" and
 *                                              "arm,data-latency" (a cell over
 *                                              255 clamped), not the second's
 *   the same tree with the property deleted    false
 *   vexpress (a PL310 without it)               false
 *   a tree without a PL310 (virt64)             false, base 0
 *
 * usage: test_fdt_pl310 WITH.dtb WITHOUT.dtb VEXPRESS.dtb NOPL310.dtb
 */
#include <stdlib.h>

#include "board/board.h"
#include "tests/host/common/testutil.h"

CHECK_COUNTERS;

static const uint8_t no_latency[2][3], first_latency[2][3] = { { 2, 3, 1 }, { 3, 255, 2 } };

static void expect_tree(const char *path, uint64_t base, bool override, const uint8_t (*latency)[3])
{
	struct board_info a, b;
	struct fdt f;
	size_t n;
	uint8_t *blob = load_file(path, &n);

	if (!CHECK(blob != NULL, "cannot read %s", path))
		return;
	CHECK(fdt_open_board(&f, blob, n, &a) == FDT_OK, "%s: fdt_open_board", path);
	CHECK(fdt_open(&f, blob, n) == FDT_OK && fdt_read_board(&f, &b) == FDT_OK,
	      "%s: fdt_read_board", path);
	CHECK(a.outer_cache_base == base && b.outer_cache_base == base,
	      "%s: PL310 at 0x%llx / 0x%llx, want 0x%llx", path,
	      (unsigned long long)a.outer_cache_base, (unsigned long long)b.outer_cache_base,
	      (unsigned long long)base);
	CHECK(a.outer_shared_override == override && b.outer_shared_override == override,
	      "%s: shared override %d / %d, want %d", path, a.outer_shared_override,
	      b.outer_shared_override, override);
	CHECK(!memcmp(a.outer_latency, latency, sizeof(a.outer_latency)) &&
		      !memcmp(b.outer_latency, latency, sizeof(b.outer_latency)),
	      "%s: latencies tag %u/%u/%u data %u/%u/%u, want tag %u/%u/%u data %u/%u/%u", path,
	      a.outer_latency[0][0], a.outer_latency[0][1], a.outer_latency[0][2],
	      a.outer_latency[1][0], a.outer_latency[1][1], a.outer_latency[1][2], latency[0][0],
	      latency[0][1], latency[0][2], latency[1][0], latency[1][1], latency[1][2]);
	free(blob);
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: %s WITH.dtb WITHOUT.dtb VEXPRESS.dtb NOPL310.dtb\n",
			argv[0]);
		return 2;
	}
	expect_tree(argv[1], 0xa02000, true, first_latency);
	expect_tree(argv[2], 0xa02000, false, first_latency);
	expect_tree(argv[3], 0x1e00a000, false, no_latency);
	expect_tree(argv[4], 0, false, no_latency);
	return check_report("host-dma-system: fdt arm,shared-override and RAM latencies");
}
