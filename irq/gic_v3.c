/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GICv3 (ARM IHI 0069H): the distributor, one redistributor per CPU and
 * the system-register CPU interface (ICC_*_EL1). AArch64 only: the
 * AArch32 CPU interface (cp15 ICC registers) is not driven, and irq_init
 * says so (IRQ_EARCH). See irq/irq.h.
 *
 * Security: with GICD_CTLR.DS = 1 (one security state: QEMU virt, a board
 * whose firmware set it) bringup owns the groups and makes every interrupt
 * Group 1 (GICD_IGROUPR, GICR_IGROUPR0); with DS = 0 it runs Non-secure,
 * where those registers are RAZ/WI and firmware has already made the
 * Non-secure interrupts Group 1 (IHI 0069H 12.9.4, 12.11.8): they are not
 * written. Either way the enables are GICD_CTLR.EnableGrp1(NS) and
 * ICC_IGRPEN1_EL1, the EL1 side of Group 1 Non-secure.
 */
#include "irq/irq_priv.h"

#include "irq/gic_its.h"

#include "arch/counter.h"
#include "arch/sysreg.h"
#include "irq/gic_v3_icc.h"

#ifdef __aarch64__
#define GICD_CTLR_RWP (1u << 31)
#define GICD_CTLR_DS  (1u << 6)
#define GICD_CTLR_ARE (1u << 4) /* ARE_NS, or ARE with DS = 1 */
#define GICD_CTLR_ENABLE                                                                           \
	0x3u /* EnableGrp1NS + EnableGrp1A (Non-secure view); Grp0 + Grp1 (DS = 1) */
#define GICD_IROUTER 0x6000
#ifndef GIC_PLANT_SPI_EDGE
#define SPI_CFG_LEVEL 0u
#else /* check-gic-plants: every SPI edge-triggered */
#define SPI_CFG_LEVEL 0xaaaaaaaau
#endif
#define GICD_PIDR2       0xffe8
#define PIDR2_ARCHREV(v) (((v) >> 4) & 0xf)

#define GICR_CTLR        0x0000
#define GICR_CTLR_RWP    (1u << 3)
#define GICR_TYPER       0x0008
#define GICR_TYPER_VLPIS (1u << 1)
#define GICR_TYPER_LAST  (1u << 4)
#define GICR_WAKER       0x0014
#define WAKER_PSLEEP     (1u << 1) /* ProcessorSleep */
#define WAKER_CASLEEP    (1u << 2) /* ChildrenAsleep */
#define GICR_SGI         0x10000   /* SGI_base: the second 64 KiB frame */
#define GICR_FRAME_V3    0x20000   /* RD_base + SGI_base */
#define GICR_FRAME_V4    0x40000   /* + VLPI_base + reserved, GICR_TYPER.VLPIS */
#define GICR_MAX_FRAMES  256       /* a bound on the walk of one region */
#define GIC_WAIT_MS      10

static uintptr_t gicd;
static bool ds;

/* MPIDR_EL1 affinity packed as GICR_TYPER[63:32] holds it:
 * Aff3.Aff2.Aff1.Aff0 (IHI 0069H 12.11.36). */
static uint64_t this_aff(void)
{
	uint64_t m;

	__asm__ volatile("mrs %0, mpidr_el1" : "=r"(m));
	return (m >> 8 & 0xff000000u) | (m & 0xffffffu);
}

/* A register bit polled until clear: at most GIC_WAIT_MS (arch/counter.h,
 * which also bounds the reads when the counter does not run). */
static bool wait_clear(uintptr_t reg, uint32_t bit)
{
	struct deadline d;

	deadline_start(&d, GIC_WAIT_MS);
	while (gic_read32(reg) & bit)
		if (deadline_passed(&d))
			return false;
	return true;
}

/* GICD_IROUTER (IHI 0069H 12.9.22): Aff3 [39:32], Aff2.Aff1.Aff0 [23:0];
 * Interrupt_Routing_Mode 0 (this one PE). */
static uint64_t irouter(uint64_t aff)
{
	return (aff >> 24) << 32 | (aff & 0xffffff);
}

/* Walks d's redistributor frames (GICR_TYPER.Last ends each region, as does
 * the region's size where the tree gives it): the frame whose affinity
 * (GICR_TYPER[63:32]) is *aff, or 0 when aff is NULL or none has it; *n the
 * frames walked, *stride the last frame stride used. */
static uintptr_t walk_rdist(const struct gic_desc *d, const uint64_t *aff, unsigned *n,
			    uint64_t *stride)
{
	*n = 0;
	for (unsigned r = 0; r < d->nrdist; r++) {
		uintptr_t a = (uintptr_t)d->rdist[r];
		for (unsigned i = 0; i < GICR_MAX_FRAMES; i++) {
			uint64_t t = gic_read64(a + GICR_TYPER);
			uint64_t s = d->rdist_stride        ? d->rdist_stride
				     : t & GICR_TYPER_VLPIS ? GICR_FRAME_V4
							    : GICR_FRAME_V3;
			*stride = s;
			++*n;
			if (aff && t >> 32 == *aff)
				return a;
			if (t & GICR_TYPER_LAST ||
			    (d->rdist_size[r] && (i + 1) * s >= d->rdist_size[r]))
				break;
			a += s;
		}
	}
	return 0;
}

static const struct gic_desc *desc;

static int v3_dist_init(const struct gic_desc *d)
{
	uint32_t typer, pidr2 = gic_read32((uintptr_t)d->dist + GICD_PIDR2);
	unsigned lines;

	if (PIDR2_ARCHREV(pidr2) != 3 && PIDR2_ARCHREV(pidr2) != 4)
		return IRQ_ENODEV;
	desc = d;
	gicd = (uintptr_t)d->dist;
	typer = gic_read32(gicd + GICD_TYPER);
	lines = GICD_TYPER_LINES(typer);
	if (lines > IRQ_SPURIOUS)
		lines = IRQ_SPURIOUS;
	irq_info.dist = gicd;
	irq_info.nlines = lines;
	walk_rdist(d, NULL, &irq_info.ncpus, &irq_info.stride);
	irq_info.iidr = gic_read32(gicd + GICD_IIDR);
	if (gic_el3(GIC_V3, gicd, 0, GIC_EL3_DIST))
		return IRQ_ENODEV;
	ds = gic_read32(gicd + GICD_CTLR) & GICD_CTLR_DS;
	irq_info.single_security = ds;
	/* Groups off, then affinity routing on, each write complete
	 * (GICD_CTLR.RWP) before the next (IHI 0069H 12.9.4). */
	gic_write32(gicd + GICD_CTLR, ds ? GICD_CTLR_DS : 0);
	if (!wait_clear(gicd + GICD_CTLR, GICD_CTLR_RWP))
		return IRQ_ENODEV;
	gic_write32(gicd + GICD_CTLR, (ds ? GICD_CTLR_DS : 0) | GICD_CTLR_ARE);
	if (!wait_clear(gicd + GICD_CTLR, GICD_CTLR_RWP))
		return IRQ_ENODEV;
	for (unsigned i = 32; i < lines; i += 32) {
		if (ds)
			gic_write32(gicd + GICD_IGROUPR + i / 8, ~0u);
		gic_write32(gicd + GICD_ICENABLER + i / 8, ~0u);
		gic_write32(gicd + GICD_ICPENDR + i / 8, ~0u);
		gic_write32(gicd + GICD_ICACTIVER + i / 8, ~0u);
	}
	for (unsigned i = 32; i < lines; i += 16)
		gic_write32(gicd + GICD_ICFGR + i / 4, SPI_CFG_LEVEL); /* level, as irq/gic_v2.c */
	for (unsigned i = 32; i < lines; i += 4)
		gic_write32(gicd + GICD_IPRIORITYR + i, IRQ_PRIO_DEFAULT * 0x01010101u);
	for (unsigned i = 32; i < lines; i++)
		gic_write64(gicd + GICD_IROUTER + 8 * i, irouter(this_aff()));
	if (!wait_clear(gicd + GICD_CTLR, GICD_CTLR_RWP))
		return IRQ_ENODEV;
	gic_write32(gicd + GICD_CTLR, (ds ? GICD_CTLR_DS : 0) | GICD_CTLR_ARE | GICD_CTLR_ENABLE);
	return wait_clear(gicd + GICD_CTLR, GICD_CTLR_RWP) ? 0 : IRQ_ENODEV;
}

static int v3_cpu_init(struct irq_cpu *c)
{
	uintptr_t sgi;
	unsigned frames;
	uint64_t stride;

	c->aff = this_aff();
	if (!(c->rd = walk_rdist(desc, &c->aff, &frames, &stride)))
		return IRQ_ENOCPU;
	sgi = c->rd + GICR_SGI;
	if (gic_el3(GIC_V3, gicd, c->rd, GIC_EL3_CPU))
		return IRQ_EASLEEP;
	/* Wake the redistributor: ProcessorSleep cleared, then ChildrenAsleep
	 * polled until the interface is awake, bounded (IHI 0069H 12.11.44;
	 * the GICv3 Software Overview, DAI 0492, "Power management"). */
	if (irq_info.fault != IRQ_FAULT_ASLEEP || !irq_info.cpus_inited)
		gic_write32(c->rd + GICR_WAKER, gic_read32(c->rd + GICR_WAKER) & ~WAKER_PSLEEP);
	c->waker = gic_read32(c->rd + GICR_WAKER);
	if (!wait_clear(c->rd + GICR_WAKER, WAKER_CASLEEP) ||
	    gic_read32(c->rd + GICR_WAKER) & WAKER_PSLEEP) {
		c->waker = gic_read32(c->rd + GICR_WAKER);
		return IRQ_EASLEEP;
	}
	c->waker = gic_read32(c->rd + GICR_WAKER);
	if (ds)
		gic_write32(sgi + GICD_IGROUPR, ~0u);
	gic_write32(sgi + GICD_ICENABLER, ~0u);
	gic_write32(sgi + GICD_ICPENDR, ~0u);
	gic_write32(sgi + GICD_ICACTIVER, ~0u);
	for (unsigned i = 0; i < 32; i += 4)
		gic_write32(sgi + GICD_IPRIORITYR + i, IRQ_PRIO_DEFAULT * 0x01010101u);
	if (!wait_clear(c->rd + GICR_CTLR, GICR_CTLR_RWP))
		return IRQ_ENODEV;
	/* The system-register interface: SRE first, an ISB before the other
	 * ICC registers are used (IHI 0069H 12.2.21 ICC_SRE_EL1). A higher EL
	 * that left ICC_SRE_EL2/EL3.Enable clear makes this access trap
	 * there (reported by bringup's EL2/EL3 vectors); SRE that does not
	 * stick means the interface is memory-mapped only. */
	icc_write(ICC_SRE_EL1, icc_read(ICC_SRE_EL1) | ICC_SRE_SRE | ICC_SRE_DFB_DIB);
	isb();
	c->sre = (uint32_t)icc_read(ICC_SRE_EL1);
	if (!(c->sre & ICC_SRE_SRE))
		return IRQ_ESRE;
	icc_write(ICC_PMR_EL1, IRQ_PMR_OPEN);
	icc_write(ICC_BPR1_EL1, 0);
#ifdef GIC_PLANT_BPR_NOPREEMPT /* check-gic-plants: no group priority bits, no preemption */
	icc_write(ICC_BPR1_EL1, 7);
#endif
	icc_write(ICC_CTLR_EL1, icc_read(ICC_CTLR_EL1) & ~(uint64_t)ICC_CTLR_EOIMODE);
	icc_write(ICC_IGRPEN1_EL1, 1);
	isb();
	return 0;
}

/* SGIs and PPIs: this CPU's redistributor; SPIs: the distributor. */
static uintptr_t bank(unsigned id)
{
	return id < 32 ? irq_cpu_ptr()->rd + GICR_SGI : gicd;
}

static void v3_enable(unsigned id, bool on)
{
	uintptr_t b = bank(id);

	gic_write32(b + (on ? GICD_ISENABLER : GICD_ICENABLER) + (id / 32) * 4, 1u << (id % 32));
	/* A disable takes effect once RWP reads 0 (IHI 0069H 12.9.4 / 12.11.2). */
	if (!on)
		wait_clear(id < 32 ? irq_cpu_ptr()->rd + GICR_CTLR : gicd + GICD_CTLR,
			   id < 32 ? GICR_CTLR_RWP : GICD_CTLR_RWP);
}

static bool v3_is_enabled(unsigned id)
{
	return gic_read32(bank(id) + GICD_ISENABLER + (id / 32) * 4) >> (id % 32) & 1;
}

static void v3_priority(unsigned id, uint8_t prio)
{
#ifdef GIC_PLANT_PRIO_WORD /* check-gic-plants: a word write clobbers three neighbours */
	gic_write32(bank(id) + GICD_IPRIORITYR + (id & ~3u), (uint32_t)prio << (id % 4 * 8));
	return;
#endif
	gic_write8(bank(id) + GICD_IPRIORITYR + id, prio);
}

static void v3_pending(unsigned id, bool on)
{
	gic_write32(bank(id) + (on ? GICD_ISPENDR : GICD_ICPENDR) + (id / 32) * 4, 1u << (id % 32));
}

static bool v3_is_pending(unsigned id)
{
#ifdef GIC_PLANT_PENDING_ENABLE /* check-gic-plants: the enable bit read for the pending one */
	return gic_read32(bank(id) + GICD_ISENABLER + (id / 32) * 4) >> (id % 32) & 1;
#endif
	return gic_read32(bank(id) + GICD_ISPENDR + (id / 32) * 4) >> (id % 32) & 1;
}

static void v3_pmr(uint8_t pmr)
{
	icc_write(ICC_PMR_EL1, pmr);
	isb();
}

static void v3_route(unsigned id, const struct irq_cpu *to)
{
	gic_write64(gicd + GICD_IROUTER + 8 * id, irouter(to->aff));
}

/* The IRQ entry: acknowledge (ICC_IAR1_EL1), dispatch, EOI (EOImode 0:
 * priority drop and deactivation in one, IHI 0069H 12.2.10); a special
 * INTID (1020..1023) is neither dispatched nor EOIed (12.2.9). */
static inline __attribute__((always_inline)) void v3_irq(bool eoi)
{
	uint64_t iar = icc_read(ICC_IAR1_EL1);
	unsigned id = iar & 0xffffff;

	if (__builtin_expect(id >= IRQ_SPURIOUS, 0)) {
		/* An LPI (8192 on, irq/gic_its.c) is EOIed like any other. */
		if (!gic_lpi_dispatch(id)) {
			irq_spurious();
			return;
		}
	} else {
		irq_dispatch(id, IRQ_NO_SRC);
	}
	if (eoi)
		icc_write(ICC_EOIR1_EL1, iar);
}

static void v3_entry(void *frame)
{
	(void)frame;
	v3_irq(true);
}

/* irq_mutant=noeoi: the running priority never drops. */
static void v3_entry_noeoi(void *frame)
{
	(void)frame;
	v3_irq(false);
}

const struct gic_ops gic_v3_ops = {
	.dist_init = v3_dist_init,
	.cpu_init = v3_cpu_init,
	.enable = v3_enable,
	.is_enabled = v3_is_enabled,
	.priority = v3_priority,
	.pending = v3_pending,
	.is_pending = v3_is_pending,
	.pmr = v3_pmr,
	.sgi = gic_v3_sgi,
	.sgi_many = gic_v3_sgi_many,
	.eoi_split = gic_v3_eoi_split,
	.deactivate = gic_v3_deactivate,
	.route = v3_route,
	.entry = v3_entry,
	.entry_noeoi = v3_entry_noeoi,
};
#else
static int v3_unsupported(const struct gic_desc *d)
{
	(void)d;
	return IRQ_EARCH;
}

const struct gic_ops gic_v3_ops = { .dist_init = v3_unsupported };
#endif
