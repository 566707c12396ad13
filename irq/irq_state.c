/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The state the interrupt driver's common part (irq/irq.c) and the GIC
 * drivers (irq/gic_v2.c, gic_v3.c, bcm2836.c) share, and the rare cases of
 * the IRQ path the drivers call: irq/irq_priv.h. In a file of its own so
 * that irq.c calls the drivers and the drivers call this, never back.
 */
#include "irq/irq.h"
#include "irq/irq_priv.h"

struct irq_info irq_info;
const struct gic_ops *irq_ops;
/* From the heap, not BSS: the boot clears BSS, and 16 KiB of it would cost
 * the boot benchmark 1,000 instructions. */
struct irq_slot *irq_table;

void irq_unhandled(unsigned id)
{
	struct irq_cpu *c = irq_cpu_ptr();

#ifndef GIC_MUTANT_KEEP_UNHANDLED /* host-gic: left enabled (caught: taken again) */
	irq_ops->enable(id, false);
#endif
	c->unhandled++;
	c->last_unhandled = id;
}

void irq_spurious(void)
{
	irq_cpu_ptr()->spurious++;
}
