/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A GICv2m MSI frame (arm,gic-v2m-frame; Arm Server Base System
 * Architecture DEN0029 appendix "GICv2m", Linux
 * drivers/irqchip/irq-gic-v2m.c): a block of SPIs a device raises by
 * writing the SPI's INTID to the frame's MSI_SETSPI_NS doorbell; which
 * SPIs, from MSI_TYPER (base INTID [25:16], count [9:0]).
 *
 * Contract (after irq_init, any GIC whose SPIs the frame's belong to):
 * - v2m_probe(base, f): MSI_TYPER read; 0, or V2M_ENODEV where it reads 0
 *   or names SPIs outside the distributor's lines (irq_info.nlines).
 * - v2m_edge(intid): that SPI made edge-triggered (GICD_ICFGR, IHI 0048B
 *   4.3.13): an MSI is an event, not a level (Linux v2m: IRQ_TYPE_EDGE_RISING).
 * - v2m_raise(f, intid): the doorbell written with intid, as a device's
 *   MSI write would.
 */
#ifndef IRQ_GIC_V2M_H
#define IRQ_GIC_V2M_H

#include <stdbool.h>
#include <stdint.h>

#define V2M_ENODEV (-30)

struct v2m_frame {
	uintptr_t base;
	uint32_t typer;    /* MSI_TYPER */
	uint32_t iidr;     /* MSI_IIDR */
	unsigned spi_base; /* the first SPI's INTID */
	unsigned nspis;
	bool fault_offset; /* planted bug (irq_mutant=v2m): the SPI's offset in the frame
			      written */
};

int v2m_probe(uint64_t base, struct v2m_frame *f);
void v2m_edge(unsigned intid);
void v2m_raise(const struct v2m_frame *f, unsigned intid);

#endif
