/* AArch64 implementations of boot/arch.h. */
#include "boot/arch.h"

#define READ_SYSREG(r)                                                                             \
	({                                                                                         \
		uint64_t v_;                                                                       \
		__asm__ volatile("mrs %0, " #r : "=r"(v_));                                        \
		v_;                                                                                \
	})

const char *arch_name(void)
{
	return "aarch64";
}

const char *arch_level_name(void)
{
	static const char *const names[] = { "EL0", "EL1", "EL2", "EL3" };
	return names[(READ_SYSREG(CurrentEL) >> 2) & 3];
}

unsigned arch_cpu_id(void)
{
	return (unsigned)READ_SYSREG(midr_el1);
}

bool arch_counter_init(const struct board_info *b)
{
	(void)b; /* the generic timer is architectural on ARMv8-A */
	return arch_counter_hz() != 0;
}

uint64_t arch_counter(void)
{
	uint64_t v;
	__asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v)::"memory");
	return v;
}

uint32_t arch_counter_hz(void)
{
	return (uint32_t)READ_SYSREG(cntfrq_el0);
}

bool arch_inst_retired(uint64_t *count)
{
	uint64_t pmuver = (READ_SYSREG(id_aa64dfr0_el1) >> 8) & 0xf;

	if (pmuver == 0 || pmuver == 0xf)
		return false;
	__asm__ volatile("msr pmselr_el0, xzr; isb; mrs %0, pmxevcntr_el0" : "=r"(*count));
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
	register uint64_t x0 __asm__("x0") = 0x84000008; /* PSCI SYSTEM_OFF */
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
