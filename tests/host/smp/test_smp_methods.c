/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host model of the board start methods (smp/: every method but
 * PSCI, the spin table, the BCM2836 mailbox and Versatile Express (QEMU
 * runs those); the Allwinner ones in
 * tests/host/smp/test_smp_sunxi.c and test_smp_sunxi_mc.c, the Exynos5420's in
 * test_smp_exynos5.c), built with -DSMP_MMIO_MODEL
 * (smp/smp_mmio.h): every device access, DSB and SEV is recorded in order
 * against a register file, on Debian's own tree of each board (and the H3
 * platform's addresses), and the sequence is held to each method's public
 * description: the entry written before the core is released, only the
 * core's own bits of a shared control register changed, the A31/H3 power
 * clamp released step by step before the power-off gating, the release
 * last, no access outside the registers the method names. QEMU models the
 * releases (rows sabrelite, orangepi-pc-cpucfg, smdkc210-smp2,
 * ast2600-evb-smp2) but no power control.
 *
 * The recording model: tests/host/smp/smp_mmio_model.c.
 *
 * argv[1]: the directory of Debian's armhf trees (build/dtbs/armhf);
 * argv[2]: the project's test trees, compiled (build/host/dts).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/counter.h"
#include "arch/psci.h"
#include "board/platform.h"
#include "boot/boot.h"
#include "smp/smp.h"
#include "tests/host/common/testutil.h"
#include "tests/host/smp/smp_mmio_model.h"

CHECK_COUNTERS;

/* ---- i.MX6 SRC (imx6q-sabrelite.dtb: SRC at 0x20d8000) ---- */
static void test_imx6(const char *dir)
{
	const uint64_t src = 0x20d8000, scr = src, others = 0x00000521;

	use_tree(dir, "imx6q-sabrelite.dtb");
	for (unsigned n = 1; n < 4; n++) {
		struct smp_cpu c = cpu_n(n);
		uint64_t gpr = src + 0x20 + 8 * n, ok[] = { gpr, scr };
		int e, r;

		reset_model();
		/* Earlier cores on; core 1 too, as an earlier run left it (JTAG
		 * reload, warm restart): its enable alone would not restart it. */
		set_reg(scr, others | ((1u << (22 + n - 1)) - (1u << 22)) | 1u << 22);
		uint32_t before = get_reg(scr);
		CHECK_EQ(START(imx6_src, &c), 0);
		e = write_at(gpr, ENTRY, 0);
		r = write_at(scr, before | 1u << (22 + n - 1) | 1u << (14 + n - 1), 0);
		CHECK(e >= 0, "imx6 core %u: the entry is not written to SRC_GPR%u", n, 1 + 2 * n);
		CHECK(r > e && dsb_between(e, r),
		      "imx6 core %u: SRC_SCR's core%u_enable (bit %u, the others kept) and its "
		      "self-clearing core%u_rst (bit %u) not set after the entry and a DSB",
		      n, n, 22 + n - 1, n, 14 + n - 1);
		CHECK(r == last_write(), "imx6 core %u: a write after the release", n);
		CHECK(writes_only(ok, 2), "imx6 core %u: a write outside GPR/SCR", n);
	}
	struct smp_cpu c0 = cpu_n(0);
	reset_model();
	CHECK_EQ(START(imx6_src, &c0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(model_accesses(), 0);
}

/* ---- Allwinner: tests/host/smp/test_smp_sunxi.c ---- */
void test_sunxi(const char *dir);
/* ---- Exynos5420/5422/5800: tests/host/smp/test_smp_exynos5.c ---- */
void test_exynos5(const char *dir, const char *test_dir);
/* ---- Allwinner A83T: tests/host/smp/test_smp_sunxi_mc.c ---- */
void test_sunxi_mc(const char *dir);
/* ---- Versatile Express, TC2's CCI: tests/host/smp/test_smp_vexpress.c ---- */
void test_vexpress(const char *dir);

/* ---- Exynos4210 r1.1 (exynos4210-smdkv310.dtb) ---- */
static void test_exynos(const char *dir)
{
	const uint64_t pmu = 0x10020000, chipid = 0x10000000, gicd = 0x10490000;

	use_tree(dir, "exynos4210-smdkv310.dtb");
	struct smp_cpu c = cpu_n(0x901);
	uint64_t ok[] = { pmu + 0x2080, pmu + 0x814, gicd, gicd + 0xf00 };
	int pw, e, sgi;

	reset_model();
	set_reg(chipid, 0x43210011);              /* PRO_ID: Exynos4210, revision 1.1 */
	set_reg(gicd + 0x800, 0x01);              /* the boot CPU is interface 0 */
	model_follow(pmu + 0x2080, pmu + 0x2084); /* status follows config */
	CHECK_EQ(START(exynos, &c), 0);
	pw = write_at(pmu + 0x2080, 3, 0);
	e = write_at(pmu + 0x814, ENTRY, 0);
	sgi = write_at(gicd + 0xf00, 0x00fe0000, 0);
	CHECK(pw >= 0 && e > pw, "exynos: the core powered (ARM_CORE1_CONFIGURATION 3), then the "
				 "entry into INFORM5 (r1.1)");
	CHECK(sgi > e && dsb_between(e, sgi) && sgi == last_write(),
	      "exynos: SGI 0 to every interface but the boot CPU's, after the entry and a DSB, "
	      "last");
	CHECK(writes_only(ok, 4), "exynos: a write outside PMU/INFORM5/GIC");
	/* Revision 1.0: the entry into the internal SRAM instead. */
	reset_model();
	set_reg(chipid, 0x43210010);
	model_follow(pmu + 0x2080, pmu + 0x2084);
	CHECK_EQ(START(exynos, &c), 0);
	CHECK(write_at(0x02020000, ENTRY, 0) >= 0 && write_at(pmu + 0x814, ENTRY, 0) < 0,
	      "exynos r1.0: the entry not into the SRAM at 0x2020000");
	/* The Exynos4412 and 5250 trees name their own PMU (samsung,exynos4412-pmu,
	 * samsung,exynos5250-pmu: Linux mach-exynos/exynos.c exynos_dt_pmu_match):
	 * core n powered at PMU + 0x2000 + 0x80 n, the entry into the SRAM (+ 4 n
	 * on the 4412). */
	static const struct {
		const char *tree;
		uint64_t mpidr, pmu, entry;
	} ex[] = {
		{ "exynos4412-tiny4412.dtb", 0xa01, 0x10020000, 0x02020004 },
		{ "exynos4412-smdk4412.dtb", 0xa02, 0x10020000, 0x02020008 },
		{ "exynos5250-arndale.dtb", 0x1, 0x10040000, 0x02020000 },
		{ "exynos5250-snow.dtb", 0x1, 0x10040000, 0x02020000 },
	};
	for (unsigned i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		struct smp_cpu cx = cpu_n(ex[i].mpidr);
		unsigned n = (unsigned)(ex[i].mpidr & 0xff);
		uint64_t cfg = ex[i].pmu + 0x2000 + 0x80 * n;
		long r;

		use_tree(dir, ex[i].tree);
		reset_model();
		model_follow(cfg, cfg + 4);
		r = START(exynos, &cx);
		pw = write_at(cfg, 3, 0);
		e = write_at(ex[i].entry, ENTRY, 0);
		CHECK(r == 0 && pw >= 0 && e > pw,
		      "exynos %s 0x%llx: returned %ld; the core powered at 0x%llx, then the entry "
		      "at 0x%llx",
		      ex[i].tree, (unsigned long long)ex[i].mpidr, r, (unsigned long long)cfg,
		      (unsigned long long)ex[i].entry);
	}
	/* With the Exynos secure firmware the entry is the firmware's: nothing
	 * touched, NOT_SUPPORTED (smp_init reports the CPU not started). */
	use_tree(dir, "exynos4412-odroidu3.dtb");
	reset_model();
	CHECK_EQ(START(exynos, &c), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(model_accesses(), 0);
}

/* ---- AST2600 (aspeed-ast2600-evb.dtb: the mailbox at 0x1e6e2180) ---- */
static void test_aspeed(const char *dir)
{
	const uint64_t mbox = 0x1e6e2180;

	use_tree(dir, "aspeed-ast2600-evb.dtb");
	struct smp_cpu c = cpu_n(0xf01);
	uint64_t ok[] = { mbox, mbox + 4 };
	int e, go;

	reset_model();
	CHECK_EQ(START(aspeed, &c), 0);
	e = write_at(mbox, ENTRY, 0);
	go = write_at(mbox + 4, 0xabbaab01, 0);
	CHECK(e >= 0 && go > e && dsb_between(e, go),
	      "aspeed: the entry, a DSB, then the go signal 0xabbaab00 | 1");
	CHECK(model_sev_last_after_dsb(go), "aspeed: DSB then SEV after the signal");
	CHECK(writes_only(ok, 2), "aspeed: a write outside the mailbox");
}

/* ---- i.MX7D (imx7d-sdb.dtb: SRC at 0x30390000, GPC at 0x303a0000) ---- */
static void test_imx7(const char *dir)
{
	const uint64_t src = 0x30390000, gpc = 0x303a0000;
	struct smp_cpu c = cpu_n(1), c2 = cpu_n(2);
	uint64_t ok[] = { src + 0x7c, src + 0x8, gpc + 0x840, gpc + 0xf0 };
	int e, pgc_on, pup, pgc_off, rel;

	use_tree(dir, "imx7d-sdb.dtb");
	reset_model();
	set_reg(src + 0x8, 0x00000001); /* core 0 enabled, kept */
	CHECK_EQ(START(imx7_src, &c), 0);
	e = write_at(src + 0x7c, ENTRY, 0);
	pgc_on = write_at(gpc + 0x840, 1, 0);
	pup = write_at(gpc + 0xf0, 0x2, 0);
	pgc_off = write_at(gpc + 0x840, 0, 0);
	rel = write_at(src + 0x8, 0x3, 0);
	CHECK(e >= 0 && pgc_on > e && pup > pgc_on && pgc_off > pup,
	      "imx7: the entry into GPR1 + 8, then PGC_C1 on, the power-up request, PGC_C1 off");
	CHECK(rel > pgc_off && dsb_between(pgc_off, rel) && rel == last_write(),
	      "imx7: A7RCR1's core1 enable (the others kept) last, after a DSB");
	CHECK(writes_only(ok, 4), "imx7: a write outside SRC/GPC");
	reset_model();
	CHECK_EQ(START(imx7_src, &c2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(model_accesses(), 0);
}

/* ---- Armada 385 (armada-385-atl-x530.dtb: internal registers at 0xf1000000) ----
 * Linux platsmp-a9.c mvebu_cortex_a9_boot_secondary: the wake SGI before the
 * reset release (it wakes a core left offline by a power-down), and the core's
 * SCU CPU Power Status byte back to Normal (pmsu_ll.S armada_38x_scu_power_up). */
static void test_mvebu(const char *dir)
{
	const uint64_t pmsu = 0xf1022000, rst = 0xf1020800, gicd = 0xf100d000, scu = 0xf100c000;
	struct smp_cpu c = cpu_n(1);
	uint64_t ok[] = { pmsu + 0x224, rst + 8, gicd, gicd + 0xf00, scu + 8 };
	int e, rel, sgi, pwr;

	use_tree(dir, "armada-385-atl-x530.dtb");
	reset_model();
	set_reg(rst + 8, 0x00000011); /* reset asserted, another bit kept */
	set_reg(gicd + 0x800, 0x01);
	set_reg(scu + 8, 0x00000300); /* core 1 last powered down through the SCU */
	CHECK_EQ(START(mvebu_a38x, &c), 0);
	e = write_at(pmsu + 0x224, ENTRY, 0);
	pwr = write_at(scu + 8, 0, 0);
	rel = write_at(rst + 8, 0x10, 0);
	sgi = write_at(gicd + 0xf00, 0x00fe0000, 0);
	CHECK(e >= 0 && pwr > e && sgi > pwr && dsb_between(e, sgi),
	      "mvebu: the entry into the PMSU boot address, the SCU power status of core 1 "
	      "Normal, a DSB, then SGI 0 to the others");
	CHECK(rel > sgi && rel == last_write(), "mvebu: the reset released after the SGI, last");
	CHECK(writes_only(ok, 5), "mvebu: a write outside PMSU/CPU reset/GIC/SCU");
}

/* ---- RK3188 (rk3188-bqedison2qc.dtb: the SMP SRAM at 0x10080000) ---- */
static void test_rockchip(const char *dir)
{
	const uint64_t sram = 0x10080000, pmu = 0x20004000;
	uint64_t ok[] = { sram, sram + 4, pmu + 0x08 };

	use_tree(dir, "rk3188-bqedison2qc.dtb");
	for (unsigned n = 1; n < 4; n++) {
		struct smp_cpu c = cpu_n(n);
		int t0, t1, pw;

		reset_model();
		set_reg(pmu + 0x08, 0x0e); /* cores 1-3 powered down */
		set_reg(pmu + 0x0c, 0x0e);
		model_follow(pmu + 0x08, pmu + 0x0c); /* status follows */
		CHECK_EQ(START(rockchip, &c), 0);
		t0 = write_at(sram, 0xe51ff004, 0);
		t1 = write_at(sram + 4, ENTRY, 0);
		pw = write_at(pmu + 0x08, 0x0e & ~(1u << n), 0);
		CHECK(t0 >= 0 && t1 > t0, "rockchip core %u: LDR PC, [PC, #-4] and the entry", n);
		CHECK(pw > t1 && dsb_between(t1, pw) && pw == last_write(),
		      "rockchip core %u: its power domain on (only its bit), after a DSB, last", n);
		CHECK(writes_only(ok, 3), "rockchip core %u: a write outside SRAM/PWRDN_CON", n);
	}
	struct smp_cpu c = cpu_n(2);
	reset_model();
	set_reg(pmu + 0x0c, 0x0a); /* core 2 already on: not restarted */
	CHECK_EQ(START(rockchip, &c), PSCI_RET_NOT_SUPPORTED);
	CHECK(writes_only(ok, 0), "rockchip: a running core's start wrote");
}

/* ---- Zynq-7000 (tests/host/common/dts/zynq-smp.dts: the OCM mapped high) ---- */
static void test_zynq(const char *dir)
{
	struct smp_cpu c = cpu_n(1), c2 = cpu_n(2);
	uint64_t ok[] = { 0xfffffff0 };
	int e;

	use_tree(dir, "zynq-smp.dtb");
	reset_model();
	CHECK_EQ(START(zynq, &c), 0);
	e = write_at(0xfffffff0, ENTRY, 0);
	CHECK(e > 0 && model_first_is_dsb(), "zynq: a DSB, then the entry into 0xfffffff0");
	CHECK(model_sev_last_after_dsb(e), "zynq: DSB then SEV after the entry");
	CHECK(writes_only(ok, 1), "zynq: a write outside the ROM's release word");
	reset_model();
	CHECK_EQ(START(zynq, &c2), PSCI_RET_INVALID_PARAMETERS);
	use_tree(dir, "zynq-zc702.dtb"); /* no OCM named: nothing written */
	reset_model();
	CHECK_EQ(START(zynq, &c), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(model_accesses(), 0);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s DIR-of-armhf-dtbs DIR-of-test-dtbs\n", argv[0]);
		return 2;
	}
	test_imx6(argv[1]);
	test_sunxi(argv[1]);
	test_exynos(argv[1]);
	test_exynos5(argv[1], argv[2]);
	test_sunxi_mc(argv[1]);
	test_vexpress(argv[1]);
	test_aspeed(argv[1]);
	test_imx7(argv[1]);
	test_mvebu(argv[1]);
	test_rockchip(argv[1]);
	test_zynq(argv[2]);
	free((void *)boot.hw.dtb);
	printf("host-smp-methods: %u checks, %u failures\n", checks, failures);
	return failures != 0;
}
