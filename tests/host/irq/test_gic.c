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

static const struct gic_desc desc = { .version = GIC_V2, .dist = GM_DIST, .cpu = GM_CPU };
static unsigned hits[GM_NCPU][GM_LINES], last_src[GM_NCPU];

static void count(unsigned id, unsigned src, void *arg)
{
	(void)arg;
	hits[gm.cur][id]++;
	last_src[gm.cur] = src;
}

static void setup(void)
{
	gic_model_reset();
	memset(hits, 0, sizeof(hits));
	CHECK_EQ(irq_init(&desc), 0);
	CHECK_EQ(irq_info.nlines, GM_LINES);
	CHECK_EQ(irq_info.ncpus, GM_NCPU);
	for (unsigned c = 0; c < GM_NCPU; c++) {
		gm.cur = c;
		CHECK_EQ(irq_cpu_init(c), 0);
		CHECK(gm.cctlr[c] & 1, "cpu%u: GICC_CTLR not enabled", c);
		CHECK(gm.pmr[c] >= 0xf0, "cpu%u: PMR 0x%x masks the default priority", c,
		      gm.pmr[c]);
		CHECK_EQ(irq_info.cpu_state[c].mask, 1u << gic_model_iface[c]);
	}
	gm.cur = 0;
	CHECK(gm.dctlr & 1, "distributor not enabled");
	for (unsigned i = 32; i < GM_LINES; i++)
		CHECK(!gm.enabled[0][i] && gm.prio[0][i] == IRQ_PRIO_DEFAULT && gm.edge[i],
		      "SPI %u after init: enabled %d priority 0x%x %s", i, gm.enabled[0][i],
		      gm.prio[0][i], gm.edge[i] ? "edge" : "level-sensitive, want edge");
}

/* A device raises an SPI's line and keeps it high: edge-triggered, that is
 * one interrupt, taken once; a second rising edge, a second one. Configured
 * level-sensitive, the SPI would stay pending after its EOI and be taken
 * again and again (IHI 0048B 1.4.2). */
static void spi_edge(void)
{
	const unsigned spi = 60;

	setup();
	irq_register(spi, count, NULL);
	irq_route(spi, 2);
	irq_enable(spi, true);
	gic_model_line(spi, true);
	gic_model_run(2, 8);
	CHECK(hits[2][spi] == 1, "an edge-triggered SPI held high: taken %u times, want 1",
	      hits[2][spi]);
	gic_model_line(spi, false);
	gic_model_line(spi, true);
	gic_model_run(2, 8);
	CHECK(hits[2][spi] == 2, "a second rising edge: taken %u times in all, want 2",
	      hits[2][spi]);
	gic_model_line(spi, false);
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

int main(void)
{
	spi_routing();
	spi_edge();
	sgi_pairs();
	priority();
	unhandled();
	spurious();
	CHECK(gm.errors == 0 || !printf("the model flagged %u errors\n", gm.errors),
	      "model errors");
	return check_report("host-gic");
}
