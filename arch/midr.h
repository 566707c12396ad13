/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPU parts bringup knows, by MIDR implementer and part number, and
 * every per-part fact it uses: one table (CPU_PARTS), for C and for
 * assembly (both include this header; preprocessor and inline C only).
 *
 * MIDR (ARM ARM DDI 0406C B4.1.105, DDI 0487 D17 MIDR_EL1): implementer
 * [31:24], variant [23:20], architecture [19:16], part number [15:4],
 * revision [3:0]; "r<variant>p<revision>". The part numbers are each core's
 * TRM's (the same as Linux arch/arm64/include/asm/cputype.h and
 * arch/arm/include/asm/cputype.h list). A revision is written "rv" =
 * variant << 4 | revision: r0p2 is 0x02 (TF-A's CPU_REV layout).
 *
 * CPU_PARTS(X) calls X(implementer, part, name, flags) once per part. The
 * flags (PARTF_*) are the facts; what each means and its source is by its
 * definition. C reads them with cpu_part_flags(midr) and cpu_part_name(midr);
 * assembly expands CPU_PARTS with a macro that emits code under
 * `.if (flags) & PARTF_x` (arch/armv7/actlr.S, boot/aarch64/cpu_el3.S).
 * A part not in the table has no flags: nothing is set, counted or worked
 * around on a core bringup does not know.
 */
#ifndef ARCH_MIDR_H
#define ARCH_MIDR_H

#include "arch/reg_assert.h"

#define MIDR_IMPLEMENTER_SHIFT   24
#define MIDR_VARIANT_SHIFT       20
#define MIDR_VARIANT_BITS        4
#define MIDR_ARCHITECTURE_SHIFT  16
#define MIDR_REVISION_MASK       0xfu
#define MIDR_VARIANT_ARCH_MASK   (0xffu << MIDR_ARCHITECTURE_SHIFT) /* variant + architecture */
#define MIDR_PART_SHIFT          4
#define MIDR_PART_BITS           12
#define MIDR_PART(midr)          (((midr) >> 4) & 0xfff)
#define MIDR_IMPLEMENTER(m)      ((m) >> 24)
#define MIDR_VARIANT(m)          (((m) >> 20) & 0xf)
#define MIDR_REVISION(m)         ((m)&0xf)
#define MIDR_RV(m)               (MIDR_VARIANT(m) << 4 | MIDR_REVISION(m)) /* 0xVR */
#define MIDR_IMPL_PART_MASK      0xff00fff0u /* implementer + part number */
#define MIDR_IMPL_PART(impl, pn) ((impl) << 24 | (pn) << 4)
/* Beside implementer and part number, MIDR holds the variant, architecture
 * and revision and nothing else: what arch/armv7/actlr.S clears. */
REG_ASSERT((MIDR_VARIANT_ARCH_MASK | MIDR_REVISION_MASK) == (~MIDR_IMPL_PART_MASK & 0xffffffff));

#define IMPLEMENTER_ARM      0x41
#define IMPLEMENTER_BROADCOM 0x42
#define IMPLEMENTER_FUJITSU  0x46

/* ARMv7 ACTLR.SMP (bit 6): the core takes part in coherency only with it
 * set, before its caches are on (each core's TRM, "Auxiliary Control
 * Register"; arch/armv7/sysreg.h ACTLR_SMP). */
#define PARTF_ACTLR_SMP (1u << 0)
/* ARMv7 ACTLR.FW (bit 0): maintenance broadcast, Cortex-A9/A5 only
 * (Cortex-A9 MPCore TRM, ARM DDI 0388; Cortex-A5 MPCore TRM, ARM DDI 0434). */
#define PARTF_ACTLR_FW (1u << 1)
/* AArch64 CPUECTLR_EL1.SMPEN (arch/aarch64/cpu.h): the Cortex-A35, A53,
 * A57, A72, A73 TRMs, "CPU Extended Control Register". */
#define PARTF_SMPEN (1u << 2)
/* Cortex-A9/A5 MPCore: the SCU and private timers at PERIPHBASE (CBAR);
 * the core count in the SCU Configuration Register (board/cores.h). */
#define PARTF_MPCORE_SCU (1u << 3)
/* The core count in L2CTLR [25:24]: ARMv7 Cortex-A7/A15 (CP15 c9, 1, c0,
 * 2), AArch64 Cortex-A53/A57/A72 (L2CTLR_EL1) (board/cores.h). */
#define PARTF_L2CTLR_CORES (1u << 4)
/* big.LITTLE: the part's role where Arm pairs them (Cortex-A7 with A15 or
 * A17, Cortex-A53/A55 with A57/A72/A73/A75/A76; Arm's big.LITTLE technology
 * white paper, and each part's product page). */
#define PARTF_LITTLE (1u << 5)
#define PARTF_BIG    (1u << 6)
/* Errata this part may have; which revisions, and the workaround, are by
 * each erratum's function (arch/armv7/errata.h, arch/aarch64/cpu.h). */
#define PARTF_E764369 (1u << 7)  /* Cortex-A9: SCU diagnostic bit 0 */
#define PARTF_E798181 (1u << 8)  /* Cortex-A15, Brahma-B15: TLBI ... IS */
#define PARTF_EA53    (1u << 9)  /* Cortex-A53: 826319, 836870, 855873, clean as CIVAC */
#define PARTF_E835769 (1u << 10) /* Cortex-A53 r0p0-r0p4: the compiler's fix */
/* The part implements AArch64 (its system registers have AArch64 names:
 * the core count's L2CTLR_EL1 rather than CP15's L2CTLR). */
#define PARTF_AARCH64 (1u << 11)

/* clang-format off */
#define CPU_PARTS(X)                                                                               \
	X(IMPLEMENTER_ARM, 0xc05, "Cortex-A5", PARTF_ACTLR_SMP | PARTF_ACTLR_FW | PARTF_MPCORE_SCU) \
	X(IMPLEMENTER_ARM, 0xc07, "Cortex-A7", PARTF_ACTLR_SMP | PARTF_L2CTLR_CORES | PARTF_LITTLE) \
	X(IMPLEMENTER_ARM, 0xc08, "Cortex-A8", 0)                                                  \
	X(IMPLEMENTER_ARM, 0xc09, "Cortex-A9",                                                     \
	  PARTF_ACTLR_SMP | PARTF_ACTLR_FW | PARTF_MPCORE_SCU | PARTF_E764369)                     \
	X(IMPLEMENTER_ARM, 0xc0d, "Cortex-A12", PARTF_ACTLR_SMP)                                   \
	X(IMPLEMENTER_ARM, 0xc0e, "Cortex-A17", PARTF_ACTLR_SMP | PARTF_BIG)                       \
	X(IMPLEMENTER_ARM, 0xc0f, "Cortex-A15",                                                    \
	  PARTF_ACTLR_SMP | PARTF_L2CTLR_CORES | PARTF_BIG | PARTF_E798181)                        \
	X(IMPLEMENTER_ARM, 0xd01, "Cortex-A32", 0)                                                 \
	X(IMPLEMENTER_ARM, 0xd03, "Cortex-A53",                                                    \
	  PARTF_SMPEN | PARTF_L2CTLR_CORES | PARTF_LITTLE | PARTF_EA53 | PARTF_E835769 | PARTF_AARCH64) \
	X(IMPLEMENTER_ARM, 0xd04, "Cortex-A35", PARTF_SMPEN | PARTF_AARCH64)                       \
	X(IMPLEMENTER_ARM, 0xd05, "Cortex-A55", PARTF_LITTLE | PARTF_AARCH64)                      \
	X(IMPLEMENTER_ARM, 0xd07, "Cortex-A57", PARTF_SMPEN | PARTF_L2CTLR_CORES | PARTF_BIG | PARTF_AARCH64) \
	X(IMPLEMENTER_ARM, 0xd08, "Cortex-A72", PARTF_SMPEN | PARTF_L2CTLR_CORES | PARTF_BIG | PARTF_AARCH64) \
	X(IMPLEMENTER_ARM, 0xd09, "Cortex-A73", PARTF_SMPEN | PARTF_BIG | PARTF_AARCH64)           \
	X(IMPLEMENTER_ARM, 0xd0a, "Cortex-A75", PARTF_BIG | PARTF_AARCH64)                         \
	X(IMPLEMENTER_ARM, 0xd0b, "Cortex-A76", PARTF_BIG | PARTF_AARCH64)                         \
	X(IMPLEMENTER_ARM, 0xd0c, "Neoverse-N1", PARTF_AARCH64)                                    \
	X(IMPLEMENTER_ARM, 0xd0d, "Cortex-A77", PARTF_AARCH64)                                     \
	X(IMPLEMENTER_ARM, 0xd40, "Neoverse-V1", PARTF_AARCH64)                                    \
	X(IMPLEMENTER_ARM, 0xd41, "Cortex-A78", PARTF_AARCH64)                                     \
	X(IMPLEMENTER_ARM, 0xd44, "Cortex-X1", PARTF_AARCH64)                                      \
	X(IMPLEMENTER_ARM, 0xd46, "Cortex-A510", PARTF_AARCH64)                                    \
	X(IMPLEMENTER_ARM, 0xd47, "Cortex-A710", PARTF_AARCH64)                                    \
	X(IMPLEMENTER_ARM, 0xd49, "Neoverse-N2", PARTF_AARCH64)                                    \
	X(IMPLEMENTER_BROADCOM, 0x00f, "Brahma-B15", PARTF_E798181)                                \
	X(IMPLEMENTER_FUJITSU, 0x001, "A64FX", PARTF_AARCH64)
/* clang-format on */

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

/* arch/midr.c: "Cortex-A53 r0p4", or "implementer 0x00 part 0x051 r0p0"
 * for a part not in the table, into buf (n bytes, NUL-terminated). */
void cpu_midr_text(uint32_t midr, char *buf, size_t n);

/* The table's flags for this MIDR (0: a part bringup does not know). */
static inline uint32_t cpu_part_flags(uint32_t midr)
{
	switch (midr & MIDR_IMPL_PART_MASK) {
#define CPU_PART_CASE(impl, pn, name, flags)                                                       \
	case MIDR_IMPL_PART((uint32_t)(impl), (uint32_t)(pn)): return (flags);
		CPU_PARTS(CPU_PART_CASE)
#undef CPU_PART_CASE
	default: return 0;
	}
}

/* "Cortex-A53", or NULL for a part not in the table. */
static inline const char *cpu_part_name(uint32_t midr)
{
	switch (midr & MIDR_IMPL_PART_MASK) {
#define CPU_PART_CASE(impl, pn, name, flags)                                                       \
	case MIDR_IMPL_PART((uint32_t)(impl), (uint32_t)(pn)): return (name);
		CPU_PARTS(CPU_PART_CASE)
#undef CPU_PART_CASE
	default: return 0;
	}
}

static inline int cpu_part_has(uint32_t midr, uint32_t flag)
{
	return (cpu_part_flags(midr) & flag) != 0;
}
#endif

#endif
