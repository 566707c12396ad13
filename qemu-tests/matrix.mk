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
	'[planted];$(MATRIX_OK);tfa_el = 1|[planted]: tfa_el = 1 (with tfa'
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
.PHONY: check-matrix
