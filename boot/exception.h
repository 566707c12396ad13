/*
 * Exceptions: the decoded report for an unexpected one, and fault probes that
 * let a test (or the exit path) run code that is expected to fault.
 *
 * Contract:
 * - An unexpected exception prints a decoded report (class and syndrome in
 *   words, fault address, return address, saved state, registers) and ends the
 *   run through platform_exit(EXIT_EXCEPTION). It never returns or hangs.
 * - fault_probe(fn, arg, out) runs fn(arg). If fn takes a synchronous
 *   exception (undefined instruction, abort, breakpoint, SVC...), execution
 *   resumes in fault_probe, which returns true with *out describing the fault.
 *   Returns false if fn returned normally. Not reentrant (one probe at a time);
 *   fn must not rely on local state after the fault (it is abandoned).
 */
#ifndef BOOT_EXCEPTION_H
#define BOOT_EXCEPTION_H

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

typedef void (*probe_fn)(void *arg);
bool fault_probe(probe_fn fn, void *arg, struct fault_info *out);

const char *fault_class_name(enum fault_class c);
const char *fault_status_name(enum fault_status s);

/* Per architecture (boot/<arch>/exception.c). */
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

/* Called by the vectors. */
void exception_handler(struct exc_frame *f, unsigned vector);

#define EXIT_EXCEPTION 3

#endif
