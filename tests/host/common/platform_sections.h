/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PLATFORM's sections (board/platform.h) for a host program that links
 * every platform file: an architecture's platforms are those of the
 * sections that name it, as linker/<arch>.ld keeps them. Weak: a section
 * no platform uses is absent.
 */
#ifndef TESTS_HOST_COMMON_PLATFORM_SECTIONS_H
#define TESTS_HOST_COMMON_PLATFORM_SECTIONS_H

#include "board/platform.h"

#define PLATFORM_SECTION(s_)                                                                       \
	extern const struct platform __start_##s_[] __attribute__((weak));                         \
	extern const struct platform __stop_##s_[] __attribute__((weak))
PLATFORM_SECTION(platforms_aarch64);
PLATFORM_SECTION(platforms_armv7);
PLATFORM_SECTION(platforms_aarch64_armv7);

#endif
