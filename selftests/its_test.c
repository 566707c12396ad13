/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MSIs as a device raises them, checked on every online CPU: a GICv3 ITS
 * (irq/gic_its.h) translating a write of an EventID to GITS_TRANSLATER into
 * the LPI mapped to each CPU, and a GICv2m frame (irq/gic_v2m.h) raising
 * its SPI through MSI_SETSPI_NS, routed to each CPU in turn: each taken
 * there once and by no other CPU. The ITS and frame from the tree (the
 * GIC node's arm,gic-v3-its / arm,gic-v2m-frame children); without one,
 * SKIP naming what the tree has. docs/its.md: what each proves, and what
 * it cannot on QEMU. Command line irq_mutant=itscol|itsaff0|itsnoinv|v2m plants
 * a driver bug the tests must catch.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/counter.h"
#include "boot/boot.h"
#include "front/options.h"
#include "irq/gic_its.h"
#include "irq/gic_v2m.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#include "smp/smp.h"

#define WAIT_MS  50 /* a delivery, counter time (boot_wait_ms: longer without -icount) */
#define QUIET_MS 2  /* how long a disabled LPI must stay away */
#define MAX_EV   64 /* events of the one device (its ITT: 2^6) */

struct msi_run {
	unsigned n, cpu[MAX_EV]; /* event k targets smp index cpu[k] */
	/* ... whose state is ic[k]: by pointer, no load straight before a
	 * 64-bit multiply-add (scripts/check-a53-835769.sh) */
	struct irq_cpu *ic[MAX_EV];
	uint32_t got[MAX_EV];   /* arrivals of event k's interrupt */
	uint32_t wrong[MAX_EV]; /* ... on a CPU it was not mapped to */
	unsigned wrong_cpu[MAX_EV];
	uint32_t early[MAX_EV]; /* arrivals while its LPI was disabled */
	uint32_t done;
	unsigned cur;   /* GICv2m: the step (one SPI for every CPU) */
	unsigned tried; /* events raised: the first that timed out ends the run */
	unsigned base;  /* the interrupt of event 0 */
	int err;        /* a driver call's, on the boot CPU */
	const struct v2m_frame *v2m;
};

static struct msi_run run;

static void got(unsigned intid, unsigned src, void *arg)
{
	unsigned me = irq_this_cpu()->slot;
	unsigned k = run.v2m ? __atomic_load_n(&run.cur, __ATOMIC_ACQUIRE) : intid - run.base;

	(void)src, (void)arg;
	if (k >= run.n)
		return;
	if (me != run.cpu[k]) {
		run.wrong_cpu[k] = me;
		__atomic_fetch_add(&run.wrong[k], 1, __ATOMIC_RELAXED);
	}
	__atomic_fetch_add(&run.got[k], 1, __ATOMIC_RELEASE);
	smp_signal();
}

static void quiet(unsigned ms)
{
	struct deadline d;

	deadline_start(&d, ms);
	while (!deadline_passed(&d))
		irq_test_relax();
}

/* Secondaries take interrupts until the boot CPU is done; the boot CPU
 * raises each event in turn. */
static void on_cpu(struct smp_cpu *self, void *arg)
{
	bool its = arg != NULL;

	irq_local_enable();
	if (!self->is_boot) {
		smp_wait_eq(&run.done, 1, boot_wait_ms(4000));
		irq_local_disable();
		return;
	}
	for (unsigned k = 0; k < run.n && !run.err; k++) {
		struct irq_cpu *c = run.ic[k];

		if (!its) {
			__atomic_store_n(&run.cur, k, __ATOMIC_RELEASE);
			irq_route(run.base, run.cpu[k]);
			v2m_raise(run.v2m, run.base);
			run.tried = k + 1;
			if (!smp_wait_eq(&run.got[k], 1, boot_wait_ms(WAIT_MS)))
				break; /* under -icount every CPU's wait is emulated time */
			continue;
		}
		run.tried = k + 1;
		/* Pending while disabled: nothing may arrive... */
		its_translate(k);
		quiet(QUIET_MS);
		run.early[k] = __atomic_load_n(&run.got[k], __ATOMIC_ACQUIRE);
		/* ... until the enable, made visible by INV, lets it in. */
		if ((run.err = its_lpi_set(run.base + k, its_cpu_devid, k, c, true)))
			break;
		bool in = smp_wait_eq(&run.got[k], run.early[k] + 1, boot_wait_ms(WAIT_MS));

		if (in) {
			its_translate(k); /* the MSI path proper, enabled */
			in = smp_wait_eq(&run.got[k], run.early[k] + 2, boot_wait_ms(WAIT_MS));
		}
		run.err = its_lpi_set(run.base + k, its_cpu_devid, k, c, false);
		if (!in)
			break;
	}
	irq_local_disable();
	__atomic_store_n(&run.done, 1, __ATOMIC_RELEASE);
	smp_signal();
}

static void start(unsigned base)
{
	memset(&run, 0, sizeof(run));
	run.base = base;
	struct irq_cpu *c = irq_info.cpu_state;

	for (unsigned i = 0; i < smp_init()->ncpu && run.n < MAX_EV; i++, c++)
		if (smp_mask_has(irq_test.online, i)) {
			run.ic[run.n] = c;
			run.cpu[run.n++] = i;
		}
}

/* Event k's interrupt (the LPI base + k; the one SPI for GICv2m) must have
 * arrived `want` times, on cpu[k] only. */
static void report(bool lpi, unsigned want)
{
	expect(run.tried == run.n, "%s: a delivery timed out; the events after it were not tried",
	       lpi ? "LPI" : "SPI");
	for (unsigned k = 0; k < run.tried; k++) {
		unsigned id = run.base + (lpi ? k : 0);

		expect(run.got[k] == want, "%s %u %s cpu%u: taken %u times, want %u",
		       lpi ? "LPI" : "SPI", id, lpi ? "mapped to" : "routed to", run.cpu[k],
		       (unsigned)run.got[k], want);
		expect(!run.wrong[k], "%s %u for cpu%u: taken %u times on cpu%u, not its target",
		       lpi ? "LPI" : "SPI", id, run.cpu[k], (unsigned)run.wrong[k],
		       run.wrong_cpu[k]);
	}
}

/* The MSI tests need the driver whole: irq_mutant=noeoi|asleep breaks it
 * for the irq tests' own rows (selftests/irq_setup.h), so they skip there. */
static bool driver_whole(void)
{
	if (irq_info.fault == IRQ_FAULT_NONE)
		return true;
	skip("irq_mutant=%s: the GIC driver is broken on purpose for the irq tests",
	     irq_info.fault == IRQ_FAULT_NO_EOI ? "noeoi" : "asleep");
	return false;
}

static bool its_setup(const struct gic_desc *d)
{
	int err;

	its_info.fault = option_is("irq_mutant", "itscol")     ? ITS_FAULT_TARGET
			 : option_is("irq_mutant", "itsaff0")  ? ITS_FAULT_AFF0
			 : option_is("irq_mutant", "itsnoinv") ? ITS_FAULT_NO_INV
							       : ITS_FAULT_NONE;
	err = its_init(d->its[0], run.n);
	if (!expect(!err, "ITS at 0x%" PRIx64 ": %s", d->its[0], its_err(err)))
		return false;
	diag("irq: ITS at 0x%" PRIx64 ": GITS_TYPER 0x%" PRIx64 " (%u DeviceID bits, %u EventID "
	     "bits, %u-byte ITEs, RDbase %s), GITS_IIDR 0x%08" PRIx32,
	     d->its[0], its_info.typer, its_info.devbits, its_info.idbits, its_info.ite_size,
	     its_info.pta ? "a physical address" : "a processor number", its_info.iidr);
	for (unsigned n = 0; n < 8; n++)
		if (its_info.baser[n])
			diag("irq: ITS GITS_BASER%u 0x%016" PRIx64 " (%s table)", n,
			     its_info.baser[n],
			     (its_info.baser[n] >> 56 & 7) == 1 ? "device" : "collection");
	diag("irq: ITS command queue GITS_CBASER 0x%016" PRIx64 ": %s; LPI tables %s",
	     its_info.cbaser,
	     its_info.coherent ? "coherent (Inner Shareable, write-back read back)"
			       : "not coherent: commands and tables cleaned to PoC",
	     its_info.rd_coherent ? "coherent" : "not coherent: cleaned to PoC");
	return true;
}

/* Each online CPU k gets collection k, event k of device its_cpu_devid and
 * LPI 8192 + k. Per CPU: the LPI, still disabled, made pending by a write
 * of k to GITS_TRANSLATER, must not arrive; enabled (configuration byte,
 * INV, SYNC) it must, on cpu k; written again, it arrives again there. */
SELFTEST(irq, its_lpi)
{
	const struct gic_desc *d = &irq_test.desc;
	const char *why;
	int err = 0;

	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return;
	}
	if (!driver_whole())
		return;
	if (irq_info.version != GIC_V3 || !d->nits) {
		skip("no ITS: %s", irq_info.version != GIC_V3 ? "no GICv3 (an ITS is a GICv3 part)"
							      : "the tree's GICv3 has no "
								"arm,gic-v3-its child");
		return;
	}
	start(GIC_LPI_BASE);
	for (unsigned k = 0; k < run.n; k++)
		if (its_lpis_on(run.ic[k])) { /* an earlier stage's ITS: left alone */
			skip("cpu%u: %s", run.cpu[k], its_err(ITS_ELPIS));
			return;
		}
	if (!its_setup(d))
		return;
	for (unsigned k = 0; k < run.n && !err; k++) {
		struct irq_cpu *c = run.ic[k];

		if ((err = its_lpi_cpu(c)) == ITS_ELPIS) {
			skip("cpu%u: %s", run.cpu[k], its_err(err));
			return;
		}
		if (!expect(!err, "cpu%u's redistributor: %s", run.cpu[k], its_err(err)))
			return;
		err = its_map_cpu(k, c);
		if (!expect(!err, "MAPC %u: %s", k, its_err(err)))
			return;
		err = its_map_event(its_cpu_devid, k, GIC_LPI_BASE + k, k);
		if (!expect(!err, "MAPD/MAPTI event %u: %s", k, its_err(err)))
			return;
	}
	its_set_handler(got, NULL);
	expect(!smp_run(irq_test.online, on_cpu, &run), "a CPU did not finish the ITS test");
	its_set_handler(NULL, NULL);
	expect(!run.err, "a command failed: %s", its_err(run.err));
	for (unsigned k = 0; k < run.tried; k++) {
		expect(!run.early[k], "LPI %u (event %u) taken %u times while disabled",
		       GIC_LPI_BASE + k, k, (unsigned)run.early[k]);
		expect(run.got[k] >= 1 || run.wrong[k],
		       "LPI %u (event %u) for cpu%u: pending while disabled, never taken after "
		       "its enable (the configuration change needs INV)",
		       GIC_LPI_BASE + k, k, run.cpu[k]);
	}
	report(true, 2);
	diag("irq: %u LPIs from GITS_TRANSLATER, one mapped to each of %u CPUs (collection k, "
	     "RDbase 0x%" PRIx64 " for cpu%u), %u commands",
	     run.n, run.n, its_rdbase(run.ic[run.n - 1]), run.cpu[run.n - 1], its_info.cmds);
}

/* The frame's first SPI raised through MSI_SETSPI_NS, routed to each online
 * CPU in turn: taken there once, by no other. */
SELFTEST(irq, v2m_spi)
{
	const struct gic_desc *d = &irq_test.desc;
	static struct v2m_frame f;
	const char *why;
	int err;

	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return;
	}
	if (!driver_whole())
		return;
	if (!d->nv2m) {
		skip("no GICv2m frame: %s",
		     irq_info.version == GIC_V3 ? "the tree's GICv3 takes MSIs through an ITS"
						: "the tree's GIC has no arm,gic-v2m-frame child");
		return;
	}
	err = v2m_probe(d->v2m[0], &f);
	if (!expect(!err,
		    "GICv2m frame at 0x%" PRIx64 ": MSI_TYPER 0x%08" PRIx32
		    " names no SPIs of the distributor's %u lines",
		    d->v2m[0], f.typer, irq_info.nlines))
		return;
	diag("irq: GICv2m frame at 0x%" PRIx64 ": MSI_TYPER 0x%08" PRIx32 ", SPIs %u-%u (%u), "
	     "MSI_IIDR 0x%08" PRIx32,
	     d->v2m[0], f.typer, f.spi_base, f.spi_base + f.nspis - 1, f.nspis, f.iidr);
	f.fault_offset = option_is("irq_mutant", "v2m");
	start(f.spi_base);
	run.v2m = &f;
	irq_register(run.base, got, NULL);
	v2m_edge(run.base);
	if (!irq_test_usable(run.base))
		return;
	expect(!smp_run(irq_test.online, on_cpu, NULL), "a CPU did not finish the GICv2m test");
	irq_enable(run.base, false);
	report(false, 1);
	diag("irq: SPI %u raised through MSI_SETSPI_NS, routed to each of %u CPUs in turn",
	     run.base, run.n);
}
