# SPDX-License-Identifier: BSD-2-Clause
# Checks of the built images for rules QEMU cannot show (it models no
# E2H-only CPU, no coherency, no FP state left to corrupt), each proven by
# a planted sequence it must refuse with its reason. Included by the Makefile.
#   check-e2h-isb        from_el2: ISB and HCR_EL2.E2H read back before
#                        CNTHCTL_EL2 (scripts/check-e2h-isb.sh)
#   check-irq-no-fp      nothing on the AArch64 IRQ path uses FP/SIMD
#                        (scripts/check-irq-no-fp.sh)
#   check-cpu-off-actlr  no ACTLR write on the ARMv7 way into PSCI CPU_OFF
#                        (scripts/check-cpu-off-actlr.sh)
BUILD ?= build

# The plants: the old from_el2 (no ISB), one with the ISB but no read-back,
# a handler copying through q0, the old CPU_OFF path (ACTLR.SMP cleared).
PLANT_e2h := '.type from_el2, %function' 'from_el2: msr hcr_el2, x1' \
	'mrs x1, cnthctl_el2' 'orr x1, x1, \#3' 'msr cnthctl_el2, x1' 'ret'
PLANT_e2h_noread := '.type from_el2, %function' 'from_el2: msr hcr_el2, x1' 'isb' \
	'mrs x1, cnthctl_el2' 'msr cnthctl_el2, x1' 'ret'
PLANT_irq_fp := '.type irq_save, %function' 'irq_save: bl handler' 'ret' \
	'.type handler, %function' 'handler: ldr q0, [x0]' 'str q0, [x1]' 'ret'
PLANT_cpu_off := '.type smp_psci_cpu_off, %function' \
	'smp_psci_cpu_off: mrc p15, 0, r0, c1, c0, 1' 'bic r0, r0, \#0x40' \
	'mcr p15, 0, r0, c1, c0, 1' 'smc \#0'

# image_plant NAME CROSS PLANT WHY SCRIPT [ARGS]: PLANT_<PLANT> assembled,
# SCRIPT must refuse it with WHY.
define image_plant
	@mkdir -p $(BUILD)/host
	@printf '%s\n' $(PLANT_$(3)) | $(2)as -o $(BUILD)/host/$(1).o
	@if out=$$($(5) $(2) $(BUILD)/host/$(1).o $(6) 2>&1); then \
		echo "$(1): FAIL: the plant was not refused"; exit 1; \
	elif ! printf '%s\n' "$$out" | grep -q -- '$(4)'; then \
		echo "$(1): FAIL: the plant refused, but not for \"$(4)\": $$out"; exit 1; \
	else echo "$(1): planted sequence refused: $$(printf '%s\n' "$$out" | grep -m1 -- '$(4)')"; fi
endef

check-e2h-isb: $(BUILD)/aarch64/bringup.elf
	@scripts/check-e2h-isb.sh $(CROSS_aarch64) $< && \
		echo "check-e2h-isb: $< from_el2: MSR HCR_EL2, ISB, MRS HCR_EL2, then CNTHCTL_EL2"
	$(call image_plant,check-e2h-isb,$(CROSS_aarch64),e2h,no ISB between,scripts/check-e2h-isb.sh)
	$(call image_plant,check-e2h-isb,$(CROSS_aarch64),e2h_noread,E2H not read back, \
		scripts/check-e2h-isb.sh)

check-irq-no-fp: $(BUILD)/aarch64/bringup.elf
	@out=$$(scripts/check-irq-no-fp.sh $(CROSS_aarch64) $<) && \
		echo "check-irq-no-fp: $< has no FP/SIMD operand on the IRQ path ($$out)"
	$(call image_plant,check-irq-no-fp,$(CROSS_aarch64),irq_fp,handler (on the IRQ path) uses FP/SIMD, \
		scripts/check-irq-no-fp.sh,irq_save)

check-cpu-off-actlr: $(BUILD)/armv7/bringup.elf
	@scripts/check-cpu-off-actlr.sh $(CROSS_armv7) $< && \
		echo "check-cpu-off-actlr: $< smp_psci_cpu_off leaves ACTLR.SMP to the firmware"
	$(call image_plant,check-cpu-off-actlr,$(CROSS_armv7),cpu_off,writes ACTLR before PSCI CPU_OFF, \
		scripts/check-cpu-off-actlr.sh)

.PHONY: check-e2h-isb check-irq-no-fp check-cpu-off-actlr
