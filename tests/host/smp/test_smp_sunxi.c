/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Allwinner start method's register sequence (smp/methods/start_sunxi.c), part
 * of host-smp-methods (main in tests/host/smp/test_smp_methods.c): the A31 and
 * A23 by their trees' nodes, the H3, H2+, A20 and R40 by their platforms'
 * addresses, each held to U-Boot's arch/arm/cpu/armv7/sunxi/psci.c
 * psci_cpu_on, written here apart from the method's table: the entry
 * first, the core reset and its L1 reset held, the power clamp released
 * step by step (where there is one), its power-off gating bit cleared, the
 * reset released last, no write outside those registers.
 */
#include <stdio.h>

#include "arch/psci.h"
#include "board/platform.h"
#include "boot/boot.h"
#include "tests/host/common/check.h"
#include "tests/host/smp/smp_mmio_model.h"

struct sunxi_expect {
	const char *what;
	unsigned cores;
	uint64_t cpucfg, entry;
	uint64_t clamp0, clamp_step; /* clamp0 0: none */
	uint64_t off;                /* power-off gating register */
	unsigned off_bit1;           /* the bit of core 1 (core n: off_bit1 + n - 1) */
};

static void sunxi_one(const struct sunxi_expect *x)
{
	for (unsigned n = 1; n < x->cores; n++) {
		struct smp_cpu c = cpu_n(n);
		uint64_t rst = x->cpucfg + 0x40 + 0x40 * n, gen = x->cpucfg + 0x184;
		uint64_t clampr = x->clamp0 + x->clamp_step * n;
		uint32_t bit = 1u << (x->off_bit1 + n - 1), offv = 0x0e | bit;
		uint64_t ok[] = { rst, gen, x->entry, x->off, clampr };
		int e, held, l1, pw, rel, step = 0;

		reset_model();
		set_reg(gen, 0x1f);    /* every L1 out of reset */
		set_reg(x->off, offv); /* the secondaries gated */
		if (x->clamp0)
			set_reg(clampr, 0xff); /* clamped */
		CHECK_EQ(START(sunxi, &c), 0);
		e = write_at(x->entry, ENTRY, 0);
		held = write_at(rst, 0, 0);
		l1 = write_at(gen, 0x1f & ~(1u << n), 0);
		pw = write_at(x->off, offv & ~bit, 0);
		rel = write_at(rst, 3, 0);
		CHECK(e >= 0 && held > e && l1 > held,
		      "%s core %u: entry, core reset held, then its L1 reset (only its bit)",
		      x->what, n);
		if (x->clamp0) {
			for (unsigned i = 0; i <= 8; i++)
				step = step < 0 ? step : write_at(clampr, 0xffu >> i, step);
			CHECK(step > l1 && pw > step,
			      "%s core %u: the power clamp at 0x%llx 0xff..0 step by step, then "
			      "the "
			      "power-off gating",
			      x->what, n, (unsigned long long)clampr);
		}
		CHECK(pw > l1 && rel > pw && rel == last_write(),
		      "%s core %u: power-off gating 0x%llx bit %u cleared (only it), then the "
		      "reset "
		      "released (3), last",
		      x->what, n, (unsigned long long)x->off, x->off_bit1 + n - 1);
		CHECK(writes_only(ok, x->clamp0 ? 5 : 4),
		      "%s core %u: a write outside its registers", x->what, n);
	}
	/* A core the part does not have: refused, nothing touched. */
	struct smp_cpu c = cpu_n(x->cores);
	reset_model();
	if (x->cores < 4) {
		CHECK_EQ(START(sunxi, &c), PSCI_RET_INVALID_PARAMETERS);
		CHECK_EQ(model_accesses(), 0);
	}
}

void test_sunxi(const char *dir)
{
	extern const struct platform platform_orangepi_pc, platform_sun8i_h2_plus,
		platform_sun7i_a20, platform_sun8i_r40;
	/* A31 / H3: CPUCFG 0x01f01c00, PRCM 0x01f01400 (clamp + 0x140 + 4 n,
	 * gating + 0x100); the A23 the same without the clamp. */
	const struct sunxi_expect a31 = { "A31",      4, 0x01f01c00, 0x01f01da4,
					  0x01f01540, 4, 0x01f01500, 1 },
				  a23 = { "A23", 4, 0x01f01c00, 0x01f01da4, 0, 0, 0x01f01500, 1 };
	struct sunxi_expect h3 = a31, h2p = a31;
	/* A20: CPUCFG 0x01c25c00; its one secondary's clamp + 0x1b0, gating
	 * + 0x1b4 bit 0. R40: the entry into the SRAM controller's + 0xbc
	 * (0x01c00000, the tree's), clamp CPUCFG + 0x120 + 4 n, gating + 0x110. */
	const struct sunxi_expect a20 = { "A20",      2, 0x01c25c00, 0x01c25da4,
					  0x01c25db0, 0, 0x01c25db4, 0 },
				  r40 = { "R40",      4, 0x01c25c00, 0x01c000bc,
					  0x01c25d20, 4, 0x01c25d10, 1 };
	struct smp_cpu c = cpu_n(1);

	h3.what = "H3", h2p.what = "H2+";
	use_tree(dir, "sun6i-a31-app4-evb1.dtb");
	sunxi_one(&a31);
	use_tree(dir, "sun8i-a23-evb.dtb");
	sunxi_one(&a23);
	use_tree(dir, "sun8i-h3-orangepi-pc.dtb"); /* names neither block */
	reset_model();
	CHECK_EQ(START(sunxi, &c), PSCI_RET_INVALID_ADDRESS); /* no platform: no address */
	CHECK_EQ(model_accesses(), 0);
	boot.hw.platform = &platform_orangepi_pc;
	sunxi_one(&h3);
	use_tree(dir, "sun8i-h2-plus-orangepi-zero.dtb");
	boot.hw.platform = &platform_orangepi_pc; /* another SoC's platform: not used */
	reset_model();
	CHECK_EQ(START(sunxi, &c), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(model_accesses(), 0);
	boot.hw.platform = &platform_sun8i_h2_plus;
	sunxi_one(&h2p);
	use_tree(dir, "sun7i-a20-cubieboard2.dtb");
	reset_model();
	CHECK_EQ(START(sunxi, &c), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(model_accesses(), 0);
	boot.hw.platform = &platform_sun7i_a20;
	sunxi_one(&a20);
	use_tree(dir, "sun8i-r40-bananapi-m2-ultra.dtb");
	boot.hw.platform = &platform_sun8i_r40;
	sunxi_one(&r40);
	use_tree(dir, "sun8i-v40-bananapi-m2-berry.dtb");
	boot.hw.platform = &platform_sun8i_r40;
	sunxi_one(&r40);
}
