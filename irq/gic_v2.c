/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GICv2 (ARM IHI 0048B): the memory-mapped distributor and CPU interface;
 * also the Cortex-A9/A15/A7 GICs and the GIC-400 (their TRMs: the GICv1
 * registers used here are a subset). See irq/irq.h.
 *
 * Security: bringup may run Secure (vexpress-a15 enters Secure SVC),
 * Non-secure, or on a GIC without the Security Extensions. Every interrupt
 * resets to Group 0; Secure or without Security Extensions that group is
 * ours and signalled as IRQ while GICC_CTLR.FIQEn is 0, Non-secure we see
 * only Group 1 through the banked Non-secure views. Bit 0 of GICD_CTLR and
 * GICC_CTLR enables the group we see in each case (IHI 0048B 4.3.1,
 * 4.4.1): GICD_IGROUPR is never written (RAZ/WI to Non-secure accesses).
 * Without the Security Extensions both groups are ours, and a loader may
 * have moved interrupts to Group 1 (U-Boot's armv7 non-secure switch,
 * arch/arm/cpu/armv7/nonsec_virt.S, writes every GICD_IGROUPR): bit 1 then
 * enables Group 1 too, signalled as IRQ like Group 0 while FIQEn is 0.
 *
 * Not banked (the tree's cpu-offset: the Exynos 4210/4412): each CPU's copy
 * of the distributor's banked registers and of its CPU interface is at
 * base + core * cpu-offset, core its MPIDR Aff0; every access a CPU makes
 * goes to its own copies (Linux drivers/irqchip/irq-gic.c gic_init_bases,
 * percpu_offset: "ARM: gic: allow GIC to support non-banked setups").
 */
#include "irq/irq_priv.h"

#define GICD_SGIR      0xf00
#define GICD_CPENDSGIR 0xf10
#define GICD_SPENDSGIR 0xf20
#define SGIR_TARGETS   16 /* CPUTargetList [23:16]; TargetListFilter 0: the list */
/* TargetListFilter 0b01: every interface but the sender */
#define SGIR_OTHERS (1u << 24)

#define GICC_CTLR        0x00
#define GICC_PMR         0x04
#define GICC_BPR         0x08
#define GICC_IAR         0x0c
#define GICC_EOIR        0x10
#define GICC_IIDR        0xfc
#define GICC_ENABLE      1u /* EnableGrp0, or the Non-secure view's EnableGrp1 */
#define GICC_ENABLE_GRP1 2u /* EnableGrp1, where both groups are ours */
#define GICC_IAR_ID(v)   ((v)&0x3ff)
#define GICC_IAR_SRC(v)  (((v) >> 10) & 7) /* SGIs: the sending CPU interface */

#define GICC_EOIMODE    (1u << 9)  /* EOImodeS, or the Non-secure view's EOImodeNS */
#define GICC_EOIMODE_NS (1u << 10) /* EOImodeNS, where both groups are ours */

/* gicd, gicc: the CPU irq_init ran on; gicd0, gicc0: the tree's reg. */
static uintptr_t gicd, gicc, gicd0, gicc0, cpu_offset;

/* This CPU's distributor and CPU interface: the one copy when banked, else
 * its own (set by v2_cpu_init; the per-CPU pointer is read only then). */
/* base + core * cpu_offset, core this CPU's MPIDR Aff0; summed, not
 * multiplied: a 64-bit multiply-accumulate after a load is the Cortex-A53
 * erratum 835769 sequence scripts/check-a53-835769.sh refuses. */
static uintptr_t my_copy(uintptr_t base)
{
	for (unsigned n = irq_core_id(); n && cpu_offset; n--)
		base += cpu_offset;
	return base;
}

static inline uintptr_t my_gicd(void)
{
	return cpu_offset ? irq_cpu_ptr()->gicd : gicd;
}

static inline uintptr_t my_gicc(void)
{
	return cpu_offset ? irq_cpu_ptr()->gicc : gicc;
}

static void set_bit(uintptr_t reg, unsigned id)
{
	gic_write32(reg + (id / 32) * 4, 1u << (id % 32));
}

/* The group enable bits of GICD_CTLR and GICC_CTLR for the groups we see. */
#ifndef GIC_MUTANT_EDGE
#define SPI_CFG_LEVEL 0u /* 16 SPIs, each Int_config 0b00: level-sensitive */
#else                    /* host-gic: the old edge configuration (caught) */
#define SPI_CFG_LEVEL 0xaaaaaaaau
#endif

static uint32_t enables(void)
{
	return GICC_ENABLE | (irq_info.single_security ? GICC_ENABLE_GRP1 : 0);
}

static int v2_dist_init(const struct gic_desc *d)
{
	uint32_t typer;
	unsigned lines;

	cpu_offset = (uintptr_t)d->cpu_offset;
#ifdef GIC_MUTANT_NO_CPU_OFFSET /* host-gic: cpu-offset ignored, CPU 0's copy driven (caught) */
	cpu_offset = 0;
#endif
	gicd0 = (uintptr_t)d->dist;
	gicc0 = (uintptr_t)d->cpu;
	gicd = my_copy(gicd0);
	gicc = my_copy(gicc0);
	typer = gic_read32(gicd + GICD_TYPER);
	if (typer == 0xffffffffu)
		return IRQ_ENODEV;
	lines = GICD_TYPER_LINES(typer);
	if (lines > IRQ_SPURIOUS)
		lines = IRQ_SPURIOUS;
	irq_info.dist = gicd;
	irq_info.cpu = gicc;
	irq_info.nlines = lines;
	irq_info.ncpus = ((typer >> 5) & 7) + 1;
	irq_info.single_security = !(typer & (1u << 10)); /* SecurityExtn */
	irq_info.iidr = gic_read32(gicd + GICD_IIDR);
	if (gic_el3(GIC_V2, gicd, gicc, GIC_EL3_DIST))
		return IRQ_ENODEV;
	gic_write32(gicd + GICD_CTLR, 0);
	for (unsigned i = 32; i < lines; i += 32) {
		gic_write32(gicd + GICD_ICENABLER + i / 8, ~0u);
		gic_write32(gicd + GICD_ICPENDR + i / 8, ~0u);
		gic_write32(gicd + GICD_ICACTIVER + i / 8, ~0u);
	}
	/* Level-sensitive (ICFGR Int_config[1] = 0), as Linux's gic_dist_config
	 * makes every SPI: a device's line asserted stays pending until the
	 * device is served. A software pend (GICD_ISPENDR) is still a single
	 * event: acknowledging clears the pending latch (IHI 0048B 3.2.4).
	 * Priority; no target until irq_route. */
	for (unsigned i = 32; i < lines; i += 16)
		gic_write32(gicd + GICD_ICFGR + i / 4, SPI_CFG_LEVEL);
	for (unsigned i = 32; i < lines; i += 4) {
		gic_write32(gicd + GICD_IPRIORITYR + i, IRQ_PRIO_DEFAULT * 0x01010101u);
		gic_write32(gicd + GICD_ITARGETSR + i, 0);
	}
	gic_write32(gicd + GICD_CTLR, enables());
	return 0;
}

/*
 * This CPU's interface bit. GICD_ITARGETSR0..7 are banked and read-only:
 * each byte holds the reading CPU's own interface bit (IHI 0048B 4.3.12),
 * but the byte of an interrupt Secure firmware kept in Group 0 is RAZ to a
 * Non-secure read (4.3.12, "Security Extensions"), so every byte of all
 * eight words is ORed, as Linux drivers/irqchip/irq-gic.c gic_get_cpumask
 * does. All zero on a uniprocessor GIC, whose one interface is bit 0.
 */
static uint8_t iface_mask(uintptr_t gicd)
{
	uint32_t m = 0;

	for (unsigned i = 0; i < 32; i += 4)
		m |= gic_read32(gicd + GICD_ITARGETSR + i);
#ifdef GIC_MUTANT_MASK_WORD0 /* host-gic: byte 0 of word 0 only (caught) */
	m = gic_read32(gicd + GICD_ITARGETSR) & 0xff;
#endif
	m |= m >> 16;
	m |= m >> 8;
#ifdef GIC_PLANT_UP_NOMASK /* check-gic-plants: a uniprocessor GIC's RAZ taken as the bit */
	return (uint8_t)m;
#endif
	return (m & 0xff) ? (uint8_t)m : 1;
}

static int v2_cpu_init(struct irq_cpu *c)
{
	/* Not banked (cpu-offset): this CPU's own copies from here on. */
	uintptr_t gicd = my_copy(gicd0), gicc = my_copy(gicc0);

	c->gicd = gicd;
	c->gicc = gicc;
	gic_el3(GIC_V2, gicd, gicc, GIC_EL3_CPU);
	c->mask = iface_mask(gicd);
#ifdef GIC_MUTANT_SLOT_AS_MASK /* host-gic: the CPU number taken for the interface (caught) */
	c->mask = (uint8_t)(1u << c->slot);
#endif
	gic_write32(gicd + GICD_ICENABLER, ~0u);
	gic_write32(gicd + GICD_ICPENDR, ~0u);
	gic_write32(gicd + GICD_ICACTIVER, ~0u);
	for (unsigned i = 0; i < 16; i += 4)
		gic_write32(gicd + GICD_CPENDSGIR + i, ~0u);
	for (unsigned i = 0; i < 32; i += 4)
		gic_write32(gicd + GICD_IPRIORITYR + i, IRQ_PRIO_DEFAULT * 0x01010101u);
	gic_write32(gicc + GICC_PMR, IRQ_PMR_OPEN);
	/* PMR is RW. Reading 0 after the write: Secure firmware left the
	 * Secure PMR below 0x80, so Non-secure writes are ignored (IHI 0048B
	 * 4.4.2), or nothing answers here; IRQ_EPMR's text names both. */
	if ((gic_read32(gicc + GICC_PMR) & 0xff) == 0) {
#ifdef GIC_MUTANT_PMR_ENODEV /* host-gic: the earlier misdiagnosis (caught) */
		return IRQ_ENODEV;
#endif
		return IRQ_EPMR;
	}
	gic_write32(gicc + GICC_BPR, 0); /* the most group priorities: preemption by priority */
#ifdef GIC_PLANT_BPR_NOPREEMPT /* check-gic-plants: no group priority bits, no preemption */
	gic_write32(gicc + GICC_BPR, 7);
#endif
	/* A whole value, not what a loader left: FIQEn 0 (Group 0 as IRQ), AckCtl
	 * and CBPR 0, EOImode 0 (EOI drops the priority and deactivates). */
	gic_write32(gicc + GICC_CTLR, enables());
	return 0;
}

static void v2_enable(unsigned id, bool on)
{
	set_bit(my_gicd() + (on ? GICD_ISENABLER : GICD_ICENABLER), id);
}

static bool v2_is_enabled(unsigned id)
{
	return gic_read32(my_gicd() + GICD_ISENABLER + (id / 32) * 4) >> (id % 32) & 1;
}

static void v2_priority(unsigned id, uint8_t prio)
{
#ifdef GIC_PLANT_PRIO_WORD /* check-gic-plants: a word write clobbers three neighbours */
	gic_write32(my_gicd() + GICD_IPRIORITYR + (id & ~3u), (uint32_t)prio << (id % 4 * 8));
	return;
#endif
	gic_write8(my_gicd() + GICD_IPRIORITYR + id, prio);
}

static void v2_pending(unsigned id, bool on)
{
	struct irq_cpu *c = irq_cpu_ptr();

	if (id < 16) /* SGIs: pend from this CPU to itself (GICD_SPENDSGIR/CPENDSGIR) */
		gic_write8(my_gicd() + (on ? GICD_SPENDSGIR : GICD_CPENDSGIR) + id, c->mask);
	else
		set_bit(my_gicd() + (on ? GICD_ISPENDR : GICD_ICPENDR), id);
}

static bool v2_is_pending(unsigned id)
{
#ifdef GIC_PLANT_PENDING_ENABLE /* check-gic-plants: the enable bit read for the pending one */
	return gic_read32(my_gicd() + GICD_ISENABLER + (id / 32) * 4) >> (id % 32) & 1;
#endif
	return gic_read32(my_gicd() + GICD_ISPENDR + (id / 32) * 4) >> (id % 32) & 1;
}

static void v2_pmr(uint8_t pmr)
{
	gic_write32(my_gicc() + GICC_PMR, pmr);
}

static void v2_sgi(unsigned id, const struct irq_cpu *to)
{
	/* Earlier stores to Normal memory are observed before the SGI's
	 * handler runs: a barrier before the write to GICD_SGIR (Linux
	 * drivers/irqchip/irq-gic.c gic_ipi_send_mask: dmb(ishst)). */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#ifdef GIC_PLANT_SGI_SELF /* check-gic-plants: the sender named in its own target list */
	gic_write32(my_gicd() + GICD_SGIR, (uint32_t)(to->mask | irq_cpu_ptr()->mask) << 16 | id);
	return;
#endif
	gic_write32(my_gicd() + GICD_SGIR, (uint32_t)to->mask << SGIR_TARGETS | id);
}

/* Several targets in one write: their interface bits ORed into
 * CPUTargetList; or, with to NULL, TargetListFilter 0b01: every interface
 * but the sender's (IHI 0048B 4.3.15). */
static void v2_sgi_many(unsigned id, const struct irq_cpu *const *to, unsigned n)
{
	uint32_t list = 0;

	for (unsigned i = 0; to && i < n; i++)
		list |= to[i]->mask;
#ifdef GIC_PLANT_SGI_SELF
	list |= to ? irq_cpu_ptr()->mask : 0;
#endif
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	gic_write32(my_gicd() + GICD_SGIR, to ? list << SGIR_TARGETS | id : SGIR_OTHERS | id);
}

/* GICC_DIR's offset from the CPU interface (0: none found). GICv2 puts it
 * in the interface's second 4 KiB page (IHI 0048B 4.4.15); a GIC-400 whose
 * pages are each aliased over 64 KiB (the ZynqMP's) has that page at
 * 0x10000, and the first page's GICC_IIDR then reads again at 0x10fc
 * (Linux drivers/irqchip/irq-gic.c gic_check_eoimode: the same test). */
static uintptr_t dir_off;

/* EOImode 1 (IHI 0048B 4.4.1, 3.2.4 "Priority drop and interrupt
 * deactivation"): GICC_EOIR only drops the running priority, GICC_DIR
 * deactivates. Bit 9 is the mode of the group this state sees; without the
 * Security Extensions bit 10 is Group 1's (both ours). A GICv1 (GICC_IIDR
 * ArchitectureVersion 1: the Cortex-A9's) has neither. */
static bool v2_eoi_split(bool on)
{
	uintptr_t c = my_gicc();
	uint32_t iidr = gic_read32(c + GICC_IIDR);

	if ((iidr >> 16 & 0xf) < 2)
		return false;
	if (!dir_off)
		dir_off = gic_read32(c + 0x1000 + GICC_IIDR) != iidr    ? 0x1000
			  : gic_read32(c + 0x10000 + GICC_IIDR) != iidr ? 0x10000
									: 0;
	if (!dir_off)
		return false;
#ifdef GIC_PLANT_EOIMODE_IGNORED /* check-gic-plants: EOImode left 0 */
	on = false;
#endif
	gic_write32(
		c + GICC_CTLR,
		enables() |
			(on ? GICC_EOIMODE | (irq_info.single_security ? GICC_EOIMODE_NS : 0) : 0));
	return true;
}

/* GICC_DIR takes the acknowledged value: an SGI's source CPU too (4.4.15). */
static void v2_deactivate(unsigned id, unsigned src)
{
	uint32_t v = id | (id < 16 ? (src & 7) << 10 : 0);

#ifdef GIC_PLANT_DIR_AS_EOI /* check-gic-plants: GICC_EOIR written for the deactivation */
	gic_write32(my_gicc() + GICC_EOIR, v);
	return;
#endif
	if (dir_off)
		gic_write32(my_gicc() + dir_off, v);
}

static void v2_route(unsigned id, const struct irq_cpu *to)
{
	gic_write8(my_gicd() + GICD_ITARGETSR + id, to->mask);
}

/* The IRQ entry: acknowledge (GICC_IAR), dispatch, EOI with the value
 * read (IHI 0048B 4.4.5: for an SGI the EOI must carry its source CPU); a
 * special INTID (1020..1023) is neither dispatched nor EOIed (3.2.5). */
static inline __attribute__((always_inline)) void v2_irq(bool eoi)
{
	uintptr_t gicc = my_gicc();
	uint32_t iar = gic_read32(gicc + GICC_IAR), id = GICC_IAR_ID(iar);

	if (__builtin_expect(id >= IRQ_SPURIOUS, 0)) {
		irq_spurious();
#ifdef GIC_MUTANT_EOI_SPURIOUS /* host-gic: 1023 EOIed (caught) */
		gic_write32(gicc + GICC_EOIR, iar);
#endif
		return;
	}
	irq_dispatch(id, id < 16 ? GICC_IAR_SRC(iar) : IRQ_NO_SRC);
#ifdef GIC_MUTANT_EOI_ID_ONLY /* host-gic: the source CPU bits dropped (caught) */
	iar = id;
#endif
#ifdef GIC_MUTANT_NO_EOI /* host-gic: never EOIed (caught) */
	eoi = false;
#endif
	if (eoi)
		gic_write32(gicc + GICC_EOIR, iar);
}

static void v2_entry(void *frame)
{
	(void)frame;
	v2_irq(true);
}

/* irq_mutant=noeoi: the running priority never drops. */
static void v2_entry_noeoi(void *frame)
{
	(void)frame;
	v2_irq(false);
}

const struct gic_ops gic_v2_ops = {
	.dist_init = v2_dist_init,
	.cpu_init = v2_cpu_init,
	.enable = v2_enable,
	.is_enabled = v2_is_enabled,
	.priority = v2_priority,
	.pending = v2_pending,
	.is_pending = v2_is_pending,
	.pmr = v2_pmr,
	.sgi = v2_sgi,
	.sgi_many = v2_sgi_many,
	.eoi_split = v2_eoi_split,
	.deactivate = v2_deactivate,
	.route = v2_route,
	.entry = v2_entry,
	.entry_noeoi = v2_entry_noeoi,
};
