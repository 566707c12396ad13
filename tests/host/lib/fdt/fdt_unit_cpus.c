/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit_cpus.c — board_read_cpus() and board_compatible_reg() on
 * tests/host/common/dts/cpus.dts: reg in two cells (Aff3 in the high one), each
 * CPU's enable-method or /cpus' own, cpu-release-addr, status, helper
 * nodes without device_type skipped, the count past `max`; a translated
 * board register; a tree without /cpus.
 */
#include "tests/host/lib/fdt/fdt_unit.h"

#include <stdlib.h>
#include <string.h>

#include "board/cpus.h"
#include "board/start_methods.h"

#define NAME_OF(...) start_method_name(start_method_find(__VA_ARGS__))

/* Whether the list "a\0b\0" (NULL: empty) holds s. */
static int holds(const char *list, const char *s)
{
	for (const char *p = list; p && *p; p += strlen(p) + 1)
		if (!strcmp(p, s))
			return 1;
	return 0;
}

/* No two methods of the image's table (every smp/methods/ file linked)
 * answer the same enable-method or root compatible, and one alone answers
 * /psci: the recognition must not depend on the section's order. */
static void methods_answer_apart(void)
{
	unsigned n = 0, psci = 0;

	for (const struct start_method *a = __start_start_methods; a < __stop_start_methods; a++) {
		n++;
		psci += a->psci_node;
		CHECK(a->name && a->start, "a start method without a name or a start");
		for (const struct start_method *b = a + 1; b < __stop_start_methods; b++)
			for (int k = 0; k < 2; k++)
				for (const char *p = k ? a->root_compats : a->enable_methods;
				     p && *p; p += strlen(p) + 1)
					CHECK(!holds(k ? b->root_compats : b->enable_methods, p),
					      "\"%s\" answered by %s and by %s", p, a->name,
					      b->name);
	}
	CHECK(n >= 14, "only %u start methods linked", n);
	CHECK_EQ(psci, 1);
}

void test_cpus(void)
{
	struct board_cpu c[8];
	unsigned n = 99;
	uint64_t base = 0;
	size_t len;
	uint8_t *b = load_dtb("cpus.dtb", &len);

	CHECK_EQ(board_read_cpus(b, len, c, 8, &n), FDT_OK);
	CHECK_EQ(n, 4);
	CHECK_EQ(c[0].mpidr, 0);
	CHECK_EQ(c[0].method, CPU_METHOD_PSCI);
	CHECK_STR(c[0].method_name, "psci");
	CHECK_EQ(c[1].mpidr, 1);
	CHECK_EQ(c[1].method, CPU_METHOD_SPIN_TABLE);
	CHECK_EQ(c[1].release_addr, 0xe0);
	CHECK_EQ(c[2].mpidr, 0x100);
	CHECK(c[2].disabled, "cpu@100: status disabled not seen");
	CHECK(!c[0].disabled && !c[1].disabled, "status absent read as disabled");
	CHECK_EQ(c[3].mpidr, 0x100000000ull);    /* Aff3 = 1 */
	CHECK_EQ(c[3].method, CPU_METHOD_OTHER); /* /cpus' enable-method */
	CHECK_STR(c[3].method_name, "brcm,bcm2836-smp");
	CHECK_STR(cpu_method_name(CPU_METHOD_SPIN_TABLE), "spin-table");
	/* The start method, from smp/methods/ (the start_methods section) by its
	 * enable-method. */
	CHECK_STR(start_method_name(c[0].start), "psci");
	CHECK_STR(start_method_name(c[1].start), "spin-table");
	CHECK_STR(start_method_name(c[3].start), "brcm,bcm2836-smp");
	/* Room for two: two stored, four counted. */
	memset(c, 0, sizeof(c));
	CHECK_EQ(board_read_cpus(b, len, c, 2, &n), FDT_OK);
	CHECK_EQ(n, 4);
	CHECK(c[2].mpidr == 0 && c[2].method == CPU_METHOD_NONE, "max: stored past the room");
	/* The board method's registers, through the bus' ranges. */
	CHECK_EQ(board_compatible_reg(b, len, "brcm,bcm2836-l1-intc", &base), FDT_OK);
	CHECK_EQ(base, 0x3f800000);
	CHECK_EQ(board_compatible_reg(b, len, "no,such-device", &base), FDT_ERR_NOTFOUND);
	/* A truncated blob: fdt_open's error. */
	CHECK_EQ(board_read_cpus(b, 16, c, 8, &n), FDT_ERR_TRUNCATED);
	free(b);
	/* No enable-method anywhere, an enabled /psci: PSCI (as Linux on ARMv7). */
	b = load_dtb("cpus-psci.dtb", &len);
	CHECK_EQ(board_read_cpus(b, len, c, 8, &n), FDT_OK);
	CHECK_EQ(n, 2);
	CHECK(c[0].method == CPU_METHOD_PSCI && c[1].method == CPU_METHOD_PSCI,
	      "no enable-method + /psci: not PSCI (%d, %d)", c[0].method, c[1].method);
	CHECK_STR(c[1].method_name, "psci");
	CHECK_STR(start_method_name(c[1].start), "psci");
	CHECK_EQ(c[1].mpidr, 0x901);
	free(b);
	/* The recognition order (board/start_methods.h): a named method keeps it,
	 * driven or not; naming none, /psci before the machine; the machine by
	 * any of the root's compatible strings, none past the property's end. */
	static const char root[] = "acme,board\0arm,vexpress";
	CHECK_STR(NAME_OF("spin-table", true, root, sizeof root), "spin-table");
	CHECK_STR(NAME_OF("allwinner,sun9i-a80-smp", true, root, sizeof root), "none");
	CHECK_STR(NAME_OF(NULL, true, root, sizeof root), "psci");
	CHECK_STR(NAME_OF("", false, root, sizeof root), "vexpress flags register + SGI");
	CHECK_STR(NAME_OF(NULL, false, root, 11), "none");              /* "acme,board" */
	CHECK_STR(NAME_OF(NULL, false, root, sizeof root - 2), "none"); /* cut */
	CHECK_STR(NAME_OF(NULL, false, NULL, 0), "none");
	CHECK_STR(start_method_name(NULL), "none");
	methods_answer_apart();

	/* A tree without /cpus. */
	b = load_dtb("ns16550.dtb", &len);
	CHECK_EQ(board_read_cpus(b, len, c, 8, &n), FDT_ERR_NOTFOUND);
	CHECK_EQ(n, 0);
	free(b);
}
