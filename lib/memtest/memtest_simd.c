/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Whether ARMv7's verify loop may use NEON (lib/memtest/memtest.h
 * memtest_simd): set by the caller, read by lib/memtest/armv7/fill.S. In a
 * file of its own so that the loops read it without calling back into
 * lib/memtest/memtest.c, which calls them.
 */
#include "lib/memtest/memtest.h"

bool memtest_simd;
