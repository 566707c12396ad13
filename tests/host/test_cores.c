/*
 * Host test of board/cores.c: which register gives the core count of each
 * core (by MIDR and execution state), its decoding, and the SGI that wakes
 * the other cores of a GICv2 cluster (by the sender's own interface mask,
 * not MPIDR Aff0).
 */
#include "board/cores.h"
#include "tests/host/check.h"

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

int main(void)
{
	test_source();
	test_decode();
	test_sgir();
	printf("host-cores: %u checks, %u failures\n", checks, failures);
	return failures != 0;
}
