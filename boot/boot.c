/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What boot/ learned while bringing the image up (boot/boot.h): filled by
 * boot_main() and read by the command line, the start of the other CPUs,
 * the DRAM test and the self-tests. In a file of its own: each of them
 * reads it, none calls another through it.
 */
#include "boot/boot.h"

struct boot_state boot;
