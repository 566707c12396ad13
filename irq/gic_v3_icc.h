/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Inside irq/, AArch64: the GICv3 system-register CPU interface (ARM IHI
 * 0069H 12.2) for irq/gic_v3.c and irq/gic_v3_sgi.c, and what the second
 * gives the first: SGIs (one target, several, all but self) and EOImode 1
 * with its deactivation.
 */
#ifndef IRQ_GIC_V3_ICC_H
#define IRQ_GIC_V3_ICC_H

#include <stdbool.h>
#include <stdint.h>

#include "irq/irq.h"

/* ICC registers by encoding (IHI 0069H 12.2): older assemblers lack the names. */
#define ICC_PMR_EL1      "s3_0_c4_c6_0"
#define ICC_IAR1_EL1     "s3_0_c12_c12_0"
#define ICC_EOIR1_EL1    "s3_0_c12_c12_1"
#define ICC_BPR1_EL1     "s3_0_c12_c12_3"
#define ICC_CTLR_EL1     "s3_0_c12_c12_4"
#define ICC_SRE_EL1      "s3_0_c12_c12_5"
#define ICC_IGRPEN1_EL1  "s3_0_c12_c12_7"
#define ICC_SGI1R_EL1    "s3_0_c12_c11_5"
#define ICC_DIR_EL1      "s3_0_c12_c11_1"
#define ICC_SRE_SRE      1u
#define ICC_SRE_DFB_DIB  6u /* FIQ and IRQ bypass disabled */
#define ICC_CTLR_EOIMODE 2u

#define icc_read(r)                                                                                \
	({                                                                                         \
		uint64_t v_;                                                                       \
		__asm__ volatile("mrs %0, " r : "=r"(v_));                                         \
		v_;                                                                                \
	})
#define icc_write(r, v) __asm__ volatile("msr " r ", %0" ::"r"((uint64_t)(v)) : "memory")

void gic_v3_sgi(unsigned id, const struct irq_cpu *to);
void gic_v3_sgi_many(unsigned id, const struct irq_cpu *const *to, unsigned n);
bool gic_v3_eoi_split(bool on);
void gic_v3_deactivate(unsigned id, unsigned src);

#endif
