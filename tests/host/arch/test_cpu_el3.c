/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-cpu-el3: boot/aarch64/cpu_el3.S (cpu_el3_setup, what bringup does to
 * a core as EL3 firmware), unchanged, under qemu-aarch64 with -cpu
 * cortex-a57 (r1p0) and cortex-a72 (r0p3). MIDR_EL1 reads are the model's
 * (Linux and qemu-user emulate them at EL0); every other system register
 * access is UNDEFINED at EL0, and the SIGILL handler applies it to a table
 * (MRS reads it, MSR writes it), then resumes after it. CPUACTLR_EL1 must
 * then hold exactly the bits arch/aarch64/cpu.h cpu_a57_a72_el3_actlr names
 * for the revision: the reset errata of the Cortex-A57/A72 errata notices.
 * tests/host/arch/arch.mk builds it with -DCPU_EL3_MUTANT_NO_A57 (none
 * applied, the old code), which must fail.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "arch/aarch64/cpu.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

void cpu_el3_setup(void);
uint32_t cntfrq_el3_value; /* arch/aarch64/arch.c's, here 0: not programmed */

#define SYSREG(insn) (((insn) >> 5) & 0x7fff) /* op0:op1:CRn:CRm:op2 */
static uint64_t regs[0x8000];
static unsigned traps;

static void sigill(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	uint32_t insn = *(uint32_t *)uc->uc_mcontext.pc;
	unsigned rt = insn & 31;

	(void)sig;
	(void)si;
	if ((insn & 0xfff00000u) == 0xd5300000u) { /* MRS */
		if (rt != 31)
			uc->uc_mcontext.regs[rt] = regs[SYSREG(insn)];
	} else if ((insn & 0xfff00000u) == 0xd5100000u) { /* MSR (register) */
		regs[SYSREG(insn)] = rt == 31 ? 0 : uc->uc_mcontext.regs[rt];
	} else {
		fprintf(stderr, "host-cpu-el3: UNDEFINED 0x%08x, not a system register access\n",
			insn);
		_exit(3);
	}
	traps++;
	uc->uc_mcontext.pc += 4;
}

int main(void)
{
	struct sigaction sa = { .sa_sigaction = sigill, .sa_flags = SA_SIGINFO };
	uint64_t midr, want;
	unsigned key = SYSREG(1u << 19 | 1u << 16 | 15u << 12 | 2u << 8); /* S3_1_C15_C2_0 */

	sigaction(SIGILL, &sa, NULL);
	__asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
	cpu_el3_setup();
	want = cpu_a57_a72_el3_actlr(midr);
	printf("host-cpu-el3: MIDR 0x%08llx: %u system register accesses trapped\n",
	       (unsigned long long)midr, traps);
	CHECK(want != 0, "MIDR 0x%08llx: no A57/A72 erratum applies: the wrong -cpu",
	      (unsigned long long)midr);
	CHECK(regs[key] == want,
	      "MIDR 0x%08llx: CPUACTLR_EL1 0x%llx after cpu_el3_setup, want 0x%llx",
	      (unsigned long long)midr, (unsigned long long)regs[key], (unsigned long long)want);
	return check_report("host-cpu-el3");
}
