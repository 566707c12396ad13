/*
 * Architecture-independent half of exception handling: the fault probe and
 * the policy for unexpected exceptions (report, then exit non-zero).
 */
#include "boot/exception.h"

#include <setjmp.h>
#include <string.h>

#include "boot/arch.h"
#include "boot/platform_exit.h"
#include "lib/console.h"

static jmp_buf probe_env;
static struct fault_info *volatile probe_out;
static volatile bool probe_armed;
static volatile unsigned handler_depth;

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

void exception_handler(struct exc_frame *f, unsigned vector)
{
	if (probe_armed && exception_is_sync(vector)) {
		probe_armed = false;
		exception_decode(f, vector, probe_out);
		exception_redirect(f, fault_probe_resume);
		return;
	}
	if (++handler_depth > 1) {
		uintptr_t pc, addr;

		/* A fault while reporting or exiting: say where without printf
		 * (it may be what faulted), then exit. If the exit path faults
		 * too, exit without it; if even that faults (no semihosting or
		 * PSCI, and they trap), park: never loop. */
		if (handler_depth > 3)
			arch_halt();
		if (handler_depth > 2)
			platform_exit_quiet(EXIT_EXCEPTION);
		exception_where(f, vector, &pc, &addr);
		console_puts("\n!! exception while handling an exception: PC ");
		console_puthex(pc);
		console_puts(" address ");
		console_puthex(addr);
		console_puts("\n");
		platform_exit(EXIT_EXCEPTION);
	}
	exception_report(f, vector);
	platform_exit(EXIT_EXCEPTION);
}

const char *fault_class_name(enum fault_class c)
{
	static const char *const names[] = {
		[FAULT_NONE] = "no fault",
		[FAULT_UNDEFINED] = "undefined instruction",
		[FAULT_BREAKPOINT] = "breakpoint",
		[FAULT_SYSCALL] = "supervisor/hypervisor/secure call",
		[FAULT_INSN_ABORT] = "instruction abort",
		[FAULT_DATA_ABORT] = "data abort",
		[FAULT_ALIGNMENT] = "PC/SP alignment fault",
		[FAULT_OTHER] = "other exception",
	};
	return c < sizeof(names) / sizeof(names[0]) ? names[c] : "?";
}

const char *fault_status_name(enum fault_status s)
{
	static const char *const names[] = {
		[FSTAT_NONE] = "",
		[FSTAT_TRANSLATION] = "translation fault",
		[FSTAT_PERMISSION] = "permission fault",
		[FSTAT_ACCESS_FLAG] = "access flag fault",
		[FSTAT_ALIGNMENT] = "alignment fault",
		[FSTAT_EXTERNAL] = "external abort",
		[FSTAT_OTHER] = "other fault status",
	};
	return s < sizeof(names) / sizeof(names[0]) ? names[s] : "?";
}
