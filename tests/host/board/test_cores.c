/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of board/cores.c: which register gives the core count of each
 * core (by MIDR and execution state), its decoding, and the SGI that wakes
 * the other cores of a GICv2 cluster (by the sender's own interface mask,
 * not MPIDR Aff0).
 */
#include <string.h>

#include "arch/midr.h"
#include "board/cores.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

static void test_source(void)
{
	static const struct {
		uint32_t midr;
		bool aarch64;
		enum hw_cores_src src;
	} cases[] = {
		{ 0x410fc090, false, HW_CORES_SCU },       /* Cortex-A9 r0p0 */
		{ 0x414fc091, false, HW_CORES_SCU },       /* Cortex-A9 r4p1 */
		{ 0x410fc051, false, HW_CORES_SCU },       /* Cortex-A5 */
		{ 0x410fc075, false, HW_CORES_L2CTLR },    /* Cortex-A7 */
		{ 0x414fc0f0, false, HW_CORES_L2CTLR },    /* Cortex-A15 r4p0 */
		{ 0x413fc082, false, HW_CORES_NONE },      /* Cortex-A8: no cluster register */
		{ 0x410fc0d1, false, HW_CORES_NONE },      /* Cortex-A12: not decoded */
		{ 0x410fd034, true, HW_CORES_L2CTLR_EL1 }, /* Cortex-A53 */
		{ 0x411fd070, true, HW_CORES_L2CTLR_EL1 }, /* Cortex-A57 */
		{ 0x410fd083, true, HW_CORES_L2CTLR_EL1 }, /* Cortex-A72 */
		{ 0x410fd034, false, HW_CORES_NONE }, /* A53 in AArch32: no AArch32 read here */
		{ 0x410fc090, true, HW_CORES_NONE },  /* (an A9 part number in AArch64) */
		{ 0x410fd040, true, HW_CORES_NONE },  /* Cortex-A35: another layout */
		{ 0x410fd050, true, HW_CORES_NONE },  /* Cortex-A55: DynamIQ, no such field */
		{ 0x461f0010, true, HW_CORES_NONE },  /* A64FX: not ARM's */
		{ 0x510fc090, false, HW_CORES_NONE }, /* 0xc09 of another implementer */
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(hw_cores_source(cases[i].midr, cases[i].aarch64) == cases[i].src,
		      "MIDR 0x%08x (%s): %s, expected %s", (unsigned)cases[i].midr,
		      cases[i].aarch64 ? "AArch64" : "AArch32",
		      hw_cores_source_name(hw_cores_source(cases[i].midr, cases[i].aarch64)),
		      hw_cores_source_name(cases[i].src));
}

static void test_decode(void)
{
	/* SCU_CONFIG: [1:0] CPUs - 1; [7:4] which CPUs are in SMP mode, tag RAM
	 * sizes above: noise that must not change the count. */
	CHECK_EQ(hw_cores_decode(HW_CORES_SCU, 0x00000000), 1);
	CHECK_EQ(hw_cores_decode(HW_CORES_SCU, 0x000000f3), 4);
	CHECK_EQ(hw_cores_decode(HW_CORES_SCU, 0x00005531), 2);
	CHECK_EQ(hw_cores_decode(HW_CORES_SCU, 0xffffff02), 3);
	/* L2CTLR: [25:24] cores - 1; the RAM latencies and ECC bits around it. */
	CHECK_EQ(hw_cores_decode(HW_CORES_L2CTLR, 0x00000000), 1);
	CHECK_EQ(hw_cores_decode(HW_CORES_L2CTLR, 0x01000000), 2);
	CHECK_EQ(hw_cores_decode(HW_CORES_L2CTLR, 0x03000000), 4);
	CHECK_EQ(hw_cores_decode(HW_CORES_L2CTLR, 0xfcffffff), 1);
	CHECK_EQ(hw_cores_decode(HW_CORES_L2CTLR_EL1, 0x02000022), 3);
	CHECK_EQ(hw_cores_decode(HW_CORES_L2CTLR_EL1, 0x03200000), 4);
	CHECK_EQ(hw_cores_decode(HW_CORES_NONE, 0x03000003), 1);
}

static void test_sgir(void)
{
	/* The boot CPU is interface 0: every other interface, SGI 0. */
	CHECK_EQ(gic_sgir_others(0x01, 0), 0x00fe0000);
	/* Interface 2 (a second cluster's first CPU, MPIDR Aff0 0): never
	 * interface 0, whatever Aff0 says. */
	CHECK_EQ(gic_sgir_others(0x04, 0), 0x00fb0000);
	CHECK(!(gic_sgir_others(0x04, 0) & (1u << 18)), "the sender targets itself");
	CHECK_EQ(gic_sgir_others(0x80, 5), 0x007f0005);
	/* A uniprocessor GIC reads ITARGETSR as zero: the "all but me" filter. */
	CHECK_EQ(gic_sgir_others(0x00, 0), 0x01000000);
}

/* The part table (arch/midr.h): names and revisions decoded; its facts
 * against lists written here from the TRMs, independently of the table. */
static void test_parts(void)
{
	static const struct {
		uint32_t midr;
		const char *text;
	} names[] = {
		{ 0x410fd034, "Cortex-A53 r0p4" },
		{ 0x411fd070, "Cortex-A57 r1p0" },
		{ 0x414fc0f0, "Cortex-A15 r4p0" },
		{ 0x410fc075, "Cortex-A7 r0p5" },
		{ 0x413fc090, "Cortex-A9 r3p0" },
		{ 0x420f00f2, "Brahma-B15 r0p2" },
		{ 0x461f0010, "A64FX r1p0" },
		{ 0x000f0510, "implementer 0x00 part 0x051 r0p0" },
		{ 0x510fc090, "implementer 0x51 part 0xc09 r0p0" },
	};
	char buf[48];

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		cpu_midr_text(names[i].midr, buf, sizeof(buf));
		CHECK(!strcmp(buf, names[i].text), "MIDR 0x%08x: \"%s\", expected \"%s\"",
		      (unsigned)names[i].midr, buf, names[i].text);
	}
	cpu_midr_text(0x410fd034, buf, 8); /* cut, NUL-terminated */
	CHECK(!strcmp(buf, "Cortex-"), "cut to 8 bytes: \"%s\"", buf);
	/* Arm parts by number: ACTLR.SMP, ACTLR.FW (ARMv7 TRMs), CPUECTLR.SMPEN
	 * (the A35/A53/A57/A72/A73 TRMs), over every Arm part number 0..0xfff. */
	static const uint16_t smp[] = { 0xc05, 0xc07, 0xc09, 0xc0d, 0xc0e, 0xc0f };
	static const uint16_t fw[] = { 0xc05, 0xc09 };
	static const uint16_t smpen[] = { 0xd03, 0xd04, 0xd07, 0xd08, 0xd09 };
	unsigned bad = 0;
	for (uint32_t pn = 0; pn < 0x1000; pn++) {
		uint32_t midr = 0x410f0000 | pn << 4, f = cpu_part_flags(midr);
		bool want_smp = false, want_fw = false, want_smpen = false;
		for (unsigned k = 0; k < sizeof(smp) / sizeof(smp[0]); k++)
			want_smp |= smp[k] == pn;
		for (unsigned k = 0; k < sizeof(fw) / sizeof(fw[0]); k++)
			want_fw |= fw[k] == pn;
		for (unsigned k = 0; k < sizeof(smpen) / sizeof(smpen[0]); k++)
			want_smpen |= smpen[k] == pn;
		bad += want_smp != !!(f & PARTF_ACTLR_SMP) || want_fw != !!(f & PARTF_ACTLR_FW) ||
		       want_smpen != !!(f & PARTF_SMPEN);
		/* another implementer's part of the same number has no facts */
		bad += cpu_part_flags(0x510f0000 | pn << 4) != 0;
	}
	CHECK(bad == 0, "the part table's ACTLR/SMPEN facts differ on %u part numbers", bad);
	CHECK(cpu_part_has(0x420f00f2, PARTF_E798181) && cpu_part_has(0x413fc0f2, PARTF_E798181),
	      "798181: the A15 and the Brahma-B15");
	CHECK(cpu_part_has(0x410fc075, PARTF_LITTLE) && cpu_part_has(0x410fc0f0, PARTF_BIG) &&
		      cpu_part_has(0x410fd034, PARTF_LITTLE) && cpu_part_has(0x410fd080, PARTF_BIG),
	      "big.LITTLE roles: A7/A53 LITTLE, A15/A72 big");
}

int main(void)
{
	test_parts();
	test_source();
	test_decode();
	test_sgir();
	printf("host-cores: %u checks, %u failures\n", checks, failures);
	return failures != 0;
}
