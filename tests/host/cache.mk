# Proof by trace of the cache maintenance assembly (tests/host/cache_trace.c).
#   host-cache-trace  both architectures under qemu-user, ~10,000 geometries each,
#                     plus two broken builds (a set short; set-outer order) that must fail,
#                     and on AArch64 a third: early Cortex-A53 cleans left as DC CVAC/CVAU
#   sweep             a longer run: 100,000 geometries, bigger budgets
BUILD ?= build
TRACE_SRCS := tests/host/cache_trace.c tests/host/cache_trace_geometry.c cache/range.c cache/geometry.c
TRACE_DEPS := $(TRACE_SRCS) cache/cache.h cache/trace_codes.h arch/aarch64/cpu.h
TRACE_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. -DCACHE_TRACE
TRACE_GEOMETRIES ?= 10000
TRACE_RANGES ?= 20000
SWEEP_GEOMETRIES ?= 100000

# $(call trace_bin,arch,variant,extra flags)
$(BUILD)/host/cache_trace_aarch64%: $(TRACE_DEPS) cache/aarch64/setway.S cache/aarch64/range.S cache/aarch64/ops.h
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc $(TRACE_CFLAGS) -static $(if $(findstring _bound,$*),-DTRACE_MUTANT_BOUND) \
		$(if $(findstring _order,$*),-DTRACE_MUTANT_ORDER) \
		$(if $(findstring _civac,$*),-DCACHE_MUTANT_NO_CLEAN_CIVAC) \
		$(TRACE_SRCS) cache/aarch64/setway.S cache/aarch64/range.S -o $@

$(BUILD)/host/cache_trace_armv7%: $(TRACE_DEPS) cache/armv7/setway.S cache/armv7/range.S cache/armv7/ops.h
	@mkdir -p $(@D)
	arm-none-eabi-gcc $(TRACE_CFLAGS) -marm -march=armv7-a -specs=rdimon.specs \
		$(if $(findstring _bound,$*),-DTRACE_MUTANT_BOUND) $(if $(findstring _order,$*),-DTRACE_MUTANT_ORDER) \
		$(TRACE_SRCS) cache/armv7/setway.S cache/armv7/range.S -o $@

QEMU_USER_aarch64 := timeout 600 qemu-aarch64
QEMU_USER_armv7 := timeout 600 qemu-arm

TRACE_MUTANTS_aarch64 := bound order civac
TRACE_MUTANTS_armv7 := bound order
host-cache-trace: $(foreach a,aarch64 armv7,$(foreach v,_ok $(addprefix _,$(TRACE_MUTANTS_$(a))),$(BUILD)/host/cache_trace_$(a)$(v)))
	@for a in aarch64 armv7; do \
		q="$(QEMU_USER_aarch64)"; [ $$a = armv7 ] && q="$(QEMU_USER_armv7)"; \
		$$q $(BUILD)/host/cache_trace_$${a}_ok $(TRACE_GEOMETRIES) $(TRACE_RANGES) || exit 1; \
		m_all="$(TRACE_MUTANTS_aarch64)"; [ $$a = armv7 ] && m_all="$(TRACE_MUTANTS_armv7)"; \
		for m in $$m_all; do \
			if $$q $(BUILD)/host/cache_trace_$${a}_$$m 300 0 >$(BUILD)/host/mutant_$${a}_$$m.log 2>&1; then \
				echo "the broken $$m variant ($$a) passed the trace test: the test cannot fail"; exit 1; \
			else echo "broken $$m variant ($$a) caught: $$(tail -n 1 $(BUILD)/host/mutant_$${a}_$$m.log)"; fi; \
		done; \
	done

## make sweep: the cache trace test over 100,000 geometries (longer; not in make test)
sweep: $(BUILD)/host/cache_trace_aarch64_ok $(BUILD)/host/cache_trace_armv7_ok
	@r=0; for a in aarch64 armv7; do \
		q="$(QEMU_USER_aarch64)"; [ $$a = armv7 ] && q="$(QEMU_USER_armv7)"; \
		$$q $(BUILD)/host/cache_trace_$${a}_ok $(SWEEP_GEOMETRIES) 200000 $$RANDOM 20000 | tail -n 1 | \
			sed 's/.*: \([0-9]*\) geometries, \([0-9]*\) mismatches.*/\1 geometries, \2 mismatches/' || r=1; \
	done; exit $$r

.PHONY: host-cache-trace sweep
