/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A register model of a GICv2 distributor and its CPU interfaces (ARM IHI
 * 0048B chapters 3 and 4), behind the driver's register access
 * (irq/irq_priv.h, GIC_HOST_MODEL): enable, pending, active, priority,
 * targets, edge or level (ICFGR), the SGI register, acknowledge / EOI with a running priority per
 * interface, PMR. What the driver does wrong that a real GIC would punish
 * is counted in gic_model.errors with a line on stdout ("gic-model: ..."):
 * an EOI of an interrupt that is not active on that interface, an EOI
 * whose SGI source bits differ from the acknowledge's, an EOI of a special
 * INTID, an access outside the registers modelled.
 *
 * With security set, the GIC has the Security Extensions and every access
 * is Non-secure (bringup below Secure firmware): an interrupt whose
 * group[][] bit is 0 was kept Secure (Group 0) by the firmware, and its
 * bits in the enable, pending and priority registers are RAZ/WI to these
 * accesses, as is its byte of the banked GICD_ITARGETSR0-7; GICD_IGROUPR
 * reads as zero (IHI 0048B 4.3.4, 4.3.5, 4.3.12). pmr_locked: the Secure
 * PMR was left below 0x80, so Non-secure writes to it are ignored (4.4.2).
 *
 * The model's CPU interface numbers are a permutation of the CPU indices
 * (cpu i is interface gic_model_iface[i]): a driver that takes its CPU
 * number for its interface bit is caught.
 *
 * Non-banked (gm.offset != 0, the Exynos 4210/4412's GIC: Linux
 * drivers/irqchip/irq-gic.c builds per-CPU bases from the tree's
 * cpu-offset for it): each CPU's copy of the banked distributor registers
 * and of its CPU interface sits at base + n * offset, whichever CPU makes
 * the access; a driver that drives the base copy from every CPU drives
 * CPU 0's. gic_model_core_id() is the accessing CPU's MPIDR Aff0.
 */
#ifndef TESTS_HOST_IRQ_GIC_MODEL_H
#define TESTS_HOST_IRQ_GIC_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define GM_DIST  0x2c001000u
#define GM_CPU   0x2c002000u
#define GM_NCPU  4
#define GM_LINES 96 /* GICD_TYPER.ITLinesNumber 2 */

struct gic_model {
	unsigned cur; /* the CPU making the accesses */
	uint32_t dctlr;
	bool enabled[GM_NCPU][GM_LINES]; /* [cpu][id]: ids >= 32 use row 0 */
	bool pending[GM_NCPU][GM_LINES]; /* SGIs/PPIs per CPU; SPIs in row 0 */
	unsigned sgi_src[GM_NCPU][16];   /* bits: the sources of a pending SGI */
	bool active[GM_NCPU][GM_LINES];
	bool level[GM_LINES]; /* a device holds the SPI's line high (gic_model_line) */
	bool edge[GM_LINES];  /* GICD_ICFGR Int_config[1]: edge-triggered */
	uint8_t prio[GM_NCPU][GM_LINES];
	uint8_t targets[GM_LINES];
	uint32_t cctlr[GM_NCPU], pmr[GM_NCPU], bpr[GM_NCPU];
	/* The interface's active stack: INTIDs and priorities acknowledged, not yet EOIed. */
	unsigned nact[GM_NCPU], act_id[GM_NCPU][8], act_src[GM_NCPU][8];
	uint8_t act_prio[GM_NCPU][8];
	unsigned acks[GM_NCPU], eois[GM_NCPU];
	unsigned errors;
	void *tpidr[GM_NCPU];
	bool security;                 /* Security Extensions, Non-secure accesses */
	bool group[GM_NCPU][GM_LINES]; /* with security: 1 Non-secure, 0 kept Secure */
	bool pmr_locked;  /* Secure PMR below 0x80: Non-secure writes ignored, reads 0 */
	uintptr_t offset; /* 0: banked; else each CPU's copy at base + n * offset */
};

extern struct gic_model gm;
extern const unsigned gic_model_iface[GM_NCPU];

void gic_model_reset(void);
/* Whether cpu's interface signals an IRQ now (its highest-priority pending
 * enabled interrupt beats PMR and the running priority). */
bool gic_model_irq_line(unsigned cpu);
/* A device drives SPI id's line: high or low. Edge-triggered (ICFGR), a
 * rising edge latches the pending state once; level-sensitive, the SPI is
 * pending while the line is high (IHI 0048B 1.4.2 and 4.3.13). */
void gic_model_line(unsigned id, bool high);
/* Takes IRQs on cpu as the vectors would, at most max: arch_irq_handler
 * while the line is up. Returns how many were taken. */
unsigned gic_model_run(unsigned cpu, unsigned max);

#endif
