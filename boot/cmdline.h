/*
 * The run's command line: "key=value" words a test harness passes, from the
 * semihosting command line (QEMU -semihosting-config arg=...), else the DTB's
 * /chosen/bootargs. Read once by cmdline_init(); empty on a board with
 * neither.
 *
 * Keys bringup knows: mem=<size> (the RAM QEMU was given, for the memory
 * test); crash=undef|abort|stack (end the run with that unexpected exception,
 * to prove the report path; see qemu-tests/matrix.txt).
 */
#ifndef BOOT_CMDLINE_H
#define BOOT_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

void cmdline_init(void);
const char *cmdline(void);
/* Copies the value of key into buf (NUL-terminated, truncated); false if absent. */
bool cmdline_get(const char *key, char *buf, size_t size);

#endif
