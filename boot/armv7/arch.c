/* ARMv7-A implementations of boot/arch.h. */
#include "boot/arch.h"
#include "boot/armv7/sysregs.h"

#define MRC(v, op1, crn, crm, op2)                                                                 \
	__asm__ volatile("mrc p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 : "=r"(v))

#define MIDR_PART(midr) (((midr) >> 4) & 0xfff)
#define PART_CORTEX_A5  0xc05
#define PART_CORTEX_A9  0xc09
/* Cortex-A9/A5 MPCore global timer, at PERIPHBASE (CBAR) + 0x200: 64-bit up-counter. */
#define GTIMER_OFFSET 0x200
#define GTIMER_LO     0x0
#define GTIMER_HI     0x4
#define GTIMER_CTRL   0x8

static volatile uint32_t *global_timer; /* set when there is no generic timer */

const char *arch_name(void)
{
	return "armv7";
}

const char *arch_level_name(void)
{
	uint32_t cpsr;
	__asm__ volatile("mrs %0, cpsr" : "=r"(cpsr));
	switch (cpsr & MODE_MASK) {
	case MODE_SVC: return "SVC";
	case MODE_HYP: return "HYP";
	case MODE_SYS: return "SYS";
	default: return "another mode";
	}
}

unsigned arch_cpu_id(void)
{
	uint32_t midr;
	MRC(midr, 0, c0, c0, 0);
	return midr;
}

static bool has_generic_timer(void)
{
	uint32_t pfr1;
	MRC(pfr1, 0, c0, c1, 1); /* ID_PFR1.GenTimer [19:16] */
	return (pfr1 >> 16) & 0xf;
}

bool arch_counter_init(const struct board_info *b)
{
	unsigned part = MIDR_PART(arch_cpu_id());
	uint32_t cbar;

	if (has_generic_timer())
		return true;
	if (part != PART_CORTEX_A9 && part != PART_CORTEX_A5)
		return false;
	/* PERIPHBASE from the DTB, else from CBAR (QEMU's i.MX6 leaves CBAR 0). */
	MRC(cbar, 4, c15, c0, 0); /* Configuration Base Address: the private peripherals */
	uintptr_t periph = b->a9_periphbase ? (uintptr_t)b->a9_periphbase : cbar & 0xffffe000;
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
		MRC(hz, 0, c14, c0, 0); /* CNTFRQ */
	return hz; /* the A9 global timer's PERIPHCLK rate is not discoverable */
}

bool arch_inst_retired(uint64_t *count)
{
	uint32_t dfr0, v;

	MRC(dfr0, 0, c0, c1, 2);
	dfr0 = (dfr0 >> 24) & 0xf;
	if (dfr0 == 0 || dfr0 == 0xf)
		return false;
	__asm__ volatile("mcr p15, 0, %1, c9, c12, 5; isb; mrc p15, 0, %0, c9, c13, 2"
			 : "=r"(v)
			 : "r"(0));
	*count = v;
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
	register uint32_t r0 __asm__("r0") = 0x84000008; /* PSCI SYSTEM_OFF */
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
