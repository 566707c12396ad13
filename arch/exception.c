/* The fault probe: see exception.h. */
#include "arch/exception.h"

#include <setjmp.h>
#include <string.h>

void (*volatile arch_irq_handler)(struct exc_frame *f);

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
