# SPDX-License-Identifier: BSD-2-Clause
# scripts/checks.mk, included by the Makefile: the repository's own checks
# beside check-layers: the layer rule by symbol (check-calls), the C
# formatting (check-format), license lines (check-spdx), commit subjects
# (check-subjects), the tree's shape (check-tree), the docs' benchmark
# tables (check-bench-doc), make help against the docs (check-help). Each
# proves with a plant that it can fail.
# Which of them make test runs: the Makefile's HOST_TESTS.

# The layer rule by symbol, from both images' objects (scripts/check-calls.sh):
# no use of a symbol up the layers, no cycle of units by symbol; and the
# check can fail: a planted upward call, a planted upward use of data, a
# planted call closing a loop of three units and a planted call back from
# the unit that holds smp/'s state (a loop through data) must each be refused, the
# offence named (PLANT|extended regex). The plants first, so that they are
# proven even while the tree itself is refused.
CALL_PLANTS := 'lib/fdt/fdt.c:boot_main|lib/fdt/fdt\.c \(lib\) uses boot_main, defined in boot/[a-z_]+\.c \(boot\): an upward use' \
	'cache/geometry.c:boot|cache/geometry\.c \(cache\) uses boot, defined in boot/[a-z_]+\.c \(boot\): an upward use' \
	'arch/decode.c:platform_exit|cycle of units: arch/decode -> arch/exit -> arch/exception -> arch/decode' \
	'smp/smp_state.c:smp_init|smp/smp_state -> smp/smp: smp_init'
CALL_OBJS = $(foreach a,$(ARCHS),$($(a)_OBJS))
check-calls: $(foreach a,$(ARCHS),$(BUILD)/$(a)/bringup.elf)
	@for p in $(CALL_PLANTS); do \
		plant=$${p%%|*}; want=$${p#*|}; \
		if out=$$(scripts/check-calls.sh --plant-use "$$plant" $(CALL_OBJS)); then \
			echo "check-calls: FAIL: planted use $$plant was not refused"; exit 1; \
		elif ! printf '%s\n' "$$out" | grep -qE -- "$$want"; then \
			echo "check-calls: FAIL: planted use $$plant refused, but not with \"$$want\": $$out"; exit 1; \
		else echo "check-calls: planted use $$plant refused: $$(printf '%s\n' "$$out" | grep -m1 -E -- "$$want")"; fi; \
	done
	@scripts/check-calls.sh $(CALL_OBJS)

# Every tracked C source and header is as clang-format writes it with the
# root .clang-format (scripts/check-format.sh), and the check names a
# planted misformatted file (written in $(BUILD)/host/).
check-format:
	@mkdir -p $(BUILD)/host
	@printf 'int  f( int x ){return x;}\n' >$(BUILD)/host/format-plant.c
	@if out=$$(scripts/check-format.sh --plant $(BUILD)/host/format-plant.c); then \
		echo "check-format: FAIL: a planted misformatted file was not found"; exit 1; \
	elif ! printf '%s\n' "$$out" | grep -q 'format-plant\.c$$'; then \
		echo "check-format: FAIL: the planted file refused, but not named: $$out"; exit 1; \
	else echo "check-format: a planted misformatted file is named:$$(printf '%s\n' "$$out" | grep 'format-plant\.c$$')"; fi
	@scripts/check-format.sh

# Every source file names its license (scripts/check-spdx.sh), and the check
# refuses a planted C file with no SPDX-License-Identifier: line and a
# planted #! script with it on line 4, and takes one with it on line 2
# (files written in $(BUILD)/host/). Not in HOST_TESTS until
# scripts/add-spdx.sh has given the tree its lines.
## make check-spdx: every source file names its license
check-spdx:
	@mkdir -p $(BUILD)/host
	@printf '/* no license line */\nint x;\n' >$(BUILD)/host/spdx-plant.c
	@printf '#!/bin/sh\n#\n#\n# SPDX-License-Identifier: BSD-2-Clause\n' >$(BUILD)/host/spdx-plant-late
	@printf '#!/bin/sh\n# SPDX-License-Identifier: BSD-2-Clause\n' >$(BUILD)/host/spdx-plant-ok
	@out=$$(scripts/check-spdx.sh --plant $(BUILD)/host/spdx-plant.c --plant $(BUILD)/host/spdx-plant-late \
		--plant $(BUILD)/host/spdx-plant-ok) && { echo "check-spdx: FAIL: the planted files were not refused"; exit 1; }; \
	for f in spdx-plant.c spdx-plant-late; do \
		printf '%s\n' "$$out" | grep -q "/$$f$$" || { echo "check-spdx: FAIL: planted $$f not named: $$out"; exit 1; }; \
		echo "check-spdx: planted $$f refused"; \
	done; \
	if printf '%s\n' "$$out" | grep -q "/spdx-plant-ok$$"; then echo "check-spdx: FAIL: spdx-plant-ok refused"; exit 1; fi
	@scripts/check-spdx.sh

# Every commit after SUBJECTS_BASE (the Makefile) has a subject of at most
# 72 characters (scripts/check-subjects.sh; it passes, saying so, in a
# clone without that commit); and the check refuses a planted subject of
# 73 characters and takes one of 72.
SUBJECT_72 := a planted subject of exactly seventy-two characters, which must pass: ok
check-subjects:
	@if out=$$(scripts/check-subjects.sh $(SUBJECTS_BASE) --plant '$(SUBJECT_72)!'); then \
		echo "check-subjects: FAIL: a planted subject of 73 characters was not refused"; exit 1; \
	elif ! printf '%s\n' "$$out" | grep -qF 'planted (73): $(SUBJECT_72)!'; then \
		echo "check-subjects: FAIL: the planted subject refused, but not named: $$out"; exit 1; \
	else echo "check-subjects: a planted subject of 73 characters is refused"; fi
	@scripts/check-subjects.sh $(SUBJECTS_BASE) --plant '$(SUBJECT_72)'

.PHONY: check-calls check-format check-spdx check-subjects

# Every file at most 400 lines, no two sources named alike
# (scripts/check-tree.sh); a planted 401-line file and a planted second
# fdt_scan.c must each be refused, named.
check-tree:
	@mkdir -p $(BUILD)/host/tree-plant
	@seq 401 >$(BUILD)/host/tree-plant/long.txt
	@printf '/* planted */\n' >$(BUILD)/host/tree-plant/fdt_scan.c
	@for p in 'long.txt|tree-plant/long.txt: 401 lines, over 400' \
		'fdt_scan.c|two sources named fdt_scan.c: board/fdt_scan.c $(BUILD)/host/tree-plant/fdt_scan.c'; do \
		f=$(BUILD)/host/tree-plant/$${p%%|*}; want=$${p#*|}; \
		if out=$$(scripts/check-tree.sh --plant $$f); then \
			echo "check-tree: FAIL: planted $$f was not refused"; exit 1; \
		elif ! printf '%s\n' "$$out" | grep -qF -- "$$want"; then \
			echo "check-tree: FAIL: planted $$f refused, but not with \"$$want\": $$out"; exit 1; \
		else echo "check-tree: planted $$f refused: $$(printf '%s\n' "$$out" | grep -m1 -F -- "$$want")"; fi; \
	done
	@scripts/check-tree.sh
.PHONY: check-tree

# The benchmark tables of README.md ("Measured") and docs/benchmarks.md are
# written from make bench's results (scripts/bench-doc.sh), as options-doc
# writes the option list: bench-doc rewrites them after a fresh make bench;
# check-bench-doc (make test) runs make bench (under -icount its numbers
# are the build's) and fails if a table differs, and proves that a table
# with one number changed is refused, named.
BENCH_DOCS := README.md docs/benchmarks.md
## make bench-doc: the docs' benchmark tables rewritten from a fresh make bench
bench-doc: setup all
	qemu-tests/bench.sh >/dev/null
	scripts/bench-doc.sh --write $(BUILD)/bench/results.csv $(BENCH_DOCS)
check-bench-doc: all
	@qemu-tests/bench.sh >$(BUILD)/bench.out 2>&1 || { tail -n 20 $(BUILD)/bench.out; \
		echo "check-bench-doc: FAIL: make bench failed ($(BUILD)/bench.out)"; exit 1; }
	@scripts/bench-doc.sh $(BUILD)/bench/results.csv $(BENCH_DOCS)
	@sed -E 's/^(\| `copy_page` \(4 KiB\) \| )[0-9,]+/\1999/' README.md >$(BUILD)/bench/README.drifted.md
	@if out=$$(scripts/bench-doc.sh $(BUILD)/bench/results.csv $(BUILD)/bench/README.drifted.md); then \
		echo "check-bench-doc: FAIL: a README with copy_page's count changed was not refused"; exit 1; \
	elif ! printf '%s\n' "$$out" | grep -q 'has, make bench did not measure: | `copy_page` (4 KiB) | 999 |'; then \
		echo "check-bench-doc: FAIL: the drifted README refused, but not naming copy_page: $$out"; exit 1; \
	else echo "check-bench-doc: a README with copy_page's count changed is refused: $$(printf '%s\n' "$$out" | grep -m1 999)"; fi
.PHONY: bench-doc check-bench-doc

# make help lists every target and variable README.md and docs/ tell a user
# to give (scripts/check-help.sh; the help is the makefiles' "## " lines),
# and the check can fail: a planted doc using a target and a variable the
# help lacks must be refused, each named.
check-help:
	@mkdir -p $(BUILD)/host
	@printf 'Run `make nosuch-target`, or `make run NOSUCH_VAR=1`.\n' >$(BUILD)/host/help-plant.md
	@if out=$$(scripts/check-help.sh --plant $(BUILD)/host/help-plant.md); then \
		echo "check-help: FAIL: a planted doc using make nosuch-target and NOSUCH_VAR= was not refused"; exit 1; \
	elif ! printf '%s\n' "$$out" | grep -q 'help-plant.md:1 uses make nosuch-target' || \
		! printf '%s\n' "$$out" | grep -q 'help-plant.md:1 uses NOSUCH_VAR= with make'; then \
		echo "check-help: FAIL: the planted doc refused, but not naming both: $$out"; exit 1; \
	else echo "check-help: a planted doc is refused:"; printf '%s\n' "$$out" | grep 'help-plant' | sed 's/^/  /'; fi
	@scripts/check-help.sh
.PHONY: check-help

# Steps only hardware shows, in both images' objects (scripts/check-hw-order.sh):
# a DSB after every by-address maintenance loop of cache/<arch>/range.S, the
# spin-table release address cleaned to memory before the SEV, a TLB
# invalidate between a block's break and its table's make in mmu_unmap_page.
# Then each step deleted from a copy of its real source, compiled as the
# image compiles it, must be refused with its offence named
# (CHECK|source|awk program deleting the step|the refusal's text).
HW_ORDER_CHECKS := range-dsb:cache/ARCH/range.S spin-clean:smp/methods/start_spin_table.c \
	split-tlbi:mmu/mmu.c
HW_ORDER_PLANTS := 'range-dsb|cache/ARCH/range.S|/^FUNC dcache_clean_poc_lines/ { m = 1 } m && /^\tdsb/ { m = 0; next } 1|dcache_clean_poc_lines: returns with no DSB after its by-address maintenance' \
	'spin-clean|smp/methods/start_spin_table.c|/dcache_clean_to_mem\(\(uintptr_t\)rel/ { next } 1|SEV with the release address not cleaned to memory' \
	'split-tlbi|mmu/mmu.c|/pgt_split_break\(va\)\) > 0/ { m = 1 } m && /tlb_inval_va\(va\);/ { m = 0; next } 1|pgt_split_make with no TLB invalidate since the break'
check-hw-order: $(foreach a,$(ARCHS),$(BUILD)/$(a)/bringup.elf)
	@mkdir -p $(BUILD)/host/hw-order
	@$(foreach a,$(ARCHS),for c in $(subst ARCH,$(a),$(HW_ORDER_CHECKS)); do \
		scripts/check-hw-order.sh $${c%%:*} $(CROSS_$(a)) $(BUILD)/$(a)/obj/$${c#*:}.o || exit 1; \
	done; \
	for p in $(HW_ORDER_PLANTS); do \
		IFS='|' read -r chk src prog want <<<"$$p"; src=$${src/ARCH/$(a)}; \
		f=$(BUILD)/host/hw-order/$(a)-$$(basename $$src); \
		awk "$$prog" $$src >$$f || exit 1; \
		cmp -s $$src $$f && { echo "check-hw-order: FAIL: the plant in $$src ($(a)) changed nothing"; exit 1; }; \
		$(CROSS_$(a))gcc $($(a)_CFLAGS) -c $$f -o $$f.o || exit 1; \
		if out=$$(scripts/check-hw-order.sh $$chk $(CROSS_$(a)) $$f.o 2>&1); then \
			echo "check-hw-order: FAIL: $$src ($(a)) without the step passed $$chk"; exit 1; \
		elif ! grep -qF -- "$$want" <<<"$$out"; then \
			echo "check-hw-order: FAIL: $$src ($(a)) refused, but not with \"$$want\": $$out"; exit 1; \
		else echo "check-hw-order: $(a): planted $$(basename $$src) refused: $${out#*.o: }"; fi; \
	done; \
	echo "check-hw-order: $(a): DSB after each by-address loop, spin-table release cleaned before SEV, TLBI between break and make";)
check-hw-order: SHELL := /bin/bash
HOST_TESTS += check-hw-order
.PHONY: check-hw-order
