/* AArch64 implementations of arch/arch.h. */
#include "arch/arch.h"

#include "arch/aarch64/sysreg.h"

#define PSCI_SYSTEM_OFF 0x84000008 /* PSCI 1.1 (DEN0022), SYSTEM_OFF */

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
	/* The generic timer is architectural on ARMv8-A; CNTFRQ says its rate. */
	(void)a9_periphbase;
	return arch_counter_hz() != 0;
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
