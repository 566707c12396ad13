/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7 facts that QEMU cannot show (it treats ACTLR as a constant and
 * models no erratum), checked on the host by decoding: which cores get
 * ACTLR.SMP and ACTLR.FW, in C and in arch/armv7/actlr.S alike, and when
 * the Cortex-A9 764369 and Cortex-A15 798181 workarounds apply, by MIDR and
 * REVIDR (arch/armv7/sysreg.h, arch/armv7/errata.h).
 * Part of host-mmu-armv7 (tests/host/mmu/test_mmu.c calls these).
 */
#include <stdint.h>
#include <string.h>

#include "arch/armv7/errata.h"
#include "arch/armv7/sysreg.h"
#include "tests/host/common/check.h"

void test_actlr_smp(void);
void test_actlr_readback(void);
void test_errata(void);

/* ACTLR.SMP only where the core has it (Cortex-A8's bit 6 is another
 * control), with ACTLR.FW on the Cortex-A9/A5 (without it their Inner
 * Shareable maintenance stays local); and the secondaries' assembly
 * (arch/armv7/actlr.S) gives the same bits as the C for every part. */
void test_actlr_smp(void)
{
	static const struct {
		uint32_t midr, bits;
	} cpus[] = {
		{ 0x410fc050, ACTLR_SMP | ACTLR_FW }, /* Cortex-A5 */
		{ 0x410fc075, ACTLR_SMP },            /* Cortex-A7 */
		{ 0x413fc082, 0 },                    /* Cortex-A8 */
		{ 0x410fc090, ACTLR_SMP | ACTLR_FW }, /* Cortex-A9 r0p0 */
		{ 0x414fc091, ACTLR_SMP | ACTLR_FW }, /* Cortex-A9 r4p1 */
		{ 0x410fc0d0, ACTLR_SMP },            /* Cortex-A12 */
		{ 0x412fc0f1, ACTLR_SMP },            /* Cortex-A15 */
		{ 0x410fc0e0, ACTLR_SMP },            /* Cortex-A17 */
		{ 0x560f5840, 0 },                    /* Marvell PJ4: not ARM's */
		{ 0x510fc090, 0 },                    /* part 0xc09 of another implementer */
	};
	unsigned bad = 0;

	for (unsigned i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		CHECK(actlr_smp_bits(cpus[i].midr) == cpus[i].bits,
		      "ACTLR bits for MIDR 0x%08x: 0x%x, expected 0x%x", (unsigned)cpus[i].midr,
		      (unsigned)actlr_smp_bits(cpus[i].midr), (unsigned)cpus[i].bits);
		CHECK(actlr_has_smp(cpus[i].midr) == ((cpus[i].bits & ACTLR_SMP) != 0),
		      "ACTLR.SMP for MIDR 0x%08x", (unsigned)cpus[i].midr);
	}
	for (uint32_t impl = 0x41; impl <= 0x56; impl += 0x15)
		for (uint32_t part = 0; part < 0x1000; part++) {
			uint32_t midr = impl << 24 | 0x2f0000 | part << 4 | 1;
			bad += actlr_smp_bits_asm(midr) != actlr_smp_bits(midr);
		}
	CHECK(bad == 0, "actlr.S and actlr_smp_bits() disagree on %u MIDRs", bad);
}

/* A stub ACTLR: its value, and whether the write is ignored (Non-secure,
 * NSACR.NS_SMP 0: the firmware owns it). */
static uint32_t stub_actlr;
static bool stub_ignores;
static unsigned stub_writes;

static uint32_t stub_rd(void)
{
	return stub_actlr;
}

static void stub_wr(uint32_t v)
{
	stub_writes++;
	if (!stub_ignores)
		stub_actlr = v;
}

/* actlr_smp_set reads ACTLR back: a write firmware ignored is reported in
 * the smp self-test's words; one that took, or bits already set, are not. */
void test_actlr_readback(void)
{
	static const struct {
		uint32_t midr, before;
		bool ignores;
		uint32_t missing;
		unsigned writes;
		const char *text;
	} t[] = {
		{ 0x410fc090, 0, false, 0, 1, "" },                   /* A9, written */
		{ 0x410fc090, ACTLR_SMP | ACTLR_FW, true, 0, 0, "" }, /* firmware set */
		{ 0x410fc090, 0, true, ACTLR_SMP | ACTLR_FW, 1,
		  "ACTLR.SMP/FW clear: firmware did not set them" }, /* ignored */
		{ 0x410fc090, ACTLR_SMP, true, ACTLR_FW, 1,
		  "ACTLR.FW clear: firmware did not set it" }, /* A9 FW: Secure only */
		{ 0x410fc075, 0, true, ACTLR_SMP, 1, "ACTLR.SMP clear: firmware did not set it" },
		{ 0x413fc082, 0, true, 0, 0, "" }, /* Cortex-A8: none needed */
	};

	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		uint32_t m;

		stub_actlr = t[i].before, stub_ignores = t[i].ignores, stub_writes = 0;
		m = actlr_smp_set(t[i].midr, stub_rd, stub_wr);
		CHECK(m == t[i].missing && stub_writes == t[i].writes &&
			      !strcmp(actlr_missing_text(m), t[i].text),
		      "MIDR 0x%08x, ACTLR 0x%x%s: missing 0x%x (want 0x%x), %u writes, \"%s\"",
		      (unsigned)t[i].midr, (unsigned)t[i].before,
		      t[i].ignores ? ", the write ignored" : "", (unsigned)m,
		      (unsigned)t[i].missing, stub_writes, actlr_missing_text(m));
	}
}

/* When the Cortex-A9 764369 and Cortex-A15 798181 workarounds apply
 * (arch/armv7/errata.h); QEMU shows neither. */
void test_errata(void)
{
	static const struct {
		uint32_t midr, revidr;
		enum erratum_798181 want;
	} a15[] = {
		{ 0x410fc0f0, 0, E798181_REMOTE_DMB },                     /* r0p0 */
		{ 0x411fc0f1, 0, E798181_REMOTE_DMB },                     /* r1p1 */
		{ 0x412fc0f1, REVIDR_798181_PARTIAL, E798181_REMOTE_DMB }, /* r2p1: no REVIDR fix */
		{ 0x412fc0f2, 0, E798181_REMOTE_DMB },                     /* r2p2 */
		{ 0x412fc0f2, REVIDR_798181_PARTIAL, E798181_DUMMY_TLBI }, /* r2p2, partial fix */
		{ 0x412fc0f3, REVIDR_798181_FULL, E798181_REMOTE_DMB }, /* r2p3: bit 9 not read */
		{ 0x412fc0f4, 0, E798181_REMOTE_DMB },                  /* r2p4 */
		{ 0x413fc0f0, REVIDR_798181_PARTIAL, E798181_DUMMY_TLBI }, /* r3p0 */
		{ 0x413fc0f2, REVIDR_798181_FULL, E798181_NONE },          /* r3p2, fixed */
		{ 0x413fc0f2, REVIDR_798181_FULL | REVIDR_798181_PARTIAL, E798181_DUMMY_TLBI },
		{ 0x413fc0f3, 0, E798181_DUMMY_TLBI }, /* r3p3 */
		{ 0x413fc0f3, REVIDR_798181_FULL, E798181_NONE },
		{ 0x414fc0f0, 0, E798181_NONE },       /* r4p0: QEMU's */
		{ 0x420f00f2, 0, E798181_REMOTE_DMB }, /* Brahma-B15 r0p2 */
		{ 0x420f00f3, 0, E798181_NONE },
		{ 0x410fc070, 0, E798181_NONE }, /* Cortex-A7 */
		{ 0x410fc0e0, 0, E798181_NONE }, /* Cortex-A17 */
		{ 0x410fc090, 0, E798181_NONE }, /* Cortex-A9 */
	};
	for (unsigned i = 0; i < sizeof(a15) / sizeof(a15[0]); i++)
		CHECK(erratum_a15_798181(a15[i].midr, a15[i].revidr) == a15[i].want,
		      "798181 for MIDR 0x%08x REVIDR 0x%x: %d, expected %d", (unsigned)a15[i].midr,
		      (unsigned)a15[i].revidr, (int)erratum_a15_798181(a15[i].midr, a15[i].revidr),
		      (int)a15[i].want);
	CHECK(erratum_a9_764369(0x410fc090, 2) && erratum_a9_764369(0x414fc091, 4),
	      "764369: every Cortex-A9 revision with two or more CPUs");
	CHECK(!erratum_a9_764369(0x413fc090, 1), "764369 with one CPU");
	CHECK(!erratum_a9_764369(0x410fc050, 4) && !erratum_a9_764369(0x410fc0f0, 4) &&
		      !erratum_a9_764369(0x510fc090, 4),
	      "764369 on a core that is not a Cortex-A9");
	/* 798181 for the system, from every online CPU: an Exynos 5422 boots
	 * on its Cortex-A7; its Cortex-A15 r3p3 cluster needs the dummy TLBI. */
	enum erratum_798181 sys = erratum_a15_798181(0x410fc075, 0); /* A7 r0p5, boot */

	sys = erratum_798181_merge(sys, 0x413fc0f3, 0); /* A15 r3p3 online */
	sys = erratum_798181_merge(sys, 0x410fc075, 0); /* another A7 after it */
	CHECK(sys == E798181_DUMMY_TLBI, "798181 for {A7 boot, A15 r3p3 online}: %d, want %d",
	      (int)sys, (int)E798181_DUMMY_TLBI);
	CHECK(erratum_798181_merge(E798181_REMOTE_DMB, 0x413fc0f3, 0) == E798181_REMOTE_DMB,
	      "798181: an r2p1's remote DMB weakened by an r3p3");
}
