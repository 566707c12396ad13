/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * board_gic_spi_free() (board/fdt_spi.c) on Debian's kernel trees: the SPI
 * the irq test pends must be one no device of the tree names. Each case
 * sets nlines so that the distributor's highest line is named by a device
 * (through `interrupts` on ZynqMP ZCU102: SPI 155; through the
 * motherboard's interrupt-map on V2P-CA9: SPI 42; through
 * `interrupts-extended` in a tree planted with fdtput) and wants the free
 * SPI below it; with every SPI named, 0. The build with
 * -DFDT_SPI_MUTANT_HIGHEST (the highest SPI, the old choice) must fail.
 *
 * usage: test_fdt_spi ZCU102 V2P-CA9 EXTENDED.dtb
 */
#include <stdlib.h>

#include "board/fdt_spi.h"
#include "lib/fdt/fdt.h"
#include "tests/host/common/testutil.h"

CHECK_COUNTERS;

static int spi_free(const char *path, const char *compat, unsigned nlines)
{
	size_t n;
	uint8_t *blob = load_file(path, &n);
	int r = board_gic_spi_free(blob, n, compat, nlines);

	free(blob);
	return r;
}

static void want(const char *path, const char *compat, unsigned nlines, int expect)
{
	int r = spi_free(path, compat, nlines);

	CHECK(r == expect, "%s, %u lines: SPI %d chosen, want %d (INTID %u is named by a device)",
	      path, nlines, r, expect, nlines - 1);
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: %s ZCU102 V2P-CA9 EXTENDED.dtb\n", argv[0]);
		return 2;
	}
	/* ZCU102: SPI 155 (INTID 187) is named, SPI 154 free. */
	want(argv[1], "arm,gic-400", 188, 186);
	CHECK(spi_free(argv[1], "arm,gic-400", 192) == 191, "ZCU102: INTID 191 named by no device");
	/* V2P-CA9: the motherboard's interrupt-map names SPIs 0-42, the
	 * and SPI 44 the daughterboard's: every SPI below INTID 75 is named. */
	want(argv[2], "arm,cortex-a9-gic", 75, 0);
	/* A node naming SPI 100 (INTID 132) through interrupts-extended, planted. */
	want(argv[3], "arm,gic-400", 133, 131);
	CHECK(spi_free(argv[1], "arm,no-such-gic", 96) == FDT_ERR_NOTFOUND,
	      "a GIC not in the tree");
	return check_report("host-fdt-spi");
}
