/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * irq between the online CPUs (smp/smp.h smp_run; each CPU's interface set
 * up by selftests/irq_setup.c): SGIs between every ordered pair of CPUs, a
 * software-pended SPI routed to each CPU in turn. Work on a secondary
 * writes only memory; the boot CPU reports. docs/interrupts.md: what each
 * checks and how it bites.
 */
#include <inttypes.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#include "selftests/smp_pairs.h"
#include "smp/smp.h"

#define SGI_PAIR 1
/* Bounds of the waits, in counter time: long enough for a parallel QEMU on
 * a loaded host (icount = off rows), short enough that a failing run ends in
 * seconds (the first delivery that times out ends the SGI test: under
 * -icount every CPU's spinning is emulated time). */
#define PAIR_WAIT_MS 500
#define RUN_WAIT_MS  4000 /* within smp_run's SMP_RUN_TIMEOUT_MS */

/* --- SGIs between every ordered pair -------------------------------- */

/* Indexed by smp index (ncpu of them; got and src: [receiver * ncpu + sender]). */
struct sgi_run {
	unsigned *order, n, ncpu;
	uint32_t sender; /* whose round it is (release) */
	uint32_t round;  /* rounds finished */
	uint32_t abort;  /* a delivery timed out: everyone leaves */
	uint32_t *got;   /* deliveries */
	unsigned *src;   /* GICv2: the source CPU ID in GICC_IAR */
	bool *timeout;
};

static struct sgi_run sgi;
#define SGI_AT(a, to, from) (a)[(to)*sgi.ncpu + (from)]

static void sgi_got(unsigned intid, unsigned src, void *arg)
{
	unsigned me = irq_this_cpu()->slot, from = __atomic_load_n(&sgi.sender, __ATOMIC_ACQUIRE);

	(void)intid, (void)arg;
	SGI_AT(sgi.src, me, from) = src;
	__atomic_fetch_add(&SGI_AT(sgi.got, me, from), 1, __ATOMIC_RELEASE);
	smp_signal();
}

/* Until round r is over or the run was abandoned; false on a timeout. */
static bool sgi_wait_round(unsigned r, struct deadline *d)
{
	while (__atomic_load_n(&sgi.round, __ATOMIC_ACQUIRE) < r &&
	       !__atomic_load_n(&sgi.abort, __ATOMIC_ACQUIRE)) {
		if (deadline_passed(d))
			return false;
		irq_test_relax();
	}
	return true;
}

static void sgi_on_cpu(struct smp_cpu *self, void *arg)
{
	unsigned me = self->index;
	struct deadline d;

	(void)arg;
	irq_enable(SGI_PAIR, true);
	irq_local_enable();
	deadline_start(&d, boot_wait_ms(RUN_WAIT_MS));
	for (unsigned r = 0; r < sgi.n && !__atomic_load_n(&sgi.abort, __ATOMIC_ACQUIRE); r++) {
		unsigned s = sgi.order[r];

		if (s != me) {
			if (!sgi_wait_round(r + 1, &d)) {
				sgi.timeout[me] = true;
				break;
			}
			continue;
		}
		__atomic_store_n(&sgi.sender, me, __ATOMIC_RELEASE);
		for (unsigned k = 0; k < sgi.n; k++) {
			unsigned to = sgi.order[k];

			if (to == me || !smp_pair_sampled(smp_init(), me, to))
				continue;
			irq_send_sgi(SGI_PAIR, to);
			if (!smp_wait_eq(&SGI_AT(sgi.got, to, me), 1, boot_wait_ms(PAIR_WAIT_MS))) {
				__atomic_store_n(&sgi.abort, 1, __ATOMIC_RELEASE);
				break;
			}
		}
		__atomic_store_n(&sgi.round, r + 1, __ATOMIC_RELEASE);
		smp_signal();
	}
	irq_local_disable();
	irq_enable(SGI_PAIR, false);
}

SELFTEST(irq, sgi)
{
	const char *why;
	unsigned pairs = 0;

	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return;
	}
	unsigned ncpu = smp_init()->ncpu;

	free(sgi.order), free(sgi.got), free(sgi.src), free(sgi.timeout);
	memset(&sgi, 0, sizeof(sgi));
	sgi.ncpu = ncpu;
	sgi.order = calloc(ncpu, sizeof(*sgi.order));
	sgi.got = calloc((size_t)ncpu * ncpu, sizeof(*sgi.got));
	sgi.src = calloc((size_t)ncpu * ncpu, sizeof(*sgi.src));
	sgi.timeout = calloc(ncpu, sizeof(*sgi.timeout));
	if (!expect(sgi.order && sgi.got && sgi.src && sgi.timeout, "no memory for the SGI test"))
		return;
	for (unsigned i = 0; i < ncpu; i++)
		if (smp_mask_has(irq_test.online, i))
			sgi.order[sgi.n++] = i;
	if (sgi.n < 2) {
		skip("one CPU online: no pair to send SGIs between");
		return;
	}
	irq_register(SGI_PAIR, sgi_got, NULL);
	if (!irq_test_usable(SGI_PAIR)) /* on the boot CPU first; each CPU enables its own */
		return;
	irq_enable(SGI_PAIR, false);
	expect(!smp_run(irq_test.online, sgi_on_cpu, NULL), "a CPU did not finish the SGI test");
	for (unsigned a = 0; a < sgi.n; a++)
		for (unsigned b = 0; b < sgi.n; b++) {
			unsigned s = sgi.order[a], d = sgi.order[b];
			unsigned want = __builtin_ctz(irq_info.cpu_state[s].mask | 0x100u);

			if (s == d || !smp_pair_sampled(smp_init(), s, d))
				continue;
			pairs++;
			expect(SGI_AT(sgi.got, d, s) == 1,
			       "SGI %u from cpu%u to cpu%u arrived %u times", SGI_PAIR, s, d,
			       (unsigned)SGI_AT(sgi.got, d, s));
			if (irq_info.version == GIC_V2)
				expect(SGI_AT(sgi.src, d, s) == want,
				       "SGI from cpu%u to cpu%u: GICC_IAR source CPU %u, want %u",
				       s, d, SGI_AT(sgi.src, d, s), want);
		}
	for (unsigned i = 0; i < sgi.n; i++)
		expect(!sgi.timeout[sgi.order[i]], "cpu%u timed out in the SGI test", sgi.order[i]);
	expect(!sgi.abort, "an SGI was not delivered within %u ms: the test stopped there",
	       boot_wait_ms(PAIR_WAIT_MS));
	diag("irq: SGI %u between %u ordered pairs of %u CPUs%s", SGI_PAIR, pairs, sgi.n,
	     irq_info.version == GIC_V2 ? ", source CPU IDs checked" : "");
}

/* --- a software-pended SPI routed to each CPU ------------------------ */

struct spi_run {
	uint32_t done;
	uint32_t *got; /* [smp ncpu] */
	unsigned spi;
	uint32_t wrong; /* taken by a CPU it was not routed to */
	unsigned target;
};

static struct spi_run spi;

static void spi_got(unsigned intid, unsigned src, void *arg)
{
	unsigned me = irq_this_cpu()->slot;

	(void)intid, (void)src, (void)arg;
	if (me != __atomic_load_n(&spi.target, __ATOMIC_ACQUIRE))
		__atomic_fetch_add(&spi.wrong, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&spi.got[me], 1, __ATOMIC_RELEASE);
	smp_signal();
}

static void spi_on_cpu(struct smp_cpu *self, void *arg)
{
	(void)arg;
	irq_local_enable();
	if (!self->is_boot) {
		smp_wait_eq(&spi.done, 1, boot_wait_ms(RUN_WAIT_MS));
		irq_local_disable();
		return;
	}
	for (unsigned i = 0; i < smp_init()->ncpu; i++) {
		if (!smp_mask_has(irq_test.online, i))
			continue;
		__atomic_store_n(&spi.target, i, __ATOMIC_RELEASE);
		irq_route(spi.spi, i);
		irq_set_pending(spi.spi, true);
		if (!smp_wait_eq(&spi.got[i], 1, boot_wait_ms(PAIR_WAIT_MS)))
			break; /* reported from got[] */
	}
	irq_local_disable();
	__atomic_store_n(&spi.done, 1, __ATOMIC_RELEASE);
	smp_signal();
}

/* The highest SPI the distributor implements that the tree names for no
 * device (irq_test_free_spi: a live line would be taken again; a Secure
 * device's is Group 0), pended by software (GICD_ISPENDR) with its target
 * set to one CPU at a time (GICv2 GICD_ITARGETSR, GICv3 GICD_IROUTER):
 * only that CPU takes it. */
SELFTEST(irq, spi_routing)
{
	const char *why;
	unsigned n = 0;

	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return;
	}
	if (irq_info.version == IRQ_BCM2836) {
		skip("no SPIs on the BCM2836 local controller (the GPU's interrupts are "
		     "brcm,bcm2836-armctrl-ic's, not driven)");
		return;
	}
	free(spi.got);
	memset(&spi, 0, sizeof(spi));
	spi.got = calloc(smp_init()->ncpu, sizeof(*spi.got));
	if (!expect(spi.got != NULL, "no memory for the SPI test"))
		return;
	if (!(spi.spi = irq_test_free_spi()))
		return;
	irq_register(spi.spi, spi_got, NULL);
	if (!irq_test_usable(spi.spi))
		return;
	expect(!smp_run(irq_test.online, spi_on_cpu, NULL), "a CPU did not finish the SPI test");
	irq_enable(spi.spi, false);
	irq_set_pending(spi.spi, false);
	for (unsigned i = 0; i < smp_init()->ncpu; i++) {
		if (!smp_mask_has(irq_test.online, i))
			continue;
		n++;
		expect(spi.got[i] == 1, "SPI %u routed to cpu%u: taken %u times there", spi.spi, i,
		       (unsigned)spi.got[i]);
	}
	expect(!spi.wrong, "SPI %u taken %u times by a CPU it was not routed to", spi.spi,
	       (unsigned)spi.wrong);
	diag("irq: SPI %u pended by software, routed to each of %u CPUs in turn (%s)", spi.spi, n,
	     irq_test.spi_why);
}
