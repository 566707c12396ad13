/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Allwinner A83T start method's register sequence
 * (smp/methods/start_sunxi_a83t.c), part of host-smp-methods (main in
 * tests/host/smp/test_smp_methods.c), on Debian's Banana Pi M3 tree (CPUCFG
 * 0x01700000, PRCM 0x01f01400, R_CPUCFG 0x01f01c00, CCI 0x01790000 with
 * cluster 0 on slave-if@4000 and cluster 1 on @5000), held to Linux's
 * arch/arm/mach-sunxi/mc_smp.c as written here apart from the method: the
 * entry (the CCI trampoline) before any power register; the other
 * cluster powered first (ACINACTM held around its gate and resets), not the
 * boot CPU's; the core's power switch stepped open before its gate (bit 4
 * for core 0); its resets released last; no write elsewhere.
 */
#include <stdio.h>

#include "arch/psci.h"
#include "boot/boot.h"
#include "smp/smp_cci.h"
#include "tests/host/common/check.h"
#include "tests/host/smp/smp_mmio_model.h"

#define CFG   0x01700000ull
#define PRCM  0x01f01400ull
#define RCFG  0x01f01c00ull
#define PORT0 0x01794000ull
#define PORT1 0x01795000ull

static void one(uint64_t boot_mpidr, uint64_t mpidr, bool other_started, uint32_t sw)
{
	unsigned k = (unsigned)(mpidr >> 8), n = (unsigned)(mpidr & 0xff);
	bool cluster = k != (boot_mpidr >> 8) && !other_started;
	uint64_t rst = CFG + 0x80 + 4 * k, c0 = CFG + 0x10 * k, c1 = c0 + 4;
	uint64_t po = PRCM + 4 + 4 * k, rpo = RCFG + 0x30 + 4 * k, gate = PRCM + 0x100 + 4 * k;
	uint64_t swr = PRCM + 0x140 + 0x10 * k + 4 * n, bport = (boot_mpidr >> 8) ? PORT1 : PORT0;
	uint32_t gbit = 1u << (n ? n : 4), g = 0x1f, r = 0x01ff1fff;
	uint64_t ok[] = { RCFG + 0x1a4, rst, c0, c1, po, rpo, gate, swr, bport };
	struct smp_cpu c = cpu_n(mpidr);
	int e, cl, acin, gc, cl_rel, acout, gk, rel, step = 0;

	reset_model();
	model_boot_mpidr(boot_mpidr);
	if (other_started) { /* an earlier core of that cluster is starting */
		smp_state->cpu[1].dt.mpidr = mpidr ^ 1;
		smp_state->cpu[1].state = SMP_STARTING;
		smp_state->ncpu = 2;
	}
	set_reg(bport, 3);
	set_reg(rst, r);
	set_reg(c0, 0x1f);
	set_reg(po, 0xf);
	set_reg(rpo, 0xf);
	set_reg(gate, g);
	set_reg(swr, sw);
	CHECK_EQ(START(sunxi_a83t, &c), 0);
	cl = clean_covering((uint64_t)(uintptr_t)smp_cci_tramp, sizeof smp_cci_tramp);
	e = write_at(RCFG + 0x1a4, (uint32_t)(uintptr_t)smp_cci_tramp, 0);
	acin = write_at(c1, 1, 0);
	gc = write_at(gate, g & ~1u, 0);
	cl_rel = write_at(rst,
			  (r & ~(0xfu | 1u << 24 | 0xffu << 16 | 1u << 12 | 1u << 8)) |
				  (1u << 24 | 1u << 12 | 1u << 8),
			  0);
	acout = write_at(c1, 0, acin < 0 ? 0 : acin);
	CHECK(cl >= 0 && e > cl && dsb_between(cl, e) && (acin < 0 || acin > e),
	      "a83t 0x%llx: the trampoline cleaned, a DSB, then R_CPUCFG soft entry = it, before "
	      "any power register",
	      (unsigned long long)mpidr);
	CHECK(cluster ? acin >= 0 && gc > acin && cl_rel > gc && acout > cl_rel
		      : acin < 0 && gc < 0,
	      "a83t 0x%llx: cluster %u powered %s", (unsigned long long)mpidr, k,
	      cluster ? "(ACINACTM, resets, its gate bit 0, resets released, ACINACTM off)"
		      : "not at all (it runs)");
	g = cluster ? g & ~1u : g;
	for (unsigned i = 0; i < 5; i++) {
		static const uint32_t steps[] = { 0xff, 0xfe, 0xf8, 0xf0, 0x00 };
		step = step < 0 ? step : write_at(swr, steps[i], step);
	}
	gk = write_at(gate, g & ~gbit, 0);
	CHECK(sw ? step > (cluster ? acout : e) && gk > step : write_at(swr, 0, 0) < 0 && gk > e,
	      "a83t 0x%llx: the power switch 0x%llx %s, then its gate bit %u",
	      (unsigned long long)mpidr, (unsigned long long)swr,
	      sw ? "stepped 0xff..0" : "already open: untouched", n ? n : 4);
	rel = last_write();
	CHECK(rel > gk &&
		      get_reg(rst) == (get_reg(rst) | 1u << n | 1u << (16 + n) | 1u << (20 + n)) &&
		      get_reg(po) == (cluster ? 1u << n : 0xfu) &&
		      get_reg(rpo) == (cluster ? 1u << n : 0xfu),
	      "a83t 0x%llx: power-on resets and its core/DBG/ETM resets released, last",
	      (unsigned long long)mpidr);
	CHECK(writes_only(ok, 9), "a83t 0x%llx: a write outside its registers",
	      (unsigned long long)mpidr);
}

void test_sunxi_mc(const char *dir)
{
	use_tree(dir, "sun8i-a83t-bananapi-m3.dtb");
	one(0x0, 0x100, false, 0xff); /* the other cluster's first core: cluster up */
	one(0x0, 0x101, true, 0xff);  /* its second: the cluster is up */
	one(0x0, 0x2, false, 0x00);   /* the boot cluster, switch open */
	one(0x100, 0x1, false, 0xff); /* booted on cluster 1 */
	/* The boot cluster's CCI port off: enabled first. */
	struct smp_cpu c = cpu_n(0x1);
	reset_model();
	model_boot_mpidr(0x0);
	CHECK_EQ(START(sunxi_a83t, &c), 0);
	CHECK(write_at(PORT0, 3, 0) >= 0 &&
		      write_at(PORT0, 3, 0) <
			      write_at(RCFG + 0x1a4, (uint32_t)(uintptr_t)smp_cci_tramp, 0),
	      "a83t: the boot cluster's CCI port (0x%llx) enabled first",
	      (unsigned long long)PORT0);
	struct smp_cpu c2 = cpu_n(0x200);
	reset_model();
	CHECK_EQ(START(sunxi_a83t, &c2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(model_accesses(), 0);
}
