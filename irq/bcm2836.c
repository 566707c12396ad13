/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Raspberry Pi 2/3's ARM-local interrupt controller (BCM2836/BCM2837
 * "QA7": Broadcom's "ARM Quad A7 core" document; Linux
 * drivers/irqchip/irq-bcm2836.c): per core a timer interrupt control, a
 * mailbox interrupt control, an IRQ source register and four mailboxes
 * (write-set / read, write-clear). Not a GIC; driven through the same ops
 * with GIC-like INTIDs, so the tests run unchanged:
 *   SGI 0..3   mailbox 0..3 of the target core (the value written is the
 *              sender's bit, so the handler learns the source)
 *   PPI 29/30  the secure / non-secure physical timer (CNTPS, CNTPNS)
 *   PPI 26/27  the hypervisor / virtual timer (CNTHP, CNTV)
 * No priorities, PMR or SPIs (the GPU's interrupts are the other
 * controller's, brcm,bcm2836-armctrl-ic: not driven).
 */
#include "irq/irq_priv.h"

#define LOCAL_TIMER_CTL(c)   (0x40 + 4 * (c)) /* bits 0-3: CNTPS, CNTPNS, CNTHP, CNTV IRQ */
#define LOCAL_MBOX_CTL(c)    (0x50 + 4 * (c)) /* bits 0-3: mailbox 0-3 IRQ */
#define LOCAL_IRQ_SRC(c)     (0x60 + 4 * (c)) /* bits 0-3 timers, 4-7 mailboxes */
#define LOCAL_MBOX_SET(c, m) (0x80 + 16 * (c) + 4 * (m))
#define LOCAL_MBOX_CLR(c, m) (0xc0 + 16 * (c) + 4 * (m))
#define LOCAL_CORES          4
#define SRC_MBOX0            4
#define SRC_LINES            8

static uintptr_t base;
/* The source bit of each timer INTID, and back. */
static const uint8_t timer_intid[4] = { 29, 30, 26, 27 };

static int timer_bit(unsigned id)
{
	for (int b = 0; b < 4; b++)
		if (timer_intid[b] == id)
			return b;
	return -1;
}

static unsigned core_of(const struct irq_cpu *c)
{
	return (unsigned)__builtin_ctz(c->mask | 0x100u);
}

static int bcm_init(const struct gic_desc *d)
{
	base = (uintptr_t)d->dist;
	irq_info.dist = base;
	irq_info.nlines = 32;
	irq_info.ncpus = LOCAL_CORES;
	irq_info.single_security = true;
	return 0;
}

static void set_bit(uintptr_t reg, unsigned bit, bool on)
{
	uint32_t v = gic_read32(reg);

	gic_write32(reg, on ? v | 1u << bit : v & ~(1u << bit));
}

static int bcm_cpu_init(struct irq_cpu *c)
{
	uint64_t m;

#ifdef GIC_HOST_MODEL
	m = c->slot;
#elif defined(__aarch64__)
	__asm__ volatile("mrs %0, mpidr_el1" : "=r"(m));
#else
	__asm__ volatile("mrc p15, 0, %0, c0, c0, 5" : "=r"(m));
#endif
	if ((m & 0xff) >= LOCAL_CORES)
		return IRQ_ENOCPU;
	c->mask = (uint8_t)(1u << (m & 3));
	c->aff = m & 0xff;
	/* Every source of this core off, its mailboxes cleared. */
	gic_write32(base + LOCAL_TIMER_CTL(m & 3), 0);
	gic_write32(base + LOCAL_MBOX_CTL(m & 3), 0);
	for (unsigned k = 0; k < 4; k++)
		gic_write32(base + LOCAL_MBOX_CLR(m & 3, k), ~0u);
	return 0;
}

static void bcm_enable(unsigned id, bool on)
{
	unsigned core = core_of(irq_cpu_ptr());
	int b = timer_bit(id);

	if (id < 4)
		set_bit(base + LOCAL_MBOX_CTL(core), id, on);
	else if (b >= 0)
		set_bit(base + LOCAL_TIMER_CTL(core), (unsigned)b, on);
}

static void bcm_nothing(unsigned id, uint8_t v)
{
	(void)id, (void)v;
}

static void bcm_pending(unsigned id, bool on)
{
	unsigned core = core_of(irq_cpu_ptr());

	if (id < 4)
		gic_write32(base + (on ? LOCAL_MBOX_SET(core, id) : LOCAL_MBOX_CLR(core, id)),
			    on ? irq_cpu_ptr()->mask : ~0u);
}

static bool bcm_is_pending(unsigned id)
{
	unsigned core = core_of(irq_cpu_ptr());
	int b = timer_bit(id);

	if (id < 4)
		return gic_read32(base + LOCAL_MBOX_CLR(core, id)) != 0;
	return b >= 0 && gic_read32(base + LOCAL_IRQ_SRC(core)) >> b & 1;
}

static void bcm_pmr(uint8_t pmr)
{
	(void)pmr;
}

static void bcm_sgi(unsigned id, const struct irq_cpu *to)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST); /* earlier stores before the mailbox write */
	gic_write32(base + LOCAL_MBOX_SET(core_of(to), id & 3), 1u << irq_cpu_ptr()->slot);
}

static void bcm_route(unsigned id, const struct irq_cpu *to)
{
	(void)id, (void)to;
}

/* The IRQ entry: the lowest source bit set; a mailbox is acknowledged by
 * writing its bits back to its clear register (the value is the sender's
 * bit); a timer stays asserted until its handler silences it. No source
 * set: counted as spurious. */
static void bcm_entry(void *frame)
{
	struct irq_cpu *c = irq_cpu_ptr();
	unsigned core = core_of(c);
	uint32_t src = gic_read32(base + LOCAL_IRQ_SRC(core)) & ((1u << SRC_LINES) - 1);
	unsigned b;

	(void)frame;
	if (!src) {
		irq_spurious();
		return;
	}
	b = (unsigned)__builtin_ctz(src);
	if (b >= SRC_MBOX0) {
		uintptr_t clr = base + LOCAL_MBOX_CLR(core, b - SRC_MBOX0);
		uint32_t v = gic_read32(clr);

		gic_write32(clr, v);
		irq_dispatch(b - SRC_MBOX0, v ? (unsigned)__builtin_ctz(v) : IRQ_NO_SRC);
	} else {
		irq_dispatch(timer_intid[b], IRQ_NO_SRC);
	}
}

const struct gic_ops bcm2836_ops = {
	.dist_init = bcm_init,
	.cpu_init = bcm_cpu_init,
	.enable = bcm_enable,
	.priority = bcm_nothing,
	.pending = bcm_pending,
	.is_pending = bcm_is_pending,
	.pmr = bcm_pmr,
	.sgi = bcm_sgi,
	.route = bcm_route,
	.entry = bcm_entry,
	.entry_noeoi = bcm_entry, /* nothing to end: a mailbox is acknowledged by clearing it */
};
