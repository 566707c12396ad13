/* SPDX-License-Identifier: BSD-2-Clause */
/* AArch64 side of lib/page/page.h: Advanced SIMD is part of every ARMv8-A
 * application profile CPU bringup runs on, and boot enables it for newlib
 * (CPACR_EL1.FPEN), so the Q-register loops need no check. */
#include "lib/page/page.h"

bool page_arch_simd(void)
{
	return true;
}
