/*
 * Where the base layer's own words go: the decoded exception report, the
 * EXIT line. The console (lib/console) registers its writer when it starts;
 * until then output is dropped. No printf and no string library here: this
 * also prints the report of a fault inside them.
 */
#ifndef ARCH_OUT_H
#define ARCH_OUT_H

#include <stddef.h>
#include <stdint.h>

void out_set_writer(void (*write)(const char *s, size_t n));
void out_write(const char *s, size_t n);
void out_puts(const char *s);
/* "0x" and the value in hex. */
void out_puthex(uintptr_t v);

#endif
