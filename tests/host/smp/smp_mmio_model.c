/* SPDX-License-Identifier: BSD-2-Clause */
/* The start methods' recording device model: tests/host/smp/smp_mmio_model.h. */
#include "tests/host/smp/smp_mmio_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/counter.h"
#include "boot/boot.h"
#include "smp/smp_mmio.h"
#include "tests/host/common/testutil.h"

struct boot_state boot;
void secondary_entry(void)
{
}

/* ---- the recording device model ---- */
enum ev { EV_W, EV_R, EV_DSB, EV_SEV, EV_CLEAN };
static struct {
	enum ev ev;
	uint64_t a;
	uint32_t v;
} tr[256];
static unsigned ntr;
static struct {
	uint64_t a;
	uint32_t v;
} regs[64];
static unsigned nregs;
/* A register whose value follows another's write (Exynos core status). */
static uint64_t follow_src, follow_dst;

static uint32_t *reg_at(uint64_t a)
{
	for (unsigned i = 0; i < nregs; i++)
		if (regs[i].a == a)
			return &regs[i].v;
	if (nregs == 64)
		abort();
	regs[nregs].a = a;
	regs[nregs].v = 0;
	return &regs[nregs++].v;
}

static void record(enum ev ev, uint64_t a, uint32_t v)
{
	if (ntr < 256)
		tr[ntr++] = (typeof(tr[0])){ ev, a, v };
}

void smp_mmio_w32(uint64_t a, uint32_t v)
{
	record(EV_W, a, v);
	*reg_at(a) = v;
	if (a == follow_src)
		*reg_at(follow_dst) = v;
}

uint32_t smp_mmio_r32(uint64_t a)
{
	record(EV_R, a, *reg_at(a));
	return *reg_at(a);
}

void smp_mmio_dsb(void)
{
	record(EV_DSB, 0, 0);
}

void smp_mmio_sev(void)
{
	record(EV_SEV, 0, 0);
}

void smp_mmio_clean(const void *p, unsigned long size)
{
	record(EV_CLEAN, (uint64_t)(uintptr_t)p, (uint32_t)size);
}

/* The index of the first clean to the PoC covering [a, a + n), or -1. */
int clean_covering(uint64_t a, uint32_t n)
{
	for (unsigned i = 0; i < ntr; i++)
		if (tr[i].ev == EV_CLEAN && tr[i].a <= a && a + n <= tr[i].a + tr[i].v)
			return (int)i;
	return -1;
}

/* The trace index of the last SEV, or -1. */
int model_last_sev(void)
{
	for (int i = (int)ntr - 1; i >= 0; i--)
		if (tr[i].ev == EV_SEV)
			return i;
	return -1;
}

/* The boot CPU as smp_init() found it, for the methods that read it. */
static struct smp_info model_info;
static struct smp_cpu model_cpus[4]; /* the boot CPU and the others a test adds */
struct smp_info *smp_state = &model_info;

void model_boot_mpidr(uint64_t mpidr)
{
	memset(&model_info, 0, sizeof model_info);
	memset(model_cpus, 0, sizeof model_cpus);
	model_info.cpu = model_cpus;
	model_info.ncpu = 1;
	model_info.cpu[0].dt.mpidr = mpidr;
	model_info.cpu[0].is_boot = true;
}

/* The methods' bounded waits: a deadline that passes at its first check. */
void deadline_start(struct deadline *d, unsigned ms)
{
	(void)d, (void)ms;
}

bool deadline_passed(struct deadline *d)
{
	(void)d;
	return true;
}

/* The methods' minimum delays: none in the model. */
uint64_t delay_min_ms(unsigned ms)
{
	(void)ms;
	return 0;
}

void reset_model(void)
{
	ntr = nregs = 0;
	follow_src = follow_dst = 0;
}

void set_reg(uint64_t a, uint32_t v)
{
	*reg_at(a) = v;
}

/* The index of the first write of v to a (from `from`), or -1. */
int write_at(uint64_t a, uint32_t v, int from)
{
	for (unsigned i = (unsigned)from; i < ntr; i++)
		if (tr[i].ev == EV_W && tr[i].a == a && tr[i].v == v)
			return (int)i;
	return -1;
}

int last_write(void)
{
	for (int i = (int)ntr - 1; i >= 0; i--)
		if (tr[i].ev == EV_W)
			return i;
	return -1;
}

/* Every write is to one of the n addresses given. */
bool writes_only(const uint64_t *ok, unsigned n)
{
	for (unsigned i = 0; i < ntr; i++) {
		bool found = tr[i].ev != EV_W;
		for (unsigned k = 0; k < n && !found; k++)
			found = tr[i].a == ok[k];
		if (!found) {
			printf("  write of 0x%x to 0x%llx, not a register of the method\n",
			       (unsigned)tr[i].v, (unsigned long long)tr[i].a);
			return false;
		}
	}
	return true;
}

/* A DSB between trace indices lo and hi. */
bool dsb_between(int lo, int hi)
{
	for (int i = lo + 1; i < hi; i++)
		if (tr[i].ev == EV_DSB)
			return true;
	return false;
}

void use_tree(const char *dir, const char *name)
{
	char path[512];
	size_t n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	free((void *)boot.hw.dtb);
	boot.hw.dtb = (uintptr_t)load_file(path, &n);
	boot.hw.dtb_size = (uint32_t)n;
	boot.hw.platform = NULL;
	if (!boot.hw.dtb) {
		printf("FAIL: cannot read %s\n", path);
		exit(1);
	}
}

struct smp_cpu cpu_n(uint64_t mpidr)
{
	struct smp_cpu c;

	memset(&c, 0, sizeof c);
	c.dt.mpidr = mpidr;
	return c;
}

void model_follow(uint64_t src, uint64_t dst)
{
	follow_src = src, follow_dst = dst;
}

unsigned model_accesses(void)
{
	return ntr;
}

bool model_sev_last_after_dsb(int from)
{
	return ntr >= 2 && tr[ntr - 1].ev == EV_SEV && dsb_between(from, (int)ntr - 1);
}

bool model_first_is_dsb(void)
{
	return ntr && tr[0].ev == EV_DSB;
}

uint32_t get_reg(uint64_t a)
{
	return *reg_at(a);
}
