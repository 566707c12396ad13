/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU cycle counter, read (arch/<arch>/cycles.c), for the CPU clock
 * figure (selftests/clock_test.c). pmu_start (arch/<arch>/pmu_start.S)
 * runs it from boot on the CPUs that called it, with event counter 0 on
 * INST_RETIRED for the instruction counts: arch_cycles() never resets
 * either. On a CPU where the cycle counter is not counting yet (a
 * secondary nobody started it on) it enables the cycle counter alone:
 * PMCNTENSET.C and PMCR.E, without PMCR.P or PMCR.C, so any count already
 * running stays (DDI 0487, PMCR_EL0 and PMCNTENSET_EL0; DDI 0406C
 * B4.1.117 PMCR, B4.1.116 PMCNTENSET).
 *
 * *cycles: PMCCNTR, times 64 where PMCR.D divides it (ARMv7 and AArch32
 * only; AArch64's PMCR_EL0.D does the same). ARMv7's PMCCNTR is 32 bits:
 * callers measure windows far shorter than its wrap (4.3 s at 1 GHz) and
 * take differences modulo 2^32.
 * false: the CPU has no architected PMU (ID_AA64DFR0_EL1.PMUVer /
 * ID_DFR0.PerfMon 0 or IMPLEMENTATION DEFINED), *cycles untouched.
 */
#ifndef ARCH_CYCLES_H
#define ARCH_CYCLES_H

#include <stdbool.h>
#include <stdint.h>

bool arch_cycles(uint64_t *cycles);
/* The width of PMCCNTR in bits (64 on AArch64, 32 on ARMv7). */
unsigned arch_cycles_bits(void);

#endif
