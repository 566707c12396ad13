# SPDX-License-Identifier: BSD-2-Clause
# The platforms (platforms/<name>.c, board/platform.h). Included by the Makefile.
#   check-platforms  the order of an image's platforms decides nothing: no two
#                    of one architecture claim a load address and CPU alike or
#                    name the same compatible (tests/host/platforms/test_platforms.c, on
#                    every platform file), and each planted clash below is
#                    refused by name; each image links exactly the platforms
#                    whose PLATFORM(...) names its architecture, each platform
#                    is in one image at least (scripts/check-platforms.sh; a
#                    planted one naming "armv8" is refused); and
#                    a planted file with a platform for each architecture,
#                    linked into a copy of each image, adds its own
#                    architecture's only -- which the check refuses once the
#                    linker script keeps every platform section
BUILD ?= build
HOSTCC ?= clang
PLATFORM_TEST_SRCS := tests/host/platforms/test_platforms.c $(PLATFORM_SRCS) $(CONSOLE_SRCS) arch/out.c
PLATFORM_TEST_CC = $(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. \
	-fsanitize=address,undefined -fno-sanitize-recover=all

# Planted platforms, a file each beside the real ones (PLATFORM(...) = { body }):
#   clash  claims vexpress-a9's RAM on any CPU and names no compatible, as vexpress-a9
#   twin   names raspi2b's compatible
#   blind  identified by its tree only, naming no compatible
PLATFORM_PLANTS := clash twin blind
PLATFORM_PLANT_clash := .name = "planted-clash", .defaults = { .ram = { { 0x60000000, 1 << 20 } }, .nram = 1 }
PLATFORM_PLANT_twin := .name = "planted-twin", .compatible = "brcm,bcm2836"
PLATFORM_PLANT_blind := .name = "planted-blind", .tree_only = true
PLATFORM_PLANT_WHY_clash := armv7:_planted-clash_and_vexpress-a9_both_claim_0x60000000_on_any_CPU
PLATFORM_PLANT_WHY_twin := armv7:_planted-twin_and_raspi2b_both_name_.brcm,bcm2836.
PLATFORM_PLANT_WHY_blind := armv7:_planted-blind_is_identified_by_its_tree_only_but_names_no_compatible

$(BUILD)/host/test_platforms: $(PLATFORM_TEST_SRCS) board/platform.h tests/host/common/check.h
	@mkdir -p $(@D)
	$(PLATFORM_TEST_CC) $(PLATFORM_TEST_SRCS) -o $@

$(BUILD)/host/planted-platform/%.c: tests/host/platforms/platforms.mk
	@mkdir -p $(@D)
	@printf '%s\n' '#include "board/platform.h"' \
		'PLATFORM(planted_$*, armv7) = { $(PLATFORM_PLANT_$*) };' >$@

$(BUILD)/host/platform-plant-%: $(BUILD)/host/planted-platform/%.c $(PLATFORM_TEST_SRCS) board/platform.h
	$(PLATFORM_TEST_CC) $(PLATFORM_TEST_SRCS) $< -o $@

# A platform for an architecture that is not built: in no image.
PLATFORM_TYPO := $(BUILD)/aarch64/obj/$(BUILD)/host/planted-platform/typo.c.o
$(BUILD)/host/planted-platform/typo.c: tests/host/platforms/platforms.mk
	@mkdir -p $(@D)
	@printf '%s\n' '#include "board/platform.h"' \
		'PLATFORM(planted_typo, armv8) = { .name = "planted-typo" };' >$@

# A copy of each image with one more object: a platform for each
# architecture, planted_own for this one, planted_other for the other; and
# the same linked by a linker script that keeps every platform section.
platform_other = $(firstword $(filter-out $(1),$(ARCHS)))
define platform_plant_image
$(BUILD)/host/planted-platform/image-$(1).c: tests/host/platforms/platforms.mk
	@mkdir -p $$(@D)
	@printf '%s\n' '#include "board/platform.h"' \
		'PLATFORM(planted_own, $(1)) = { .name = "planted-own" };' \
		'PLATFORM(planted_other, $(call platform_other,$(1))) = { .name = "planted-other" };' >$$@

$(BUILD)/$(1)/planted-platform.elf: $$($(1)_OBJS) \
		$(BUILD)/$(1)/obj/$(BUILD)/host/planted-platform/image-$(1).c.o linker/$(1).ld
	@echo "  LD      $$@"
	@$$($(1)_LD) -o $$@ $$(filter %.o,$$^) $$($(1)_LDLIBS)

$(BUILD)/$(1)/planted-keepall.ld: linker/$(1).ld
	sed 's/KEEP(\*(platforms_\*$(1)\*))/KEEP(*(platforms_*))/' $$< >$$@
	@! cmp -s $$< $$@ || { echo "FAIL: the keep-every-platform linker script no longer applies"; exit 1; }

$(BUILD)/$(1)/planted-keepall.elf: $$($(1)_OBJS) \
		$(BUILD)/$(1)/obj/$(BUILD)/host/planted-platform/image-$(1).c.o $(BUILD)/$(1)/planted-keepall.ld
	@echo "  LD      $$@"
	@$$(subst -T linker/$(1).ld,-T $(BUILD)/$(1)/planted-keepall.ld,$$($(1)_LD)) -o $$@ \
		$$(filter %.o,$$^) $$($(1)_LDLIBS)
endef
$(foreach a,$(ARCHS),$(eval $(call platform_plant_image,$(a))))

check-platforms: $(BUILD)/host/test_platforms \
		$(foreach p,$(PLATFORM_PLANTS),$(BUILD)/host/planted-platform/$(p).c $(BUILD)/host/platform-plant-$(p)) \
		$(foreach a,$(ARCHS),$(BUILD)/$(a)/bringup.elf $(BUILD)/$(a)/planted-platform.elf \
			$(BUILD)/$(a)/planted-keepall.elf) $(BUILD)/host/planted-platform/typo.c $(PLATFORM_TYPO)
	@$(BUILD)/host/test_platforms
	@$(foreach p,$(PLATFORM_PLANTS),tests/host/common/run-mutant.sh planted-platform-$(p) \
		$(BUILD)/host/platform-plant-$(p).log "$(PLATFORM_PLANT_WHY_$(p))" \
		$(BUILD)/host/platform-plant-$(p) || exit 1;)
	@$(foreach a,$(ARCHS),scripts/check-platforms.sh $(a) $(CROSS_$(a)) $(BUILD)/$(a)/bringup.elf \
		$(BUILD)/$(a)/obj/platforms/*.c.o || exit 1;)
	@scripts/check-platforms.sh --named "$(ARCHS)" $(CROSS_aarch64) $(BUILD)/aarch64/obj/platforms/*.c.o
	@echo "check-platforms: every platform names an architecture built: $(words $(PLATFORM_SRCS)) files"
	@if out=$$(scripts/check-platforms.sh --named "$(ARCHS)" $(CROSS_aarch64) $(PLATFORM_TYPO)); then \
		echo "check-platforms: FAIL: a planted platform for armv8 passed"; exit 1; \
	elif ! printf '%s\n' "$$out" | grep -q 'platform_planted_typo is in section platforms_armv8'; then \
		echo "check-platforms: FAIL: a planted platform for armv8 refused otherwise: $$out"; exit 1; \
	else echo "check-platforms: a planted platform for armv8 refused: $$out"; fi
	@$(foreach a,$(ARCHS),\
		scripts/check-platforms.sh $(a) $(CROSS_$(a)) $(BUILD)/$(a)/planted-platform.elf \
			$(BUILD)/$(a)/obj/platforms/*.c.o \
			$(BUILD)/$(a)/obj/$(BUILD)/host/planted-platform/image-$(a).c.o >/dev/null || exit 1; \
		$(CROSS_$(a))nm $(BUILD)/$(a)/planted-platform.elf | grep -q ' platform_planted_own$$' || \
			{ echo "check-platforms: FAIL: $(a): the planted platform_planted_own is not linked"; exit 1; }; \
		! $(CROSS_$(a))nm $(BUILD)/$(a)/planted-platform.elf | grep -q ' platform_planted_other$$' || \
			{ echo "check-platforms: FAIL: $(a): the planted platform_planted_other ($(call platform_other,$(a))) is linked"; exit 1; }; \
		echo "check-platforms: $(a): a planted platform for $(a) is linked, one for $(call platform_other,$(a)) is not"; \
		if out=$$(scripts/check-platforms.sh $(a) $(CROSS_$(a)) $(BUILD)/$(a)/planted-keepall.elf \
				$(BUILD)/$(a)/obj/platforms/*.c.o \
				$(BUILD)/$(a)/obj/$(BUILD)/host/planted-platform/image-$(a).c.o); then \
			echo "check-platforms: FAIL: $(a): an image keeping every platform section passed"; exit 1; \
		elif ! printf '%s\n' "$$out" | grep -q 'platform_planted_other'; then \
			echo "check-platforms: FAIL: $(a): an image keeping every platform section refused otherwise: $$out"; exit 1; \
		else echo "check-platforms: $(a): an image keeping every platform section refused: $$out"; fi;)

.PHONY: check-platforms
