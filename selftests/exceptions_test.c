/* SPDX-License-Identifier: BSD-2-Clause */
/* exceptions: synchronous exceptions are caught and decoded correctly. */
#include <string.h>

#include "arch/exception.h"
#include "lib/selftest/selftest.h"

static void undefined(void *arg)
{
	(void)arg;
#ifdef __aarch64__
	__asm__ volatile("udf #0x42");
#else
	__asm__ volatile(".word 0xe7f000f0"); /* permanently undefined (UDF) */
#endif
}

static void breakpoint(void *arg)
{
	(void)arg;
#ifdef __aarch64__
	__asm__ volatile("brk #0x7");
#else
	__asm__ volatile("bkpt #0x7");
#endif
}

static void unmapped_write(void *arg)
{
	*(volatile uint32_t *)arg = 1;
}

static void nothing(void *arg)
{
	(void)arg;
}

SELFTEST(exceptions, decoding)
{
	struct fault_info fi;

	expect(!fault_probe(nothing, NULL, &fi), "a probe that does not fault reported a fault");

	expect(fault_probe(undefined, NULL, &fi), "UDF did not fault");
	diag("udf  -> %s", fi.text);
	expect(fi.cls == FAULT_UNDEFINED, "UDF decoded as %s", fault_class_name(fi.cls));
	expect(fi.pc != 0, "no faulting PC");

	expect(fault_probe(breakpoint, NULL, &fi), "breakpoint did not fault");
	diag("brk  -> %s", fi.text);
	expect(fi.cls == FAULT_BREAKPOINT, "breakpoint decoded as %s", fault_class_name(fi.cls));
#ifdef __aarch64__
	expect((fi.syndrome & 0xffff) == 7, "BRK comment 0x%x", (unsigned)(fi.syndrome & 0xffff));
	expect(strstr(fi.text, "BRK") != NULL, "text \"%s\" does not name BRK", fi.text);
#endif

	/* The last page of the 32-bit space is not RAM on any machine bringup
	 * knows, and Device: a write there must not fault... so use a hole
	 * the map leaves: the exception stack's guard page. */
	extern char __guard1[];
	expect(fault_probe(unmapped_write, __guard1 + 8, &fi), "write to guard did not fault");
	diag("write-> %s", fi.text);
	expect(fi.cls == FAULT_DATA_ABORT && fi.write, "expected a write data abort, got %s",
	       fi.text);
	expect(strstr(fi.text, "translation fault") != NULL, "text \"%s\"", fi.text);
	expect(fi.addr == (uintptr_t)(__guard1 + 8), "FAR 0x%lx", (unsigned long)fi.addr);
}
