/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The architected PMU's registers for the pmu self-tests, on the calling
 * CPU: AArch64 PMUv3 (DDI 0487 D13 "The Performance Monitors Extension",
 * its register descriptions in D13.4 / D17.5: PMCR_EL0, PMCNTENSET_EL0 ...)
 * and ARMv7 PMUv2 through CP15 c9 (DDI 0406C C12.8 and B4.1.116-B4.1.126).
 * Event counters through PMSELR + PMXEVTYPER / PMXEVCNTR, so one call
 * serves any counter n; the selector is the caller's to set again
 * (arch_inst_retired sets its own). Bits the two share: PMCR.E [0], PMCR.N
 * [15:11]; bit n of the enable / interrupt / overflow / increment registers
 * is event counter n, bit 31 the cycle counter.
 */
#ifndef SELFTESTS_PMU_HW_H
#define SELFTESTS_PMU_HW_H

#include <stdint.h>

#define PMU_CYCLE_BIT  (1u << 31)
#define PMU_EV_SW_INCR 0x00 /* DDI 0487 D13.11 "Common event numbers" */
#define PMU_EV_INSTRET 0x08
#define PMU_PMCR_E     1u
#define PMU_PMCR_N(v)  ((unsigned)((v) >> 11 & 0x1f))

#ifdef __aarch64__
#define PMU_RD(r)                                                                                  \
	({                                                                                         \
		uint64_t v_;                                                                       \
		__asm__ volatile("mrs %0, " #r : "=r"(v_));                                        \
		v_;                                                                                \
	})
#define PMU_WR(r, v) __asm__ volatile("msr " #r ", %0\n\tisb" ::"r"((uint64_t)(v)) : "memory")

/* ID_AA64DFR0_EL1.PMUVer [11:8]: 0 none, 0xf IMPLEMENTATION DEFINED. */
static inline unsigned pmu_version(void)
{
	return (unsigned)(PMU_RD(id_aa64dfr0_el1) >> 8 & 0xf);
}
static inline uint32_t pmu_pmcr(void)
{
	return (uint32_t)PMU_RD(pmcr_el0);
}
static inline void pmu_set_pmcr(uint32_t v)
{
	PMU_WR(pmcr_el0, v);
}
static inline uint32_t pmu_cnten(void)
{
	return (uint32_t)PMU_RD(pmcntenset_el0);
}
static inline void pmu_cnten_set(uint32_t m)
{
	PMU_WR(pmcntenset_el0, m);
}
static inline void pmu_cnten_clr(uint32_t m)
{
	PMU_WR(pmcntenclr_el0, m);
}
static inline uint32_t pmu_inten(void)
{
	return (uint32_t)PMU_RD(pmintenset_el1);
}
static inline void pmu_inten_set(uint32_t m)
{
	PMU_WR(pmintenset_el1, m);
}
static inline void pmu_inten_clr(uint32_t m)
{
	PMU_WR(pmintenclr_el1, m);
}
static inline uint32_t pmu_ovs(void)
{
	return (uint32_t)PMU_RD(pmovsset_el0);
}
static inline void pmu_ovs_clr(uint32_t m)
{
	PMU_WR(pmovsclr_el0, m);
}
static inline void pmu_swinc(uint32_t m)
{
	PMU_WR(pmswinc_el0, m);
}
static inline uint32_t pmu_ceid0(void)
{
	return (uint32_t)PMU_RD(pmceid0_el0);
}
static inline uint64_t pmu_ccnt(void)
{
	return PMU_RD(pmccntr_el0);
}
static inline uint32_t pmu_ccfilt(void)
{
	return (uint32_t)PMU_RD(pmccfiltr_el0);
}
static inline void pmu_set_ccfilt(uint32_t v)
{
	PMU_WR(pmccfiltr_el0, v);
}
static inline void pmu_select(unsigned n)
{
	PMU_WR(pmselr_el0, n);
}
static inline uint32_t pmu_evtype(void)
{
	return (uint32_t)PMU_RD(pmxevtyper_el0);
}
static inline void pmu_set_evtype(uint32_t v)
{
	PMU_WR(pmxevtyper_el0, v);
}
static inline uint32_t pmu_evcnt(void)
{
	return (uint32_t)PMU_RD(pmxevcntr_el0);
}
static inline void pmu_set_evcnt(uint32_t v)
{
	PMU_WR(pmxevcntr_el0, v);
}

/* Event counter 1 read before and after a sled of n NOPs in one asm
 * statement (nothing the compiler adds between them); the difference. */
#define PMU_SLED(n)                                                                                \
	({                                                                                         \
		uint64_t a_, b_;                                                                   \
		__asm__ volatile("isb\n\tmrs %0, pmevcntr1_el0\n\t.rept " #n                       \
				 "\n\tnop\n\t.endr\n\tmrs %1, pmevcntr1_el0"                       \
				 : "=&r"(a_), "=r"(b_)::"memory");                                 \
		(uint32_t)(b_ - a_);                                                               \
	})
#else
#define PMU_RD(op1, crm, op2)                                                                      \
	({                                                                                         \
		uint32_t v_;                                                                       \
		__asm__ volatile("mrc p15, 0, %0, c9, " #crm ", " #op2 : "=r"(v_));                \
		v_;                                                                                \
	})
#define PMU_WR(crm, op2, v)                                                                        \
	__asm__ volatile("mcr p15, 0, %0, c9, " #crm ", " #op2 "\n\tisb" ::"r"((uint32_t)(v))      \
			 : "memory")

/* ID_DFR0.PerfMon [27:24] (B4.1.82): 0 none, 0xf IMPLEMENTATION DEFINED. */
static inline unsigned pmu_version(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c0, c1, 2" : "=r"(v));
	return v >> 24 & 0xf;
}
static inline uint32_t pmu_pmcr(void)
{
	return PMU_RD(0, c12, 0);
}
static inline void pmu_set_pmcr(uint32_t v)
{
	PMU_WR(c12, 0, v);
}
static inline uint32_t pmu_cnten(void)
{
	return PMU_RD(0, c12, 1);
}
static inline void pmu_cnten_set(uint32_t m)
{
	PMU_WR(c12, 1, m);
}
static inline void pmu_cnten_clr(uint32_t m)
{
	PMU_WR(c12, 2, m);
}
static inline uint32_t pmu_inten(void)
{
	return PMU_RD(0, c14, 1);
}
static inline void pmu_inten_set(uint32_t m)
{
	PMU_WR(c14, 1, m);
}
static inline void pmu_inten_clr(uint32_t m)
{
	PMU_WR(c14, 2, m);
}
static inline uint32_t pmu_ovs(void)
{
	return PMU_RD(0, c12, 3);
} /* PMOVSR */
static inline void pmu_ovs_clr(uint32_t m)
{
	PMU_WR(c12, 3, m);
}
static inline void pmu_swinc(uint32_t m)
{
	PMU_WR(c12, 4, m);
}
static inline uint32_t pmu_ceid0(void)
{
	return PMU_RD(0, c12, 6);
}
static inline uint64_t pmu_ccnt(void)
{
	return PMU_RD(0, c13, 0);
}
/* PMUv2 has no cycle counter filter (PMXEVTYPER31 is PMUv3's). */
static inline uint32_t pmu_ccfilt(void)
{
	return 0;
}
static inline void pmu_set_ccfilt(uint32_t v)
{
	(void)v;
}
static inline void pmu_select(unsigned n)
{
	PMU_WR(c12, 5, n);
}
static inline uint32_t pmu_evtype(void)
{
	return PMU_RD(0, c13, 1);
}
static inline void pmu_set_evtype(uint32_t v)
{
	PMU_WR(c13, 1, v);
}
static inline uint32_t pmu_evcnt(void)
{
	return PMU_RD(0, c13, 2);
}
static inline void pmu_set_evcnt(uint32_t v)
{
	PMU_WR(c13, 2, v);
}

/* Counter 1 selected by the caller (PMSELR = 1), read around the sled. */
#define PMU_SLED(n)                                                                                \
	({                                                                                         \
		uint32_t a_, b_;                                                                   \
		__asm__ volatile("isb\n\tmrc p15, 0, %0, c9, c13, 2\n\t.rept " #n                  \
				 "\n\tnop\n\t.endr\n\tmrc p15, 0, %1, c9, c13, 2"                  \
				 : "=&r"(a_), "=r"(b_)::"memory");                                 \
		b_ - a_;                                                                           \
	})
#endif

#endif
