/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The interrupt controller as discovery describes it (board/fdt_gic.c from
 * the tree, else an identified platform's data in board/platform.h), for
 * the driver (irq/irq.h). Data only: addresses are CPU physical addresses,
 * identity-mapped Device memory by the time the driver runs.
 *
 * Bindings read (Linux Documentation/devicetree/bindings/interrupt-controller/
 * arm,gic.yaml and arm,gic-v3.yaml; arm/arch_timer.yaml):
 * - GICv2 (arm,gic-400, arm,cortex-a15-gic, arm,cortex-a9-gic,
 *   arm,cortex-a7-gic): reg[0] the distributor, reg[1] the CPU interface;
 *   arm,gic-v2m-frame children: the MSI frames (irq/gic_v2m.h); cpu-offset
 *   (the Exynos 4210/4412's GIC, which banks nothing): CPU n's copy of the
 *   distributor's banked registers and of its CPU interface at
 *   reg + n * cpu-offset, n its MPIDR Aff0 (Linux drivers/irqchip/irq-gic.c
 *   gic_init_bases, percpu_offset).
 * - GICv3 (arm,gic-v3): reg[0] the distributor, reg[1 .. n] the n
 *   redistributor regions (#redistributor-regions, default 1), then the
 *   GICv2-compatible interfaces (not used); arm,gic-v3-its children: the
 *   ITSes (reg[0], irq/gic_its.h); redistributor-stride, 0 when
 *   absent: the frames' own size (GICR_TYPER.VLPIS: 128 KiB or 256 KiB,
 *   ARM IHI 0069 "Redistributor memory map").
 * - with no GIC, brcm,bcm2836-l1-intc (the Raspberry Pi 2/3; Linux
 *   Documentation/devicetree/bindings/interrupt-controller/
 *   brcm,bcm2836-l1-intc.yaml): reg[0], its per-core timer and mailbox
 *   interrupts.
 * - the generic timer node (arm,armv7-timer / arm,armv8-timer): its
 *   interrupts in order secure physical, non-secure physical, virtual,
 *   hypervisor (PPIs), and clock-frequency.
 */
#ifndef IRQ_GIC_H
#define IRQ_GIC_H

#include <stdint.h>

#define GIC_MAX_RDIST_REGIONS 4
#define GIC_MAX_V2M           4
#define GIC_MAX_ITS           4
/* The EL1 timers' PPIs when no tree says (Arm Server Base System
 * Architecture, DEN0029, "PPI assignments": virtual 27, non-secure
 * physical 30), as INTIDs. */
#define GIC_PPI_VTIMER_DEFAULT 27
#define GIC_PPI_PTIMER_DEFAULT 30

/* IRQ_BCM2836: not a GIC, the Raspberry Pi 2/3's ARM-local controller
 * (brcm,bcm2836-l1-intc; irq/bcm2836.c), `dist` its registers. */
enum gic_version { GIC_NONE = 0, GIC_V2 = 2, GIC_V3 = 3, IRQ_BCM2836 = 36 };

struct gic_desc {
	enum gic_version version;
	const char *compatible; /* the binding matched (static), NULL for platform data */
	uint64_t dist;          /* GICD */
	uint64_t cpu;           /* GICC (GICv2) */
	uint64_t cpu_offset;    /* GICv2 not banked: CPU n's copies at + n * this; 0 banked */
	uint64_t rdist[GIC_MAX_RDIST_REGIONS], rdist_size[GIC_MAX_RDIST_REGIONS];
	unsigned nrdist;
	uint64_t rdist_stride; /* 0: the architectural frame size */
	uint64_t v2m[GIC_MAX_V2M];
	unsigned nv2m;
	uint64_t its[GIC_MAX_ITS]; /* GICv3: arm,gic-v3-its children (msi-controller) */
	unsigned nits;
	/* The EL1 timer PPIs as INTIDs (0: the tree names no timer). */
	unsigned vtimer_ppi, ptimer_ppi;
	uint32_t timer_hz; /* the timer node's clock-frequency, 0 if absent */
};

#endif
