/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What boot/ learned while bringing the image up (boot/boot.h): filled by
 * boot_main() and read by the command line, the start of the other CPUs,
 * the DRAM test and the self-tests. In a file of its own: each of them
 * reads it, none calls another through it.
 */
#include "boot/boot.h"

struct boot_state boot;

bool boot_timing_exact(void)
{
	return boot.boot_insns_valid && boot.boot_insns != 0;
}

unsigned boot_wait_ms(unsigned ms)
{
	if (boot_timing_exact() || ms > UINT32_MAX / BOOT_WAIT_LOOSE)
		return ms;
	return ms * BOOT_WAIT_LOOSE;
}
