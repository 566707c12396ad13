/* SPDX-License-Identifier: BSD-2-Clause */
/* The names of fault classes and statuses: see decode.h. */
#include "arch/decode.h"

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
