/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the run's command line comes from: the semihosting command line
 * (QEMU -semihosting-config arg=...), else the DTB's /chosen/bootargs, which
 * U-Boot fills from its bootargs variable (fdt_chosen(),
 * boot/fdt_support.c). Read once by cmdline_init(), which hands it to the
 * option registry (front/options.h: the keys, their values, the problems);
 * empty on a board with neither.
 *
 * A semihosting command line starts with the program's name (QEMU joins its
 * arg= list, the first being the name; without arg= it falls back to the
 * -kernel file's name, e.g. U-Boot's when U-Boot is the kernel: QEMU's
 * semihosting_arg_fallback(), semihosting/config.c). It is the run's
 * command line only if a word after that name is "key=value" or a flag the
 * table knows ("help"); else the bootargs apply, so that a U-Boot started
 * with -semihosting -kernel u-boot.bin does not hide its bootargs
 * (opt_semihost_words).
 */
#ifndef BOOT_CMDLINE_H
#define BOOT_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

/* Semihosting's words, if they are the run's command line (else NULL):
 * asked once, and before discovery, so that the console= and earlycon= there
 * can name the console (board/discover.h); later calls return the same. */
const char *cmdline_semihost(void);
void cmdline_init(void);
/* The words taken (semihosting's without the program's name), NUL-terminated. */
const char *cmdline(void);
/* Where they came from: "semihosting", "bootargs" or "none". */
const char *cmdline_source(void);
/* Semihosting has a command line longer than bringup reads (4 * OPT_LINE_MAX
 * - 1 bytes): it was not read. */
bool cmdline_semihost_unread(void);
/* Copies key's accepted value into buf (NUL-terminated, truncated; "" for a
 * flag); false if absent or refused. Kept for code not yet on front/options.h
 * (option_get, option_is, option_number): the key must still be a line of the
 * table, or boot: cmdline fails on it as unknown. */
bool cmdline_get(const char *key, char *buf, size_t size);

#endif
