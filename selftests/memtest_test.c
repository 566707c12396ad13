/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM test's lines, in this order: memtest/run.h. */
#include "lib/selftest/selftest.h"
#include "memtest/run.h"

SELFTEST(memtest, regions)
{
	memtest_run_regions();
}

SELFTEST(memtest, size_alias)
{
	memtest_run_size_alias();
}

SELFTEST(memtest, data_bus)
{
	memtest_run_data_bus();
}

SELFTEST(memtest, address_bus)
{
	memtest_run_address_bus();
}

SELFTEST(memtest, march_c)
{
	memtest_run_march_c();
}

SELFTEST(memtest, random)
{
	memtest_run_random();
}

SELFTEST(memtest, round_robin)
{
	memtest_run_round_robin();
}

SELFTEST(memtest, byte_lanes)
{
	memtest_run_byte_lanes();
}

SELFTEST(memtest, bit_fade)
{
	memtest_run_bit_fade();
}
