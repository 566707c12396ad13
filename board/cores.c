/* SPDX-License-Identifier: BSD-2-Clause */
/* Cores from the hardware: see board/cores.h. */
#include "board/cores.h"

#include "arch/midr.h"

/* The part table's facts (arch/midr.h): PARTF_MPCORE_SCU, PARTF_L2CTLR_CORES
 * in the register set of the state the image runs in (PARTF_AARCH64). */
enum hw_cores_src hw_cores_source(uint32_t midr, bool aarch64)
{
	uint32_t f = cpu_part_flags(midr);

	if (f & PARTF_MPCORE_SCU)
		return aarch64 ? HW_CORES_NONE : HW_CORES_SCU;
	if (!(f & PARTF_L2CTLR_CORES) || aarch64 != ((f & PARTF_AARCH64) != 0))
		return HW_CORES_NONE;
	return aarch64 ? HW_CORES_L2CTLR_EL1 : HW_CORES_L2CTLR;
}

unsigned hw_cores_decode(enum hw_cores_src src, uint32_t reg)
{
	switch (src) {
	case HW_CORES_SCU: return (reg & 3) + 1; /* CPU number [1:0] */
	case HW_CORES_L2CTLR:
	case HW_CORES_L2CTLR_EL1: return ((reg >> 24) & 3) + 1; /* number of cores [25:24] */
	default: return 1;
	}
}

const char *hw_cores_source_name(enum hw_cores_src src)
{
	static const char *const names[] = { "none", "SCU configuration register", "L2CTLR",
					     "L2CTLR_EL1" };

	return (unsigned)src < sizeof(names) / sizeof(names[0]) ? names[src] : "none";
}

uint32_t gic_sgir_others(uint8_t own, unsigned sgi)
{
	if (!own)
		return 1u << 24 | (sgi & 0xf); /* TargetListFilter 0b01 */
	return (uint32_t)(0xffu & ~own) << 16 | (sgi & 0xf);
}
