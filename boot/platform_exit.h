/*
 * Ending a run: print "EXIT: STATUS=n" (so a board without semihosting still
 * tells), then try, in order, semihosting SYS_EXIT (QEMU -semihosting), PSCI
 * SYSTEM_OFF (conduit from the DTB / platform), and finally park the CPU with
 * interrupts masked. Never returns. Safe from exception context.
 */
#ifndef BOOT_PLATFORM_EXIT_H
#define BOOT_PLATFORM_EXIT_H

#include "lib/board.h"

void platform_exit_set_psci(enum psci_conduit conduit);
__attribute__((noreturn)) void platform_exit(int status);
/* The same without printing, cache maintenance or fault probes: for when
 * platform_exit() itself faulted. A semihosting or PSCI call that traps
 * here is a further exception (the handler then parks the CPU). */
__attribute__((noreturn)) void platform_exit_quiet(int status);

#endif
