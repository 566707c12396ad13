/* SPDX-License-Identifier: BSD-2-Clause */
/* The interrupt driver's common part: see irq/irq.h. */
#include "irq/irq.h"

#include <stdlib.h>
#include <string.h>

#include "arch/exception.h"
#include "irq/irq_priv.h"

const char *irq_err(int err)
{
	switch (err) {
	case 0: return "ok";
	case IRQ_ENODEV: return "the GIC does not answer at the address given";
	case IRQ_ENOCPU: return "no redistributor / CPU interface for this CPU";
	case IRQ_EASLEEP:
		return "GICR_WAKER.ChildrenAsleep stayed set: the redistributor did not wake";
	case IRQ_ESRE:
		return "ICC_SRE_EL1.SRE reads 0: the system-register interface is not enabled";
	case IRQ_EPMR:
		return "GICC_PMR reads 0 after a write of 0xf0: no CPU interface there, or Secure "
		       "firmware left PMR masking the Non-secure priorities (IHI 0048B 4.4.2)";
	case IRQ_EARCH: return "a GICv3 on ARMv7 is not driven";
	case IRQ_ESECURE:
		return "its enable did not stick: the firmware kept it Secure (Group 0 or Secure "
		       "Group 1: RAZ/WI to Non-secure accesses)";
	default: return "called out of order";
	}
}

int irq_init(const struct gic_desc *d)
{
	int err;

	if (d->version == GIC_V2)
		irq_ops = &gic_v2_ops;
	else if (d->version == GIC_V3)
		irq_ops = &gic_v3_ops;
	else if (d->version == IRQ_BCM2836)
		irq_ops = &bcm2836_ops;
	else
		return IRQ_ESTATE;
	irq_info.version = d->version;
	irq_info.cpus_inited = 0;
	if ((err = irq_ops->dist_init(d)) < 0) {
		irq_ops = NULL;
		return err;
	}
	if (!irq_table)
		irq_table = calloc(IRQ_SPURIOUS, sizeof(*irq_table));
	else
		memset(irq_table, 0, IRQ_SPURIOUS * sizeof(*irq_table));
	if (!irq_info.cpu_state)
		irq_info.cpu_state = calloc(IRQ_MAX_CPUS, sizeof(*irq_info.cpu_state));
	if (!irq_table || !irq_info.cpu_state) {
		irq_ops = NULL;
		return IRQ_ESTATE;
	}
	arch_irq_handler = (void (*)(struct exc_frame *))(
		irq_info.fault == IRQ_FAULT_NO_EOI ? irq_ops->entry_noeoi : irq_ops->entry);
	return 0;
}

int irq_cpu_init(unsigned slot)
{
	struct irq_cpu *c;
	int err;

	if (!irq_ops || slot >= IRQ_MAX_CPUS)
		return IRQ_ESTATE;
	c = &irq_info.cpu_state[slot];
	*c = (struct irq_cpu){ .slot = slot };
	irq_set_cpu_ptr(c);
	err = irq_ops->cpu_init(c);
	c->ready = err == 0;
	__atomic_fetch_add(&irq_info.cpus_inited, 1, __ATOMIC_RELAXED);
	return err;
}

struct irq_cpu *irq_this_cpu(void)
{
	return irq_cpu_ptr();
}

int irq_register(unsigned intid, irq_handler_fn fn, void *arg)
{
	if (!irq_ops || intid >= irq_info.nlines)
		return IRQ_ESTATE;
	irq_table[intid].arg = arg;
	__atomic_store_n(&irq_table[intid].fn, fn, __ATOMIC_RELEASE);
	return 0;
}

/* No handler: disabled at once, so it cannot come back (a level interrupt
 * would otherwise be taken again after every EOI), and counted. */
void irq_enable(unsigned intid, bool on)
{
	if (irq_ops && intid < irq_info.nlines)
		irq_ops->enable(intid, on);
}

int irq_enable_checked(unsigned intid)
{
	if (!irq_ops || intid >= irq_info.nlines)
		return IRQ_ESTATE;
	irq_ops->enable(intid, true);
	if (!irq_ops->is_enabled) /* the BCM2836: one security state, nothing kept */
		return 0;
#ifdef GIC_MUTANT_NO_READBACK /* host-gic: the read-back left out (caught) */
	return 0;
#endif
	return irq_ops->is_enabled(intid) ? 0 : IRQ_ESECURE;
}

const char *irq_security(void)
{
	if (!irq_ops || irq_info.version == IRQ_BCM2836)
		return NULL;
	if (irq_info.single_security)
		return irq_info.version == GIC_V3
			       ? "one security state (DS): all interrupts made Group 1"
			       : "no Security Extensions: Group 0 and any a loader made Group 1";
	/* With two security states, the state is the CPU's. On AArch64 the
	 * driver runs below EL3, Non-secure (Secure EL2 needs FEAT_SEL2 and a
	 * firmware that enables it): entered at EL3, bringup's own monitor
	 * did the Secure side first (irq_info.el3). ARMv7's mode does not
	 * tell Secure from Non-secure (arch/arch.h arch_is_firmware). */
	if (irq_info.el3)
		return irq_info.version == GIC_V3 ? "two security states: Group 1 Non-secure: "
						    "bringup is Non-secure, its "
						    "own EL3 set the Secure side up"
						  : "Security Extensions: the group bringup's "
						    "state sees: Non-secure, its "
						    "own EL3 set the Secure side up, Group 1";
#ifdef __aarch64__
	return irq_info.version == GIC_V3
		       ? "two security states: Group 1 Non-secure: bringup is Non-secure (entered "
			 "below EL3), the Secure groups are the firmware's"
		       : "Security Extensions: the group bringup's state sees: Non-secure (entered "
			 "below EL3), Group 1";
#else
	return "Security Extensions: the group bringup's state sees (Secure: Group 0; "
	       "Non-secure: Group 1; ARMv7's mode does not say which)";
#endif
}

void irq_set_priority(unsigned intid, uint8_t prio)
{
	if (irq_ops && intid < irq_info.nlines)
		irq_ops->priority(intid, prio);
}

void irq_set_pending(unsigned intid, bool on)
{
	if (irq_ops && intid < irq_info.nlines)
		irq_ops->pending(intid, on);
}

bool irq_is_pending(unsigned intid)
{
	return irq_ops && intid < irq_info.nlines && irq_ops->is_pending(intid);
}

void irq_set_pmr(uint8_t pmr)
{
	if (irq_ops)
		irq_ops->pmr(pmr);
}

void irq_send_sgi(unsigned intid, unsigned to)
{
	if (irq_ops && intid < 16 && to < IRQ_MAX_CPUS)
		irq_ops->sgi(intid, &irq_info.cpu_state[to]);
}

void irq_send_sgi_list(unsigned intid, const unsigned *slots, unsigned n)
{
	const struct irq_cpu *to[IRQ_SGI_MANY_MAX];

	if (!irq_ops || intid >= 16 || n > IRQ_SGI_MANY_MAX)
		return;
	for (unsigned i = 0; i < n; i++)
		to[i] = &irq_info.cpu_state[slots[i] < IRQ_MAX_CPUS ? slots[i] : 0];
	if (irq_ops->sgi_many)
		irq_ops->sgi_many(intid, to, n);
	else
		for (unsigned i = 0; i < n; i++)
			irq_ops->sgi(intid, to[i]);
}

void irq_send_sgi_others(unsigned intid)
{
	const struct irq_cpu *me = irq_this_cpu();

	if (!irq_ops || intid >= 16 || !me)
		return;
	if (irq_ops->sgi_many)
		irq_ops->sgi_many(intid, NULL, 0);
	else
		for (unsigned i = 0; i < IRQ_MAX_CPUS; i++)
			if (irq_info.cpu_state[i].ready && i != me->slot)
				irq_ops->sgi(intid, &irq_info.cpu_state[i]);
}

void irq_send_sgi_to(unsigned intid, const struct irq_cpu *to)
{
	if (irq_ops && intid < 16 && to)
		irq_ops->sgi(intid, to);
}

bool irq_set_eoi_split(bool on)
{
	return irq_ops && irq_ops->eoi_split && irq_ops->eoi_split(on);
}

void irq_deactivate(unsigned intid, unsigned src)
{
	if (irq_ops && irq_ops->deactivate && intid < irq_info.nlines)
		irq_ops->deactivate(intid, src);
}

void irq_route(unsigned intid, unsigned to)
{
	if (irq_ops && intid >= 32 && intid < irq_info.nlines && to < IRQ_MAX_CPUS)
		irq_ops->route(intid, &irq_info.cpu_state[to]);
}

#ifndef GIC_HOST_MODEL
/* PSTATE.I / CPSR.I (DDI 0487 "Process state, PSTATE"; DDI 0406C B1.3.3):
 * the ISB makes a pending interrupt taken right here, not some
 * instructions later (the change to PSTATE by MSR DAIFClr is
 * context-synchronized only by the next context synchronization event). */
void irq_local_enable(void)
{
#ifdef __aarch64__
	__asm__ volatile("msr daifclr, #2\n\tisb" ::: "memory");
#else
	__asm__ volatile("cpsie i\n\tisb" ::: "memory");
#endif
}

void irq_local_disable(void)
{
#ifdef __aarch64__
	__asm__ volatile("msr daifset, #2" ::: "memory");
#else
	__asm__ volatile("cpsid i" ::: "memory");
#endif
}
#endif
