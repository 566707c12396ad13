/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Exynos 5420 / 5422 / 5800 start method's register sequence
 * (smp/methods/start_exynos5420.c), part of host-smp-methods (main in
 * tests/host/smp/test_smp_methods.c), on Debian's trees, held to Linux's
 * arch/arm/mach-exynos/mcpm-exynos.c and drivers/bus/arm-cci.c as written
 * here apart from the method: PMU core k * 4 + n for CPU n of cluster k
 * (the tree's reg), the cluster powered before its core, the A7 core reset
 * only when the boot CPU is an A7, the boot cluster's CCI port enabled,
 * the trampoline holding both clusters' ports and cleaned to the PoC before
 * the SRAM points at it, DSB then SEV last, no write elsewhere.
 */
#include <stdio.h>
#include <stdlib.h>

#include "arch/psci.h"
#include "boot/boot.h"
#include "smp/smp_cci.h"
#include "tests/host/common/check.h"
#include "tests/host/common/testutil.h"
#include "tests/host/smp/smp_mmio_model.h"

#define PMU      0x10040000ull
#define NS       0x02073000ull /* the tree's smp-sram@53000 in the SRAM at 0x2020000 */
#define CCI      0x10d20000ull
#define PORT_A15 0x10d25000ull /* cluster 0's cci-control-port: slave-if@5000 */
#define PORT_A7  0x10d24000ull /* cluster 1's: slave-if@4000 */

static void one(const char *tree, uint64_t boot_mpidr, uint64_t mpidr, bool cluster_on,
		bool boot_port_on)
{
	unsigned k = (unsigned)(mpidr >> 8), n = (unsigned)(mpidr & 0xff), core = k * 4 + n;
	uint64_t cfg = PMU + 0x2000 + 0x80 * core, ccfg = PMU + 0x2500 + 0x80 * k;
	uint64_t bport = (boot_mpidr >> 8) ? PORT_A7 : PORT_A15;
	bool kfc_reset = k == 1 && (boot_mpidr >> 8) == 1;
	uint64_t ok[] = {
		NS, NS + 4, NS + 8, PMU + 0x90c, ccfg + 8, ccfg, cfg, PMU + 0x400, bport
	};
	struct smp_cpu c = cpu_n(mpidr);
	int cl, ns0, ns1, ns2, cpw, kpw, rst, pt, sev;
	const uint32_t *t = smp_cci_tramp;

	reset_model();
	model_boot_mpidr(boot_mpidr);
	set_reg(PMU + 0x908, 1); /* SPARE2: the boot ROM is done */
	set_reg(bport, boot_port_on ? 3 : 0);
	if (cluster_on)
		set_reg(ccfg + 4, 3);
	else
		model_follow(ccfg, ccfg + 4);
	CHECK_EQ(START(exynos5420, &c), 0);
	pt = write_at(bport, 3, 0);
	cl = clean_covering((uint64_t)(uintptr_t)t, sizeof smp_cci_tramp);
	ns0 = write_at(NS, 0xe59f0000, 0);
	ns1 = write_at(NS + 4, 0xe12fff10, 0);
	ns2 = write_at(NS + 8, (uint32_t)(uintptr_t)t, 0);
	cpw = write_at(ccfg, 3, 0);
	kpw = write_at(cfg, 3, 0);
	rst = write_at(PMU + 0x400, ((1u << 8) | (1u << 20)) << n, 0);
	sev = model_last_sev();
	CHECK(boot_port_on ? pt < 0 : pt >= 0 && pt < cl,
	      "exynos5 %s 0x%llx: the boot cluster's CCI port enabled (only if it was not), first",
	      tree, (unsigned long long)mpidr);
	CHECK(t[15] == (uint32_t)PORT_A15 && t[16] == (uint32_t)PORT_A7 &&
		      t[17] == (uint32_t)(CCI + 0xc) && t[18] == ENTRY,
	      "exynos5 %s: the trampoline's ports (0x%x 0x%x), CCI status, entry", tree, t[15],
	      t[16]);
	CHECK(cl >= 0 && ns0 > cl && dsb_between(cl, ns0) && ns1 > ns0 && ns2 > ns1,
	      "exynos5 %s: the trampoline cleaned to the PoC, a DSB, then LDR r0 / BX r0 / it at "
	      "the "
	      "SRAM",
	      tree);
	CHECK(cluster_on ? cpw < 0 : cpw > ns2,
	      "exynos5 %s 0x%llx: cluster %u powered (COMMON_CONFIGURATION 0x%llx) only if off",
	      tree, (unsigned long long)mpidr, k, (unsigned long long)ccfg);
	CHECK(kpw > ns2 && kpw > cpw && dsb_between(ns2, kpw),
	      "exynos5 %s 0x%llx: core %u powered (ARM_CORE_CONFIGURATION 0x%llx = 3) after the "
	      "SRAM, a DSB and its cluster",
	      tree, (unsigned long long)mpidr, core, (unsigned long long)cfg);
	CHECK(kfc_reset ? rst > kpw : rst < 0, "exynos5 %s 0x%llx: the A7 core reset (SWRESET) %s",
	      tree, (unsigned long long)mpidr,
	      kfc_reset ? "after its power-up (the boot CPU an A7)" : "not asked for");
	CHECK(sev >= 0 && sev == (int)model_accesses() - 1 && dsb_between(last_write(), sev),
	      "exynos5 %s: DSB then SEV, last", tree);
	CHECK(writes_only(ok, 9), "exynos5 %s 0x%llx: a write outside its registers", tree,
	      (unsigned long long)mpidr);
}

/* The method's trampoline words are tests/host/smp/cci_tramp.S as
 * assembled (build/host/dts/cci-tramp.bin): code, then the four data
 * words the method fills. */
static void tramp_words(const char *test_dir)
{
	char path[512];
	size_t n = 0;
	uint8_t *bin;

	snprintf(path, sizeof path, "%s/cci-tramp.bin", test_dir);
	bin = load_file(path, &n);
	CHECK(bin && n == sizeof smp_cci_tramp, "exynos5: %s: %zu bytes, not %zu", path, n,
	      sizeof smp_cci_tramp);
	for (unsigned i = 0; bin && n == sizeof smp_cci_tramp && i < 15; i++) {
		uint32_t w = (uint32_t)bin[4 * i] | (uint32_t)bin[4 * i + 1] << 8 |
			     (uint32_t)bin[4 * i + 2] << 16 | (uint32_t)bin[4 * i + 3] << 24;
		CHECK(smp_cci_tramp[i] == w,
		      "exynos5: trampoline word %u is 0x%08x, the assembly's 0x%08x", i,
		      smp_cci_tramp[i], w);
	}
	free(bin);
}

void test_exynos5(const char *dir, const char *test_dir)
{
	tramp_words(test_dir);
	use_tree(dir, "exynos5420-peach-pit.dtb"); /* boots on the A15 0x0 */
	one("peach-pit", 0x0, 0x101, false, true);
	one("peach-pit", 0x0, 0x103, true, true);
	one("peach-pit", 0x0, 0x1, true, false);
	use_tree(dir, "exynos5800-peach-pi.dtb");
	one("peach-pi", 0x0, 0x102, false, true);
	use_tree(dir, "exynos5422-odroidxu3.dtb"); /* boots on the A7 0x100 */
	one("odroid-xu3", 0x100, 0x102, true, true);
	one("odroid-xu3", 0x100, 0x3, false, false);
	one("odroid-xu3", 0x100, 0x0, false, true);
	/* The A7 reset waits for the ROM (SPARE2): never ready, not reset. */
	struct smp_cpu c = cpu_n(0x101);
	reset_model();
	model_boot_mpidr(0x100);
	set_reg(PMU + 0x2500 + 0x80 + 4, 3);
	CHECK_EQ(START(exynos5420, &c), PSCI_RET_INTERNAL_FAILURE);
	CHECK(write_at(PMU + 0x400, ((1u << 8) | (1u << 20)) << 1, 0) < 0,
	      "exynos5: an A7 reset before the ROM said ready");
	/* No third cluster, no fifth core: refused, nothing touched. */
	struct smp_cpu c2 = cpu_n(0x200), c4 = cpu_n(0x4);
	reset_model();
	CHECK_EQ(START(exynos5420, &c2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(START(exynos5420, &c4), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(model_accesses(), 0);
}
