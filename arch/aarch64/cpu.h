/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What AArch64 cores need from the software that owns them: the registers
 * and, by revision, the errata. Which parts have each is the part table's
 * (arch/midr.h CPU_PARTS: PARTF_SMPEN, PARTF_EA53), for C (the inline
 * functions below, host-tested by tests/host/arch/test_cpu_aarch64.c) and for
 * assembly (boot/aarch64/cpu_el3.S expands the table). Preprocessor and
 * inline C only. A revision is "rv" (arch/midr.h MIDR_RV).
 */
#ifndef ARCH_AARCH64_CPU_H
#define ARCH_AARCH64_CPU_H

#include "arch/midr.h"

/*
 * CPUECTLR_EL1 (S3_1_C15_C2_1), IMPLEMENTATION DEFINED, bit 6 SMPEN: the
 * core takes part in the cluster's coherency (its L1 snooped, DVM messages
 * received) only with it set, and it must be set before the caches and the
 * MMU are enabled (the Cortex-A35, A53 (DDI 0500), A57 (DDI 0488), A72
 * (DDI 0497) and A73 TRMs, "CPU Extended Control Register"; TF-A sets it in
 * each core's reset function, lib/cpus/aarch64/cortex_a5x.S). Writable at EL3 (at
 * EL2/EL1 only if ACTLR_EL3/ACTLR_EL2 allow it, else the write traps), so
 * only firmware sets it: bringup only when it entered at EL3. DynamIQ cores
 * (Cortex-A55, A65, A75, A76 ...) have no SMPEN: coherency is always on.
 */
#define CPUECTLR_EL1   S3_1_C15_C2_1
#define CPUECTLR_SMPEN (1 << 6)

/*
 * Cortex-A53 errata that firmware works around at reset, through registers
 * only EL3 may write, chosen by revision (ARM Cortex-A53 Software Developer
 * Errata Notice, SDEN EPM048406; TF-A lib/cpus/aarch64/cortex_a53.S applies
 * the same ones at reset). Only those that touch what bringup does: cache
 * cleans by address and by set/way, evictions, exclusives and the
 * non-temporal loads and stores of its page and memtest loops.
 *  826319 r0p0-r0p2: a write may never complete while read data waits to be
 *         accepted (clean evictions): L2ACTLR_EL1 (S3_1_C15_C0_0) bit 14
 *         (UniqueClean evictions) cleared, bit 3 (no clean/evict push to
 *         the interconnect) set.
 *  836870 r0p0-r0p3: a non-allocating (transient) load may keep a
 *         store-exclusive from passing: CPUACTLR_EL1 (S3_1_C15_C2_0) bit 24
 *         DTAH, the transient hint ignored (LDNP/STNP act as LDP/STP).
 *  855873 r0p3 and later: an eviction may overtake a DC CVAC/CVAU of the
 *         same line: CPUACTLR_EL1 bit 44 ENDCCASCI, every data cache clean
 *         executed as clean+invalidate. The earlier revisions have no such
 *         bit; for them software issues DC CIVAC itself (errata 819472,
 *         824069, 826319, 827319, below).
 * L2ACTLR_EL1 is written while the L2 is idle, before the caches are on
 * (Cortex-A53 TRM, "L2 Auxiliary Control Register"): at reset, as here.
 */
#define CPUACTLR_EL1                S3_1_C15_C2_0
#define CPUACTLR_DTAH               (1 << 24)
#define CPUACTLR_ENDCCASCI_SHIFT    44 /* a shift: 1 << 44 is no int for C */
#define L2ACTLR_EL1                 S3_1_C15_C0_0
#define L2ACTLR_ENABLE_UNIQUECLEAN  (1 << 14)
#define L2ACTLR_DISABLE_CLEAN_PUSH  (1 << 3)
#define A53_ERRATUM_826319_LAST_RV  0x02
#define A53_ERRATUM_836870_LAST_RV  0x03
#define A53_ERRATUM_855873_FIRST_RV 0x03
/*
 * Cortex-A53 r0p0-r0p2: a data cache clean by address (DC CVAC, DC CVAU)
 * must be issued as DC CIVAC (errata 819472 r0p0-r0p1, 824069, 826319,
 * 827319 r0p0-r0p2; Linux arch/arm64/kernel/cpu_errata.c
 * ARM64_WORKAROUND_CLEAN_CACHE, arch/arm64/mm/cache.S). Chosen at run time
 * (cache/range.c), so it is done at any EL, firmware or not.
 */
#define A53_CLEAN_AS_CIVAC_LAST_RV 0x02

/*
 * Cortex-A57 and Cortex-A72 errata set in CPUACTLR_EL1 at reset, which only
 * EL3 can write (Cortex-A57/A72 MPCore Software Developers Errata Notices;
 * TF-A lib/cpus/aarch64/cortex_a57.S and cortex_a72.S apply the same, by
 * revision). cpu_el3_setup applies them when bringup is the firmware; below
 * EL3 they are the firmware's, and the report names them. Bits (shifts: a
 * 1 << 49 is no int for C), and the last revision (variant << 4 |
 * revision) each applies to:
 *   A57 r0p0: 806969 NO_ALLOC_WBWA (49), 813420 DCC_AS_DCCI (44), 814670
 *             DIS_DMB_NULLIFICATION (58);
 *   A57 <= r1p1: 826974 DIS_LOAD_PASS_DMB (59), 826977 GRE_NGRE_AS_NGNRE
 *             (54), 828024 NO_ALLOC_WBWA and DIS_L1_STREAMING (26:25) and
 *             DIS_STREAMING (28:27): write streaming, which memtest's fills use;
 *   A57 <= r1p2: 829520 DIS_INDIRECT_PREDICTOR (4), 833471
 *             FORCE_FPSCR_FLUSH (38);
 *   A57 <= r1p3: 859972 DIS_INSTR_PREFETCH (32);
 *   A72 <= r0p3: 859971 DIS_INSTR_PREFETCH (32).
 * Not reset bits, not applied: A57 813419 and 817169 (a TLBI sequence in
 * EL3's own code: bringup's EL3 runs with its MMU off and issues none),
 * A57 1319537 and A72 1319367 (AT speculation across an EL3 context
 * switch: bringup switches none).
 */
#define A57_NO_ALLOC_WBWA_SHIFT          49
#define A57_DCC_AS_DCCI_SHIFT            44
#define A57_DIS_DMB_NULLIFICATION_SHIFT  58
#define A57_DIS_LOAD_PASS_DMB_SHIFT      59
#define A57_GRE_NGRE_AS_NGNRE_SHIFT      54
#define A57_DIS_L1_STREAMING             (3 << 25)
#define A57_DIS_STREAMING                (3 << 27)
#define A57_DIS_INDIRECT_PREDICTOR       (1 << 4)
#define A57_FORCE_FPSCR_FLUSH_SHIFT      38
#define A57_A72_DIS_INSTR_PREFETCH_SHIFT 32
#define A57_R0P0_LAST_RV                 0x00
#define A57_R1P1_LAST_RV                 0x11
#define A57_R1P2_LAST_RV                 0x12
#define A57_R1P3_LAST_RV                 0x13
#define A72_859971_LAST_RV               0x03
#define MIDR_PART_A57                    0xd07
#define MIDR_PART_A72                    0xd08

/* The A53 errata cpu_el3_setup applies, as bits (cpu_a53_el3_errata). */
#define CPU_ERRATUM_826319 (1u << 0)
#define CPU_ERRATUM_836870 (1u << 1)
#define CPU_ERRATUM_855873 (1u << 2)

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* Whether the core has CPUECTLR_EL1.SMPEN (the part table's PARTF_SMPEN). */
static inline bool cpu_has_smpen(uint64_t midr)
{
	return cpu_part_has((uint32_t)midr, PARTF_SMPEN);
}

/* The CPU_ERRATUM_* bits cpu_el3_setup works around on this core. */
static inline unsigned cpu_a53_el3_errata(uint64_t midr)
{
	unsigned rv = MIDR_RV((uint32_t)midr), e = 0;

	if (!cpu_part_has((uint32_t)midr, PARTF_EA53))
		return 0;
	if (rv <= A53_ERRATUM_826319_LAST_RV)
		e |= CPU_ERRATUM_826319;
	if (rv <= A53_ERRATUM_836870_LAST_RV)
		e |= CPU_ERRATUM_836870;
	if (rv >= A53_ERRATUM_855873_FIRST_RV)
		e |= CPU_ERRATUM_855873;
	return e;
}

/* The CPUACTLR_EL1 bits cpu_el3_setup sets on a Cortex-A57/A72 of this
 * revision (above); 0 on other cores. */
static inline uint64_t cpu_a57_a72_el3_actlr(uint64_t midr)
{
	uint32_t m = (uint32_t)midr;
	unsigned rv = MIDR_RV(m);
	uint64_t b = 0;

	if (MIDR_IMPLEMENTER(m) != IMPLEMENTER_ARM)
		return 0;
	if (MIDR_PART(m) == MIDR_PART_A72)
		return rv <= A72_859971_LAST_RV ? 1ull << A57_A72_DIS_INSTR_PREFETCH_SHIFT : 0;
	if (MIDR_PART(m) != MIDR_PART_A57)
		return 0;
	if (rv <= A57_R0P0_LAST_RV)
		b |= 1ull << A57_NO_ALLOC_WBWA_SHIFT | 1ull << A57_DCC_AS_DCCI_SHIFT |
		     1ull << A57_DIS_DMB_NULLIFICATION_SHIFT;
	if (rv <= A57_R1P1_LAST_RV)
		b |= 1ull << A57_DIS_LOAD_PASS_DMB_SHIFT | 1ull << A57_GRE_NGRE_AS_NGNRE_SHIFT |
		     1ull << A57_NO_ALLOC_WBWA_SHIFT | A57_DIS_L1_STREAMING | A57_DIS_STREAMING;
	if (rv <= A57_R1P2_LAST_RV)
		b |= A57_DIS_INDIRECT_PREDICTOR | 1ull << A57_FORCE_FPSCR_FLUSH_SHIFT;
	if (rv <= A57_R1P3_LAST_RV)
		b |= 1ull << A57_A72_DIS_INSTR_PREFETCH_SHIFT;
	return b;
}

/* Whether DC CVAC / DC CVAU must be issued as DC CIVAC on this core. */
static inline bool cpu_clean_as_civac(uint64_t midr)
{
	return cpu_part_has((uint32_t)midr, PARTF_EA53) &&
	       MIDR_RV((uint32_t)midr) <= A53_CLEAN_AS_CIVAC_LAST_RV;
}
#endif

#endif
