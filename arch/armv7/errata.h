/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which ARMv7 core errata apply, by MIDR (the part table's PARTF_E*
 * flags, arch/midr.h, say which parts; the revisions are here; and REVIDR where the fix is
 * flagged there): pure decoding, host-tested (host-mmu-armv7), QEMU cannot
 * show any of them (its cortex-a15 is r4p0, its cortex-a9 models no SCU
 * diagnostics, and it broadcasts TLB maintenance at once).
 *
 * Cortex-A9 764369 (all revisions, with two or more CPUs): a data cache
 * maintenance operation by MVA to an Inner Shareable region may fail to
 * reach PoC or PoU. Workaround: bit 0 of the SCU Diagnostic Control
 * register (SCU + 0x30) set before the other CPUs come in, and a DSB before
 * the by-MVA maintenance (cache/armv7/range.S opens each with one). Source:
 * ARM Cortex-A9 MPCore errata notice (764369); Linux arch/arm/Kconfig
 * ARM_ERRATA_764369 and arch/arm/kernel/smp_scu.c scu_enable(). (Not the
 * CP15 c15 diagnostic register: its bits are other errata's.)
 *
 * Cortex-A15 798181 (r0p0 to r3p2; Broadcom Brahma-B15 r0p0 to r0p2): a
 * TLBI ...IS with its DSB may complete before the other CPUs have stopped
 * using the old translation. Workaround: after the TLBI and DSB, a second
 * (dummy) TLBIMVAIS and DSB; on the revisions where that is not enough,
 * also a DMB on every other CPU (Linux interrupts them). Which one, by
 * revision and the REVIDR bits that flag a fixed part (bit 4: the partial
 * fix, bit 9: the full one), as Linux arch/arm/kernel/smp_tlb.c
 * erratum_a15_798181_init() reads them: r0p0-r2p1 need both; r2p2-r2p3 the
 * dummy TLBI with REVIDR[4], else both; r2p4-r3p2 none with REVIDR[9] alone,
 * the dummy TLBI with REVIDR[4], else both; r3p3 and later r3 revisions the
 * dummy TLBI without REVIDR[9]; r4p0 on none.
 */
#ifndef ARCH_ARMV7_ERRATA_H
#define ARCH_ARMV7_ERRATA_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/midr.h"

#define SCU_DIAG_OFFSET       0x30
#define SCU_DIAG_764369       (1u << 0)
#define REVIDR_798181_PARTIAL (1u << 4)
#define REVIDR_798181_FULL    (1u << 9)

enum erratum_798181 {
	E798181_NONE = 0,
	E798181_DUMMY_TLBI, /* a second TLBIMVAIS + DSB after the broadcast */
	E798181_REMOTE_DMB, /* that, and a DMB on every other CPU */
};

static inline bool erratum_a9_764369(uint32_t midr, unsigned cpus_online)
{
	return cpu_part_has(midr, PARTF_E764369) && cpus_online > 1;
}

static inline enum erratum_798181 erratum_a15_798181(uint32_t midr, uint32_t revidr)
{
	unsigned vr = MIDR_RV(midr);

	if (!cpu_part_has(midr, PARTF_E798181)) /* the Cortex-A15 and Brahma-B15 */
		return E798181_NONE;
	if (MIDR_IMPLEMENTER(midr) == IMPLEMENTER_BROADCOM)
		return vr <= 0x02 ? E798181_REMOTE_DMB : E798181_NONE;
	if (vr <= 0x21)
		return E798181_REMOTE_DMB;
	if (vr <= 0x23)
		return revidr & REVIDR_798181_PARTIAL ? E798181_DUMMY_TLBI : E798181_REMOTE_DMB;
	if (vr <= 0x32) {
		if (!(revidr & (REVIDR_798181_PARTIAL | REVIDR_798181_FULL)))
			return E798181_REMOTE_DMB;
		return revidr & REVIDR_798181_PARTIAL ? E798181_DUMMY_TLBI : E798181_NONE;
	}
	if (vr <= 0x3f)
		return revidr & REVIDR_798181_FULL ? E798181_NONE : E798181_DUMMY_TLBI;
	return E798181_NONE;
}

/* The workaround for a system: the strongest any online CPU needs, with
 * CPU (midr, revidr) merged into `sys`. The dummy TLBIMVAIS is issued by
 * the CPU that broadcasts, whatever its own part, for the Cortex-A15s that
 * receive it: an Exynos 5422 (odroid-xu3/xu4) boots on a Cortex-A7 and
 * its A15 r3p3 cluster still needs it (Linux arch/arm/kernel/smp_tlb.c
 * erratum_a15_798181_init runs on every CPU that comes up). */
static inline enum erratum_798181 erratum_798181_merge(enum erratum_798181 sys, uint32_t midr,
						       uint32_t revidr)
{
	enum erratum_798181 e = erratum_a15_798181(midr, revidr);

#ifdef ERRATA_MUTANT_BOOT_ONLY /* host-mmu-armv7: the boot CPU's choice kept (caught) */
	return sys;
#endif
	return e > sys ? e : sys;
}

#endif
