/* SPDX-License-Identifier: BSD-2-Clause */
/* AArch64 implementations of arch/arch.h. */
#include "arch/arch.h"

#include "arch/aarch64/sysreg.h"

const char *arch_name(void)
{
	return "aarch64";
}

const char *arch_level_name(void)
{
	static const char *const names[] = { "EL0", "EL1", "EL2", "EL3" };
	return names[(read_sysreg(CurrentEL) >> CURRENTEL_SHIFT) & 3];
}

bool arch_va_to_pa(uintptr_t va, uint64_t *pa)
{
	uint64_t par;

	__asm__ volatile("at s1e1r, %0" ::"r"(va) : "memory");
	isb();
	par = read_sysreg(par_el1);
	if (par & PAR_F)
		return false;
	*pa = (par & PAR_PA_MASK) | (va & (PAGE_SIZE - 1));
	return true;
}

unsigned arch_cpu_id(void)
{
	return (unsigned)read_sysreg(midr_el1);
}

bool arch_counter_init(uint64_t a9_periphbase)
{
	/* The generic timer is architectural on ARMv8-A; CNTFRQ says its rate
	 * (0 if nobody programmed it), arch/counter.c whether it runs. */
	(void)a9_periphbase;
	return true;
}

/* The frequency bringup programmed at EL3, for the secondaries that enter
 * at EL3 later (boot/aarch64/cpu_el3.S reads it with the MMU off). In .data,
 * 0 as loaded: the boot CPU's own EL3 entry reads it before BSS is cleared. */
__attribute__((section(".data.cntfrq_el3"), aligned(64))) uint32_t cntfrq_el3_value;

/*
 * CNTFRQ_EL0 is writable only at the highest implemented EL (DDI 0487,
 * CNTFRQ_EL0): below EL3 it is the firmware's, and bringup leaves it. Entered
 * at EL3, bringup's own EL3 writes it (SMC_BRINGUP_SET_CNTFRQ,
 * arch/aarch64/higher_el_vectors.S higher_el_calls); the value is also published, cleaned to
 * memory, for the secondaries, which program their own CNTFRQ_EL0 from it at EL3 with their MMU off
 * (cpu_el3_setup). DC CIVAC, not CVAC: right on the Cortex-A53 revisions whose clean must be a
 * clean+invalidate too (arch/aarch64/cpu.h); DSB SY completes it before the SMC (DDI 0487,
 * "Ordering and completion of data and instruction cache instructions").
 */
bool arch_is_firmware(unsigned entry_level)
{
	return entry_level == 3;
}

bool arch_counter_set_hz(uint32_t hz, unsigned entry_level)
{
	if (!arch_is_firmware(entry_level) || hz == 0)
		return false;
	cntfrq_el3_value = hz;
	__asm__ volatile("dc civac, %0\n\tdsb sy" ::"r"(&cntfrq_el3_value) : "memory");
	register uint64_t x0 __asm__("x0") = SMC_BRINGUP_SET_CNTFRQ;
	register uint64_t x2 __asm__("x2") = hz;
	__asm__ volatile("smc #0" : "+r"(x0), "+r"(x2)::"x1", "x3", "memory");
	return x0 == 0 && arch_counter_hz() == hz;
}

uint64_t arch_counter(void)
{
	isb(); /* not read ahead of the code before it (D11.2.2) */
	return read_sysreg(cntvct_el0);
}

uint32_t arch_counter_hz(void)
{
	return (uint32_t)read_sysreg(cntfrq_el0);
}

/* CNTKCTL_EL1 (D13.8.x): EVNTI [7:4] selects the counter bit whose
 * transition is an event, EVNTEN [2]; bit 10 is 2^11 ticks. */
bool arch_event_stream_on(void)
{
	uint64_t k = read_sysreg(cntkctl_el1);

	k = (k & ~0xf0ull) | 10u << 4 | 1u << 2;
	write_sysreg(cntkctl_el1, k);
	isb();
	return true;
}

bool arch_inst_retired(uint64_t *count)
{
	uint64_t pmuver = (read_sysreg(id_aa64dfr0_el1) >> ID_AA64DFR0_PMUVER_SHIFT) & 0xf;

	if (pmuver == 0 || pmuver == PMUVER_IMPDEF)
		return false;
	write_sysreg(pmselr_el0, 0); /* counter 0: INST_RETIRED (entry.S) */
	isb();
	*count = read_sysreg(pmxevcntr_el0);
	return true;
}

uintptr_t arch_semihost(uintptr_t op, uintptr_t arg)
{
	register uintptr_t x0 __asm__("x0") = op;
	register uintptr_t x1 __asm__("x1") = arg;
	__asm__ volatile("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	return x0;
}

void arch_psci_system_off(enum psci_conduit conduit)
{
	register uint64_t x0 __asm__("x0") = PSCI_SYSTEM_OFF;
	if (conduit == PSCI_HVC)
		__asm__ volatile("hvc #0" : "+r"(x0)::"memory");
	else if (conduit == PSCI_SMC)
		__asm__ volatile("smc #0" : "+r"(x0)::"memory");
}

void arch_halt(void)
{
	__asm__ volatile("msr daifset, #0xf");
	for (;;)
		__asm__ volatile("wfi");
}
