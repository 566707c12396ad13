/* SPDX-License-Identifier: BSD-2-Clause */
/* ARMv7-A implementations of arch/arch.h. */
#include "arch/arch.h"
#include "arch/armv7/sysreg.h"

#define ID_PFR1_GENTIMER_SHIFT 16
#define CBAR_PERIPHBASE_MASK   0xffffe000
/* Cortex-A9/A5 MPCore global timer, at PERIPHBASE (CBAR) + 0x200: 64-bit up-counter. */
#define GTIMER_OFFSET 0x200
#define GTIMER_LO     0x0
#define GTIMER_HI     0x4
#define GTIMER_CTRL   0x8

static volatile uint32_t *global_timer; /* set when there is no generic timer */

bool arch_va_to_pa(uintptr_t va, uint64_t *pa)
{
	uint32_t par;

	write_cp15(CP15_ATS1CPR, va);
	isb();
	par = read_cp15(CP15_PAR);
	if (par & PAR_F)
		return false;
	*pa = (par & ~(PAGE_SIZE - 1)) | (va & (PAGE_SIZE - 1));
	return true;
}

const char *arch_name(void)
{
	return "armv7";
}

const char *arch_level_name(void)
{
	switch (read_cpsr() & MODE_MASK) {
	case MODE_SVC: return "SVC";
	case MODE_HYP: return "HYP";
	case MODE_SYS: return "SYS";
	default: return "another mode";
	}
}

unsigned arch_cpu_id(void)
{
	return read_cp15(CP15_MIDR);
}

static bool has_generic_timer(void)
{
	return (read_cp15(CP15_ID_PFR1) >> ID_PFR1_GENTIMER_SHIFT) & 0xf;
}

bool arch_counter_init(uint64_t a9_periphbase)
{
	if (has_generic_timer())
		return true;
	if (!cpu_part_has(arch_cpu_id(), PARTF_MPCORE_SCU)) /* the A9/A5 global timer */
		return false;
	/* PERIPHBASE from the DTB, else from CBAR (QEMU's i.MX6 leaves CBAR 0). */
	uintptr_t periph = a9_periphbase ? (uintptr_t)a9_periphbase
					 : read_cp15(CP15_CBAR) & CBAR_PERIPHBASE_MASK;
	if (!periph)
		return false;
	global_timer = (volatile uint32_t *)(periph + GTIMER_OFFSET);
	global_timer[GTIMER_CTRL / 4] |= 1; /* enable; prescaler as firmware left it */
	return true;
}

uint64_t arch_counter(void)
{
	uint32_t lo, hi, hi2;

	if (global_timer) {
		do { /* the two halves are not read atomically */
			hi = global_timer[GTIMER_HI / 4];
			lo = global_timer[GTIMER_LO / 4];
			hi2 = global_timer[GTIMER_HI / 4];
		} while (hi != hi2);
		return (uint64_t)hi << 32 | lo;
	}
	if (!has_generic_timer())
		return 0;
	__asm__ volatile("isb; mrrc p15, 1, %0, %1, c14"
			 : "=r"(lo), "=r"(hi)::"memory"); /* CNTVCT */
	return (uint64_t)hi << 32 | lo;
}

uint32_t arch_counter_hz(void)
{
	uint32_t hz = 0;

	if (has_generic_timer())
		hz = read_cp15(CP15_CNTFRQ);
	return hz; /* the A9 global timer's PERIPHCLK rate is not discoverable */
}

/* CNTKCTL (B4.1.26): EVNTI [7:4], EVNTEN [2], as on AArch64. Only with
 * the generic timer (ID_PFR1): on a Cortex-A9 the register is not there. */
bool arch_event_stream_on(void)
{
	uint32_t k;

	if (!has_generic_timer())
		return false;
	__asm__ volatile("mrc p15, 0, %0, c14, c1, 0" : "=r"(k));
	k = (k & ~0xf0u) | 10u << 4 | 1u << 2;
	__asm__ volatile("mcr p15, 0, %0, c14, c1, 0" ::"r"(k));
	isb();
	return true;
}

bool arch_inst_retired(uint64_t *count)
{
	uint32_t pmu = (read_cp15(CP15_ID_DFR0) >> ID_DFR0_PMU_SHIFT) & 0xf;

	if (pmu == 0 || pmu == PERFMON_IMPDEF)
		return false;
	write_cp15(CP15_PMSELR, 0); /* counter 0: INST_RETIRED (entry.S) */
	isb();
	*count = read_cp15(CP15_PMXEVCNTR);
	return true;
}

uintptr_t arch_semihost(uintptr_t op, uintptr_t arg)
{
	register uintptr_t r0 __asm__("r0") = op;
	register uintptr_t r1 __asm__("r1") = arg;
	__asm__ volatile("svc 0x123456" : "+r"(r0) : "r"(r1) : "memory", "lr");
	return r0;
}

void arch_psci_system_off(enum psci_conduit conduit)
{
	register uint32_t r0 __asm__("r0") = PSCI_SYSTEM_OFF;
	if (conduit == PSCI_HVC)
		__asm__ volatile(".arch_extension virt\n\thvc #0" : "+r"(r0)::"memory");
	else if (conduit == PSCI_SMC)
		__asm__ volatile(".arch_extension sec\n\tsmc #0" : "+r"(r0)::"memory");
}

void arch_halt(void)
{
	__asm__ volatile("cpsid aif");
	for (;;)
		__asm__ volatile("wfi");
}
