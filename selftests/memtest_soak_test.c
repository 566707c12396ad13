/* SPDX-License-Identifier: BSD-2-Clause */
/* memtest: soak, last in the run order (sources.mk SELFTESTS): memtest/soak.h. */
#include "lib/selftest/selftest.h"
#include "memtest/soak.h"

SELFTEST(memtest, soak)
{
	memtest_soak();
}
