/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fault probes: run code that is expected to fault (a test, the exit path's
 * semihosting call, a read of a DTB pointer that may be garbage).
 *
 * Contract:
 * - An unexpected exception (no probe armed) is arch/trap.c's: a decoded
 *   report (class and syndrome in words, fault address, return address,
 *   saved state, registers), then platform_exit(EXIT_EXCEPTION). It never
 *   returns or hangs.
 * - fault_probe(fn, arg, out) runs fn(arg). If fn takes a synchronous
 *   exception (undefined instruction, abort, breakpoint, SVC...), execution
 *   resumes in fault_probe, which returns true with *out describing the fault.
 *   Returns false if fn returned normally. Not reentrant (one probe at a time);
 *   fn must not rely on local state after the fault (it is abandoned).
 */
#ifndef ARCH_EXCEPTION_H
#define ARCH_EXCEPTION_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/decode.h"

typedef void (*probe_fn)(void *arg);
bool fault_probe(probe_fn fn, void *arg, struct fault_info *out);

/* For arch/trap.c: if a probe is armed and the exception is synchronous,
 * decode it into the probe's fault_info, make the frame return into
 * fault_probe (which then returns true) and return true; else false. */
bool fault_probe_catch(struct exc_frame *f, unsigned vector);

/*
 * The IRQ entry: arch/<arch>/vectors.S saves the whole frame on an IRQ
 * (AArch64 at EL1 from either stack; ARMv7 in IRQ mode, the return address
 * already the interrupted instruction's) and calls this with it, then
 * restores the frame and returns to the interrupted code. NULL (no driver
 * installed it: irq/irq.h irq_init): the IRQ is an unexpected exception,
 * reported as any other.
 */
extern void (*volatile arch_irq_handler)(struct exc_frame *f);

/*
 * Asynchronous aborts (SError on AArch64, the asynchronous abort on ARMv7)
 * are unmasked once the vectors are in (exception_unmask_serror: PSTATE.A /
 * CPSR.A cleared, on every CPU) and reported like any unexpected exception,
 * decoded (ESR_EL1 ISS AET / DFSC; DFSR) and with the phase they came in:
 * exception_set_phase(group, name) names it ("boot" until the first call;
 * the self-test runner names each test; name may be NULL). They end the run
 * with EXIT_EXCEPTION: never masked in silence.
 */
void exception_unmask_serror(void);
void exception_set_phase(const char *group, const char *name);
/* "group: name" (or "group"), into buf. */
void exception_phase(char *buf, unsigned size);

#endif
