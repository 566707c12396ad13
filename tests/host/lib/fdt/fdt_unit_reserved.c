/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit_reserved.c — fdt_reserved() on tests/host/common/dts/reserved.dts: what
 * it reports, in order, translated and flagged; what it skips; the count
 * past `max`; and malformed /reserved-memory cells.
 */
#include "tests/host/lib/fdt/fdt_unit.h"

#include <stdlib.h>

void test_reserved(void)
{
	static const struct fdt_region want[] = {
		{ 0x40000000, 0x1000, false },  { 0x48000000, 0x20000, false },
		{ 0x40e00000, 0x200000, true }, { 0x44000000, 0x1000, false },
		{ 0x45000000, 0x2000, false },
	};
	const unsigned nwant = sizeof(want) / sizeof(want[0]);
	struct fdt_region r[8];
	struct fdt f;
	unsigned n = 99;
	size_t len;
	uint8_t *b = load_dtb("reserved.dtb", &len);

	CHECK_EQ(fdt_open(&f, b, len), FDT_OK);
	CHECK_EQ(fdt_reserved(&f, r, 8, &n), FDT_OK);
	CHECK_EQ(n, nwant);
	for (unsigned i = 0; i < nwant && i < n; i++) {
		CHECK(r[i].base == want[i].base && r[i].size == want[i].size,
		      "region %u: 0x%llx+0x%llx", i, (unsigned long long)r[i].base,
		      (unsigned long long)r[i].size);
		CHECK(r[i].no_map == want[i].no_map, "region %u: no-map %d", i, r[i].no_map);
	}
	/* Room for two: the first two stored, all five counted. */
	memset(r, 0, sizeof(r));
	CHECK_EQ(fdt_reserved(&f, r, 2, &n), FDT_OK);
	CHECK_EQ(n, nwant);
	CHECK(r[1].base == 0x48000000 && r[2].base == 0, "max: stored past the room");
	/* A "reg" that is not a whole number of entries: BADVALUE. */
	int rm = fdt_path_offset(&f, "/reserved-memory/two@4000000");
	int plen;
	uint8_t *reg = (uint8_t *)fdt_getprop(&f, rm, "reg", &plen);
	CHECK(reg && plen == 16);
	if (reg) {
		uint8_t *bad = malloc(len);
		memcpy(bad, b, len);
		/* The length word (8 bytes before the value) 16 -> 15: same padded
		 * size, so the structure stays valid, but not whole entries. */
		bad[(reg - b) - 8 + 3] = (uint8_t)(bad[(reg - b) - 8 + 3] - 1);
		struct fdt g;
		CHECK_EQ(fdt_open(&g, bad, len), FDT_OK);
		CHECK_EQ(fdt_reserved(&g, r, 8, &n), FDT_ERR_BADVALUE);
		CHECK_EQ(n, 3); /* what came before: the two /memreserve/ and secure@ */
		free(bad);
	}
	free(b);
}
