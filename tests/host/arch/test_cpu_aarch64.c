/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 facts that QEMU cannot show (it accepts any TCR_EL1 granule
 * encoding it does not use, and treats the IMPLEMENTATION DEFINED control
 * registers as constants), checked on the host by decoding:
 *  - TCR_EL1 as mmu_arch_enable() writes it (tcr_el1_value), for every
 *    PARange: every field a valid encoding (DDI 0487, TCR_EL1), the
 *    granules 4 KiB, TG1 in its own encoding (0b10; 0b00 is reserved);
 *  - which cores get CPUECTLR_EL1.SMPEN and which Cortex-A53 errata
 *    workarounds, by MIDR revision (arch/aarch64/cpu.h), and which issue
 *    a clean by address as clean+invalidate.
 * Part of host-mmu (tests/host/mmu/test_mmu.c calls these).
 */
#include <stdint.h>

#include "arch/aarch64/cpu.h"
#include "arch/aarch64/sysreg.h"
#include "arch/image.h"
#include "tests/host/common/check.h"

void test_tcr_el1(void);
void test_cpu_aarch64(void);

static unsigned field(uint64_t v, unsigned lsb, unsigned bits)
{
	return (unsigned)((v >> lsb) & ((1ull << bits) - 1));
}

void test_tcr_el1(void)
{
	for (unsigned parange = 0; parange < 16; parange++) {
		uint64_t tcr = tcr_el1_value(parange | 0x110ull << 4); /* other MMFR0 fields set */
		unsigned want_ips = parange > PARANGE_48BIT ? PARANGE_48BIT : parange;

		/* T0SZ: 48-bit VA, in 16..39 for a 4 KiB granule without FEAT_LPA2/TTST. */
		CHECK_EQ(field(tcr, 0, 6), 16u);
		CHECK_EQ(field(tcr, 7, 1), 0u); /* EPD0: TTBR0 walks on */
		CHECK_EQ(field(tcr, 8, 2), 1u); /* IRGN0 write-back write-allocate */
		CHECK_EQ(field(tcr, 10, 2), 1u);
		CHECK(field(tcr, 12, 2) != 1, "SH0 0b01 is reserved");
		CHECK_EQ(field(tcr, 12, 2), 3u); /* inner shareable */
		CHECK(field(tcr, 14, 2) != 3, "TG0 0b11 is reserved");
		CHECK_EQ(field(tcr, 14, 2), 0u); /* TG0 0b00 = 4 KiB (0b01 64 KiB, 0b10 16 KiB) */
		CHECK_EQ(PAGE_SIZE, 4096);
		CHECK(field(tcr, 16, 6) >= 16 && field(tcr, 16, 6) <= 39,
		      "T1SZ %u outside 16..39 (4 KiB granule)", field(tcr, 16, 6));
		CHECK_EQ(field(tcr, 23, 1), 1u); /* EPD1: no TTBR1 walks */
		CHECK(field(tcr, 28, 2) != 1, "SH1 0b01 is reserved");
		CHECK(field(tcr, 30, 2) != 0, "TG1 0b00 is reserved (TCR_EL1 0x%llx)",
		      (unsigned long long)tcr);
		CHECK_EQ(field(tcr, 30, 2), 2u); /* TG1 0b10 = 4 KiB (0b01 16 KiB, 0b11 64 KiB) */
		CHECK_EQ(field(tcr, 32, 3), want_ips);
		CHECK(field(tcr, 32, 3) <= 6, "IPS 0b111 is reserved");
		CHECK_EQ(tcr >> 35, 0ull); /* nothing above IPS: no TBI, HA/HD, ASID size */
	}
}

void test_cpu_aarch64(void)
{
	static const struct {
		uint32_t midr;
		bool smpen;
		unsigned errata; /* CPU_ERRATUM_* at EL3 */
		bool civac;      /* clean by address issued as DC CIVAC */
	} cpus[] = {
		{ 0x410fd030, true, CPU_ERRATUM_826319 | CPU_ERRATUM_836870, true },  /* A53 r0p0 */
		{ 0x410fd031, true, CPU_ERRATUM_826319 | CPU_ERRATUM_836870, true },  /* r0p1 */
		{ 0x410fd032, true, CPU_ERRATUM_826319 | CPU_ERRATUM_836870, true },  /* r0p2 */
		{ 0x410fd033, true, CPU_ERRATUM_836870 | CPU_ERRATUM_855873, false }, /* r0p3 */
		{ 0x410fd034, true, CPU_ERRATUM_855873, false }, /* r0p4: QEMU, the Pi 3 */
		{ 0x411fd030, true, CPU_ERRATUM_855873, false }, /* a made-up r1p0 */
		{ 0x410fd040, true, 0, false },                  /* A35 */
		{ 0x411fd070, true, 0, false },                  /* A57 r1p0 */
		{ 0x410fd083, true, 0, false },                  /* A72 r0p3 */
		{ 0x410fd090, true, 0, false },                  /* A73 */
		{ 0x410fd050, false, 0, false },                 /* A55 (DynamIQ) */
		{ 0x413fd0c1, false, 0, false },                 /* Neoverse N1 */
		{ 0x460f0010, false, 0, false },                 /* A64FX (Fujitsu) */
		{ 0x00000000, false, 0, false },                 /* QEMU max reads 0x000f0510 */
		{ 0x000f0510, false, 0, false },
		{ 0x420fd030, false, 0, false }, /* another implementer's part 0xd03 */
		{ 0x410fc070, false, 0, false }, /* Cortex-A7 (AArch32 only) */
	};

	for (unsigned i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		CHECK(cpu_has_smpen(cpus[i].midr) == cpus[i].smpen, "SMPEN for MIDR 0x%08x",
		      cpus[i].midr);
		CHECK(cpu_a53_el3_errata(cpus[i].midr) == cpus[i].errata,
		      "EL3 errata for MIDR 0x%08x: 0x%x, want 0x%x", cpus[i].midr,
		      cpu_a53_el3_errata(cpus[i].midr), cpus[i].errata);
		CHECK(cpu_clean_as_civac(cpus[i].midr) == cpus[i].civac,
		      "clean as DC CIVAC for MIDR 0x%08x", cpus[i].midr);
	}
}
