/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the base layer's own words go: the decoded exception report, the
 * EXIT line. The console (lib/console) registers its writer when it starts;
 * until then output is dropped. No printf and no string library here: this
 * also prints the report of a fault inside them.
 */
#ifndef ARCH_OUT_H
#define ARCH_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void out_set_writer(void (*write)(const char *s, size_t n));
/*
 * A writer that can fault (a UART at an address with nothing behind it, or
 * with its clock off): it marks itself busy while it touches the device;
 * an exception taken while busy is the writer's (out_writer_faulted), and
 * arch/trap.c then calls out_fail_over(), which calls the writer's
 * fail-over (lib/console: semihosting output, then an identified
 * platform's console) and returns false when no sink is left.
 */
void out_set_fail_over(bool (*fail_over)(void));
/* Inline: the console calls it twice per character. */
extern volatile bool out_busy_flag;
static inline void out_busy(bool busy)
{
	out_busy_flag = busy;
}
bool out_writer_faulted(void);
bool out_fail_over(void);
void out_write(const char *s, size_t n);
void out_puts(const char *s);
/* "0x" and the value in hex. */
void out_puthex(uintptr_t v);

#endif
