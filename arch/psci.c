/* SPDX-License-Identifier: BSD-2-Clause */
/* PSCI in words: see arch/psci.h. */
#include "arch/psci.h"

const char *psci_strerror(long ret)
{
	static const char *const names[] = {
		"",           "NOT_SUPPORTED",  "INVALID_PARAMETERS", "DENIED",
		"ALREADY_ON", "ON_PENDING",     "INTERNAL_FAILURE",   "NOT_PRESENT",
		"DISABLED",   "INVALID_ADDRESS"
	};

	if (ret > 0)
		return "";
	if (-ret < (long)(sizeof(names) / sizeof(names[0])))
		return names[-ret];
	return "unknown PSCI error";
}

const char *psci_conduit_name(enum psci_conduit conduit)
{
	return conduit == PSCI_HVC ? "hvc" : conduit == PSCI_SMC ? "smc" : "none";
}
