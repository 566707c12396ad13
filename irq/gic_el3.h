/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gic_el3_make_ns()'s `what` bits (irq/aarch64/gic_el3.S, called through
 * irq/irq_priv.h gic_el3()): the distributor's part, this CPU's part.
 */
#ifndef IRQ_GIC_EL3_H
#define IRQ_GIC_EL3_H

#define GIC_EL3_DIST 1
#define GIC_EL3_CPU  2

#endif
