/* Unexpected exceptions: see trap.h. */
#include "arch/trap.h"

#include "arch/arch.h"
#include "arch/decode.h"
#include "arch/exception.h"
#include "arch/exit.h"
#include "arch/out.h"

static volatile unsigned handler_depth;

void exception_handler(struct exc_frame *f, unsigned vector)
{
	if (fault_probe_catch(f, vector))
		return;
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
		out_puts("\n!! exception while handling an exception: PC ");
		out_puthex(pc);
		out_puts(" address ");
		out_puthex(addr);
		out_puts("\n");
		platform_exit(EXIT_EXCEPTION);
	}
	exception_report(f, vector);
	platform_exit(EXIT_EXCEPTION);
}
