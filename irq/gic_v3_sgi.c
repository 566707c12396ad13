/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GICv3 (ARM IHI 0069H), AArch64: the CPU interface's SGI generation
 * (ICC_SGI1R_EL1: one target, several, all but self) and EOImode 1 with
 * ICC_DIR_EL1; irq/gic_v3.c's ops call them. See irq/irq.h.
 */
#include "irq/irq_priv.h"

#ifdef __aarch64__
#include "arch/sysreg.h"
#include "irq/gic_v3_icc.h"

#define SGI1R_IRM   (1ull << 40) /* Interrupt_Routing_Mode: all but self */
#define SGI1R_INTID (0xfull << 24)

/* ICC_SGI1R_EL1 (IHI 0069H 12.2.23): Aff3 [55:48], RS [47:44] (Aff0 / 16),
 * Aff2 [39:32], INTID [27:24], Aff1 [23:16], TargetList [15:0] (Aff0 % 16).
 * The DSB makes earlier stores visible before the SGI can be taken (Linux
 * drivers/irqchip/irq-gic-v3.c gic_ipi_send_mask: dsb(ishst)); the ISB
 * makes the write happen now. */
static uint64_t sgi1r(unsigned id, uint64_t a)
{
	uint64_t aff0 = a & 0xff;

#ifdef GIC_PLANT_SGI_AFF1 /* check-gic-plants: Aff1 taken from Aff2's byte */
	a = (a & ~0xff00ull) | (a >> 8 & 0xff00);
#endif
	return (a >> 24 & 0xff) << 48 | (aff0 >> 4) << 44 | (a >> 16 & 0xff) << 32 |
	       (uint64_t)id << 24 | (a >> 8 & 0xff) << 16 | 1u << (aff0 & 15);
}

static void sgi_write(uint64_t v)
{
#ifdef GIC_PLANT_SGI_SELF /* check-gic-plants: the sender named in its own target list */
	if (!(v & SGI1R_IRM) && ((sgi1r(0, irq_cpu_ptr()->aff) ^ v) & ~SGI1R_INTID) >> 16 == 0)
		v |= sgi1r(0, irq_cpu_ptr()->aff) & 0xffff;
#endif
	dsb(ishst);
	icc_write(ICC_SGI1R_EL1, v);
	isb();
}

void gic_v3_sgi(unsigned id, const struct irq_cpu *to)
{
	sgi_write(sgi1r(id, to->aff));
}

/* Several targets: one write for each run of them sharing Aff3, Aff2, Aff1
 * and RS (their TargetList bits ORed; a sorted list makes the fewest); with
 * to NULL, Interrupt_Routing_Mode 1: every PE but the sender (12.2.23). */
void gic_v3_sgi_many(unsigned id, const struct irq_cpu *const *to, unsigned n)
{
	uint64_t v = to ? 0 : SGI1R_IRM | (uint64_t)id << 24;

	for (unsigned i = 0; to && i < n; i++) {
		uint64_t w = sgi1r(id, to[i]->aff);

		if (v && (w ^ v) >> 16)
			sgi_write(v), v = 0;
		v |= w;
	}
	if (v)
		sgi_write(v);
}

/* EOImode 1 (IHI 0069H 12.2.6 ICC_CTLR_EL1, 4.1.1 "Priority drop and
 * interrupt deactivation"): ICC_EOIR1_EL1 only drops the running priority,
 * ICC_DIR_EL1 (12.2.7) deactivates. */
bool gic_v3_eoi_split(bool on)
{
	uint64_t c = icc_read(ICC_CTLR_EL1) & ~(uint64_t)ICC_CTLR_EOIMODE;

#ifdef GIC_PLANT_EOIMODE_IGNORED /* check-gic-plants: EOImode left 0 */
	on = false;
#endif
	icc_write(ICC_CTLR_EL1, c | (on ? ICC_CTLR_EOIMODE : 0));
	isb();
	return true;
}

void gic_v3_deactivate(unsigned id, unsigned src)
{
	(void)src;
#ifdef GIC_PLANT_DIR_AS_EOI /* check-gic-plants: ICC_EOIR1_EL1 written for the deactivation */
	icc_write(ICC_EOIR1_EL1, id);
	isb();
	return;
#endif
	icc_write(ICC_DIR_EL1, id);
	isb();
}
#endif
