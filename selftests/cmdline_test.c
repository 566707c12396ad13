/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * boot: cmdline: the command line the run received, echoed, and every word
 * of it the option registry (front/options.h) could not follow: an unknown
 * key, a value that does not parse or is out of range, a key given twice,
 * a byte outside ASCII, a line too long. Each is named as given, so a typo
 * (memtst=full) fails here instead of running silently on the defaults.
 */
#include <stdio.h>

#include "boot/cmdline.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"

SELFTEST(boot, cmdline)
{
	const struct opt_line *l = options_line();
	char why[160];

	diag("cmdline: \"%s\" (%s)", l->text, cmdline_source());
	expect(!cmdline_semihost_unread(),
	       "the semihosting command line is longer than bringup reads: not read");
	for (unsigned i = 0; i < l->nproblems; i++)
		expect(false, "cmdline: %s", opt_problem_text(l, &l->problem[i], why, sizeof(why)));
	expect(!l->dropped, "cmdline: %u more problems", l->dropped);
}
