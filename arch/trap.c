/* SPDX-License-Identifier: BSD-2-Clause */
/* Unexpected exceptions: see trap.h. */
#include "arch/trap.h"

#include "arch/arch.h"
#include "arch/decode.h"
#include "arch/exception.h"
#include "arch/exit.h"
#include "arch/image.h"
#include "arch/out.h"

static volatile unsigned handler_depth;
static volatile int exit_status = EXIT_EXCEPTION;

void exception_handler(struct exc_frame *f, unsigned vector)
{
	if (fault_probe_catch(f, vector))
		return;
	/* The console faulted while writing: the report goes to the next sink
	 * (arch/out.h), and the run ends with a status that says so; with no
	 * sink left, silently. Never a loop: each sink is tried once. */
	if (out_writer_faulted()) {
		exit_status = EXIT_CONSOLE_FAULT;
		if (!out_fail_over())
			platform_exit_quiet(EXIT_CONSOLE_FAULT);
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
			platform_exit_quiet(exit_status);
		exception_where(f, vector, &pc, &addr);
		out_puts("\n!! exception while handling an exception: PC ");
		out_puthex(pc);
		out_puts(" address ");
		out_puthex(addr);
		out_puts("\n");
		platform_exit(exit_status);
	}
	exception_report(f, vector);
	{
		char ph[64];

		exception_phase(ph, sizeof(ph));
		out_puts("!! during: ");
		out_puts(ph);
		out_puts(exception_is_sync(vector) ? "\n"
						   : " (asynchronous: it came then, "
						     "its cause may be earlier)\n");
	}
	image_report_where();
	platform_exit(exit_status);
}
