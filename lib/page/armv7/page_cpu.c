/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7 side of lib/page/page.h: is NEON usable for page_clear_vst1?
 *
 * Yes when all of: CPACR gives full access to CP10/CP11 (boot's vfp_enable
 * writes it; it reads back 0 without VFP), CPACR.ASEDIS is clear, FPEXC.EN
 * is set, and MVFR1 reports Advanced SIMD load/store and integer
 * instructions. ARM ARM DDI 0406C B4.1.40 (CPACR), B6.1.41 (FPEXC), B6.1.47
 * (MVFR1). The MVFR1 read needs CP10 access, so it comes last. PL1 only.
 */
#include "lib/page/page.h"

#include "arch/armv7/sysreg.h"

#define CPACR_ASEDIS     (1u << 31)
#define MVFR1_SIMDLS(v)  (((v) >> 8) & 0xf)
#define MVFR1_SIMDINT(v) (((v) >> 12) & 0xf)

bool page_arch_simd(void)
{
	uint32_t cpacr, fpexc, mvfr1;

	cpacr = read_cp15(CP15_CPACR);
	if ((cpacr & CPACR_CP10_CP11) != CPACR_CP10_CP11 || (cpacr & CPACR_ASEDIS))
		return false;
	__asm__ volatile(".fpu vfpv3\n\tvmrs %0, fpexc" : "=r"(fpexc));
	if (!(fpexc & FPEXC_EN))
		return false;
	__asm__ volatile(".fpu vfpv3\n\tvmrs %0, mvfr1" : "=r"(mvfr1));
	return MVFR1_SIMDLS(mvfr1) && MVFR1_SIMDINT(mvfr1);
}
