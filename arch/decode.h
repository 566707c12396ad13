/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Exception decoding: an exception's syndrome, fault address and saved state
 * in words. Per architecture (arch/<arch>/decode.c: ARM ARM D17.2.37 ESR_EL1
 * for AArch64; B4.1.52 DFSR and B3.13.3 fault status encodings for ARMv7),
 * with the names of the classes here (arch/decode.c).
 *
 * No state and no side effect but exception_report()'s output (arch/out.h)
 * and exception_redirect()'s change to the frame: safe from any context.
 */
#ifndef ARCH_DECODE_H
#define ARCH_DECODE_H

#include <stdbool.h>
#include <stdint.h>

enum fault_class {
	FAULT_NONE = 0,
	FAULT_UNDEFINED,  /* undefined / unknown instruction */
	FAULT_BREAKPOINT, /* BRK / BKPT */
	FAULT_SYSCALL,    /* SVC / HVC / SMC taken as an exception */
	FAULT_INSN_ABORT, /* instruction fetch abort */
	FAULT_DATA_ABORT, /* data access abort */
	FAULT_ALIGNMENT,  /* PC or SP alignment */
	FAULT_OTHER,
};

enum fault_status {
	FSTAT_NONE = 0,
	FSTAT_TRANSLATION, /* nothing mapped at that address */
	FSTAT_PERMISSION,  /* mapped, access not permitted (RO / XN) */
	FSTAT_ACCESS_FLAG,
	FSTAT_ALIGNMENT,
	FSTAT_EXTERNAL,
	FSTAT_OTHER,
};

struct fault_info {
	enum fault_class cls;
	enum fault_status status;
	unsigned level;    /* translation table level, if the status has one */
	bool write;        /* data aborts: the access was a write */
	uint32_t syndrome; /* AArch64 ESR_EL1; ARMv7 DFSR/IFSR (0 for undef) */
	uintptr_t addr;    /* FAR / DFAR / IFAR */
	uintptr_t pc;      /* the faulting instruction */
	char text[96];     /* the same, in words */
};

const char *fault_class_name(enum fault_class c);
const char *fault_status_name(enum fault_status s);

struct exc_frame;
/* Decodes the frame of a synchronous exception into *out. */
void exception_decode(const struct exc_frame *f, unsigned vector, struct fault_info *out);
/* The faulting PC and the fault address (FAR; DFAR/IFAR for aborts, else 0),
 * from the frame and fault registers only: no library call, for the report
 * of an exception taken while reporting one. */
void exception_where(const struct exc_frame *f, unsigned vector, uintptr_t *pc, uintptr_t *addr);
/* Prints the full decoded report of an unexpected exception. */
void exception_report(const struct exc_frame *f, unsigned vector);
/* Points the frame's return address at fault_probe_resume. */
void exception_redirect(struct exc_frame *f, void (*to)(void));
/* True if the vector is a synchronous exception a probe may catch. */
bool exception_is_sync(unsigned vector);

#endif
