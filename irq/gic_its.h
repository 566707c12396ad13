/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A GICv3 Interrupt Translation Service (ARM IHI 0069H chapter 5, its
 * registers 12.19) and the redistributors' LPI tables (12.11: GICR_PROPBASER,
 * GICR_PENDBASER, GICR_CTLR.EnableLPIs): the path a PCIe MSI takes on a
 * board, a write of an EventID to GITS_TRANSLATER translated through the
 * device table, the device's interrupt translation table (ITT) and a
 * collection to an LPI pending on one redistributor.
 *
 * Contract (boot CPU, after irq_init and each CPU's irq_cpu_init, MMU on):
 * - its_init(base, ncpu): the ITS at base (the tree's arm,gic-v3-its reg)
 *   probed (GITS_TYPER.Physical), disabled and quiescent; its tables
 *   (GITS_BASER device and collection tables), command queue (GITS_CBASER)
 *   and the LPI configuration table (one byte an LPI from INTID 8192, every
 *   LPI disabled) from the heap; ITS enabled. Shareability and cacheability
 *   are written Inner Shareable write-back and read back: a register that
 *   keeps neither means the ITS does not snoop the CPUs' caches, and then
 *   every table, command and configuration byte is cleaned to the point of
 *   coherency before the ITS may read it (IHI 0069H 12.19.1 GITS_BASER,
 *   12.19.3 GITS_CBASER; Linux drivers/irqchip/irq-gic-v3-its.c
 *   its_setup_baser, ITS_FLAGS_CMDQ_NEEDS_FLUSHING). 0 or an ITS_E*.
 * - its_lpi_cpu(c): c's redistributor given the configuration table and a
 *   pending table of its own, then EnableLPIs (only while it is 0: it may
 *   never clear again, 12.11.2). 0, or ITS_ELPIS when an earlier stage
 *   enabled LPIs (its tables are unknown to bringup).
 * - its_map_cpu(icid, c): MAPC collection icid to c's redistributor
 *   (GITS_TYPER.PTA: its physical address, else GICR_TYPER.Processor_Number),
 *   then SYNC.
 * - its_map_event(dev, event, lpi, icid): MAPD (once a device), MAPTI.
 * - its_lpi_set(lpi, dev, event, on): the LPI's configuration byte
 *   (priority IRQ_PRIO_DEFAULT, enable), then INV and SYNC: a redistributor
 *   may cache the byte, and only INV makes it read the table again (5.3.13).
 * - its_translate(event): GITS_TRANSLATER written with event. The DeviceID
 *   is the writer's: a CPU's write carries what the interconnect gives it
 *   (QEMU: its requester ID, 0), so bringup maps device its_cpu_devid.
 * LPIs arrive at the driver's IRQ entry as INTIDs from 8192; gic_lpi_dispatch
 * hands them to the handler its_set_handler gave.
 */
#ifndef IRQ_GIC_ITS_H
#define IRQ_GIC_ITS_H

#include <stdbool.h>
#include <stdint.h>

#include "irq/irq.h"

#define GIC_LPI_BASE 8192u /* the first LPI INTID (IHI 0069H 2.2.1) */

enum {
	ITS_ENODEV = -20, /* GITS_TYPER.Physical 0, or no LPIs (GICD_TYPER.LPIS) */
	ITS_ENOMEM = -21, /* a table could not be allocated */
	ITS_EQUIET = -22, /* GITS_CTLR.Quiescent never set after the disable */
	ITS_ECMD = -23,   /* a command not consumed in time (GITS_CREADR) */
	ITS_ESTALL = -24, /* GITS_CREADR.Stalled: the ITS refused a command */
	ITS_ELPIS = -25,  /* GICR_CTLR.EnableLPIs already set by an earlier stage */
	ITS_ENOLPI = -26, /* GICR_TYPER.PLPIS 0: this redistributor has no LPIs */
	ITS_EBASER = -27, /* a GITS_BASER that does not take its table */
};

/* Planted bugs for the matrix's mutant rows (irq_mutant=its*, v2m). */
enum its_fault {
	ITS_FAULT_NONE = 0,
	ITS_FAULT_TARGET,   /* every collection mapped to the first CPU mapped */
	ITS_FAULT_AFF0,     /* RDbase from MPIDR Aff0, not Processor_Number */
	ITS_FAULT_NO_INV,   /* a configuration change with no INV */
	ITS_FAULT_NO_CLEAN, /* nothing cleaned to PoC for a non-coherent ITS */
};

struct its_info {
	uintptr_t base;
	uint64_t typer;
	uint32_t iidr;
	bool pta;            /* GITS_TYPER.PTA: RDbase is a physical address */
	unsigned devbits;    /* DeviceID bits */
	unsigned idbits;     /* EventID bits */
	unsigned ite_size;   /* bytes an ITT entry */
	bool coherent;       /* GITS_CBASER kept Inner Shareable and cacheable */
	bool rd_coherent;    /* GICR_PROPBASER kept its shareability */
	uint64_t cbaser;     /* as read back */
	uint64_t baser[8];   /* as read back (0: not used) */
	unsigned lpi_idbits; /* GICR_PROPBASER.IDbits: INTIDs below 2^(this + 1) */
	uint8_t *prop;       /* the LPI configuration table */
	unsigned cmds;       /* commands issued */
	enum its_fault fault;
};

extern struct its_info its_info;

int its_init(uint64_t base, unsigned max_lpis);
int its_lpi_cpu(struct irq_cpu *c);
/* GICR_CTLR.EnableLPIs of c's redistributor: set by an earlier stage, the
 * ITS is that stage's and its_init must not be called. */
bool its_lpis_on(const struct irq_cpu *c);
int its_map_cpu(unsigned icid, struct irq_cpu *c);
int its_map_event(uint32_t dev, uint32_t event, uint32_t lpi, unsigned icid);
int its_lpi_set(uint32_t lpi, uint32_t dev, uint32_t event, const struct irq_cpu *c, bool on);
void its_translate(uint32_t event);
const char *its_err(int err);
/* The RDbase field the driver gives c (MAPC, SYNC), for the report. */
uint64_t its_rdbase(const struct irq_cpu *c);

/* The DeviceID a CPU's write to GITS_TRANSLATER carries on QEMU. */
#define its_cpu_devid 0u

void its_set_handler(irq_handler_fn fn, void *arg);
/* From the GICv3 IRQ entry: an acknowledged INTID >= 8192 handed to the
 * handler (if one is set): true, the caller EOIs it; false below 8192. */
bool gic_lpi_dispatch(unsigned id);

#endif
