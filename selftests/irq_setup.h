/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared by the irq self-tests (selftests/irq*_test.c): the GIC found
 * (board/fdt_gic.h from the tree, else the identified platform's data), the
 * driver started (irq/irq.h) on the boot CPU and then on every other
 * online CPU (smp/smp.h smp_run), once; and the EL1 virtual timer.
 *
 * irq_test_ready() returns true when the tests can run; else *why (for
 * skip()) names what is missing: no GIC and what the board has instead,
 * a GIC the driver cannot use (with irq_err's words), ...; a GIC that
 * should work but does not is a FAIL of irq: discovery, which prints it.
 * Command line: irq_mutant=noeoi|asleep (irq/irq.h enum irq_fault) breaks
 * the driver on purpose for the matrix's mutant rows.
 */
#ifndef SELFTESTS_IRQ_SETUP_H
#define SELFTESTS_IRQ_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "irq/gic.h"
#include "irq/irq.h"
#include "smp/smp_mask.h"

struct irq_test {
	bool tried, found, ok;
	bool driver_ok; /* irq_init succeeded (the distributor answers) */
	bool broken;    /* a GIC is named but cannot be used: a FAIL, not a SKIP */
	int err;        /* irq_init's (IRQ_E*) */
	int dt_err;     /* board_read_gic's (FDT_*) */
	char why[128];  /* why there is no GIC / why it is not used */
	const char *source;
	struct gic_desc desc;
	struct smp_mask online; /* the CPUs irq_cpu_init succeeded on (smp index) */
	int *cpu_err;           /* [smp ncpu]: irq_cpu_init's result on each */
	unsigned boot;          /* the boot CPU's smp index */
	const char *spi_why;    /* how irq_test_free_spi chose its SPI */
};

extern struct irq_test irq_test;

bool irq_test_ready(const char **why);
/* Enables id on the calling CPU (irq/irq.h irq_enable_checked): true, or
 * false with the test marked skipped, naming the interrupt, where the
 * enable did not stick (the firmware kept it Secure). Boot CPU only. */
bool irq_test_usable(unsigned id);
/* The SPI a test may pend by software: the highest the distributor has
 * that the tree names for no device (board/fdt_spi.h), else, with no tree
 * (platform data), the highest; 0, the test marked skipped, where every
 * SPI is a device's. irq_test.spi_why says which. */
unsigned irq_test_free_spi(void);

/* The EL1 virtual timer: present (a generic timer: not on a Cortex-A9),
 * its compare value / control (ENABLE = 1, IMASK = 0 / 0: off). */
bool vtimer_present(void);
void vtimer_set(uint64_t cval);
/* Inline: the IRQ round trip benchmark's handler calls it. */
static inline void vtimer_off(void)
{
#ifdef __aarch64__
	__asm__ volatile("msr cntv_ctl_el0, xzr\n\tisb" ::: "memory");
#else
	__asm__ volatile("mcr p15, 0, %0, c14, c3, 1\n\tisb" ::"r"(0) : "memory");
#endif
}
unsigned vtimer_ppi(void);
/* CNT[VP]_CTL.ISTATUS: the timer's condition is met (DDI 0487 D11.2.4;
 * DDI 0406C B8.1.3): an interrupt taken without it is no tick. */
bool vtimer_fired(void);
bool ptimer_fired(void);
/* The EL1 Non-secure physical timer (CNTP_*), where bringup may use it:
 * false, with *why, where an EL2 above bringup decides
 * (CNTHCTL_EL2.EL1PCEN / CNTHCTL.PL1PCEN: an access would trap there) or
 * bringup runs Secure (CNTP_* is then the Secure timer). */
bool ptimer_usable(const char **why);
void ptimer_set(uint64_t cval);
void ptimer_off(void);
unsigned ptimer_ppi(void);
/* The gic group (selftests/gic_*_test.c) checks a GIC and a driver not
 * broken on purpose: true, with *why, under irq_mutant= (those rows prove
 * other tests fail) or with no GIC (the BCM2836's local controller). */
static inline bool gic_spec_skip(const char **why)
{
	*why = irq_info.fault != IRQ_FAULT_NONE ? "irq_mutant= breaks the driver on purpose"
						: "not a GIC: the BCM2836 local controller";
	return irq_info.fault != IRQ_FAULT_NONE ||
	       (irq_info.version != GIC_V2 && irq_info.version != GIC_V3);
}

/* In a polling loop: YIELD (a hint that never blocks, DDI 0487 C6.2
 * "YIELD"; DDI 0406C A8.8.426), on which QEMU hands its thread to the next
 * vCPU. */
static inline void irq_test_relax(void)
{
	__asm__ volatile("yield" ::: "memory");
}

#endif
