/* SPDX-License-Identifier: BSD-2-Clause */
/* A GICv2m MSI frame: see irq/gic_v2m.h. */
#include "irq/gic_v2m.h"

#include "irq/irq_priv.h"

/* Frame registers (SBSA DEN0029 "GICv2m"; Linux irq-gic-v2m.c V2M_*). */
#define V2M_MSI_TYPER     0x008
#define V2M_MSI_SETSPI_NS 0x040
#define V2M_MSI_IIDR      0xfcc
#define TYPER_BASE(t)     ((t) >> 16 & 0x3ff)
#define TYPER_NUM(t)      ((t)&0x3ff)
#define ICFGR_EDGE(intid) (2u << ((intid) % 16 * 2))

int v2m_probe(uint64_t base, struct v2m_frame *f)
{
	f->base = (uintptr_t)base;
	f->typer = gic_read32(f->base + V2M_MSI_TYPER);
	f->iidr = gic_read32(f->base + V2M_MSI_IIDR);
	f->spi_base = TYPER_BASE(f->typer);
	f->nspis = TYPER_NUM(f->typer);
	if (!f->nspis || f->spi_base < 32 || f->spi_base + f->nspis > irq_info.nlines)
		return V2M_ENODEV;
	return 0;
}

void v2m_edge(unsigned intid)
{
	uintptr_t r = irq_info.dist + GICD_ICFGR + intid / 16 * 4;

	gic_write32(r, gic_read32(r) | ICFGR_EDGE(intid));
}

void v2m_raise(const struct v2m_frame *f, unsigned intid)
{
	/* The doorbell takes the SPI's INTID (Linux gicv2m_compose_msi_msg:
	 * data = hwirq); a value outside MSI_TYPER's range is ignored. */
	gic_write32(f->base + V2M_MSI_SETSPI_NS, f->fault_offset ? intid - f->spi_base : intid);
}
