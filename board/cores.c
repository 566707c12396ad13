/* Cores from the hardware: see board/cores.h. */
#include "board/cores.h"

#define MIDR_IMPL(m) ((m) >> 24)
#define MIDR_PART(m) (((m) >> 4) & 0xfff)
#define IMPL_ARM     0x41

enum hw_cores_src hw_cores_source(uint32_t midr, bool aarch64)
{
	if (MIDR_IMPL(midr) != IMPL_ARM)
		return HW_CORES_NONE;
	switch (MIDR_PART(midr)) {
	case 0xc05: /* Cortex-A5 */
	case 0xc09: /* Cortex-A9 */ return aarch64 ? HW_CORES_NONE : HW_CORES_SCU;
	case 0xc07: /* Cortex-A7 */
	case 0xc0f: /* Cortex-A15 */ return aarch64 ? HW_CORES_NONE : HW_CORES_L2CTLR;
	case 0xd03: /* Cortex-A53 */
	case 0xd07: /* Cortex-A57 */
	case 0xd08: /* Cortex-A72 */ return aarch64 ? HW_CORES_L2CTLR_EL1 : HW_CORES_NONE;
	default: return HW_CORES_NONE;
	}
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
