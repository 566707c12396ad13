# SPDX-License-Identifier: BSD-2-Clause
# host-its: irq/gic_its.c (unchanged but for the register access,
# GIC_HOST_MODEL) against an ITS model that reads memory as a non-snooping
# ITS does (tests/host/irq/test_its.c): a coherent and a non-coherent ITS
# must both work; then each broken build below must be caught for its
# reason (tests/host/common/run-mutant.sh): nothing cleaned to PoC
# (its_info.fault ITS_FAULT_NO_CLEAN), the coherence taken without the
# GITS_CBASER read-back (a plant in a copy of the driver), no INV, and
# GITS_TYPER.PTA ignored (RDbase always a processor number: a plant).
ITS_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -DGIC_HOST_MODEL \
	-fsanitize=address,undefined -fno-sanitize-recover=all
ITS_DEPS := tests/host/irq/test_its.c irq/gic_its.c irq/gic_its.h irq/irq_priv.h irq/irq.h \
	tests/host/common/check.h tests/host/irq/its.mk
ITS_MUTANTS := noclean noinv
ITS_noclean := -DITS_HOST_FAULT=ITS_FAULT_NO_CLEAN
ITS_noinv := -DITS_HOST_FAULT=ITS_FAULT_NO_INV
ITS_WHY_noclean := command_at_0x[0-9a-f]+:_memory_holds_.*not_cleaned_to_PoC
ITS_WHY_noinv := event_0:_taken_0_times_on_cpu0

$(BUILD)/host/test_its: $(ITS_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(ITS_CFLAGS) tests/host/irq/test_its.c irq/gic_its.c -o $@
$(BUILD)/host/test_its_%: $(ITS_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(ITS_CFLAGS) $(ITS_$*) tests/host/irq/test_its.c irq/gic_its.c -o $@

# Planted in a copy of the real driver: the ITS taken as coherent whatever
# GITS_CBASER reads back.
$(BUILD)/host/its-plant/gic_its.c: irq/gic_its.c tests/host/irq/its.mk
	@mkdir -p $(@D)
	sed 's/its_info.coherent = ATTR_SH(v) && BASER_CACHE(v) > 1;/its_info.coherent = true;/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the gic_its.c read-back plant no longer applies"; exit 1; }
$(BUILD)/host/test_its_readback: $(ITS_DEPS) $(BUILD)/host/its-plant/gic_its.c
	$(HOSTCC) $(ITS_CFLAGS) tests/host/irq/test_its.c $(BUILD)/host/its-plant/gic_its.c -o $@

# And RDbase always a processor number, GITS_TYPER.PTA ignored.
$(BUILD)/host/its-plant-pta/gic_its.c: irq/gic_its.c tests/host/irq/its.mk
	@mkdir -p $(@D)
	sed 's/return its_info.pta ? (uint64_t)c->rd >> 16 :/return 0 ? (uint64_t)c->rd >> 16 :/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the gic_its.c PTA plant no longer applies"; exit 1; }
$(BUILD)/host/test_its_pta: $(ITS_DEPS) $(BUILD)/host/its-plant-pta/gic_its.c
	$(HOSTCC) $(ITS_CFLAGS) tests/host/irq/test_its.c $(BUILD)/host/its-plant-pta/gic_its.c -o $@

host-its: $(BUILD)/host/test_its $(foreach m,$(ITS_MUTANTS),$(BUILD)/host/test_its_$(m)) \
		$(BUILD)/host/test_its_readback $(BUILD)/host/test_its_pta
	@$(BUILD)/host/test_its
	@$(foreach m,$(ITS_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/its_mutant_$(m).log \
		"$(ITS_WHY_$(m))" $(BUILD)/host/test_its_$(m) || exit 1;)
	@tests/host/common/run-mutant.sh readback $(BUILD)/host/its_mutant_readback.log \
		'command_at_0x[0-9a-f]+:_memory_holds_.*not_cleaned_to_PoC' $(BUILD)/host/test_its_readback
	@tests/host/common/run-mutant.sh pta $(BUILD)/host/its_mutant_pta.log \
		'event_0:_taken_0_times_on_cpu0' $(BUILD)/host/test_its_pta
	@echo "host-its: PASS: $(words $(ITS_MUTANTS) readback pta) of $(words $(ITS_MUTANTS) readback pta) mutants caught"

.PHONY: host-its
