/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The interrupt driver: a GICv2 (ARM IHI 0048B) or GICv3 (ARM IHI 0069H)
 * distributor and the CPU interface of every CPU that calls
 * irq_cpu_init() (or the Raspberry Pi 2/3's ARM-local controller through
 * the same calls: irq/bcm2836.c), the IRQ entry the exception vectors
 * call, and a handler table. Handlers get the INTID and, for an SGI, its
 * source (GICv2: the sender's CPU interface number; the BCM2836: the
 * sender's slot), else IRQ_NO_SRC.
 *
 * Contract:
 * - irq_init(desc) once, on the boot CPU, MMU on (the GIC's registers are
 *   Device memory in the identity map): checks the distributor answers
 *   (GICv2: GICD_TYPER; GICv3: GICD_PIDR2.ArchRev 3 or 4 and the
 *   redistributors' GICR_TYPER), disables, clears and configures every SPI
 *   (priority IRQ_PRIO_DEFAULT, edge, routed to the boot CPU, Group 1
 *   where the GIC lets this security state choose) and enables the
 *   distributor; installs the IRQ entry for the exception vectors
 *   (arch/exception.h arch_irq_handler). 0, or a negative IRQ_E* (irq_err
 *   then says why in words).
 * - irq_cpu_init(slot) on each CPU (slot < IRQ_MAX_CPUS: the caller's CPU
 *   number, the same the tests use): GICv3: its redistributor found by
 *   affinity and woken (GICR_WAKER, bounded), ICC_SRE_EL1.SRE, PMR, BPR,
 *   EOImode 0, Group 1 enabled; GICv2: its CPU interface number, GICC_PMR,
 *   BPR, GICC_CTLR. Its SGIs and PPIs disabled and cleared. The CPU's
 *   TPIDR_EL1 / TPIDRPRW then points at its struct irq_cpu.
 * - Interrupts stay masked at the CPU (PSTATE.I / CPSR.I) unless a caller
 *   unmasks them (irq_local_enable) for the time it needs them.
 * - At the IRQ entry: the INTID acknowledged; 1020..1023 (no interrupt
 *   pending any more, IHI 0069 "Special INTIDs") counted in spurious and
 *   never dispatched nor EOIed; one with a handler dispatched, then EOI;
 *   one without is disabled, EOIed and counted once in unhandled (with its
 *   INTID): never a storm, never a hang.
 * - Not reentrant; handlers run with IRQs masked. SGI/PPI calls act on the
 *   calling CPU's interface and redistributor.
 */
#ifndef IRQ_IRQ_H
#define IRQ_IRQ_H

#include <stdbool.h>
#include <stdint.h>

#include "irq/gic.h"

/* CPUs by slot: as many as bringup starts (smp/smp_mask.h SMP_MAX_CPUS;
 * GICv3 routes by affinity; a GICv2 has at most 8 CPU interfaces, IHI
 * 0048B 1.1, so irq_cpu_init fails on the ninth CPU of one). */
#define IRQ_MAX_CPUS     256
#define IRQ_SPURIOUS     1020 /* INTIDs from here on are special: never dispatched */
#define IRQ_NO_SRC       0xffu
#define IRQ_PRIO_DEFAULT 0xa0u
#define IRQ_PMR_OPEN     0xf0u /* unmasks every priority below it */

enum {
	IRQ_ENODEV = -1,  /* the distributor / CPU interface does not answer */
	IRQ_ENOCPU = -2,  /* no redistributor / interface for this CPU */
	IRQ_EASLEEP = -3, /* GICR_WAKER.ChildrenAsleep stayed set */
	IRQ_ESRE = -4,    /* ICC_SRE_EL1.SRE did not stick */
	IRQ_EARCH = -5,   /* GICv3 on ARMv7: not driven */
	IRQ_ESTATE = -6,  /* called before irq_init / bad argument */
	IRQ_EPMR = -7,    /* GICv2: GICC_PMR does not take a value */
	IRQ_ESECURE = -8, /* the enable did not stick: Secure firmware kept it Secure */
};

/* Broken on purpose for the matrix's mutant rows (irq_mutant=...). */
enum irq_fault { IRQ_FAULT_NONE = 0, IRQ_FAULT_NO_EOI, IRQ_FAULT_ASLEEP };

typedef void (*irq_handler_fn)(unsigned intid, unsigned src, void *arg);

struct irq_cpu {
	unsigned slot;
	bool ready;           /* irq_cpu_init succeeded */
	uint64_t aff;         /* GICv3: MPIDR affinity, packed as GICR_TYPER[63:32] */
	uint8_t mask;         /* GICv2: this CPU interface's bit in ITARGETSR / SGIR */
	uintptr_t gicd, gicc; /* GICv2: this CPU's distributor / CPU interface copy */
	uintptr_t rd;         /* GICv3: its redistributor's RD_base */
	uint32_t waker;       /* GICR_WAKER as irq_cpu_init left it */
	uint32_t sre;         /* ICC_SRE_EL1 read back */
	uint32_t spurious, unhandled;
	unsigned last_unhandled;
};

struct irq_info {
	enum gic_version version;
	uintptr_t dist, cpu;
	unsigned nlines;      /* INTIDs 0 .. nlines-1 (GICD_TYPER.ITLinesNumber) */
	unsigned ncpus;       /* GICv2: GICD_TYPER.CPUNumber + 1; GICv3: redistributors */
	uint64_t stride;      /* GICv3: the redistributor stride used */
	bool single_security; /* GICv3 GICD_CTLR.DS, GICv2 no Security Extensions seen */
	uint32_t iidr;
	enum irq_fault fault;
	/* Set by the caller before irq_init: bringup entered at EL3 and
	 * serves SMCs there (AArch64): the driver first does, at EL3, what
	 * firmware does (irq/aarch64/gic_el3.S). */
	bool el3;
	unsigned cpus_inited;      /* irq_cpu_init calls since irq_init */
	struct irq_cpu *cpu_state; /* [IRQ_MAX_CPUS], from the heap at irq_init */
};

extern struct irq_info irq_info;

int irq_init(const struct gic_desc *d);
int irq_cpu_init(unsigned slot);
const char *irq_err(int err);
/* This CPU's state (TPIDR), NULL before its irq_cpu_init. */
struct irq_cpu *irq_this_cpu(void);

int irq_register(unsigned intid, irq_handler_fn fn, void *arg);
void irq_enable(unsigned intid, bool on);
/* irq_enable(intid, true), then its GICD_ISENABLER / GICR_ISENABLER0 bit
 * read back: 0, or IRQ_ESECURE where the write did not stick. An interrupt
 * Secure firmware kept in a Secure group is RAZ/WI there to Non-secure
 * accesses (IHI 0048B 4.3.5, IHI 0069H 12.9.15 / 12.11.15), so a test that
 * asks it would wait for an interrupt that never comes: it skips instead. */
int irq_enable_checked(unsigned intid);
/* Which security state bringup's GIC accesses are in and which group it
 * uses, in words (irq: discovery's report line); NULL before irq_init. */
const char *irq_security(void);
void irq_set_priority(unsigned intid, uint8_t prio);
void irq_set_pending(unsigned intid, bool on);
bool irq_is_pending(unsigned intid);
void irq_set_pmr(uint8_t pmr);
/* SGI intid (0..15) to the CPU in slot `to`. */
void irq_send_sgi(unsigned intid, unsigned to);
/* SGI intid to the CPUs in slots[0..n-1] (n <= IRQ_SGI_MANY_MAX) in one
 * GICD_SGIR write (GICv2) or one ICC_SGI1R_EL1 write per group of CPUs
 * sharing Aff3.Aff2.Aff1 and RS (GICv3); to every CPU but the caller
 * (TargetListFilter 0b01, Interrupt_Routing_Mode 1); and to the interface a
 * struct irq_cpu names, which need not be a CPU's (a target no CPU has:
 * nothing may take it). The BCM2836: one mailbox write per target. */
#define IRQ_SGI_MANY_MAX 16
void irq_send_sgi_list(unsigned intid, const unsigned *slots, unsigned n);
void irq_send_sgi_others(unsigned intid);
void irq_send_sgi_to(unsigned intid, const struct irq_cpu *to);
/* SPI intid to the CPU in slot `to` (GICD_ITARGETSR / GICD_IROUTER). */
void irq_route(unsigned intid, unsigned to);

/* EOImode 1 on the calling CPU (on) or 0: the entry's EOI then only drops
 * the running priority and the interrupt stays active until
 * irq_deactivate(intid, src) (GICC_DIR / ICC_DIR_EL1; src the handler's).
 * false where the controller has no such mode (the BCM2836, a GICv1) or
 * GICC_DIR was not found. */
bool irq_set_eoi_split(bool on);
void irq_deactivate(unsigned intid, unsigned src);

/* PSTATE.I / CPSR.I: clear / set. */
void irq_local_enable(void);
void irq_local_disable(void);

#endif
