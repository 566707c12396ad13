/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A secondary CPU's way into the image (boot/<arch>/secondary.S), the
 * contract between the entry code and the C that starts CPUs (smp/smp.h):
 *
 * secondary_entry(): where a start method sends a CPU (PSCI CPU_ON's
 * entry point, a spin table's release address, a boot ROM's mailbox). Its
 * state on entry is a Linux secondary's: MMU and D-cache off, at EL3, EL2 or
 * EL1 (AArch64) / Monitor, HYP or SVC (ARMv7), x0 / r0 the context ID. It
 * drops to EL1 / SVC as the boot CPU came (boot/<arch>/el_drop.S, entry.S),
 * finds its own struct smp_args in smp_args_table by its MPIDR affinity,
 * takes its stacks, the boot CPU's vectors and MMU registers, and calls
 * args.fn(args.arg, context ID, security: SMP_SEC_*, ARMv7) with the MMU
 * and caches on; a CPU with no
 * entry waits in the holding pen.
 *
 * park_secondary: the holding pen, where every CPU but the elected one
 * waits (WFE) when every core entered the image at once, until an entry
 * with its MPIDR is published (the table cleaned to memory, then SEV).
 *
 * smp_psci_cpu_off(hvc): the calling CPU's D-cache off, its caches cleaned
 * and invalidated to LoUIS, PSCI CPU_OFF; does not return (on a refusal it
 * parks).
 *
 * smp_args_table: in the loaded image, 0 and 0 until smp_init() points it
 * at its struct smp_args[] and cleans it to memory (the count last): a CPU
 * reads it with its MMU off.
 */
#ifndef BOOT_SECONDARY_H
#define BOOT_SECONDARY_H

/* A CPU's slot (smp_init: from the heap, page aligned): guard page, stack,
 * guard page, exception stack. */
#define SMP_STACK_SIZE     0x2000
#define SMP_EXC_STACK_SIZE 0x1000
#define SMP_SLOT_SIZE      (0x1000 + SMP_STACK_SIZE + 0x1000 + SMP_EXC_STACK_SIZE)

/* struct smp_args, as secondary.S reads it (64-bit fields; ARMv7 reads the
 * low words). key: the MPIDR affinity | SMP_KEY_VALID, 0 for a free slot.
 * secondary.S finds the table through smp_args_table: its address, then
 * its count of entries (SMP_TABLE_*), 0 and 0 until smp_init() publishes
 * it. */
#define SMP_TABLE_ARGS   0
#define SMP_TABLE_COUNT  8
#define SMP_ARGS_KEY     0
#define SMP_ARGS_SP      8
#define SMP_ARGS_EXC_SP  16
#define SMP_ARGS_FN      24
#define SMP_ARGS_ARG     32
#define SMP_ARGS_MMU     40 /* MMU_CPU_REGS values (mmu/mmu.h) */
#define SMP_ARGS_SIZE    72
#define SMP_KEY_VALID_HI 0x40000000 /* bit 62 of the key: its high word */
/* A CPU's security state as it records it on arrival (ARMv7 secondary.S:
 * fn's third argument; smp/smp.h struct smp_cpu.security): not known (AArch64,
 * where PSCI starts a CPU in its caller's state), no Security Extensions
 * (ID_PFR1.Security 0: one state), Secure, Non-secure. */
#define SMP_SEC_UNKNOWN   0
#define SMP_SEC_NONE      1
#define SMP_SEC_SECURE    2
#define SMP_SEC_NONSECURE 3
#ifdef __ASSEMBLER__
#define SMP_KEY_VALID (SMP_KEY_VALID_HI << 32)
#else
#define SMP_KEY_VALID ((uint64_t)SMP_KEY_VALID_HI << 32)
#endif

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

struct smp_args {
	uint64_t key, sp, exc_sp, fn, arg, mmu[4];
};

struct smp_args_table {
	uint64_t args, count; /* struct smp_args[count] at args */
};

void secondary_entry(void);
__attribute__((noreturn)) void smp_psci_cpu_off(bool hvc);
extern struct smp_args_table smp_args_table;
#endif

#endif
