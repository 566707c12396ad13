/* SPDX-License-Identifier: BSD-2-Clause */
/* The irq tests' common set-up: see irq_setup.h. */
#include "selftests/irq_setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/fdt_gic.h"
#include "board/fdt_spi.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "smp/smp.h"

#ifdef __aarch64__
#include "arch/aarch64/sysreg.h"
#else
#include "arch/armv7/sysreg.h"
#endif

struct irq_test irq_test;

static void cpu_init_on(struct smp_cpu *self, void *arg)
{
	(void)arg;
	irq_test.cpu_err[self->index] = irq_cpu_init(self->index);
}

static void find_gic(struct irq_test *t)
{
	const struct platform *p = boot.hw.platform;

	if (boot.hw.dtb && boot.hw.dtb_error == FDT_OK) {
		t->dt_err = board_read_gic((const void *)boot.hw.dtb, boot.hw.dtb_size, &t->desc,
					   t->why, sizeof(t->why));
		t->source = "the tree";
		t->found = t->dt_err == FDT_OK;
		if (t->dt_err != FDT_OK && t->dt_err != FDT_ERR_NOTFOUND && !t->why[0])
			snprintf(t->why, sizeof(t->why), "the tree: %s", fdt_strerror(t->dt_err));
		return;
	}
	if (p && p->gic.version != GIC_NONE) {
		t->desc = p->gic;
		t->source = "platform data";
		t->found = true;
		return;
	}
	snprintf(t->why, sizeof(t->why), "%s, and %s names no interrupt controller",
		 boot.hw.dtb ? "the tree was refused at boot (boot: discovery)" : "no tree",
		 p ? p->name : "no identified platform");
}

bool irq_test_usable(unsigned id)
{
	int err = irq_enable_checked(id);

	if (err == IRQ_ESECURE)
		skip("INTID %u: %s", id, irq_err(err));
	return err == 0;
}

unsigned irq_test_free_spi(void)
{
	int r;

	if (!boot.hw.dtb || boot.hw.dtb_error != FDT_OK || !irq_test.desc.compatible) {
		irq_test.spi_why = "no tree: the highest, not checked against devices";
		return irq_info.nlines - 1;
	}
	r = board_gic_spi_free((const void *)boot.hw.dtb, boot.hw.dtb_size,
			       irq_test.desc.compatible, irq_info.nlines);
	if (r < 0) {
		irq_test.spi_why = "the tree's GIC not found again: the highest";
		return irq_info.nlines - 1;
	}
	if (r == 0)
		skip("every SPI of the %u lines is named by a device in the tree", irq_info.nlines);
	irq_test.spi_why = "the highest the tree names for no device";
	return (unsigned)r;
}

bool irq_test_ready(const char **why)
{
	struct irq_test *t = &irq_test;

	if (!t->tried) {
		const struct smp_info *s = smp_init();

		t->tried = true;
		t->cpu_err = calloc(s->ncpu, sizeof(*t->cpu_err));
		if (!t->cpu_err)
			abort();
		find_gic(t);
		if (t->found)
			irq_info.fault = option_is("irq_mutant", "noeoi")    ? IRQ_FAULT_NO_EOI
					 : option_is("irq_mutant", "asleep") ? IRQ_FAULT_ASLEEP
									     : IRQ_FAULT_NONE;
#ifdef __aarch64__
		irq_info.el3 = boot.entry_level == 3; /* bringup is the firmware */
#endif
		if (t->found && (t->err = irq_init(&t->desc)) < 0)
			snprintf(t->why, sizeof(t->why), "GICv%d at 0x%llx: %s", t->desc.version,
				 (unsigned long long)t->desc.dist, irq_err(t->err));
		t->ok = t->driver_ok = t->found && t->err == 0;
		t->broken = t->found ? t->err != 0 && t->err != IRQ_EARCH
				     : t->dt_err != FDT_OK && t->dt_err != FDT_ERR_NOTFOUND;
		t->boot = s->boot;
		if (t->ok) {
			/* The boot CPU first (the GIC's first CPU interface user),
			 * then every other online CPU on itself. */
			t->cpu_err[s->boot] = irq_cpu_init(s->boot);
			smp_run(smp_mask_without(smp_online_mask(), s->boot), cpu_init_on, NULL);
			for (unsigned i = 0; i < s->ncpu && i < IRQ_MAX_CPUS; i++)
				if (smp_mask_has(smp_online_mask(), i) && !t->cpu_err[i] &&
				    irq_info.cpu_state[i].ready)
					t->online = smp_mask_with(t->online, i);
			/* Without the boot CPU's interface no test can run: a
			 * FAIL of irq: discovery, not a vacuous pass. */
			if (!smp_mask_has(t->online, s->boot)) {
				t->ok = false;
				t->broken = true;
				snprintf(t->why, sizeof(t->why), "the boot CPU's interface: %s",
					 irq_err(t->cpu_err[s->boot]));
			}
		}
	}
	*why = t->why;
	return t->ok;
}

#define CNT_CTL_ISTATUS (1u << 2)

#ifdef __aarch64__
bool vtimer_present(void)
{
	return true;
}

void vtimer_set(uint64_t cval)
{
	write_sysreg(cntv_cval_el0, cval);
	write_sysreg(cntv_ctl_el0, 1);
	isb();
}

bool vtimer_fired(void)
{
	return (read_sysreg(cntv_ctl_el0) & CNT_CTL_ISTATUS) != 0;
}

bool ptimer_fired(void)
{
	return (read_sysreg(cntp_ctl_el0) & CNT_CTL_ISTATUS) != 0;
}

#else
/* ID_PFR1.GenTimer (DDI 0406C B4.1.94); CNTV_CVAL / CNTV_CTL (B4.1.27, B4.1.29). */
bool vtimer_present(void)
{
	return (read_cp15(CP15_ID_PFR1) >> 16 & 0xf) != 0;
}

void vtimer_set(uint64_t cval)
{
	__asm__ volatile("mcrr p15, 3, %Q0, %R0, c14" ::"r"(cval) : "memory");
	write_cp15_(1, 0, c14, c3, 1);
	isb();
}

bool vtimer_fired(void)
{
	return (read_cp15_(0, c14, c3, 1) & CNT_CTL_ISTATUS) != 0;
}

bool ptimer_fired(void)
{
	return (read_cp15_(0, c14, c2, 1) & CNT_CTL_ISTATUS) != 0;
}

#endif

#ifdef __aarch64__
/* Entered at EL2 or EL3, bringup set CNTHCTL_EL2.EL1PCEN itself
 * (boot/aarch64/el_drop.S); entered at EL1 only where no EL2 exists. */
bool ptimer_usable(const char **why)
{
	uint64_t pfr0 = read_sysreg(id_aa64pfr0_el1);

	*why = "entered at EL1 below an EL2: CNTHCTL_EL2.EL1PCEN is the hypervisor's";
	return boot.entry_level >= 2 ||
	       !(pfr0 >> ID_AA64PFR0_EL2_SHIFT & ((1u << ID_AA64PFR0_EL_BITS) - 1));
}

void ptimer_set(uint64_t cval)
{
	write_sysreg(cntp_cval_el0, cval);
	write_sysreg(cntp_ctl_el0, 1);
	isb();
}

void ptimer_off(void)
{
	write_sysreg(cntp_ctl_el0, 0);
	isb();
}

#else
/* Entered in HYP, bringup set CNTHCTL.PL1PCEN itself (boot/armv7/entry.S
 * hyp_to_svc) and runs Non-secure; entered in SVC it may be Secure, where
 * CNTP_* is the Secure timer, or below a HYP that traps it. CNTP_CVAL /
 * CNTP_CTL: DDI 0406C B4.1.26, B4.1.28. */
bool ptimer_usable(const char **why)
{
	const struct smp_info *s = smp_init();

	*why = "entered in SVC: Secure (CNTP_* the Secure timer) or below a HYP that decides";
	if (boot.entry_level != MODE_HYP)
		return false;
	/* PSCI starts a CPU Non-secure; a board's own method releases it at
	 * its reset state, Secure (the Allwinner CPU configuration block). */
	*why = "a secondary started without PSCI runs Secure (CNTP_* the Secure timer)";
	for (unsigned i = 0; i < s->ncpu; i++)
		if (!s->cpu[i].is_boot && s->cpu[i].state == SMP_ONLINE &&
		    s->cpu[i].dt.start != &start_method_psci)
			return false;
	return true;
}

void ptimer_set(uint64_t cval)
{
	__asm__ volatile("mcrr p15, 2, %Q0, %R0, c14" ::"r"(cval) : "memory");
	write_cp15_(1, 0, c14, c2, 1);
	isb();
}

void ptimer_off(void)
{
	write_cp15_(0, 0, c14, c2, 1);
	isb();
}

#endif

unsigned ptimer_ppi(void)
{
	return irq_test.desc.ptimer_ppi ? irq_test.desc.ptimer_ppi : GIC_PPI_PTIMER_DEFAULT;
}

unsigned vtimer_ppi(void)
{
	return irq_test.desc.vtimer_ppi ? irq_test.desc.vtimer_ppi : GIC_PPI_VTIMER_DEFAULT;
}
