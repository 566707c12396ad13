/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit_nav.c — part 1 of the fdt unit test (fdt_unit.c): the reader's
 * error strings and its navigation of virt64.dtb and vexpress.dtb (paths,
 * parents and children, properties, address translation), value by value.
 */
#include "tests/host/lib/fdt/fdt_unit.h"

void test_strerror(void)
{
	for (int e = FDT_OK; e >= FDT_ERR_BADVALUE; e--) {
		const char *m = fdt_strerror(e);
		CHECK(m && strlen(m) > 5 && strcmp(m, "unknown fdt error") != 0);
		CHECK(e == FDT_OK || e < 0, "errors are negative");
		for (int o = FDT_OK; o > e; o--)
			CHECK(strcmp(fdt_strerror(o), m) != 0);
	}
	CHECK_STR(fdt_strerror(FDT_ERR_BADVALUE - 1), "unknown fdt error");
	CHECK_STR(fdt_strerror(1), "unknown fdt error");
	CHECK_STR(fdt_strerror(-2147483647 - 1), "unknown fdt error");
}

void test_navigation(void)
{
	struct fdt f;
	uint8_t *b = open_dtb("virt64.dtb", &f);
	int root = fdt_root(&f), len, depth;
	char path[64];

	CHECK_EQ(root, 0);
	CHECK_STR(fdt_node_name(&f, root), "");
	CHECK_EQ(f.version, 17);
	int uart = fdt_path_offset(&f, "/pl011@9000000");
	CHECK(uart > 0);
	CHECK_STR(fdt_node_name(&f, uart), "pl011@9000000");
	CHECK_EQ(fdt_path_offset(&f, "//pl011@9000000/"), uart);
	/* without a unit address: the first pl011 child, the disabled one */
	int sec = fdt_path_offset(&f, "/pl011");
	CHECK_STR(fdt_node_name(&f, sec), "pl011@9040000");
	CHECK(!fdt_node_is_enabled(&f, sec));
	CHECK(fdt_node_is_enabled(&f, uart));
	CHECK_EQ(fdt_path_offset(&f, "/pl011@9000001"), FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_path_offset(&f, "/pl011@9000000/x"), FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_path_offset(&f, "nosuchalias"), FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_path_offset(&f, ""), FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_path_offset(&f, "/"), root);
	CHECK_EQ(fdt_path_offset_len(&f, "/chosenXYZ", 7), fdt_path_offset(&f, "/chosen"));
	CHECK_EQ(fdt_parent(&f, uart), root);
	CHECK_EQ(fdt_parent(&f, root), FDT_ERR_NOTFOUND);

	CHECK_EQ(fdt_node_path(&f, uart, path, sizeof path), FDT_OK);
	CHECK_STR(path, "/pl011@9000000");
	CHECK_EQ(fdt_node_path(&f, uart, path, 5), FDT_OK);
	CHECK_STR(path, "/pl0");
	CHECK_EQ(fdt_node_path(&f, root, path, sizeof path), FDT_OK);
	CHECK_STR(path, "/");
	CHECK_EQ(fdt_node_path(&f, 3, path, sizeof path), FDT_ERR_NOTFOUND);
	CHECK_STR(path, "");

	/* children of the root, in order */
	static const char *const kids[] = { "psci",         "memory@40000000", "memory@100000000",
					    "apb-pclk",     "pl011@9040000",   "pl011@9000000",
					    "intc@8000000", "timer",           "chosen" };
	unsigned k = 0;
	for (int c = fdt_first_child(&f, root); c >= 0; c = fdt_next_sibling(&f, c), k++)
		if (k < 9)
			CHECK_STR(fdt_node_name(&f, c), kids[k]);
	CHECK_EQ(k, 9);
	CHECK_EQ(fdt_first_child(&f, uart), FDT_ERR_NOTFOUND);

	/* whole-tree walk: 10 nodes, all at depth <= 2 */
	k = 0;
	for (int n = fdt_next_node(&f, -1, &depth); n >= 0; n = fdt_next_node(&f, n, &depth), k++)
		CHECK(depth == (n == root ? 1 : 2));
	CHECK_EQ(k, 10);

	/* properties */
	const char *compat = fdt_getprop(&f, uart, "compatible", &len);
	CHECK_EQ(len, sizeof "arm,pl011" + sizeof "arm,primecell");
	CHECK(fdt_stringlist_contains(compat, len, "arm,primecell"));
	CHECK(!fdt_stringlist_contains(compat, len, "arm,pl01"));
	CHECK(!fdt_stringlist_contains(compat, len - 1, "arm,primecel"));
	size_t sl;
	CHECK_STR(fdt_stringlist_get(compat, len, 1, &sl), "arm,primecell");
	CHECK_EQ(sl, 13);
	CHECK(fdt_stringlist_get(compat, len, 2, &sl) == NULL);
	CHECK(fdt_node_is_compatible(&f, uart, "arm,pl011"));
	CHECK(fdt_getprop(&f, uart, "nonexistent", &len) == NULL);
	CHECK_EQ(len, FDT_ERR_NOTFOUND);
	unsigned props = 0;
	for (int p = fdt_first_prop(&f, uart); p >= 0; p = fdt_next_prop(&f, p))
		props++;
	CHECK_EQ(props, 5);

	uint32_t v = 0;
	CHECK_EQ(fdt_prop_u32(&f, root, "#address-cells", &v), FDT_OK);
	CHECK_EQ(v, 2);
	CHECK_EQ(fdt_prop_u32(&f, uart, "reg", &v), FDT_ERR_BADVALUE);
	CHECK_EQ(fdt_prop_u32(&f, uart, "nope", &v), FDT_ERR_NOTFOUND);
	const char *s = NULL;
	CHECK_EQ(fdt_prop_string(&f, fdt_path_offset(&f, "/psci"), "method", &s), FDT_OK);
	CHECK_STR(s, "hvc");
	int timer = fdt_path_offset(&f, "/timer");
	CHECK_EQ(fdt_prop_string(&f, timer, "clock-frequency", &s), FDT_ERR_BADVALUE); /* no NUL */
	CHECK_EQ(fdt_prop_string(&f, timer, "always-on", &s), FDT_ERR_BADVALUE);       /* empty */
	CHECK_EQ(fdt_prop_string(&f, timer, "nope", &s), FDT_ERR_NOTFOUND);
	unsigned ac = 0, sc = 0;
	CHECK_EQ(fdt_address_cells(&f, uart, &ac), FDT_OK); /* absent: spec default */
	CHECK_EQ(fdt_size_cells(&f, uart, &sc), FDT_OK);
	CHECK_EQ(ac, 2);
	CHECK_EQ(sc, 1);

	const uint8_t *reg = fdt_getprop(&f, uart, "reg", &len);
	CHECK_EQ(fdt_read_cells(reg, 2), 0x9000000);
	CHECK_EQ(fdt_read_cells(reg + 4, 1), 0x9000000);
	static const uint8_t three[12] = { 0,    0,    0,    1,    0x12, 0x34,
					   0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0 };
	CHECK_EQ(fdt_read_cells(three + 4, 2), 0x123456789abcdef0u);
	CHECK(!fdt_cells_fit(three, 3));
	CHECK(fdt_cells_fit(three + 4, 2));

	/* phandles */
	uint32_t ph = 0;
	CHECK_EQ(fdt_prop_u32(&f, fdt_path_offset(&f, "/apb-pclk"), "phandle", &ph), FDT_OK);
	CHECK_STR(fdt_node_name(&f, fdt_node_by_phandle(&f, ph)), "apb-pclk");
	CHECK_EQ(fdt_node_by_phandle(&f, 0), FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_node_by_phandle(&f, 0xffffffffu), FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_node_by_phandle(&f, 0x7777), FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_find_compatible(&f, -1, "arm,armv7-timer"), fdt_path_offset(&f, "/timer"));
	CHECK_EQ(fdt_find_compatible(&f, uart, "arm,pl011"), FDT_ERR_NOTFOUND);

	/* bogus offsets from a caller fail instead of reading astray */
	int bogus[] = { -1, 1, 2, 4, 8, (int)f.struct_len - 4, (int)f.struct_len, 1 << 30 };
	for (unsigned i = 0; i < sizeof bogus / sizeof bogus[0]; i++) {
		CHECK(fdt_node_name(&f, bogus[i]) == NULL);
		CHECK_EQ(fdt_first_child(&f, bogus[i]), FDT_ERR_NOTFOUND);
		CHECK_EQ(fdt_next_sibling(&f, bogus[i]), FDT_ERR_NOTFOUND);
		CHECK(fdt_getprop(&f, bogus[i], "reg", NULL) == NULL);
		CHECK(fdt_prop_at(&f, bogus[i], NULL, NULL) == NULL || bogus[i] == 8);
		if (bogus[i] >= 0) {
			depth = 0;
			CHECK_EQ(fdt_next_node(&f, bogus[i], &depth), FDT_ERR_NOTFOUND);
		}
	}
	const uint8_t *trap = fdt_getprop(&f, fdt_path_offset(&f, "/chosen"), "bringup,trap", &len);
	CHECK_EQ(len, 32);
	int unaligned = (int)(trap - b - f.off_struct) + 1;
	CHECK(fdt_node_name(&f, unaligned) == NULL);
	CHECK_EQ(fdt_first_child(&f, unaligned), FDT_ERR_NOTFOUND);
	free(b);

	/* aliases resolve in paths (the vexpress tree) */
	b = open_dtb("vexpress.dtb", &f);
	int u0 = fdt_path_offset(
		&f, "/bus@40000000/motherboard-bus@40000000/iofpga@7,00000000/uart@9000");
	CHECK(u0 > 0);
	CHECK_EQ(fdt_path_offset(&f, "serial0"), u0);
	CHECK_EQ(fdt_path_offset(&f, "serial0/"), u0);
	CHECK_EQ(fdt_path_offset(&f, "/bus/motherboard-bus/iofpga/uart"), u0);
	CHECK_EQ(fdt_path_offset(&f, "serial"), FDT_ERR_NOTFOUND);
	int iofpga = fdt_parent(&f, u0);
	CHECK_STR(fdt_node_name(&f, iofpga), "iofpga@7,00000000");
	uint64_t a = 0xa000;
	CHECK_EQ(fdt_translate(&f, iofpga, &a), FDT_OK);
	CHECK_EQ(a, 0x1000a000);
	a = 0x20000; /* just past the iofpga window */
	CHECK_EQ(fdt_translate(&f, iofpga, &a), FDT_ERR_NOTFOUND);
	free(b);
}
