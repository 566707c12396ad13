/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Versatile Express start method (smp/methods/start_vexpress.c) on
 * Debian's CoreTile Express A15x2 A7x3 (TC2) tree, part of host-smp-methods
 * (main in tests/host/smp/test_smp_methods.c): every CPU node names a
 * cci-control-port of the CCI-400 at 0x2c090000, so Linux starts that board
 * through MCPM (arch/arm/mach-versatile/platsmp-vexpress.c
 * vexpress_smp_init_ops, tc2_pm.c), whose incoming cluster enables its own
 * CCI port (drivers/bus/arm-cci.c cci_enable_port_for_self). Held here: the
 * A7 (0x100) enters through the CCI trampoline (smp/smp_cci.h), cleaned to
 * the PoC, holding both clusters' ports, SYS_FLAGS set to it; on the
 * single-cluster CA9 tree SYS_FLAGS holds the entry itself.
 */
#include <stdio.h>

#include "arch/psci.h"
#include "boot/boot.h"
#include "smp/smp.h"
#include "smp/smp_cci.h"
#include "tests/host/common/check.h"
#include "tests/host/common/testutil.h"
#include "tests/host/smp/smp_mmio_model.h"

#define SYSREG   0x1c010000ull /* the motherboard's sysreg (iofpga CS3 + 0x10000) */
#define GICD     0x2c001000ull
#define CCI      0x2c090000ull
#define PORT_A15 0x2c094000ull /* cluster 0's cci-control-port: slave-if@4000 */
#define PORT_A7  0x2c095000ull /* cluster 1's: slave-if@5000 */

void test_vexpress(const char *dir)
{
	const uint32_t *t = smp_cci_tramp;
	struct smp_cpu c = cpu_n(0x100);
	uint64_t ok[] = { SYSREG + 0x30, SYSREG + 0x34, GICD, GICD + 0xf00 };
	long r;
	int cl, set, sgi;

	use_tree(dir, "vexpress-v2p-ca15_a7.dtb");
	reset_model();
	model_boot_mpidr(0x0);
	set_reg(PORT_A15, 3); /* the boot cluster's port already on */
	set_reg(GICD + 0x800, 0x01);
	r = START(vexpress, &c);
	cl = clean_covering((uint64_t)(uintptr_t)t, sizeof smp_cci_tramp);
	set = write_at(SYSREG + 0x30, (uint32_t)(uintptr_t)t, 0);
	sgi = write_at(GICD + 0xf00, 0x00fe0000, 0);
	CHECK(r == 0 && cl >= 0 && set > cl && dsb_between(cl, set),
	      "vexpress TC2 0x100: returned %ld; the CCI trampoline cleaned to the PoC, a DSB, "
	      "then SYS_FLAGS set to it",
	      r);
	CHECK(t[15] == (uint32_t)PORT_A15 && t[16] == (uint32_t)PORT_A7 &&
		      t[17] == (uint32_t)(CCI + 0xc) && t[18] == ENTRY,
	      "vexpress TC2: the trampoline's ports (0x%x 0x%x), CCI status, entry", t[15], t[16]);
	CHECK(sgi > set && sgi == last_write(), "vexpress TC2: the SGI after SYS_FLAGS, last");
	CHECK(writes_only(ok, 4), "vexpress TC2 0x100: a write outside SYS_FLAGS/GIC");
	/* One cluster, no CCI: SYS_FLAGS holds the entry itself. */
	use_tree(dir, "vexpress-v2p-ca9.dtb");
	c = cpu_n(0x1);
	reset_model();
	model_boot_mpidr(0x0);
	CHECK_EQ(START(vexpress, &c), 0);
	CHECK(write_at(SYSREG + 0x30, ENTRY, 0) >= 0 || write_at(0x10000030, ENTRY, 0) >= 0,
	      "vexpress CA9: SYS_FLAGS set to the entry");
}
