/* SPDX-License-Identifier: BSD-2-Clause */
/* memtest: burnin, last in the run order (sources.mk SELFTESTS): memtest/burnin.h. */
#include "lib/selftest/selftest.h"
#include "memtest/burnin.h"

SELFTEST(memtest, burnin)
{
	memtest_burnin();
}
