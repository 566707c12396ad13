/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to smp/: what its files share beyond smp/smp.h's contract, one
 * declaration each, with the file that defines it. Not for callers outside
 * smp/ (the host models of tests/host include it to stand in for smp/).
 */
#ifndef SMP_SMP_PRIV_H
#define SMP_SMP_PRIV_H

#include "smp/smp.h"

/* The state smp_init() allocated (smp/smp_state.c); WFE where a WFE
 * is sure to wake (the event stream is on and the counter advances), else
 * YIELD. Their bounded waits are arch/counter.h deadlines. */
extern struct smp_info *smp_state;
void smp_relax(void);
/* The start methods (board/start_methods.h; one file each,
 * smp/methods/start_<m>.c). smp_start() starts c by its method (-1 for
 * none). smp_scu_enable() turns a Cortex-A9/A5 SCU on (nothing on other
 * cores). The method a platform may name: */
extern const struct start_method start_method_vexpress;
long smp_start(struct smp_cpu *c);
void smp_scu_enable(void);
/* smp/methods/start_vexpress.c: the method the identified platform names
 * for CPUs no tree lists (platforms/<name>.c, .smp), NULL if none.
 * smp/smp_hw_cpus.c: the boot CPU's cluster from the hardware (board/cores.h), at most max CPUs
 * into out, their count returned (0: this core does not say); *src_name the register read. */
const struct start_method *smp_platform_start(void);
unsigned smp_hw_cpus(struct board_cpu *out, unsigned max, const char **src_name);

/* smp/smp_work.c: MPIDR, MIDR, REVIDR (where used) and the cache ID
 * registers, read on the CPU that calls it, into self. */
void smp_read_ids(struct smp_cpu *self);

/* Entered by boot/<arch>/secondary.S on the secondary, MMU on; entry_ctx:
 * x0 / r0 at secondary_entry (what PSCI CPU_ON passed as context ID);
 * security: ARMv7, its SMP_SEC_* as secondary.S probed it on arrival
 * (AArch64 passes none: ignored). */
__attribute__((noreturn)) void smp_secondary_main(struct smp_cpu *self, uintptr_t entry_ctx,
						  unsigned security);
/* smp/smp_work.c: the calling CPU's security state (SMP_SEC_*; ARMv7 by a
 * fault probe, for the boot CPU; SMP_SEC_UNKNOWN elsewhere). */
int smp_this_security(void);

/* smp/smp.c, for smp/smp_power.c: a CPU's state (acquire); its smp_args
 * published and its state STARTING; started by its method (0 or the
 * method's error); waited for, bounded, until each CPU of mask is online
 * or failed; smp_info.online recounted. */
int smp_load_state(const struct smp_cpu *c);
void smp_make_ready(struct smp_cpu *c);
long smp_start_one(struct smp_cpu *c);
void smp_wait_started(struct smp_mask mask);
void smp_count_online(void);

#endif
