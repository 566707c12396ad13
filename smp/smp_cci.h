/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Two clusters behind an ARM CCI-400 (internal to smp/: the
 * Exynos5420 and Allwinner A83T methods). A cluster's caches must be
 * snooped (its CCI slave interface's snoop and DVM requests enabled, CCI-400
 * TRM ARM DDI 0470, "Snoop Control Register") before they hold data another
 * cluster shares; Linux has each incoming cluster's first core enable its
 * own port with its caches off (drivers/bus/arm-cci.c
 * cci_enable_port_for_self, from arch/arm/common/mcpm_head.S and
 * arch/arm/mach-sunxi/headsmp.S) and the boot cluster's by a loopback.
 *
 * smp_cci_find(): from the tree, the CCI (arm,cci-400) and each cluster's
 * slave interface (the cci-control-port of a CPU node whose reg has that
 * Aff1); false if any is missing. smp_cci_boot_port(): the boot cluster's
 * port enabled if it is not (read first; then a bounded wait for the CCI's
 * change-pending bit). smp_cci_trampoline(): the trampoline a core runs
 * first, MMU and caches off, from bringup's RAM: it enables the port of
 * its own cluster (MPIDR Aff1 0 or 1), waits (bounded) and jumps to
 * secondary_entry; filled with the ports and cleaned to the PoC (publish it
 * with a DSB before any core may run it); returns its address.
 */
#ifndef SMP_SMP_CCI_H
#define SMP_SMP_CCI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct smp_cci {
	uint64_t base, port[2];
};

bool smp_cci_find(const void *dtb, size_t size, struct smp_cci *cci);
void smp_cci_boot_port(const struct smp_cci *cci, unsigned boot_cluster);
uint32_t smp_cci_trampoline(const struct smp_cci *cci);

/* The trampoline's words (tests/host/smp/cci_tramp.S as assembled, then the
 * two ports, the CCI status register and the entry); the host test reads it. */
#define SMP_CCI_TRAMP_WORDS 19
#define SMP_CCI_TRAMP_CODE  15
extern uint32_t smp_cci_tramp[SMP_CCI_TRAMP_WORDS];

#endif
