/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tree's clocks for the clock checks (lib/clock/clock_tree.c) on
 * Debian's kernel trees: the Raspberry Pi 3's BCM2835 system timer (its own
 * clock-frequency), the V2P-CA15's SP804 (TIMCLK through the SP810's
 * assigned-clock-parents to the 1 MHz reference), the SABRE Lite's i.MX GPT
 * (the 32.768 kHz CKIL) and operating-points (kHz), the Orange Pi PC's
 * A23-type timer (OSC24M), the RockPro64's two clusters' OPP v2 tables;
 * and clock_agrees()'s tolerance.
 *
 * usage: test_clock_tree RPI3 V2P-CA15 SABRELITE ORANGEPI-PC ROCKPRO64
 */
#include <stdlib.h>

#include "lib/clock/clock.h"
#include "lib/fdt/fdt.h"
#include "tests/host/common/testutil.h"

CHECK_COUNTERS;

static void timer_of(const char *path, const char *name, uint64_t base, uint32_t hz,
		     const char *hz_path)
{
	size_t n;
	uint8_t *blob = load_file(path, &n);
	struct clock_found f;

	CHECK_EQ(clock_find_timer(blob, n, true, &f), FDT_OK);
	if (CHECK(f.timer != NULL, "%s: no timer found", path)) {
		CHECK_STR(f.timer->name, name);
		CHECK_EQ(f.base, base);
		CHECK_EQ(f.hz, hz);
		CHECK_STR(f.hz_path, hz_path);
	}
	free(blob);
}

static void cpu_of(const char *path, uint64_t mpidr, const char *what, unsigned n, uint64_t first,
		   uint64_t last)
{
	size_t len;
	uint8_t *blob = load_file(path, &len);
	struct clock_cpu_ref r;

	CHECK_EQ(clock_cpu_ref(blob, len, mpidr, &r), FDT_OK);
	if (!what)
		CHECK(r.what == NULL && r.n == 0, "%s: a CPU clock found where the tree gives none",
		      path);
	else if (CHECK(r.what != NULL, "%s: MPIDR 0x%" PRIx64 ": nothing found", path, mpidr)) {
		CHECK_STR(r.what, what);
		CHECK_EQ(r.n, n);
		CHECK_EQ(r.hz[0], first);
		CHECK_EQ(r.hz[r.n ? r.n - 1 : 0], last);
	}
	free(blob);
}

int main(int argc, char **argv)
{
	const uint64_t opp[] = { 996000000, 1200000000 };
	uint64_t near = 0;

	if (argc != 6) {
		fprintf(stderr, "usage: %s RPI3 V2P-CA15 SABRELITE ORANGEPI-PC ROCKPRO64\n",
			argv[0]);
		return 2;
	}
	timer_of(argv[1], "BCM2835 system timer", 0x3f003000, 1000000, "/soc/timer@7e003000");
	timer_of(argv[2], "SP804 timer 1", 0x1c110000, 1000000, "/refclk1mhz");
	timer_of(argv[3], "i.MX GPT (CKIL)", 0x2098000, 32768, "/clocks/ckil");
	timer_of(argv[4], "A10 timer 1", 0x1c20c00, 24000000, "/clocks/osc24M_clk");
	cpu_of(argv[3], 0x80000000, "operating-points", 5, 1200000000, 396000000);
	cpu_of(argv[5], 0x80000000, "operating-points-v2", 6, 408000000, 1416000000);
	cpu_of(argv[5], 0x80000100, "operating-points-v2", 8, 408000000, 1800000000);
	cpu_of(argv[1], 0x80000000, NULL, 0, 0, 0); /* the Pi 3's tree names no CPU clock */

	/* 1% of 1.2 GHz is 12 MHz: 1188 MHz agrees, 1187.9 does not; a CPU
	 * at its boot ROM's 24 MHz agrees with no OPP. */
	CHECK(clock_agrees(1188000000, opp, 2, 10000, &near) && near == 1200000000);
	CHECK(!clock_agrees(1187900000, opp, 2, 10000, &near));
	CHECK(!clock_agrees(24000000, opp, 2, 10000, &near) && near == 996000000);
	CHECK(!clock_agrees(1000, opp, 0, 10000, &near));
	/* The verdict: on an OPP, between two, outside the table by 1%; a lone
	 * clock-frequency within a factor of two. */
	{
		struct clock_cpu_ref t = { "operating-points-v2", 2, { 600000000, 1200000000 } };
		struct clock_cpu_ref c = { "clock-frequency", 1, { 800000000 } };
		uint64_t lo = 0, hi = 0;

		CHECK_EQ(clock_cpu_verdict(&t, 1199000000, &lo, &hi, &near), CLOCK_ON);
		CHECK_EQ(clock_cpu_verdict(&t, 1000000000, &lo, &hi, &near), CLOCK_BETWEEN);
		CHECK_EQ(clock_cpu_verdict(&t, 24000000, &lo, &hi, &near), CLOCK_BELOW);
		CHECK_EQ(lo, 594000000);
		CHECK_EQ(clock_cpu_verdict(&t, 1213000000, &lo, &hi, &near), CLOCK_ABOVE);
		CHECK_EQ(clock_cpu_verdict(&c, 900000000, &lo, &hi, &near), CLOCK_BETWEEN);
		CHECK_EQ(clock_cpu_verdict(&c, 399000000, &lo, &hi, &near), CLOCK_BELOW);
		CHECK_EQ(clock_cpu_verdict(&c, 1601000000, &lo, &hi, &near), CLOCK_ABOVE);
	}
	return check_report("host-clock");
}
