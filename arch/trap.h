/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The C entry of every exception vector (arch/<arch>/vectors.S saves the
 * frame, calls this, restores the frame and returns from the exception).
 *
 * A probe's fault resumes the probe (arch/exception.h). Anything else is
 * unexpected: the decoded report (arch/decode.h), then platform_exit with
 * EXIT_EXCEPTION. A fault while reporting prints where it happened without
 * printf and exits; one in the exit path exits without it; one beyond parks
 * the CPU. It never loops or returns to the faulting code.
 */
#ifndef ARCH_TRAP_H
#define ARCH_TRAP_H

struct exc_frame;
void exception_handler(struct exc_frame *f, unsigned vector);

#endif
