/*
 * fdt_unit_cpus.c — board_read_cpus() and board_compatible_reg() on
 * tests/host/dts/cpus.dts: reg in two cells (Aff3 in the high one), each
 * CPU's enable-method or /cpus' own, cpu-release-addr, status, helper
 * nodes without device_type skipped, the count past `max`; a translated
 * board register; a tree without /cpus.
 */
#include "tests/host/fdt_unit.h"

#include <stdlib.h>
#include <string.h>

#include "board/cpus.h"

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
	/* The start method, from board/cpu_methods.def by its enable-method. */
	CHECK_EQ(c[0].start, CPU_START_PSCI);
	CHECK_EQ(c[1].start, CPU_START_SPIN_TABLE);
	CHECK_EQ(c[3].start, CPU_START_BCM2836);
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
	CHECK_EQ(c[1].start, CPU_START_PSCI);
	CHECK_EQ(c[1].mpidr, 0x901);
	free(b);
	/* The recognition order (board/cpu_methods.h): a named method keeps it,
	 * driven or not; naming none, /psci before the machine; the machine by
	 * any of the root's compatible strings, none past the property's end. */
	static const char root[] = "acme,board\0arm,vexpress";
	CHECK_EQ(cpu_method_find("spin-table", true, root, sizeof root), CPU_START_SPIN_TABLE);
	CHECK_EQ(cpu_method_find("allwinner,sun9i-a80-smp", true, root, sizeof root),
		 CPU_START_NONE);
	CHECK_EQ(cpu_method_find(NULL, true, root, sizeof root), CPU_START_PSCI);
	CHECK_EQ(cpu_method_find("", false, root, sizeof root), CPU_START_VEXPRESS);
	CHECK_EQ(cpu_method_find(NULL, false, root, 11), CPU_START_NONE); /* "acme,board" */
	CHECK_EQ(cpu_method_find(NULL, false, root, sizeof root - 2), CPU_START_NONE); /* cut */
	CHECK_EQ(cpu_method_find(NULL, false, NULL, 0), CPU_START_NONE);
	CHECK_STR(cpu_start_name(CPU_START_NONE), "none");
	CHECK_STR(cpu_start_name(CPU_START_BCM2836), "brcm,bcm2836-smp");
	/* A tree without /cpus. */
	b = load_dtb("ns16550.dtb", &len);
	CHECK_EQ(board_read_cpus(b, len, c, 8, &n), FDT_ERR_NOTFOUND);
	CHECK_EQ(n, 0);
	free(b);
}
