/* SPDX-License-Identifier: BSD-2-Clause */
/* memtest: stress, before burn-in in the run order (sources.mk SELFTESTS): memtest/stress.h. */
#include "lib/selftest/selftest.h"
#include "memtest/stress.h"

SELFTEST(memtest, stress)
{
	memtest_stress();
}
