/* SPDX-License-Identifier: BSD-2-Clause */
/* The fault probe: see exception.h. */
#include "arch/exception.h"

#include <setjmp.h>
#include <string.h>

void (*volatile arch_irq_handler)(struct exc_frame *f);

static const char *volatile phase_group, *volatile phase_name;

/* PSTATE.A (DDI 0487, "Process state, PSTATE"; DAIFClr) / CPSR.A (DDI
 * 0406C B1.3.3; CPSIE a). */
void exception_unmask_serror(void)
{
#ifdef __aarch64__
	__asm__ volatile("msr daifclr, #4\n\tisb" ::: "memory");
#else
	__asm__ volatile("cpsie a\n\tisb" ::: "memory");
#endif
}

void exception_set_phase(const char *group, const char *name)
{
	phase_group = group;
	phase_name = name;
}

void exception_phase(char *buf, unsigned size)
{
	const char *g = phase_group ? phase_group : "boot", *n = phase_name;
	unsigned i = 0;

	for (; *g && i + 1 < size; g++)
		buf[i++] = *g;
	if (n && i + 2 < size) {
		buf[i++] = ':';
		buf[i++] = ' ';
		for (; *n && i + 1 < size; n++)
			buf[i++] = *n;
	}
	if (size)
		buf[i] = 0;
}

static jmp_buf probe_env;
static struct fault_info *volatile probe_out;
static volatile bool probe_armed;

static void fault_probe_resume(void)
{
	probe_armed = false;
	longjmp(probe_env, 1);
}

bool fault_probe(probe_fn fn, void *arg, struct fault_info *out)
{
	static struct fault_info scratch;

	probe_out = out ? out : &scratch;
	memset(probe_out, 0, sizeof(*probe_out));
	if (setjmp(probe_env))
		return true;
	probe_armed = true;
	fn(arg);
	probe_armed = false;
	return false;
}

bool fault_probe_catch(struct exc_frame *f, unsigned vector)
{
	if (!probe_armed || !exception_is_sync(vector))
		return false;
	probe_armed = false;
	exception_decode(f, vector, probe_out);
	exception_redirect(f, fault_probe_resume);
	return true;
}
