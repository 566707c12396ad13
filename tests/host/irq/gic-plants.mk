# SPDX-License-Identifier: BSD-2-Clause
# make check-gic-plants: the gic self-tests (selftests/gic_spec_test.c,
# selftests/gic_sgi_test.c; docs/gic-checks.md) can fail. Each plant is a
# driver bug compiled into the real irq/ file (its GIC_PLANT_* block), linked
# into a copy of the image with the other objects unchanged, and booted on
# the configuration of the matrix row named (qemu-tests/boot.sh, -icount):
# the run must end as a caught failure (EXIT: STATUS=1, the test "not ok",
# its "# FAIL" line holding the text), never a crash (Bail out!) or a pass.
# Opt-in (about 10 QEMU boots): not in make test. Included by the Makefile.
#
# name|arch|file|define|machine|cpu|smp|test|text
GIC_PLANTS := \
	'sgi_self_v2|aarch64|irq/gic_v2.c|GIC_PLANT_SGI_SELF|virt|cortex-a53|4|gic: sgi_targets|cpu0 took SGI 4 1 times, want 0: outside the target list' \
	'sgi_self_v3|aarch64|irq/gic_v3_sgi.c|GIC_PLANT_SGI_SELF|virt,gic-version=3|cortex-a53|4|gic: sgi_targets|cpu0 took SGI 4 1 times, want 0: outside the target list' \
	'sgi_self_a15|armv7|irq/gic_v2.c|GIC_PLANT_SGI_SELF|virt|cortex-a15|4|gic: sgi_targets|cpu0 took SGI 4 1 times, want 0: outside the target list' \
	'sgi_aff1_v3|aarch64|irq/gic_v3_sgi.c|GIC_PLANT_SGI_AFF1|virt,gic-version=3|cortex-a53|4|gic: sgi_targets|to affinity 0x100 (no CPU has it): cpu0 took SGI 4 1 times, want 0' \
	'prio_word_v2|aarch64|irq/gic_v2.c|GIC_PLANT_PRIO_WORD|virt|cortex-a53|4|gic: distributor|a write reached its neighbours' \
	'prio_word_v3|aarch64|irq/gic_v3.c|GIC_PLANT_PRIO_WORD|virt,gic-version=3|cortex-a53|4|gic: distributor|a write reached its neighbours' \
	'prio_word_a15|armv7|irq/gic_v2.c|GIC_PLANT_PRIO_WORD|virt|cortex-a15|4|gic: distributor|a write reached its neighbours' \
	'pending_v2|aarch64|irq/gic_v2.c|GIC_PLANT_PENDING_ENABLE|virt|cortex-a53|4|gic: timer_level|PPI 27 pending before the compare value' \
	'pending_v3|aarch64|irq/gic_v3.c|GIC_PLANT_PENDING_ENABLE|virt,gic-version=3|cortex-a53|4|gic: timer_level|PPI 27 pending before the compare value' \
	'pending_a15|armv7|irq/gic_v2.c|GIC_PLANT_PENDING_ENABLE|virt|cortex-a15|4|gic: timer_level|PPI 27 pending before the compare value' \
	'up_nomask|aarch64|irq/gic_v2.c|GIC_PLANT_UP_NOMASK|virt|cortex-a53|1|gic: distributor|to itself is not pending on it (interface bit 0x00)' \
	'eoimode_v2|aarch64|irq/gic_v2.c|GIC_PLANT_EOIMODE_IGNORED|virt|cortex-a53|4|gic: active|no longer active after the EOI: the EOI deactivated it' \
	'eoimode_v3|aarch64|irq/gic_v3_sgi.c|GIC_PLANT_EOIMODE_IGNORED|virt,gic-version=3|cortex-a53|4|gic: active|no longer active after the EOI: the EOI deactivated it' \
	'dir_as_eoi_v2|aarch64|irq/gic_v2.c|GIC_PLANT_DIR_AS_EOI|virt|cortex-a53|4|gic: active|still active after the deactivation (DIR)' \
	'dir_as_eoi_v3|aarch64|irq/gic_v3_sgi.c|GIC_PLANT_DIR_AS_EOI|virt,gic-version=3|cortex-a53|4|gic: active|still active after the deactivation (DIR)' \
	'dir_as_eoi_a15|armv7|irq/gic_v2.c|GIC_PLANT_DIR_AS_EOI|virt|cortex-a15|4|gic: active|still active after the deactivation (DIR)' \
	'bpr_v2|aarch64|irq/gic_v2.c|GIC_PLANT_BPR_NOPREEMPT|virt|cortex-a53|4|gic: preemption|the higher priority did not preempt' \
	'bpr_v3|aarch64|irq/gic_v3.c|GIC_PLANT_BPR_NOPREEMPT|virt,gic-version=3|cortex-a53|4|gic: preemption|the higher priority did not preempt' \
	'edge_v2|aarch64|irq/gic_v2.c|GIC_MUTANT_EDGE|virt|cortex-a53|4|gic: device_spi|not level-sensitive (configured edge-triggered)' \
	'edge_a15|armv7|irq/gic_v2.c|GIC_MUTANT_EDGE|virt|cortex-a15|4|gic: device_spi|not level-sensitive (configured edge-triggered)' \
	'edge_v3|aarch64|irq/gic_v3.c|GIC_PLANT_SPI_EDGE|virt,gic-version=3|cortex-a53|4|gic: device_spi|not level-sensitive (configured edge-triggered)'
GIC_PLANT_DIR := $(BUILD)/gic-plants

## make check-gic-plants: each driver bug planted in irq/gic_v2.c or gic_v3.c
##   is caught by its gic self-test on QEMU (a FAIL, not a crash); P=name runs one
check-gic-plants: all
	@CC_aarch64='$(CROSS_aarch64)gcc $(aarch64_CFLAGS)' LD_aarch64='$(aarch64_LD)' \
		OBJS_aarch64='$(aarch64_OBJS)' LIBS_aarch64="$(aarch64_LDLIBS)" OC_aarch64=$(CROSS_aarch64)objcopy \
		CC_armv7='$(CROSS_armv7)gcc $(armv7_CFLAGS)' LD_armv7='$(armv7_LD)' \
		OBJS_armv7='$(armv7_OBJS)' LIBS_armv7="$(armv7_LDLIBS)" OC_armv7=$(CROSS_armv7)objcopy \
		BUILD=$(BUILD) P=$(P) qemu-tests/gic-plants.sh $(GIC_PLANTS)
.PHONY: check-gic-plants
