# SPDX-License-Identifier: BSD-2-Clause
# make check-matrix: the QEMU matrix (qemu-tests/matrix/*.cfg) parses
# whole, and the check can fail: each planted stanza (its lines separated by
# ";"), added to the matrix as a file of its own, must be refused with the
# text after "|" (qemu-tests/matrix.awk, through run-matrix.sh --check).
# Included by the Makefile.
MATRIX_OK := arch = aarch64;machine = virt;cpu = cortex-a53;memory = 256M
MATRIX_PLANTS := '[planted];$(MATRIX_OK);expext = entered at EL1|[planted]: unknown key "expext"' \
	'[planted];arch = aarch64;machine = virt;cpu = cortex-a53|[planted]: no memory (every stanza names' \
	'[a53];$(MATRIX_OK)|[a53]: a second stanza of that name (the first at ' \
	'[planted];$(MATRIX_OK);xfail = cache: geometry = CTR IminLine|[planted]: xfail without a reason' \
	'[planted];$(MATRIX_OK);xfail = cache: geometry;reason = QEMU|xfail = cache: geometry names no message' \
	'[planted];$(MATRIX_OK);groups = smok|[planted]: no group "smok"' \
	'[planted];$(MATRIX_OK);smp = 2;smp = 4|[planted]: smp given twice' \
	'[planted];$(MATRIX_OK);tfa = v4|[planted]: tfa = v4: v2, v3, v2-plain (virt) or rpi3' \
	'[planted];$(MATRIX_OK);tfa = rpi3|[planted]: tfa = rpi3 boots machine = raspi3b' \
	'[planted];$(MATRIX_OK);tfa_el = 1|[planted]: tfa_el = 1 (with tfa' \
	'[planted];$(MATRIX_OK);bootmax = 150k|[planted]: bootmax = 150k is not a count'
check-matrix:
	@qemu-tests/run-matrix.sh --check
	@mkdir -p $(BUILD)/host
	@for p in $(MATRIX_PLANTS); do \
		want=$${p#*|}; printf '%s\n' "$${p%%|*}" | tr ';' '\n' >$(BUILD)/host/matrix-plant.cfg; \
		if out=$$(MATRIX="$$(echo qemu-tests/matrix/*.cfg) $(BUILD)/host/matrix-plant.cfg" \
			qemu-tests/run-matrix.sh --check 2>&1); then \
			echo "check-matrix: FAIL: planted $${p%%|*} was not refused"; exit 1; \
		elif ! printf '%s\n' "$$out" | grep -qF -- "$$want"; then \
			echo "check-matrix: FAIL: planted $${p%%|*} refused, but not with \"$$want\": $$out"; exit 1; \
		else echo "check-matrix: planted stanza refused: $$(printf '%s\n' "$$out" | grep -m1 -F -- "$$want")"; fi; \
	done

# make check-boot-budget: the boot budget check (qemu-tests/boot-budget.sh)
# on planted console lines: row a53's configuration 3,000 instructions over
# its budget must fail in words, at its budget pass, without -icount pass.
check-boot-budget:
	@set -e; top=$$PWD; . qemu-tests/boot-budget.sh; log=$(BUILD)/host/boot-budget; mkdir -p $(BUILD)/host; \
	arch=aarch64 machine=virt cpu=cortex-a53 smp= bootmax= icount_args=(-icount shift=0); \
	b=$$(boot_budget aarch64 virt cortex-a53 1); \
	echo "# boot benchmark: $$((b + 3000)) instructions retired from EL1/SVC entry to the first TAP line (target 150000)" >$$log.txt; \
	why=; boot_budget_check; \
	case $$why in *"over its target by 3000"*) echo "check-boot-budget: planted count refused: $$why" ;; \
	*) echo "check-boot-budget: FAIL: $$((b + 3000)) on a53 not refused ($$why)"; exit 1 ;; esac; \
	echo "# boot benchmark: $$b instructions retired from EL1/SVC entry" >$$log.txt; why=; boot_budget_check; \
	[ -z "$$why" ] || { echo "check-boot-budget: FAIL: $$b, the budget itself, refused: $$why"; exit 1; }; \
	echo "# boot benchmark: $$((b + 3000)) instructions retired" >$$log.txt; why=; icount_args=(); boot_budget_check; \
	[ -z "$$why" ] || { echo "check-boot-budget: FAIL: asserted without -icount: $$why"; exit 1; }; \
	echo "check-boot-budget: a53's budget $$b holds at itself and without -icount"
check-boot-budget: SHELL := /bin/bash
HOST_TESTS += check-boot-budget

# make check-coverage: the matrix's coverage check (qemu-tests/coverage.sh,
# run by scripts/test.sh after the matrix) refuses a test no planted row
# runs, and a never-run.txt entry for a test that runs.
check-coverage:
	@qemu-tests/coverage.sh --plant
HOST_TESTS += check-coverage
.PHONY: check-matrix check-coverage check-boot-budget
