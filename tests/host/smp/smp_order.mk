# SPDX-License-Identifier: BSD-2-Clause
# make check-smp-order: the message passing of smp/smp_work.c in both images'
# object code (scripts/check-smp-order.sh), then each plant below, a copy of
# smp/smp_work.c with one barrier weakened and compiled with the image's
# flags, refused for its reason. Included by the Makefile.
#   seq_relaxed     run_ms publishes seq without release
#   acquire_relaxed the secondary reads seq without acquire
#   signal_dmb      smp_signal orders its stores with a DMB, not a DSB, before SEV
SMP_ORDER_PLANTS := seq_relaxed acquire_relaxed signal_dmb
SMP_ORDER_SED_seq_relaxed := s/__atomic_store_n(&c->seq, c->seq + 1, __ATOMIC_RELEASE)/__atomic_store_n(\&c->seq, c->seq + 1, __ATOMIC_RELAXED)/
SMP_ORDER_SED_acquire_relaxed := s/(seq = __atomic_load_n(&self->seq, __ATOMIC_ACQUIRE))/(seq = __atomic_load_n(\&self->seq, __ATOMIC_RELAXED))/
SMP_ORDER_SED_signal_dmb := s|dsb(ish); /\* the stores are visible before the event|dmb(ish); /* the stores are visible before the event|
SMP_ORDER_WHY_seq_relaxed := run_ms: no release store
SMP_ORDER_WHY_acquire_relaxed := smp_secondary_main: no acquire load
SMP_ORDER_WHY_signal_dmb := smp_signal: SEV not right after a DSB

# $(BUILD)/host/smp-order/ARCH/PLANT.o: the planted copy, compiled as the image's objects are.
$(BUILD)/host/smp-order/%.o: smp/smp_work.c tests/host/smp/smp_order.mk $(BUILD)/aarch64/flags $(BUILD)/armv7/flags
	@mkdir -p $(@D)
	@arch=$(notdir $(patsubst %/,%,$(dir $*))) plant=$(notdir $*); \
	case $$plant in \
	seq_relaxed) sed='$(SMP_ORDER_SED_seq_relaxed)' ;; \
	acquire_relaxed) sed='$(SMP_ORDER_SED_acquire_relaxed)' ;; \
	signal_dmb) sed='$(SMP_ORDER_SED_signal_dmb)' ;; \
	esac; \
	sed "$$sed" smp/smp_work.c > $(@:.o=.c); \
	! cmp -s smp/smp_work.c $(@:.o=.c) || { echo "check-smp-order: the $$plant plant no longer applies"; exit 1; }; \
	cross=$(CROSS_aarch64); [ $$arch = armv7 ] && cross=$(CROSS_armv7); \
	$${cross}gcc $$(cat $(BUILD)/$$arch/flags) -c $(@:.o=.c) -o $@

check-smp-order: $(BUILD)/aarch64/bringup.elf $(BUILD)/armv7/bringup.elf \
		$(foreach a,aarch64 armv7,$(foreach p,$(SMP_ORDER_PLANTS),$(BUILD)/host/smp-order/$(a)/$(p).o))
	@scripts/check-smp-order.sh $(CROSS_aarch64) $(BUILD)/aarch64/bringup.elf
	@scripts/check-smp-order.sh $(CROSS_armv7) $(BUILD)/armv7/bringup.elf
	@for a in aarch64 armv7; do for p in $(SMP_ORDER_PLANTS); do \
		cross=$(CROSS_aarch64); [ $$a = armv7 ] && cross=$(CROSS_armv7); \
		case $$p in \
		seq_relaxed) why='$(SMP_ORDER_WHY_seq_relaxed)' ;; \
		acquire_relaxed) why='$(SMP_ORDER_WHY_acquire_relaxed)' ;; \
		signal_dmb) why='$(SMP_ORDER_WHY_signal_dmb)' ;; \
		esac; \
		if out=$$(scripts/check-smp-order.sh $$cross $(BUILD)/host/smp-order/$$a/$$p.o); then \
			echo "check-smp-order: FAIL: $$a plant $$p passed"; exit 1; \
		elif ! grep -qF "$$why" <<<"$$out"; then \
			echo "check-smp-order: FAIL: $$a plant $$p refused, but not for \"$$why\": $$out"; exit 1; \
		else echo "check-smp-order: $$a plant $$p refused: $$(grep -m1 -F "$$why" <<<"$$out")"; fi; \
	done; done
check-smp-order: SHELL := /bin/bash
.PHONY: check-smp-order
