/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-gic: the image's irq/irq.c and irq/gic_v2.c (unchanged) against the
 * GICv2 register model (tests/host/irq/gic_model.c), four CPUs. Each scenario
 * checks what the driver must leave behind in the model, and the model
 * counts what a real GIC would punish. The mutant builds (tests/host/irq/irq.mk)
 * must each be caught by the check named for them.
 */
#include "tests/host/common/check.h"
#include "tests/host/irq/gic_model.h"

#include "arch/exception.h"
#include "irq/irq.h"
#include "irq/irq_priv.h"

CHECK_COUNTERS;

static struct gic_desc desc = { .version = GIC_V2, .dist = GM_DIST, .cpu = GM_CPU };
static unsigned hits[GM_NCPU][GM_LINES], last_src[GM_NCPU];

static void count(unsigned id, unsigned src, void *arg)
{
	(void)arg;
	hits[gm.cur][id]++;
	last_src[gm.cur] = src;
}

static uintptr_t offset; /* the scenarios' GIC: banked (0), or Exynos4's cpu-offset */

static void setup_model(void)
{
	gm.offset = offset;
	desc.cpu_offset = offset;
	memset(hits, 0, sizeof(hits));
	CHECK_EQ(irq_init(&desc), 0);
	CHECK_EQ(irq_info.nlines, GM_LINES);
	CHECK_EQ(irq_info.ncpus, GM_NCPU);
	for (unsigned c = 0; c < GM_NCPU; c++) {
		gm.cur = c;
		CHECK_EQ(irq_cpu_init(c), 0);
		CHECK(gm.cctlr[c] & 1, "cpu%u: GICC_CTLR not enabled (cpu-offset 0x%lx)", c,
		      (unsigned long)offset);
		CHECK(gm.pmr[c] >= 0xf0, "cpu%u: PMR 0x%x masks the default priority", c,
		      gm.pmr[c]);
		CHECK(irq_info.cpu_state[c].mask == 1u << gic_model_iface[c],
		      "cpu%u: interface mask 0x%x, want 0x%x (cpu-offset 0x%lx)", c,
		      irq_info.cpu_state[c].mask, 1u << gic_model_iface[c], (unsigned long)offset);
	}
	gm.cur = 0;
	CHECK(gm.dctlr & 1, "distributor not enabled");
	for (unsigned i = 32; i < GM_LINES; i++)
		CHECK(!gm.edge[i], "SPI %u configured edge-triggered: Linux makes every SPI level",
		      i);
	for (unsigned i = 32; i < GM_LINES; i++)
		CHECK((gm.security && !gm.group[0][i]) ||
			      (!gm.enabled[0][i] && gm.prio[0][i] == IRQ_PRIO_DEFAULT),
		      "SPI %u after init: enabled %d priority 0x%x", i, gm.enabled[0][i],
		      gm.prio[0][i]);
}

static void setup(void)
{
	gic_model_reset();
	setup_model();
}

static void serve(unsigned id, unsigned src, void *arg)
{
	count(id, src, arg);
	gic_model_line(id, false); /* the device acknowledged: its line drops */
}

/* A device raises an SPI's line and keeps it high until served. Level-
 * sensitive (as the driver configures SPIs), the SPI stays pending while the
 * line is high: taken again after each EOI until the device is served, then
 * no more (IHI 0048B 1.4.2). Configured edge, a line still high after the
 * EOI would be lost: taken once. */
static void spi_level(void)
{
	const unsigned spi = 60;

	setup();
	irq_register(spi, count, NULL);
	irq_route(spi, 2);
	irq_enable(spi, true);
	gic_model_line(spi, true);
	gic_model_run(2, 8);
	CHECK(hits[2][spi] == 8,
	      "a level-sensitive SPI held high: taken %u times in 8 steps, want 8", hits[2][spi]);
	gic_model_line(spi, false);
	irq_register(spi, serve, NULL);
	gic_model_line(spi, true);
	gic_model_run(2, 8);
	CHECK(hits[2][spi] == 9, "served on its first entry: taken %u times in all, want 9",
	      hits[2][spi]);
	CHECK_EQ(gm.nact[2], 0);
}

/* An SPI routed to each CPU in turn, pended twice: delivered there only,
 * each time (the second needs the first's EOI). */
static void spi_routing(void)
{
	const unsigned spi = 40;

	setup();
	irq_register(spi, count, NULL);
	irq_enable(spi, true);
	for (unsigned t = 0; t < GM_NCPU; t++) {
		irq_route(spi, t);
		for (unsigned k = 0; k < 2; k++) {
			gm.cur = 0;
			irq_set_pending(spi, true);
			for (unsigned c = 0; c < GM_NCPU; c++)
				if (c != t)
					CHECK(!gic_model_irq_line(c),
					      "SPI %u routed to cpu%u signals cpu%u", spi, t, c);
			CHECK_EQ(gic_model_run(t, 4), 1);
		}
		CHECK(hits[t][spi] == 2, "SPI %u on cpu%u: taken %u times, want 2", spi, t,
		      hits[t][spi]);
		CHECK_EQ(gm.nact[t], 0);
	}
}

/* SGIs between every ordered pair: the handler sees the sender's interface. */
static void sgi_pairs(void)
{
	setup();
	irq_register(1, count, NULL);
	for (unsigned c = 0; c < GM_NCPU; c++) {
		gm.cur = c;
		irq_enable(1, true);
	}
	for (unsigned s = 0; s < GM_NCPU; s++)
		for (unsigned d = 0; d < GM_NCPU; d++) {
			if (s == d)
				continue;
			gm.cur = s;
			irq_send_sgi(1, d);
			CHECK(gic_model_run(d, 4) == 1, "SGI from cpu%u to cpu%u not taken once", s,
			      d);
			CHECK(last_src[d] == gic_model_iface[s],
			      "SGI from cpu%u at cpu%u: source %u, want %u", s, d, last_src[d],
			      gic_model_iface[s]);
		}
	for (unsigned d = 0; d < GM_NCPU; d++)
		CHECK_EQ(hits[d][1], GM_NCPU - 1);
}

/* PMR 0x80 holds a 0xa0 SGI pending; 0xf0 lets it through. */
static void priority(void)
{
	setup();
	irq_register(2, count, NULL);
	irq_set_priority(2, 0xa0);
	irq_enable(2, true);
	irq_set_pmr(0x80);
	irq_send_sgi(2, 0);
	CHECK(!gic_model_irq_line(0), "PMR 0x80 did not mask priority 0xa0");
	CHECK(irq_is_pending(2), "the masked SGI is not pending");
	irq_set_pmr(IRQ_PMR_OPEN);
	CHECK_EQ(gic_model_run(0, 4), 1);
	CHECK_EQ(hits[0][2], 1);
}

/* A device holding an SPI's line high with no handler registered: taken
 * once, disabled, never again. */
static void unhandled(void)
{
	const unsigned spi = 50;

	setup();
	irq_route(spi, 1);
	irq_enable(spi, true);
	gic_model_line(spi, true);
	CHECK(gic_model_run(1, 100) == 1, "an interrupt without a handler was taken %u times",
	      hits[1][spi] + irq_info.cpu_state[1].unhandled);
	CHECK_EQ(irq_info.cpu_state[1].unhandled, 1);
	CHECK_EQ(irq_info.cpu_state[1].last_unhandled, spi);
	CHECK(!gm.enabled[0][spi], "SPI %u without a handler left enabled", spi);
	CHECK_EQ(gm.nact[1], 0);
}

/* Nothing pending: the acknowledge reads 1023, counted, not EOIed. */
static void spurious(void)
{
	setup();
	gm.cur = 2;
	arch_irq_handler(NULL);
	CHECK_EQ(irq_info.cpu_state[2].spurious, 1);
	CHECK_EQ(gm.eois[2], 0);
}

/* Below Secure firmware (Security Extensions, Non-secure accesses): SGIs
 * 8-15 and SPI 60 kept Secure (Group 0), as TF-A's qemu port keeps its
 * Secure SGIs. Their enables do not stick and irq_enable_checked says so;
 * the Non-secure ones are enabled and delivered. */
static void secure_kept(void)
{
	const unsigned secure_spi = 60, ns_spi = 40;

	gic_model_reset();
	gm.security = true;
	for (unsigned c = 0; c < GM_NCPU; c++)
		for (unsigned id = 0; id < GM_LINES; id++)
			gm.group[c][id] = !(id >= 8 && id < 16) && id != secure_spi;
	setup_model();
	CHECK(!irq_info.single_security, "Security Extensions not seen");
	CHECK(irq_security() && strstr(irq_security(), "Group 1"),
	      "the report does not name Group 1: %s", irq_security());
	for (unsigned id = 8; id < 16; id++) {
		CHECK(irq_enable_checked(id) == IRQ_ESECURE,
		      "SGI %u kept Secure: its enable reported as taken", id);
		CHECK(!gm.enabled[0][id], "SGI %u kept Secure got enabled", id);
	}
	CHECK(irq_enable_checked(secure_spi) == IRQ_ESECURE,
	      "SPI %u kept Secure: its enable reported as taken", secure_spi);
	CHECK_EQ(irq_enable_checked(2), 0);
	CHECK_EQ(irq_enable_checked(ns_spi), 0);
	irq_register(ns_spi, count, NULL);
	irq_route(ns_spi, 1);
	irq_set_pending(ns_spi, true);
	CHECK_EQ(gic_model_run(1, 4), 1);
	CHECK_EQ(hits[1][ns_spi], 1);
}

/* Secure firmware kept every SGI in Group 0: bytes 0-15 of the banked
 * GICD_ITARGETSR0-3 are RAZ to us; the interface bit is read from a PPI's
 * byte (words 4-7), on every CPU. */
static void targets_sgi_secure(void)
{
	gic_model_reset();
	gm.security = true;
	for (unsigned c = 0; c < GM_NCPU; c++)
		for (unsigned id = 0; id < GM_LINES; id++)
			gm.group[c][id] = id >= 16;
	CHECK_EQ(irq_init(&desc), 0);
	for (unsigned c = 0; c < GM_NCPU; c++) {
		gm.cur = c;
		CHECK_EQ(irq_cpu_init(c), 0);
		CHECK(irq_info.cpu_state[c].mask == 1u << gic_model_iface[c],
		      "cpu%u: interface mask 0x%x with SGI bytes RAZ, want 0x%x", c,
		      irq_info.cpu_state[c].mask, 1u << gic_model_iface[c]);
	}
	gm.cur = 0;
}

/* The Secure PMR left below 0x80: our write is ignored, PMR reads 0; the
 * error names the PMR, not a missing GIC. */
static void pmr_locked(void)
{
	int err;

	gic_model_reset();
	gm.security = true;
	gm.pmr_locked = true;
	CHECK_EQ(irq_init(&desc), 0);
	err = irq_cpu_init(0);
	CHECK(err == IRQ_EPMR, "PMR ignoring writes: error %d (%s), want IRQ_EPMR", err,
	      irq_err(err));
}

int main(void)
{
	/* Banked, then not (the Exynos4210's cpu-offset, 0x8000: each CPU's
	 * copy at base + n * 0x8000). */
	for (unsigned k = 0; k < 2; k++) {
		offset = k ? 0x8000 : 0;
		spi_routing();
		spi_level();
		sgi_pairs();
		priority();
		unhandled();
		spurious();
	}
	offset = 0;
	desc.cpu_offset = 0;
	secure_kept();
	targets_sgi_secure();
	pmr_locked();
	CHECK(gm.errors == 0 || !printf("the model flagged %u errors\n", gm.errors),
	      "model errors");
	return check_report("host-gic");
}
