/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The errata workarounds bringup applies on a CPU, for the report
 * (smp/smp.h smp_cpu_errata), each decided by the
 * erratum's own function over the same table (arch/armv7/errata.h,
 * arch/aarch64/cpu.h).
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/midr.h"
#include "boot/boot.h"
#include "smp/smp.h"

#ifdef __aarch64__
#include "arch/aarch64/cpu.h"
#else
#include "arch/armv7/errata.h"
#endif

static void add(char *buf, size_t n, const char *what)
{
	size_t l = strlen(buf);

	if (l < n)
		snprintf(buf + l, n - l, "%s%s", l ? ", " : "", what);
}

#ifdef __aarch64__
/* The Cortex-A57/A72 reset errata of this revision (arch/aarch64/cpu.h):
 * applied by cpu_el3_setup when bringup is the firmware, else the
 * firmware's to apply, which CPUACTLR_EL1 (EL3 only) does not show here. */
static void a57_a72(char *buf, size_t n, uint32_t midr, bool el3)
{
	unsigned rv = MIDR_RV(midr);
	const char *how =
		el3 ? "CPUACTLR, EL3" : "reset errata: the firmware's, not visible below EL3";
	char list[128];

	if (!cpu_a57_a72_el3_actlr(midr))
		return;
	if (MIDR_PART(midr) == MIDR_PART_A72)
		snprintf(list, sizeof(list), "859971 (%s)", how);
	else
		snprintf(list, sizeof(list), "%s%s%s859972 (%s)",
			 rv <= A57_R0P0_LAST_RV ? "806969 813420 814670 " : "",
			 rv <= A57_R1P1_LAST_RV ? "826974 826977 828024 " : "",
			 rv <= A57_R1P2_LAST_RV ? "829520 833471 " : "", how);
	add(buf, n, list);
}
#endif

void smp_cpu_errata(const struct smp_cpu *c, unsigned online, char *buf, size_t n)
{
	uint32_t midr = c->midr;

	buf[0] = '\0';
#ifdef __aarch64__
	unsigned el3 = arch_is_firmware(boot.entry_level) ? cpu_a53_el3_errata(midr) : 0;

	(void)online;
	/* Built with GCC's -mfix-cortex-a53-835769 and -843419 (Makefile
	 * A53_ERRATA; check-a53-835769 checks the binary): r0p0-r0p4. */
	if (cpu_part_has(midr, PARTF_E835769) && MIDR_RV(midr) <= 0x04)
		add(buf, n, "835769 843419 (compiler)");
	if (cpu_clean_as_civac(midr))
		add(buf, n, "819472 824069 826319 827319 (cleans as DC CIVAC)");
	if (el3 & CPU_ERRATUM_826319)
		add(buf, n, "826319 (L2ACTLR, EL3)");
	if (el3 & CPU_ERRATUM_836870)
		add(buf, n, "836870 (CPUACTLR.DTAH, EL3)");
	if (el3 & CPU_ERRATUM_855873)
		add(buf, n, "855873 (CPUACTLR.ENDCCASCI, EL3)");
	a57_a72(buf, n, midr, arch_is_firmware(boot.entry_level));
#else
	enum erratum_798181 e = erratum_a15_798181(midr, c->revidr);

	if (erratum_a9_764369(midr, online))
		add(buf, n, "764369 (SCU diagnostic bit 0)");
	if (e == E798181_DUMMY_TLBI)
		add(buf, n, "798181 (a second TLBIMVAIS)");
	if (e == E798181_REMOTE_DMB)
		add(buf, n, "798181 (a second TLBIMVAIS; the others idle between works)");
#endif
}
