/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ending a run: print "EXIT: STATUS=n" (so a board without semihosting still
 * tells), leave memory holding everything written (the flush an upper layer
 * registered), then try, in order, semihosting SYS_EXIT (QEMU -semihosting),
 * PSCI SYSTEM_OFF (the conduit an upper layer registered), and finally park
 * the CPU with interrupts masked. Never returns. Safe from exception context.
 *
 * Statuses: the EXIT_* below, one list for every layer (and entry.S).
 */
#ifndef ARCH_EXIT_H
#define ARCH_EXIT_H

#define EXIT_PASS            0 /* every self-test passed */
#define EXIT_TESTS_FAILED    1 /* a self-test failed */
#define EXIT_EXCEPTION       3 /* an unexpected exception (decoded report above it) */
#define EXIT_MMU_FAILED      4 /* the identity map could not be built */
#define EXIT_CRASH_FAILED    5 /* crash=... on the command line did not crash */
#define EXIT_PAGE_MISALIGNED 6 /* a page routine was handed a misaligned pointer */
/* An exception taken to EL3/EL2 (HYP) while bringup ran there: one line
 * first if the console was up (arch/<arch>/vectors.S). */
#define EXIT_HIGHER_EL 7
/* No console to write to: no built-in platform claims the board (board/
 * platform.h), no device tree names a UART bringup drives and the command
 * line names none (console=, earlycon=: board/board.h). Nothing is written
 * anywhere, no device touched; the status leaves through semihosting or
 * PSCI only. */
#define EXIT_NO_CONSOLE 8
/* The console faulted (nothing at its address, its clock off): after the
 * decoded report on the next sink (semihosting output, else an identified
 * platform's console), or silently if no sink was left. */
#define EXIT_CONSOLE_FAULT 9
#define EXIT_BOOT_RETURNED 99 /* boot_main returned to entry.S (it never should) */

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stddef.h>

#include "arch/arch.h"

void exit_set_psci(enum psci_conduit conduit);
/* How the run ends once "EXIT: STATUS=n" is out: semihosting first (the
 * default, as above), or PSCI SYSTEM_OFF / SYSTEM_RESET without trying
 * semihosting (DEN0022: neither returns; QEMU run with -no-reboot exits 0
 * on either), with the way named first ("# exit: PSCI SYSTEM_OFF"). Without
 * a conduit the default order applies. */
enum exit_way { EXIT_WAY_DEFAULT = 0, EXIT_WAY_PSCI_OFF, EXIT_WAY_PSCI_RESET };
void exit_set_way(enum exit_way way);
/* What "memory holds everything written" takes (cache/ registers its
 * clean+invalidate of every level); NULL: nothing. */
void exit_set_flush(void (*flush)(void));
__attribute__((noreturn)) void platform_exit(int status);
/* The same without printing, cache maintenance or fault probes: for when
 * platform_exit() itself faulted. A semihosting or PSCI call that traps
 * here is a further exception (the handler then parks the CPU). */
__attribute__((noreturn)) void platform_exit_quiet(int status);
/* Nothing written (no console: EXIT_NO_CONSOLE): the status through
 * semihosting, else the run ends through PSCI SYSTEM_OFF (the registered
 * conduit, else smc where PSCI_VERSION answers there), each under a fault
 * probe; else the CPU parks. */
__attribute__((noreturn)) void platform_exit_silent(int status);
/* n bytes of s to the debugger's (QEMU's stdout) through semihosting
 * SYS_WRITE0, the sink after a faulting console (lib/console). The first
 * call runs under a fault probe: false if semihosting is absent (then every
 * later call is false too, without trying). */
bool semihost_write(const char *s, size_t n);
#endif

#endif
