/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every command-line key bringup reads, once (front/options.h). One line a
 * key: what it takes, its default, the file that reads it, one line of help.
 * README's list of options is this table (make options-doc writes it, make
 * check-options-doc fails if it drifted). Keep the help free of '|'.
 * HOOK_* marks a test hook: a key that breaks something on purpose so that
 * a test must catch it (help lists them apart from the options).
 */
#include <stdint.h>

#include "front/options.h"

const struct opt options_table[] = {
	OPTION_FLAG("help", "boot/main.c", "print this table and stop (exit status 0)"),
	OPTION_SIZE("mem", 1, UINT64_MAX, "", "selftests/memory_test.c",
		    "the RAM QEMU was given (its -m), checked against the tree's"),
	HOOK_ENUM("crash", "undef|abort|stack|el2|el3", "", "boot/main.c",
		  "end the run with that unexpected exception, to see the report"),
	OPTION_LINUX("console", "board/fdt_console.c",
		     "Linux's console=ttyXN[,baud]: its serialN, unless stdout-path names a UART"),
	OPTION_LINUX("earlycon", "board/fdt_earlycon.c",
		     "Linux's earlycon=NAME,[mmio32,]ADDR: a UART at a device the tree names"),
	OPTION_ENUM("bench", "1|memtest|irq_roundtrip|mem", "", "front/bench_select.c",
		    "run the benchmarks: 1 all, or one: memtest, irq_roundtrip; mem: figures=full"),
	OPTION_ENUM("figures", "off|quick|full|icount", "quick", "selftests/figures_run.c",
		    "memory bandwidth and latency: a few points, every power of two, or quick "
		    "asserting QEMU -icount shift=0 time"),
	OPTION_TEXT("ref", "", "selftests/figures_test.c",
		    "the board's DRAM copy/fill MB/s (1110/1705): below 50% fails"),
	OPTION_TEXT(
		"ddr", "", "selftests/figures_test.c",
		"the DRAM's TYPE-RATExWIDTH (ddr3-1333x32): a fill below 10% of bus x rate fails"),
	OPTION_ENUM("memtest", "off|quick|full", "quick", "memtest/plan.c",
		    "the DRAM test: quick the ends of each free range, full every free byte"),
	OPTION_UINT("memtest_passes", NULL, 0, 64, "1", "memtest/plan.c",
		    "March and random passes; 0: one, then passes until reset (a soak)"),
	OPTION_UINT("memtest_soak", NULL, 0, 604800, "0", "memtest/soak.c",
		    "soak (memtest_passes=0): seconds it runs, 0 until reset; an error ends it"),
	OPTION_UINT("memtest_seed", NULL, 0, UINT64_MAX, "1", "memtest/plan.c",
		    "the random pass's seed"),
	OPTION_UINT("memtest_fade", NULL, 0, 3600, "0", "memtest/plan.c",
		    "bit fade: seconds left unread before the verify (0: no bit fade)"),
	OPTION_ENUM("memtest_cache", "on|off", "on", "memtest/plan.c",
		    "off: test through a non-cacheable mapping instead of cleaning"),
	HOOK_UINT("memtest_fault", "alias:", 12, 19, "", "memtest/plan.c",
		  "fault injection: 1 MiB mapped with address bit N stuck low"),
	HOOK_UINT("memtest_fault_cpu", NULL, 0, 255, "", "memtest/all_cpus.c",
		  "with memtest_fault: the round robin's faulty window is cpuN's view only"),
	OPTION_RANGE("memtest_range", "all free RAM", "memtest/plan.c",
		     "only that range (page aligned, inside free RAM)"),
	OPTION_ENUM("memtest_cpus", "all|one", "all", "memtest/all_cpus.c",
		    "all: every online CPU tests its own slice at once; one: the boot CPU only"),
	OPTION_UINT("stress", NULL, 0, 604800, "", "memtest/stress.c",
		    "seconds of every CPU copying DRAM to DRAM, checked; 0: until reset"),
	OPTION_UINT("burnin", NULL, 0, 604800, "0", "memtest/burnin.c",
		    "seconds of every CPU at once on its slice: DRAM test, page copy/clear, cache"),
	HOOK_ENUM("icache_sync", "on|skip", "on", "selftests/cache_ops_test.c, 96_smp_icache.c",
		  "skip: leave out the I-cache maintenance (a mutant the matrix must catch)"),
	HOOK_ENUM("smp_counter", "exclusive|plain", "exclusive", "selftests/smp_coherency_test.c",
		  "plain: count with a plain load/add/store (updates must be lost)"),
	HOOK_ENUM("smp_tlbi", "broadcast|local", "broadcast", "selftests/smp_coherency_test.c",
		  "local: the remap invalidates this CPU's TLB only (a stale entry must show)"),
	HOOK_ENUM("smp_sb", "barrier|nobarrier", "barrier", "selftests/smp_order_test.c",
		  "nobarrier: no DMB between the store and the load (reordering must show)"),
	HOOK_ENUM(
		"irq_mutant",
		"noeoi|asleep|echo|pmu0|sled|nocycle|pmcrn|itscol|itsaff0|itsnoinv|v2m", "",
		"selftests/irq_setup.c",
		"a broken GIC driver the irq tests must catch: no EOI, redistributors asleep; "
		"echo: the timer PPI pended again after its re-arm (a late deassert); pmu0, sled, "
		"nocycle, pmcrn: the pmu test's sled on counter 0, two equal sleds, a secondary's "
		"cycle counter not enabled, PMCR.N from bits [15:12]; itscol, itsaff0, itsnoinv, "
		"v2m: the MSI tests' (docs/its.md)"),
	HOOK_ENUM(
		"serror", "pend", "", "selftests/irq_test.c",
		"pend: bringup's EL2 pends a virtual SError in irq: serror (it must be reported)"),
	OPTION_UINT("psci_cycles", NULL, 1, 1000, "4", "selftests/psci_smp_test.c",
		    "CPU_OFF/CPU_ON cycles per PSCI secondary"),
	OPTION_ENUM("smp_method", "machine", "", "smp/smp.c",
		    "machine: CPUs naming no method start by the machine's, not a loader's /psci"),
	OPTION_ENUM("exit", "semihosting|off|reset", "semihosting", "boot/main.c",
		    "how the run ends: PSCI SYSTEM_OFF or SYSTEM_RESET instead of semihosting"),
	OPTION_ENUM("psci_suspend", "standby|powerdown", "standby", "selftests/psci_power_test.c",
		    "powerdown: also the tree's power-down idle states (a firmware that fails "
		    "loses a CPU)"),
	OPTION_ENUM("psci_bad_entry", "on|off", "off", "selftests/psci_bad_entry_test.c",
		    "on: CPU_ON with an entry beyond RAM (a firmware that takes it loses the CPU)"),
	OPTION_ENUM(
		"watchdog", "off|cause|feed|expire", "off", "selftests/watchdog_test.c",
		"the tree's watchdog: its reset cause; feed: fed for 4 periods; expire: then left "
		"to reset the board"),
	HOOK_ENUM("psci_context", "on|none", "on", "smp/smp.c",
		  "none: CPU_ON passes context ID 0 (psci: context_id must fail)"),
	HOOK_ENUM(
		"psci_race", "online", "", "selftests/psci_smp_test.c",
		"online: the CPU_ON race's target stays on (no SUCCESS: psci: cpu_on_race fails)"),
	HOOK_ENUM("watchdog_mutant", "nofeed", "", "selftests/watchdog_test.c",
		  "nofeed: the feed writes nothing (the board must reset early)"),
};

const unsigned options_count = sizeof(options_table) / sizeof(options_table[0]);
