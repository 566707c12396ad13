/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test's tests after the regions (memtest/run.h), each over the
 * plan's ranges by memtest/run.c's mt_run(): size alias first (the later
 * tests keep off what it finds), the buses, March C-, random, the round
 * robin, byte lanes, bit fade and the run's summary.
 */
#include "memtest/run.h"

#include "arch/arch.h"
#include "arch/counter.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/plan.h"
#include "memtest/report.h"
#include "memtest/run_priv.h"
#include "mmu/mmu.h"

/* The address bits size_alias found the board not to decode. */
static uint64_t alias_bits;

static void note_alias(const struct memtest_error *e, void *ctx)
{
	memtest_report_error(e, ctx);
	if (e->test == MT_SIZE_ALIAS && e->addr_bit >= 0)
		alias_bits |= e->pa ^ e->other_pa;
}

/* First after the regions: where the board does not decode an address bit
 * the tree counts (more RAM claimed than fitted, a line stuck or shorted), a
 * write lands on the address without that bit, which may be the image, the
 * stack or the heap. The later tests then keep off those addresses. */
void memtest_run_size_alias(void)
{
	if (!mt_start(MT_SIZE_ALIAS, mt_plan.all_bytes, 0))
		return;
	alias_bits = 0;
	mt_t.on_error = note_alias;
	mt_run(memtest_size_alias, MT_SIZE_ALIAS, mt_plan.all, &mt_plan.nall);
	mt_t.on_error = memtest_report_error;
	for (unsigned b = 0; b < 64; b++)
		if (alias_bits >> b & 1) {
			memtest_plan_avoid_alias(&mt_plan, b);
			diag("memtest: address bit %u not decoded: the later tests keep off every "
			     "address whose alias is in use",
			     b);
		}
	mt_finish(MT_SIZE_ALIAS);
}

void memtest_run_data_bus(void)
{
	if (mt_start(MT_DATA_BUS, mt_plan.all_bytes, 0))
		mt_run(memtest_data_bus, MT_DATA_BUS, mt_plan.all, &mt_plan.nall);
	mt_finish(MT_DATA_BUS);
}

void memtest_run_address_bus(void)
{
	if (mt_start(MT_ADDRESS_BUS, mt_plan.all_bytes, 0))
		mt_run(memtest_address_bus, MT_ADDRESS_BUS, mt_plan.all, &mt_plan.nall);
	mt_finish(MT_ADDRESS_BUS);
}

void memtest_run_march_c(void)
{
	/* Backgrounds per pass: solid, then alternating bits, pairs, nibbles. */
	static const uint64_t bg[] = { 0, 0x5555555555555555ull, 0x3333333333333333ull,
				       0x0f0f0f0f0f0f0f0full };

	if (!mt_start(MT_MARCH_C, mt_plan.march_bytes, 10 * mt_plan.passes)) /* 10 sweeps a pass */
		return;
	mt_spread = 10;
	for (unsigned p = 0; p < mt_plan.passes; p++) {
		mt_t.background = bg[p % 4];
		mt_run(memtest_march_c, MT_MARCH_C, mt_plan.march, &mt_plan.nmarch);
	}
	mt_spread = 0;
	mt_finish(MT_MARCH_C);
}

void memtest_run_random(void)
{
	if (!mt_start(MT_RANDOM, mt_plan.march_bytes, 2 * mt_plan.passes))
		return;
	mt_spread = 2;
	for (unsigned p = 0; p < mt_plan.passes; p++)
		mt_run(memtest_random, MT_RANDOM, mt_plan.march, &mt_plan.nmarch);
	mt_spread = 0;
	mt_finish(MT_RANDOM);
}

/* Every CPU writes every slice once, the next CPU reads it back from DRAM
 * (lib/memtest/memtest_cpus.h): a fault only one CPU's path shows. */
void memtest_run_round_robin(void)
{
	if (memtest_cpus_count() < 2 && mt_plan.mode != PLAN_OFF && !mt_plan.refused)
		skip("the DRAM test runs on one CPU (memtest: regions says why)");
	else if (mt_start(MT_ROUND_ROBIN, mt_plan.march_bytes, 2 * memtest_cpus_count())) {
		diag("memtest: round robin of %u rounds on %u CPUs: each writes every slice once, "
		     "the next reads it back",
		     memtest_cpus_count() + 1, memtest_cpus_count());
		for (unsigned p = 0; p < mt_plan.passes; p++)
			mt_run(memtest_cpus_round_robin, MT_ROUND_ROBIN, mt_plan.march,
			       &mt_plan.nmarch);
	}
	mt_finish(MT_ROUND_ROBIN);
}

/* Masked writes reach DRAM as such only uncached (lib/memtest/memtest.h
 * byte_lanes): through the non-cacheable window whatever the plan says. */
void memtest_run_byte_lanes(void)
{
	if (!mt_start(MT_BYTE_LANES, LANES_BYTES, 52)) /* 24 fills and verifies, 4 in stores */
		return;
	if (expect(mmu_alias_window() != 0, "no MMU window for the non-cacheable view")) {
		uint64_t swept = mt_t.swept;
		mt_lanes = true;
		mt_run(memtest_byte_lanes, MT_BYTE_LANES, mt_plan.march, &mt_plan.nmarch);
		mt_lanes = false;
		if (mt_t.swept == swept)
			diag("memtest: byte_lanes: no range holds a whole MiB to map "
			     "non-cacheable: "
			     "not run");
	}
	mt_finish(MT_BYTE_LANES);
}

static void fade_wait(void *ctx)
{
	struct deadline d;

	diag("memtest: bit_fade: %u s with no access", *(unsigned *)ctx);
	memtest_report_pause(); /* the wait's instructions are not the test's */
	deadline_start(&d, *(unsigned *)ctx * 1000u); /* bounded even if the counter stops */
	while (!deadline_passed(&d))
		;
	memtest_report_resume();
}

static void fade_body(struct memtest *m)
{
	memtest_bit_fade(m, fade_wait, &mt_plan.fade_seconds);
}

/* The last memtest line: bit fade on request (memtest_fade=SECONDS: DRAM
 * must keep all zeros, then all ones, that long on refresh alone), then the
 * run's summary; the heap gets its end back. */
void memtest_run_bit_fade(void)
{
	bool run_it = mt_plan.mode != PLAN_OFF && !mt_plan.refused && mt_plan.nall;

	if (!run_it)
		skip("%s", mt_plan.mode == PLAN_OFF ? "memtest=off" : "no plan to follow");
	else if (!mt_plan.fade_seconds)
		skip("give memtest_fade=SECONDS to wait between write and verify");
	else if (!boot.has_counter || !arch_counter_hz())
		skip("no running counter to time the wait");
	else {
		mt_t.errors[MT_BIT_FADE] = 0;
		memtest_report_start(MT_BIT_FADE, mt_plan.march_bytes, 4 * mt_plan.march_bytes);
		mt_timed = true;
		mt_run(fade_body, MT_BIT_FADE, mt_plan.march, &mt_plan.nmarch);
		mt_finish(MT_BIT_FADE);
	}
	if (run_it) {
		memtest_report_summary(mt_plan.passes);
		memtest_cpus_summary();
		/* Cortex-A53 (MIDR 0x41...d03x), in a whole memtest=full run */
		if (mt_plan.mode == PLAN_FULL && arch_cpu_id() >> 24 == 0x41 &&
		    (arch_cpu_id() >> 4 & 0xfff) == 0xd03)
			memtest_report_targets();
		memtest_report_faults();
	}
	memtest_plan_end();
}
