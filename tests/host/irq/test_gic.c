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

static void setup(void)
{
	gic_model_reset();
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
		CHECK(!gm.enabled[0][i] && gm.prio[0][i] == IRQ_PRIO_DEFAULT,
		      "SPI %u after init: enabled %d priority 0x%x", i, gm.enabled[0][i],
		      gm.prio[0][i]);
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
	gm.level[spi] = true;
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
	/* Banked, then not (the Exynos4210's cpu-offset, 0x8000: each CPU's
	 * copy at base + n * 0x8000). */
	for (unsigned k = 0; k < 2; k++) {
		offset = k ? 0x8000 : 0;
		spi_routing();
		sgi_pairs();
		priority();
		unhandled();
		spurious();
	}
	CHECK(gm.errors == 0 || !printf("the model flagged %u errors\n", gm.errors),
	      "model errors");
	return check_report("host-gic");
}
