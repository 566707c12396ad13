# The lazy flush policy (mmu/pageframe.c) on the host. Included by the Makefile.
#   host-lazy-flush  native, ASan/UBSan: the API's unit checks (test_lazy_unit.c),
#                    then the policy against the cache model (test_lazy_flush.c,
#                    cache_model.c) on every profile and IDC/DIC combination; then
#                    each broken build below must make the model report a violation.
BUILD ?= build
HOSTCC ?= clang
LAZY_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
LAZY_SRCS := tests/host/test_lazy_flush.c tests/host/cache_model.c $(PAGEFRAME_SRCS)
LAZY_DEPS := $(LAZY_SRCS) tests/host/cache_model.h mmu/pageframe.h tests/host/lazy.mk
# mutant: -D flag, the profile and hardware IDC DIC it must be caught on
LAZY_MUTANTS := no_deferred no_iinval iinval_by_va no_mapcount drop_writeback
LAZY_no_deferred := -DLAZY_MUTANT_NO_DEFERRED_FLUSH cortex-a53 0 0
LAZY_no_iinval := -DLAZY_MUTANT_NO_IINVAL cortex-a53 0 0
LAZY_iinval_by_va := -DLAZY_MUTANT_IINVAL_BY_VA cortex-a53-vipt 0 0
LAZY_no_mapcount := -DLAZY_MUTANT_NO_MAPCOUNT cortex-a53 0 0
LAZY_drop_writeback := -DMODEL_MUTANT_DROP_WRITEBACK cortex-a9 0 0
LAZY_MUTANT_SEQS ?= 3000

$(BUILD)/host/test_lazy_unit: tests/host/test_lazy_unit.c $(PAGEFRAME_SRCS) cache/geometry.c \
		mmu/pageframe.h cache/cache.h tests/host/lazy.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(LAZY_CFLAGS) tests/host/test_lazy_unit.c $(PAGEFRAME_SRCS) cache/geometry.c -o $@

$(BUILD)/host/test_lazy_flush: $(LAZY_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(LAZY_CFLAGS) $(LAZY_SRCS) -o $@

$(BUILD)/host/test_lazy_flush_%: $(LAZY_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(LAZY_CFLAGS) $(firstword $(LAZY_$*)) $(LAZY_SRCS) -o $@

host-lazy-flush: $(BUILD)/host/test_lazy_unit $(BUILD)/host/test_lazy_flush \
		$(foreach m,$(LAZY_MUTANTS),$(BUILD)/host/test_lazy_flush_$(m))
	@$(BUILD)/host/test_lazy_unit
	@$(BUILD)/host/test_lazy_flush
	@$(foreach m,$(LAZY_MUTANTS),\
		if $(BUILD)/host/test_lazy_flush_$(m) $(wordlist 2,4,$(LAZY_$(m))) $(LAZY_MUTANT_SEQS) \
			>$(BUILD)/host/lazy_mutant_$(m).log 2>&1; then \
			cat $(BUILD)/host/lazy_mutant_$(m).log; \
			echo "host-lazy-flush: FAIL: mutant $(m) ($(firstword $(LAZY_$(m)))) passed the model"; \
			exit 1; \
		else echo "mutant $(m) caught: $$(tail -n 1 $(BUILD)/host/lazy_mutant_$(m).log)"; fi;)
	@echo "host-lazy-flush: PASS: $(words $(LAZY_MUTANTS)) of $(words $(LAZY_MUTANTS)) mutants caught"

.PHONY: host-lazy-flush
