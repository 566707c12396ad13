/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit.c — unit tests for lib/fdt/fdt.c and board/fdt_board.c.
 *
 * Usage: fdt_unit DIR, where DIR holds the blobs the makefile compiles from
 * tests/host/common/dts/ (virt64.dtb, virt64-v16.dtb, vexpress.dtb, ns16550.dtb,
 * fallback.dtb, noranges.dtb, zynq-zc702.dtb, reserved.dtb; the console
 * rules: compat-order.dtb, bootargs.dtb, bootargs-family.dtb,
 * first-node.dtb, cmdline-console.dtb).
 *
 * Part 1 checks what the reader finds in those trees, value by value (its
 * navigation alone: fdt_unit_nav.c; the board scan: here).
 * Part 2 (fdt_unit_bad.c) rejects malformed blobs: mutations of virt64.dtb
 * and hand-assembled structure blocks, each with the exact error expected.
 * Every blob is handed over in a heap buffer of exactly its size, so an
 * over-read is an AddressSanitizer report, not luck.
 */
#include "tests/host/lib/fdt/fdt_unit.h"

#include "board/fdt_scan.h" /* fdt_uart_type */

extern const struct uart_driver uart_pl011, uart_ns16550, uart_imx, uart_cadence; /* UART_DRIVER */

CHECK_COUNTERS;

static char dir[512];

uint8_t *load_dtb(const char *name, size_t *len)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	uint8_t *b = load_file(path, len);
	if (!b) {
		printf("FAIL cannot read %s\n", path);
		exit(2);
	}
	return b;
}

/* Open a file's blob, checking success; the buffer is returned for free(). */
uint8_t *open_dtb(const char *name, struct fdt *f)
{
	size_t n;
	uint8_t *b = load_dtb(name, &n);
	int e = fdt_open(f, b, n);
	if (!CHECK(e == FDT_OK))
		printf("     %s: %s\n", name, fdt_strerror(e));
	return b;
}

/* The console rules (board.h) and the node-order rule for compatibles,
 * each on its own tree. */
static void test_console_rules(void)
{
	struct fdt f;
	struct board_info bi, b1;
	struct fdt f1;
	uint8_t *b;
	size_t n;

	/* stdout-path; the node's first driven string picks the driver */
	b = open_dtb("compat-order.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_EQ(bi.console.driver, &uart_imx); /* not ns16550a, though 8250 comes first */
	CHECK_EQ(bi.console.base, 0x10000000);
	CHECK_EQ(bi.console.reg_io_width, 4);
	CHECK_STR(bi.console_rule, "stdout-path");
	int len;
	const char *c = fdt_getprop(&f, fdt_path_offset(&f, "serial1"), "compatible", &len);
	const struct uart_type *t = fdt_uart_type(c, len);
	CHECK(t && t->driver == &uart_ns16550);
	CHECK(t && strcmp(t->compat->compat, "ti,omap4-uart") == 0 && t->compat->shift == 2);
	c = fdt_getprop(&f, fdt_path_offset(&f, "serial2"), "compatible", &len);
	t = fdt_uart_type(c, len);
	CHECK(t && t->driver == &uart_pl011);
	CHECK(fdt_uart_type("acme,x\0ns16550a\0arm,pl011", 25) &&
	      fdt_uart_type("acme,x\0ns16550a\0arm,pl011", 25)->driver == &uart_ns16550);
	CHECK(fdt_uart_type("arm,pl011\0ns16550a", 19)->driver == &uart_pl011);
	CHECK(fdt_uart_type("acme,x\0arm,pl01", 16) == NULL);
	free(b);

	/* bootargs console=: the last usable word before "--" */
	b = open_dtb("bootargs.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_EQ(bi.console.driver, &uart_ns16550);
	CHECK_EQ(bi.console.base, 0x20002000);
	CHECK_EQ(bi.console.clock_hz, 1843200);
	CHECK_STR(bi.console.path, "/soc/serial@2000");
	CHECK_STR(bi.console_rule, "bootargs console=ttyS1");
	free(b);

	/* console= of the wrong family, or of no alias: the serialN aliases */
	b = open_dtb("bootargs-family.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_EQ(bi.console.driver, &uart_pl011);
	CHECK_EQ(bi.console.base, 0x9000000);
	CHECK_STR(bi.console_rule, "alias serial0");
	free(b);

	/* nothing names one: the first usable node in blob order */
	b = load_dtb("first-node.dtb", &n);
	CHECK_EQ(fdt_open(&f, b, n), FDT_OK);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_EQ(bi.console.driver, &uart_imx);
	CHECK_EQ(bi.console.base, 0x30860000);
	CHECK_STR(bi.console.path, "/soc/serial@30860000");
	CHECK_STR(bi.console_rule, "first driven node");
	CHECK_EQ(fdt_open_board(&f1, b, n, &b1), FDT_OK); /* the boot's one pass: the same */
	/* ... but for the device ranges, which it reads only where the MMU
	 * needs them before it is on (BOARD_DEVICES_AT_BOOT, board.h). */
	CHECK(bi.ndev > 0 && bi.dev[0].base <= 0x30860000 &&
	      0x30860000 - bi.dev[0].base < bi.dev[0].size);
	if (!BOARD_DEVICES_AT_BOOT) {
		CHECK_EQ(b1.ndev, 0);
		memcpy(b1.dev, bi.dev, sizeof bi.dev), b1.ndev = bi.ndev;
	}
	CHECK(memcmp(&b1, &bi, sizeof bi) == 0);
	free(b);

	/* The device ranges: every node's translated reg but memory, coalesced
	 * to MMU_BLOCK (Calxeda's UART and SATA in the top 2 MiB). */
	b = load_dtb("cpus-psci.dtb", &n);
	CHECK_EQ(fdt_open(&f, b, n), FDT_OK);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	uint64_t top = 0x100000000ull, blk = MMU_BLOCK;
	bool uart = false, sata = false, timer = false;
	for (unsigned i = 0; i < bi.ndev; i++) {
		uint64_t lo = bi.dev[i].base, hi = lo + bi.dev[i].size;
		uart |= lo <= 0xfff36000 && 0xfff37000 <= hi;
		sata |= lo <= 0xffe08000 && 0xffe18000 <= hi;
		timer |= lo <= 0x10000 && 0x10100 <= hi;
		CHECK(!(lo & (blk - 1)) && !(hi & (blk - 1)), "range 0x%llx..0x%llx not in blocks",
		      (unsigned long long)lo, (unsigned long long)hi);
		CHECK(hi <= top, "range past 4 GiB");
	}
	CHECK(uart && sata && timer, "device ranges miss a device: uart %d sata %d timer %d", uart,
	      sata, timer);
	/* Its /psci is PSCI 0.1 ("arm,psci" alone): CPU_ON is the node's ID. */
	CHECK(bi.psci == PSCI_SMC && bi.psci_v01 && bi.psci_cpu_on == 0x84000006,
	      "PSCI 0.1: conduit %d, v01 %d, cpu_on 0x%x", bi.psci, bi.psci_v01, bi.psci_cpu_on);
	/* The after-boot pass for the devices alone: the same ranges. */
	struct board_info bd;
	CHECK_EQ(fdt_open_board_devices(&f1, b, n, &bd), FDT_OK);
	CHECK(bd.ndev == bi.ndev && !memcmp(bd.dev, bi.dev, sizeof bd.dev),
	      "fdt_open_board_devices: %u ranges, fdt_read_board %u", bd.ndev, bi.ndev);
	free(b);
}

static void test_boards(void)
{
	struct fdt f;
	struct board_info bi;
	uint8_t *b;

	memset(&bi, 0xa5, sizeof bi); /* fdt_read_board must clear it */
	for (int v16 = 0; v16 < 2; v16++) {
		b = open_dtb(v16 ? "virt64-v16.dtb" : "virt64.dtb", &f);
		CHECK_EQ(f.version, v16 ? 16 : 17);
		CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
		CHECK_STR(bi.model, "linux,dummy-virt");
		CHECK_EQ(bi.nram, 2);
		CHECK_EQ(bi.ram[0].base, 0x40000000);
		CHECK_EQ(bi.ram[0].size, 0x40000000);
		CHECK_EQ(bi.ram[1].base, 0x100000000);
		CHECK_EQ(bi.ram[1].size, 0x40000000);
		CHECK_EQ(bi.console.driver, &uart_pl011);
		CHECK_EQ(bi.console.base, 0x9000000);
		CHECK_EQ(bi.console.clock_hz, 24000000); /* through the clocks phandle */
		CHECK_EQ(bi.console.reg_shift, 0);
		CHECK_EQ(bi.console.reg_io_width, 1);
		CHECK_STR(bi.console.path, "/pl011@9000000");
		CHECK_STR(bi.console_rule, "stdout-path");
		CHECK_EQ(bi.timer_hz, 62500000);
		CHECK_EQ(bi.psci, PSCI_HVC);
		CHECK_EQ(bi.outer_cache_base, 0);
		free(b);
	}

	b = open_dtb("vexpress.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_STR(bi.model, "V2P-CA9 bringup test");
	CHECK_EQ(bi.nram, 1);
	CHECK_EQ(bi.ram[0].base, 0x60000000);
	CHECK_EQ(bi.ram[0].size, 0x40000000);
	CHECK_EQ(bi.console.driver, &uart_pl011);
	CHECK_EQ(bi.console.base, 0x10009000);
	CHECK_EQ(bi.console.clock_hz, 0); /* its clock is not a fixed-clock */
	/* 66 characters: truncated to 63 */
	CHECK_STR(bi.console.path,
		  "/bus@40000000/motherboard-bus@40000000/iofpga@7,00000000/uart@9");
	CHECK_EQ(bi.timer_hz, 0);
	CHECK_EQ(bi.psci, PSCI_NONE);
	CHECK_EQ(bi.outer_cache_base, 0x1e00a000);
	free(b);

	b = open_dtb("ns16550.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_STR(bi.model, "NS16550 test board");
	CHECK_EQ(bi.nram, 1);
	CHECK_EQ(bi.ram[0].base, 0x40000000);
	CHECK_EQ(bi.ram[0].size, 0x80000000);
	CHECK_EQ(bi.console.driver, &uart_ns16550);
	CHECK_EQ(bi.console.base, 0x1c28000);
	CHECK_EQ(bi.console.reg_shift, 2);
	CHECK_EQ(bi.console.reg_io_width, 4);
	CHECK_EQ(bi.console.clock_hz, 24000000);
	CHECK_STR(bi.console.path, "/soc/serial@1c28000");
	CHECK_EQ(bi.timer_hz, 24000000);
	CHECK_EQ(bi.psci, PSCI_SMC);
	CHECK(!bi.psci_v01, "arm,psci-0.2 taken for PSCI 0.1"); /* the standard IDs */
	CHECK(bi.bootargs && !strcmp(bi.bootargs, "mem=2G bench=1"));
	free(b);

	b = open_dtb("fallback.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_STR(bi.model, "fallback test");
	CHECK_EQ(bi.nram, 0);
	CHECK_EQ(bi.console.driver, &uart_ns16550);
	CHECK_EQ(bi.console.base, 0x83000400);
	CHECK_EQ(bi.console.reg_shift, 2);
	CHECK_STR(bi.console.path, "/soc/serial@3000400");
	CHECK_STR(bi.console_rule, "alias serial2");
	CHECK_EQ(bi.psci, PSCI_NONE);
	CHECK(bi.bootargs == NULL); /* no /chosen */
	free(b);

	/* Zynq-7000: a Cadence UART through the serial0 alias (32-bit registers
	 * implied), the PL310 and the A9 private region from the global timer. */
	b = open_dtb("zynq-zc702.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_STR(bi.model, "Xilinx ZC702 (bringup test tree)");
	CHECK_EQ(bi.nram, 1);
	CHECK_EQ(bi.ram[0].base, 0);
	CHECK_EQ(bi.ram[0].size, 0x40000000);
	CHECK_EQ(bi.console.driver, &uart_cadence);
	CHECK_EQ(bi.console.base, 0xe0001000);
	CHECK_EQ(bi.console.reg_shift, 0);
	CHECK_EQ(bi.console.reg_io_width, 4);
	CHECK_EQ(bi.console.clock_hz, 0);
	CHECK_STR(bi.console.path, "/axi/serial@e0001000");
	CHECK_EQ(bi.outer_cache_base, 0xf8f02000);
	CHECK_EQ(bi.a9_periphbase, 0xf8f00000);
	CHECK_EQ(bi.psci, PSCI_NONE);
	CHECK(bi.bootargs == NULL); /* not NUL-terminated */
	CHECK(!fdt_node_is_enabled(&f, fdt_path_offset(&f, "/axi/serial@e0000000")));
	free(b);

	test_console_rules();

	b = open_dtb("noranges.dtb", &f);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_STR(bi.model, "bringup,noranges-test");
	CHECK_EQ(bi.console.driver, NULL);
	CHECK_EQ(bi.console.base, 0);
	CHECK_STR(bi.console.path, "");
	CHECK_EQ(bi.outer_cache_base, 0);
	uint64_t base = 1, size = 1;
	CHECK_EQ(fdt_node_reg(&f, fdt_path_offset(&f, "/bus/uart"), 0, &base, &size),
		 FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_node_reg(&f, fdt_path_offset(&f, "serial0"), 0, &base, &size), FDT_OK);
	CHECK_EQ(base, 0x9000000);
	CHECK_EQ(size, 0x1000);
	CHECK_EQ(fdt_node_reg(&f, fdt_path_offset(&f, "serial0"), 1, &base, &size),
		 FDT_ERR_NOTFOUND);
	free(b);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DTB-DIR\n", argv[0]);
		return 2;
	}
	snprintf(dir, sizeof dir, "%s", argv[1]);
	test_strerror();
	test_navigation();
	test_boards();
	test_malformed();
	test_reserved();
	test_cpus();
	test_cmdline_console();
	return check_report("fdt unit");
}
