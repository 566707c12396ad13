/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The recording device model of the board start methods' host test
 * (tests/host/smp/test_smp_methods.c): smp/smp_mmio.h's accesses, DSBs and
 * SEVs, built with -DSMP_MMIO_MODEL, recorded in order against a register
 * file (unknown registers read 0). reset_model() empties both; set_reg()
 * presets a register, get_reg() reads one; model_follow(src, dst): a write to src is copied to
 * dst (a status register that follows its control, Exynos); write_at() is
 * the trace index of the first write of v to a at or after `from` (-1:
 * none), last_write() the last write's; writes_only() is true if every
 * write went to one of the n addresses (else it prints the first other);
 * dsb_between() whether a DSB lies between two trace indices;
 * model_accesses() counts the trace's entries; model_sev_last_after_dsb()
 * whether the trace ends in a SEV with a DSB between `from` and it,
 * model_first_is_dsb() whether it begins with a DSB; clean_covering() the
 * index of the first clean to the PoC (smp_mmio_clean) covering a range,
 * model_last_sev() the last SEV's; model_boot_mpidr() sets the boot CPU
 * smp_state names. use_tree() loads a tree into
 * boot.hw (exits on failure); cpu_n() is a CPU with that MPIDR.
 */
#ifndef TESTS_HOST_SMP_SMP_MMIO_MODEL_H
#define TESTS_HOST_SMP_SMP_MMIO_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "smp/smp.h"
#include "smp/smp_priv.h"

#define ENTRY ((uint32_t)(uintptr_t)secondary_entry)

void reset_model(void);
void set_reg(uint64_t a, uint32_t v);
uint32_t get_reg(uint64_t a);
void model_follow(uint64_t src, uint64_t dst);
int write_at(uint64_t a, uint32_t v, int from);
int last_write(void);
bool writes_only(const uint64_t *ok, unsigned n);
bool dsb_between(int lo, int hi);
unsigned model_accesses(void);
bool model_sev_last_after_dsb(int from);
bool model_first_is_dsb(void);
int clean_covering(uint64_t a, uint32_t n);
int model_last_sev(void);
void model_boot_mpidr(uint64_t mpidr);
void use_tree(const char *dir, const char *name);
struct smp_cpu cpu_n(uint64_t mpidr);

/* Starts c by the image's method <id> (smp/methods/start_<id>.c). */
#define START(id, c) (start_method_##id.start(c))
extern const struct start_method start_method_imx6_src, start_method_sunxi, start_method_exynos,
	start_method_aspeed, start_method_zynq, start_method_imx7_src, start_method_mvebu_a38x,
	start_method_rockchip, start_method_exynos5420, start_method_sunxi_a83t;

#endif
