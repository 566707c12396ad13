# SPDX-License-Identifier: BSD-2-Clause
# The console drivers (lib/console/) against register models of their UARTs
# (tests/host/lib/console/test_uart.c). Included by the Makefile.
#   host-uart  native, ASan/UBSan: every driver's model at three drain rates
#              and never draining, every compatible classified to its driver;
#              then each broken driver below (-D UART_MUTANT_*, planted in the
#              driver file) must make the test fail with the failure named
#              for it (UART_WHY_*), not by crashing; and the mutant runner
#              itself refuses a pass, a crash, a sanitizer report and another
#              failure (tests/host/common/check-run-mutant.sh); each planted driver
#              below (one more file linked in) must be refused by name too
BUILD ?= build
HOSTCC ?= clang
UART_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
# The drivers and console.c, not mmio.c: the test is the MMIO seam.
UART_SRCS := tests/host/lib/console/test_uart.c tests/host/lib/console/test_uart_models.c tests/host/lib/console/test_uart_soc.c \
	tests/host/lib/console/test_uart_hs.c \
	$(filter-out lib/console/mmio.c,$(CONSOLE_SRCS)) arch/out.c board/fdt_compat.c
UART_DEPS := $(UART_SRCS) tests/host/lib/console/test_uart.h tests/host/common/check.h lib/console/console.h \
	board/fdt_scan.h tests/host/lib/console/console.mk
# mutant: what it breaks
UART_MUTANTS := meson_full_bit samsung_utxh_32 msm_no_ncf geni_fifo_first stm32_no_te \
	lpuart_no_reg_off mvebu_data_rbr scif_no_clear
UART_meson_full_bit := -DUART_MUTANT_MESON_FULL_BIT
UART_samsung_utxh_32 := -DUART_MUTANT_SAMSUNG_UTXH_32
UART_msm_no_ncf := -DUART_MUTANT_MSM_NO_NCF
UART_geni_fifo_first := -DUART_MUTANT_GENI_FIFO_FIRST
UART_stm32_no_te := -DUART_MUTANT_STM32_NO_TE
UART_lpuart_no_reg_off := -DUART_MUTANT_LPUART_NO_REG_OFF
UART_mvebu_data_rbr := -DUART_MUTANT_MVEBU_DATA_RBR
UART_scif_no_clear := -DUART_MUTANT_SCIF_NO_CLEAR

# UART_WHY_<mutant>: the failure it must produce (tests/host/common/run-mutant.sh)
UART_WHY_meson_full_bit := meson-gx-uart.*waits_out_the_poll_bound
UART_WHY_samsung_utxh_32 := UTXH_accessed_4_bytes_wide,_wants_1
UART_WHY_msm_no_ncf := msm-uartdm.*characters_arrived
UART_WHY_geni_fifo_first := geni-debug-uart.*waits_out_the_poll_bound
UART_WHY_stm32_no_te := stm32f7-uart:_init:_CR1
UART_WHY_lpuart_no_reg_off := imx8qxp-lpuart:_init:_CTRL
UART_WHY_mvebu_data_rbr := armada-3700-uart.*characters_arrived
UART_WHY_scif_no_clear := rcar-gen3-scif.*characters_arrived

# Planted drivers (UART_DRIVER in a file of their own, linked in beside the
# real ones): registration makes a new UART its file plus its model, so
#   unmodelled  a driver no model names: "driver Unmodelled has no model here"
#   shared      a driver listing a string PL011 lists: the drivers' order would
#               decide which driver it is, so it must not classify to this one
UART_PLANTS := unmodelled shared
UART_PLANT_NAME_unmodelled := Unmodelled
UART_PLANT_COMPAT_unmodelled := UART_COMPAT("acme,unmodelled-uart", 0, 4)
UART_PLANT_NAME_shared := Shared
UART_PLANT_COMPAT_shared := UART_COMPAT("arm,pl011", 0, 1)
UART_PLANT_WHY_unmodelled := driver_Unmodelled_has_no_model_here
UART_PLANT_WHY_shared := Shared:_.arm,pl011._classifies_to_PL011

$(BUILD)/host/planted-uart/%.c: tests/host/lib/console/console.mk
	@mkdir -p $(@D)
	@printf '%s\n' '#include "lib/console/console.h"' \
		'static const struct uart_compat compat[] = { $(UART_PLANT_COMPAT_$*) };' \
		'UART_DRIVER($*) = { .name = "$(UART_PLANT_NAME_$*)", .compat = compat,' \
		'	.ncompat = 1, .status = 4, .full = 1 };' >$@

$(BUILD)/host/uart-plant-%: $(BUILD)/host/planted-uart/%.c $(UART_DEPS)
	$(HOSTCC) $(UART_CFLAGS) $(UART_SRCS) $< -o $@

$(BUILD)/host/test_uart: $(UART_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(UART_CFLAGS) $(UART_SRCS) -o $@

$(BUILD)/host/test_uart_%: $(UART_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(UART_CFLAGS) $(UART_$*) $(UART_SRCS) -o $@

host-uart: $(BUILD)/host/test_uart $(foreach m,$(UART_MUTANTS),$(BUILD)/host/test_uart_$(m)) \
		$(foreach p,$(UART_PLANTS),$(BUILD)/host/planted-uart/$(p).c $(BUILD)/host/uart-plant-$(p))
	@$(BUILD)/host/test_uart
	@$(foreach m,$(UART_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/uart_mutant_$(m).log \
		"$(UART_WHY_$(m))" $(BUILD)/host/test_uart_$(m) || exit 1;)
	@echo "host-uart: PASS: $(words $(UART_MUTANTS)) of $(words $(UART_MUTANTS)) mutants caught"
	@$(foreach p,$(UART_PLANTS),tests/host/common/run-mutant.sh planted-driver-$(p) \
		$(BUILD)/host/uart-plant-$(p).log "$(UART_PLANT_WHY_$(p))" \
		$(BUILD)/host/uart-plant-$(p) || exit 1;)
	@tests/host/common/check-run-mutant.sh $(BUILD)

.PHONY: host-uart
