/* SPDX-License-Identifier: BSD-2-Clause */
/* boot: what discovery found, and that relocation and the entry state are right. */
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "boot/boot.h"
#include "lib/console/console.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"

/* The boot's budget in retired instructions, EL1/SVC entry to the first TAP
 * line, set for cortex-a53 on QEMU virt with 256 MiB (docs/benchmarks.md,
 * "Boot"); other CPUs are measured against the same number. */
#define BOOT_INSN_TARGET 150000u

static bool in_ram(const struct board_info *b, uint64_t a)
{
	for (unsigned i = 0; i < b->nram; i++)
		if (a >= b->ram[i].base && a - b->ram[i].base < b->ram[i].size)
			return true;
	return false;
}

/* Every device range (the tree's, board.h) is mapped Device at both ends,
 * wherever it lies (above 4 GiB on AArch64 too), and the window is clear
 * of all of them (mmu/layout.c). */
static void check_device_map(const struct board_info *b)
{
	uint64_t w = mmu_alias_window();
	struct mmu_attrs a;

	for (unsigned i = 0; i < b->ndev; i++) {
		uint64_t ends[2] = { b->dev[i].base, b->dev[i].base + b->dev[i].size - PAGE_SIZE };
		expect(w + MMU_WINDOW_SIZE <= b->dev[i].base ||
			       w >= b->dev[i].base + b->dev[i].size,
		       "window 0x%llx inside device range 0x%llx + 0x%llx", (unsigned long long)w,
		       (unsigned long long)b->dev[i].base, (unsigned long long)b->dev[i].size);
		for (unsigned k = 0; k < 2; k++) {
			if (ends[k] >= MMU_VA_END || ends[k] != (uintptr_t)ends[k] ||
			    in_ram(b, ends[k]))
				continue; /* past the VA, past ARMv7's 4 GiB, or RAM's own */
			expect(mmu_lookup((uintptr_t)ends[k], &a) && a.type == MT_DEVICE,
			       "device range 0x%llx + 0x%llx: 0x%llx not mapped Device",
			       (unsigned long long)b->dev[i].base,
			       (unsigned long long)b->dev[i].size, (unsigned long long)ends[k]);
		}
	}
}

static const char *const dtb_sources[] = { "none", "register", "platform default address" };

SELFTEST(boot, discovery)
{
	const struct board_info *b = &boot.hw.board;

	diag("bringup %s %s at %s, entered at %s%x, load delta %+ld bytes", bringup_version,
	     arch_name(), arch_level_name(),
#ifdef __aarch64__
	     "EL", boot.entry_level,
#else
	     "mode 0x", boot.entry_level,
#endif
	     (long)boot.load_delta);
	/* entry.S: the CPU a loader handed over to (a DTB or ATAGS pointer in
	 * x0/r2), else the one elected among those that entered. */
	diag("boot CPU: MPIDR 0x%llx (affinity %u.%u.%u.%u), MIDR 0x%08x; %s",
	     (unsigned long long)boot.mpidr, (unsigned)(boot.mpidr >> 32) & 0xff,
	     (unsigned)(boot.mpidr >> 16) & 0xff, (unsigned)(boot.mpidr >> 8) & 0xff,
	     (unsigned)boot.mpidr & 0xff, arch_cpu_id(),
	     boot.hw.dtb_source == DTB_FROM_REGISTER || boot.hw.atags ? "the loader's handover"
								      : "elected, no handover");
	/* Identified (board/platform.h), and by what, or none: then nothing
	 * of a platform's is used. */
	const struct platform *p = boot.hw.platform;
	diag("platform %s%s%s%s; model \"%s\"",
	     p ? p->name : "none (no built-in platform claims the board)",
	     boot.hw.platform_by == PLATFORM_BY_COMPATIBLE ? " (by compatible "
	     : boot.hw.platform_by == PLATFORM_BY_LOAD
		     ? (p->cpu_part ? " (by RAM base + CPU part" : " (by RAM base alone")
		     : "",
	     boot.hw.platform_by == PLATFORM_BY_COMPATIBLE ? p->compatible : "",
	     boot.hw.platform_by != PLATFORM_UNCLAIMED ? ")" : "", b->model);
	if (boot.hw.atags)
		diag("dtb: none; the loader passed ATAGS at 0x%lx (not parsed)",
		     (unsigned long)boot.hw.atags);
	else
		diag("dtb: %s at 0x%lx, %lu bytes", dtb_sources[boot.hw.dtb_source],
		     (unsigned long)boot.hw.dtb, (unsigned long)boot.hw.dtb_size);
	char why[160];
	if (boot.hw.dtb_error != FDT_OK) /* board/fdt_refusal.h: the reason, with its numbers */
		diag("dtb: refused at 0x%lx: %s", (unsigned long)boot.hw.dtb,
		     fdt_refusal_words(&boot.hw.refusal, why, sizeof why));
	for (unsigned i = 0; i < b->nram; i++)
		diag("ram[%u]: 0x%llx + 0x%llx (%llu MiB)%s", i, (unsigned long long)b->ram[i].base,
		     (unsigned long long)b->ram[i].size, (unsigned long long)(b->ram[i].size >> 20),
		     boot.hw.ram_from_platform ? " (platform default)" : "");
	/* A platform default's path says why (board/discover.c); a tree's
	 * console chosen past a stdout-path that names nothing says so too. */
	bool nonode = b->stdout_nonode && b->console_rule[0];
	diag("console: %s at 0x%llx (%s)%s%s%s%.*s%s", uart_name(b->console.driver),
	     (unsigned long long)b->console.base, b->console.path,
	     b->console_rule[0] ? ", by " : "", b->console_rule, nonode ? "; stdout-path " : "",
	     nonode ? (int)b->stdout_nonode_len : 0, nonode ? b->stdout_nonode : "",
	     nonode ? ": no such node" : "");
	diag("heap: 0x%lx..0x%lx; firmware left the D-cache %s", (unsigned long)boot.heap_base,
	     (unsigned long)boot.heap_end, boot.fw_cache_on ? "on (cleaned)" : "off");
	diag("mmu: window for temporary mappings at 0x%llx..0x%llx (1 MiB), clear of RAM and of "
	     "%u device range%s",
	     (unsigned long long)mmu_alias_window(),
	     (unsigned long long)mmu_alias_window() + MMU_WINDOW_SIZE, b->ndev,
	     b->ndev == 1 ? "" : "s");
	if (!boot.boot_insns_valid)
		diag("boot benchmark: n/a (no PMU)");
	else if (boot.boot_insns == 0) /* Secure PL1 (vexpress-a15), or QEMU without -icount */
		diag("boot benchmark: n/a (the PMU counted nothing: Secure state or no -icount)");
	else if (boot.boot_insns <= BOOT_INSN_TARGET)
		diag("boot benchmark: %llu instructions retired from EL1/SVC entry to the first "
		     "TAP line (target %u)",
		     (unsigned long long)boot.boot_insns, BOOT_INSN_TARGET);
	else /* said in words: a number alone above its target reads as met */
		diag("boot benchmark: %llu instructions retired from EL1/SVC entry to the first "
		     "TAP line (target %u): over its target by %llu",
		     (unsigned long long)boot.boot_insns, BOOT_INSN_TARGET,
		     (unsigned long long)boot.boot_insns - BOOT_INSN_TARGET);
	expect(boot.hw.dtb_error == FDT_OK, "DTB at 0x%lx refused: %s", (unsigned long)boot.hw.dtb,
	       fdt_refusal_words(&boot.hw.refusal, why, sizeof why));
	expect(b->nram > 0, "no RAM bank");
	check_device_map(b);
	expect(boot.heap_end > boot.heap_base, "empty heap");
}

static int relocated_target(void)
{
	return 42;
}
/* A function pointer in initialised data: correct only if relocations were applied. */
static int (*const volatile fnptr)(void) = relocated_target;
static const char *volatile strptr = "relocated string";

/* The MMU-off code runs with alignment checking on, so QEMU faults an
 * unaligned access there as a board would (lib/libc/string_early.h); with the MMU
 * on, Normal memory allows unaligned accesses and newlib relies on it. */
SELFTEST(boot, alignment_checked_until_mmu)
{
	expect(boot.align_checked, "SCTLR.A was clear before the MMU was on");
	expect(!mmu_alignment_checked(), "SCTLR.A still set with the MMU on");
}

SELFTEST(boot, relocation)
{
	uintptr_t start = (uintptr_t)__image_start, end = (uintptr_t)__text_end;

	expect((uintptr_t)fnptr >= start && (uintptr_t)fnptr < end,
	       "function pointer 0x%lx outside text 0x%lx..0x%lx", (unsigned long)fnptr,
	       (unsigned long)start, (unsigned long)end);
	expect(fnptr == relocated_target, "pointer in data 0x%lx != PC-relative address 0x%lx",
	       (unsigned long)fnptr, (unsigned long)relocated_target);
	expect(fnptr() == 42, "call through relocated pointer");
	expect(strcmp(strptr, "relocated string") == 0, "string pointer");
	expect((uintptr_t)__image_start - boot.load_delta == LINK_BASE_VALUE,
	       "image at 0x%lx, delta %ld, link base 0x%lx", (unsigned long)start,
	       (long)boot.load_delta, (unsigned long)LINK_BASE_VALUE);
}
