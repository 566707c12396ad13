/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * board_read_gic() (board/fdt_gic.c) on Debian's kernel trees: a GIC-400
 * with the timer's PPIs (ZynqMP ZCU102), a Cortex-A9 GIC (V2P-CA9), a
 * GICv3 with one redistributor region and a redistributor-stride (APQ8096
 * DB820c), a GICv3 with four regions, two of them above 4 GiB (HiSilicon
 * D05), the Raspberry Pi 3's ARM-local controller (no GIC), a tree with
 * neither that says what it has (Raspberry Pi 1), and a
 * GICv3 tree whose #redistributor-regions is more than the reader takes.
 *
 * usage: test_fdt_gic ZCU102 V2P-CA9 DB820C D05 RPI3 RPI1 BAD.dtb
 */
#include <stdlib.h>

#include "board/fdt_gic.h"
#include "lib/fdt/fdt.h"
#include "tests/host/common/testutil.h"

CHECK_COUNTERS;

static int read_gic(const char *path, struct gic_desc *d, char *why, size_t whylen)
{
	size_t n;
	uint8_t *blob = load_file(path, &n);
	int err = board_read_gic(blob, n, d, why, whylen);

	free(blob);
	return err;
}

int main(int argc, char **argv)
{
	struct gic_desc d;
	char why[128];

	if (argc != 9) {
		fprintf(stderr, "usage: %s ZCU102 V2P-CA9 DB820C D05 RPI3 RPI1 BAD.dtb SMDKV310\n",
			argv[0]);
		return 2;
	}
	CHECK_EQ(read_gic(argv[1], &d, why, sizeof(why)), FDT_OK);
	CHECK_EQ(d.version, GIC_V2);
	CHECK_STR(d.compatible, "arm,gic-400");
	CHECK_EQ(d.dist, 0xf9010000);
	CHECK_EQ(d.cpu, 0xf9020000);
	CHECK_EQ(d.vtimer_ppi, 27);
	CHECK_EQ(d.ptimer_ppi, 30);

	CHECK_EQ(read_gic(argv[2], &d, why, sizeof(why)), FDT_OK);
	CHECK_STR(d.compatible, "arm,cortex-a9-gic");
	CHECK_EQ(d.dist, 0x1e001000);
	CHECK_EQ(d.cpu, 0x1e000100);
	CHECK_EQ(d.cpu_offset, 0); /* banked */

	CHECK_EQ(read_gic(argv[3], &d, why, sizeof(why)), FDT_OK);
	CHECK_EQ(d.version, GIC_V3);
	CHECK_EQ(d.dist, 0x9bc0000);
	CHECK_EQ(d.nrdist, 1);
	CHECK_EQ(d.rdist[0], 0x9c00000);
	CHECK_EQ(d.rdist_size[0], 0x100000);
	CHECK_EQ(d.rdist_stride, 0x40000);

	CHECK_EQ(read_gic(argv[4], &d, why, sizeof(why)), FDT_OK);
	CHECK_EQ(d.version, GIC_V3);
	CHECK_EQ(d.dist, 0x4d000000);
	CHECK_EQ(d.nrdist, 4);
	CHECK_EQ(d.rdist[0], 0x4d100000);
	CHECK_EQ(d.rdist[1], 0x6d100000);
	CHECK_EQ(d.rdist[2], 0x4004d100000);
	CHECK_EQ(d.rdist[3], 0x4006d100000);
	CHECK_EQ(d.rdist_stride, 0x40000);

	CHECK_EQ(read_gic(argv[5], &d, why, sizeof(why)), FDT_OK);
	CHECK_EQ(d.version, IRQ_BCM2836);
	CHECK_EQ(d.dist, 0x40000000);

	CHECK_EQ(read_gic(argv[6], &d, why, sizeof(why)), FDT_ERR_NOTFOUND);
	CHECK_EQ(d.version, GIC_NONE);
	CHECK_STR(why, "the tree's interrupt controller is brcm,bcm2835-armctrl-ic, not a GIC");

	CHECK_EQ(read_gic(argv[7], &d, why, sizeof(why)), FDT_ERR_BADVALUE);
	CHECK(strstr(why, "#redistributor-regions 5 (1..4 taken") != NULL, "why: %s", why);

	/* The Exynos4210's GIC banks nothing: cpu-offset 0x8000. */
	CHECK_EQ(read_gic(argv[8], &d, why, sizeof(why)), FDT_OK);
	CHECK_EQ(d.dist, 0x10490000);
	CHECK_EQ(d.cpu, 0x10480000);
	CHECK_EQ(d.cpu_offset, 0x8000);
	return check_report("host-fdt-gic");
}
