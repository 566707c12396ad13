/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Clocks the tree names, for the clock checks (selftests/clock_test.c):
 * timers that count on a clock of their own, independent of the generic
 * counter (or of the Cortex-A9 global timer where that is bringup's
 * counter), each as data plus a small reader (lib/clock/timers.c), and
 * where the tree says how fast each runs (lib/clock/clock_tree.c), and
 * what the tree says a CPU runs at.
 *
 * Only a device the tree names, with status okay, is touched; its address
 * is its reg translated through the tree's ranges. The readers run with
 * the MMU on, the device mapped Device (every address below 4 GiB that is
 * not RAM is: mmu/; the caller checks the mapping).
 */
#ifndef LIB_CLOCK_CLOCK_H
#define LIB_CLOCK_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where a timer's frequency comes from in the tree. */
enum clock_hz_rule {
	CLOCK_HZ_PROP,   /* the node's own clock-frequency (brcm,bcm2835-system-timer) */
	CLOCK_HZ_CLOCKS, /* its first "clocks" entry, down assigned-clock-parents to a fixed-clock
			  */
	CLOCK_HZ_NAMED,  /* the fixed-clock node named hz_clock (i.MX: "ckil", the 32 kHz input) */
	CLOCK_HZ_FIXED,  /* fixed_hz, by the binding (arm,pl031: seconds) */
};

struct clock_timer {
	const char *name;          /* for the report: "BCM2835 system timer" */
	const char *const *compat; /* NULL-terminated */
	unsigned bits;             /* the counter's width */
	bool down;                 /* counts down */
	enum clock_hz_rule hz_rule;
	const char *hz_clock; /* CLOCK_HZ_NAMED */
	uint32_t fixed_hz;    /* CLOCK_HZ_FIXED */
	/* Starts it counting freely over its full width (NULL: it always
	 * runs), then reads it. base: the register block's address. */
	void (*start)(uintptr_t base);
	uint32_t (*read)(uintptr_t base);
};

extern const struct clock_timer clock_timers[];
extern const unsigned clock_ntimers;

#define CLOCK_PATH_MAX 80

struct clock_found {
	const struct clock_timer *timer; /* NULL: none the tree names, enabled */
	uint64_t base;
	uint32_t hz;                  /* 0: the tree does not say (why in hz_from) */
	char path[CLOCK_PATH_MAX];    /* the timer's node */
	char hz_path[CLOCK_PATH_MAX]; /* the node whose clock-frequency gave hz */
};

/*
 * The first enabled node, in the order of clock_timers[] (the sharpest
 * clock first, a 1 Hz RTC last), that one of the timers is compatible
 * with, its reg 0 and its frequency by the timer's rule. skip_slow: leave
 * out timers slower than 1 kHz (a check against them takes seconds).
 * FDT_OK (out->timer NULL if none), or the blob's fdt_open() error.
 */
int clock_find_timer(const void *blob, size_t size, bool skip_slow, struct clock_found *out);

/* What the tree says a CPU (by its MPIDR affinity, the /cpus node's reg)
 * runs at: its clock-frequency, else the OPPs of operating-points-v2
 * (opp-hz) or of operating-points (kHz, uV pairs). */
#define CLOCK_MAX_OPPS 16
struct clock_cpu_ref {
	const char *
		what; /* "clock-frequency", "operating-points-v2", "operating-points"; NULL: none */
	unsigned n;
	uint64_t hz[CLOCK_MAX_OPPS];
};
int clock_cpu_ref(const void *blob, size_t size, uint64_t mpidr, struct clock_cpu_ref *out);

/* Whether measured (Hz) is within ppm of ref, or, with a list, of one
 * entry: *near gets the nearest entry. */
bool clock_agrees(uint64_t measured, const uint64_t *ref, unsigned n, uint32_t ppm, uint64_t *near);

/*
 * A CPU's measured clock against the tree's (CLOCK_CPU_PPM: a PLL's rate is
 * its nominal one to well under 1%; sbc-bench's mhz reads 1598.6 MHz for
 * 1599):
 *  - CLOCK_ON: within 1% of the clock-frequency or of an OPP;
 *  - CLOCK_BETWEEN: not on one, but inside what the tree allows: between
 *    its lowest and highest OPP (bringup runs before Linux's cpufreq; the
 *    boot firmware's rate need not be an OPP), or within a factor of two of
 *    a lone clock-frequency (the property is often stale: the Raspberry
 *    Pi 2's tree says 800 MHz where its firmware runs the BCM2836 at 900);
 *  - CLOCK_BELOW / CLOCK_ABOVE: outside that (by 1% beyond an OPP range's
 *    ends): a PLL left at a boot ROM's rate (24 MHz for 1.2 GHz), a divider
 *    off by two, or over-clocked. *lo / *hi: the range; *near: the nearest.
 */
#define CLOCK_CPU_PPM 10000u
enum clock_verdict { CLOCK_ON, CLOCK_BETWEEN, CLOCK_BELOW, CLOCK_ABOVE };
enum clock_verdict clock_cpu_verdict(const struct clock_cpu_ref *r, uint64_t hz, uint64_t *lo,
				     uint64_t *hi, uint64_t *near);

#endif
