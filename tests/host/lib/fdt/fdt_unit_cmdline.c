/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit_cmdline.c — the console the command line names (board.h rules 2
 * and 3): console= through the serialN aliases, and Linux's earlycon=
 * (board/fdt_earlycon.c), from a line given besides the tree's bootargs
 * (fdt_read_board_cmdline, as the boot gives semihosting's) and from the
 * bootargs; on cmdline-console.dtb, whose stdout-path names a UART no
 * driver handles. Each refusal of an earlycon= word by its reason.
 */
#include "tests/host/lib/fdt/fdt_unit.h"

extern const struct uart_driver uart_pl011, uart_ns16550, uart_imx; /* UART_DRIVER */

/* The board read with line given besides bootargs (NULL: none). */
static void read_with(struct fdt *f, const char *line, struct board_info *bi)
{
	CHECK_EQ(fdt_read_board_cmdline(f, line, "semihosting", bi), FDT_OK);
}

/* One earlycon= word alone on the line: its state, and that it is not the
 * console unless usable (then it is). */
static void earlycon_is(struct fdt *f, const char *line, enum board_earlycon want)
{
	struct board_info bi;

	read_with(f, line, &bi);
	if (!CHECK_EQ(bi.earlycon.state, want))
		printf("     %s: %s\n", line, fdt_earlycon_words(bi.earlycon.state));
	if (want != EARLYCON_USED)
		/* bootargs' console=ttyS1 then */
		CHECK_STR(bi.console_rule, "bootargs console=ttyS1");
}

void test_cmdline_console(void)
{
	struct fdt f;
	struct board_info bi;
	uint8_t *b = open_dtb("cmdline-console.dtb", &f);

	/* stdout-path names an undriven UART: bootargs' console= still may,
	 * the aliases and the first driven node may not. */
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK_EQ(bi.console.driver, &uart_ns16550);
	CHECK_EQ(bi.console.base, 0x20002000);
	CHECK_STR(bi.console_rule, "bootargs console=ttyS1");
	CHECK_EQ(bi.earlycon.state, EARLYCON_UNUSED); /* bootargs' earlycon= */
	CHECK_STR(bi.earlycon.src, "bootargs");
	CHECK_EQ(bi.earlycon.uart.reg_io_width, 4);

	/* The given line's console= first (serial2, a PL011). */
	read_with(&f, "mem=256M console=ttyAMA2,115200", &bi);
	CHECK_EQ(bi.console.driver, &uart_pl011);
	CHECK_EQ(bi.console.base, 0x20003000);
	CHECK_STR(bi.console_rule, "semihosting console=ttyAMA2");
	/* ... unless it names no usable port: then bootargs' */
	read_with(&f, "console=ttyAMA0 console=tty1", &bi);
	CHECK_STR(bi.console_rule, "bootargs console=ttyS1");

	/* console= before earlycon=; earlycon= when console= names none. */
	read_with(&f, "console=ttyS1 earlycon=pl011,0x20003000", &bi);
	CHECK_STR(bi.console_rule, "semihosting console=ttyS1");
	CHECK_EQ(bi.earlycon.state, EARLYCON_UNUSED);
	CHECK_EQ(bi.earlycon.uart.base, 0x20003000);

	/* earlycon= naming the undriven UART: the named driver there, at the
	 * node's path; Linux's iotype words set the access. */
	read_with(&f, "quiet earlycon=uart8250,mmio32,0x20001000,115200n8", &bi);
	CHECK_EQ(bi.earlycon.state, EARLYCON_USED);
	CHECK_EQ(bi.console.driver, &uart_ns16550);
	CHECK_EQ(bi.console.base, 0x20001000);
	CHECK_EQ(bi.console.reg_io_width, 4);
	CHECK_EQ(bi.console.reg_shift, 2);
	CHECK_STR(bi.console.path, "/soc/serial@1000");
	CHECK_STR(bi.console_rule, "semihosting earlycon=uart8250");
	CHECK(bi.earlycon.len == strlen("earlycon=uart8250,mmio32,0x20001000,115200n8") &&
	      !memcmp(bi.earlycon.word, "earlycon=uart8250,mmio32", 24));
	read_with(&f, "earlycon=uart8250,0x20001000", &bi); /* no iotype: bytes, 1 apart */
	CHECK(bi.console.reg_io_width == 1 && bi.console.reg_shift == 0);
	read_with(&f, "earlycon=ec_imx6q,0x20005000", &bi); /* a disabled node: still named */
	CHECK_EQ(bi.console.driver, &uart_imx);
	CHECK_STR(bi.console.path, "/soc/serial@5000");
	read_with(&f, "earlycon=pl011,0x20003010", &bi); /* inside the range, not its start */
	CHECK_EQ(bi.earlycon.state, EARLYCON_USED);
	CHECK_STR(bi.console.path, "/soc/serial@3000");
	/* The first usable word; a refused one before it does not stop it. */
	read_with(&f, "earlycon=pl011,0x30000000 earlycon=pl011,0x20003000", &bi);
	CHECK_EQ(bi.earlycon.state, EARLYCON_USED);
	CHECK_EQ(bi.console.base, 0x20003000);
	read_with(&f, "earlycon=pl011,0x20003000 -- earlycon=pl011,0x20001000", &bi);
	CHECK_EQ(bi.console.base, 0x20003000);

	/* Every name of Linux's that bringup takes, and the driver it means
	 * (Linux's drivers/tty/serial/: the OF_EARLYCON_DECLARE / EARLYCON_DECLARE
	 * names of the UARTs lib/console drives). */
	static const char *const names[][2] = {
		{ "pl011", "PL011" },
		{ "uart8250", "8250/16550" },
		{ "uart", "8250/16550" },
		{ "ns16550", "8250/16550" },
		{ "ns16550a", "8250/16550" },
		{ "omap8250", "8250/16550" },
		{ "bcm2835aux", "8250/16550" },
		{ "ec_imx6q", "i.MX" },
		{ "ec_imx21", "i.MX" },
		{ "cdns", "Cadence" },
		{ "s5pv210", "Samsung" },
		{ "exynos4210", "Samsung" },
		{ "artpec8", "Samsung" },
		{ "s5l", "Samsung" },
		{ "gs101", "Samsung" },
		{ "meson", "Meson" },
		{ "msm_serial_dm", "MSM UARTDM" },
		{ "qcom_geni", "GENI" },
		{ "stm32", "STM32F7" },
		{ "scif", "SCIF" },
		{ "hscif", "SCIF" },
		{ "ar3700_uart", "Armada 3700" },
	};
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
		char line[64];
		snprintf(line, sizeof line, "earlycon=%s,0x20001000", names[i][0]);
		read_with(&f, line, &bi);
		if (!CHECK(bi.earlycon.state == EARLYCON_USED &&
			   !strcmp(uart_name(bi.console.driver), names[i][1])))
			printf("     %s: %s, %s\n", line, fdt_earlycon_words(bi.earlycon.state),
			       uart_name(bi.console.driver));
	}

	/* Refused, each for its reason: bootargs' console= then. */
	earlycon_is(&f, "earlycon=pl011,0x30000000", EARLYCON_NOT_DEVICE);
	earlycon_is(&f, "earlycon=pl011,0x48000000", EARLYCON_IN_RAM); /* a node, but RAM */
	earlycon_is(&f, "earlycon=pl011,0x44000000", EARLYCON_IN_RAM);
	earlycon_is(&f, "earlycon=pl011,0x4f000000", EARLYCON_IN_RAM); /* reserved: RAM */
	earlycon_is(&f, "earlycon=pl012,0x20003000", EARLYCON_NAME);
	earlycon_is(&f, "earlycon=lpuart32,0x20003000", EARLYCON_NAME); /* Layerscape's BE */
	earlycon_is(&f, "earlycon=uart8250,io,0x3f8", EARLYCON_IOTYPE);
	earlycon_is(&f, "earlycon=uart8250,mmio32be,0x20001000", EARLYCON_IOTYPE);
	earlycon_is(&f, "earlycon=pl011", EARLYCON_SYNTAX);
	earlycon_is(&f, "earlycon=pl011,", EARLYCON_SYNTAX);
	earlycon_is(&f, "earlycon=pl011,20003000", EARLYCON_SYNTAX); /* Linux: "0x" or iotype */
	earlycon_is(&f, "earlycon=pl011,0x2000300g", EARLYCON_SYNTAX);
	earlycon_is(&f, "earlycon=pl011,0x1ffffffffffffffff", EARLYCON_SYNTAX); /* > 64 bits */
	earlycon_is(&f, "earlycon=pl011,mmio32,", EARLYCON_SYNTAX);
	earlycon_is(&f, "earlycon", EARLYCON_UNUSED); /* bare (Linux: stdout-path's): bootargs' */
	CHECK(strcmp(fdt_earlycon_words(EARLYCON_IN_RAM), "the address is RAM") == 0);
	free(b);

	/* A driven stdout-path wins over both (virt64.dtb: its PL011). */
	b = open_dtb("virt64.dtb", &f);
	read_with(&f, "console=ttyS0 earlycon=pl011,0x9000000", &bi);
	CHECK_STR(bi.console_rule, "stdout-path");
	CHECK_EQ(bi.earlycon.state, EARLYCON_UNUSED);
	free(b);
}
