# SPDX-License-Identifier: BSD-2-Clause
# Test stubs (tests/stub/<arch>/*.S): tiny loaders the QEMU matrix boots in
# front of bringup, not part of the image. Included by the Makefile. A row
# names one with stub = <file> (qemu-tests/matrix/README), which makes
# build/stub/<arch>/<file>; the parameters are in the file name, so a row
# says everything it uses:
#   aarch64/psci-handover-<mpidr>-<entry>.bin  CPU_ON(<mpidr>, <entry>, the DTB), CPU_OFF
#   aarch64/psci-late-<mpidr>-<entry>.bin      CPU_ON(<mpidr>, <entry>, 0), then enter <entry> late
#   aarch64/el3-unknown-<entry>.elf            EL2 registers left UNKNOWN-like, then <entry> at EL3
#   aarch64/el3-cntfrq0-<entry>.elf            CNTFRQ_EL0 = 0, then <entry> at EL3
#   aarch64/el3-cntfrq-others-<hz>-<entry>.elf CNTFRQ_EL0 = <hz> on all CPUs but 0, then <entry> at EL3
#   armv7/psci-handover-<mpidr>-<entry>.bin    as the AArch64 one (DTB moved to r2)
# <entry> is where the row loads bringup (its LOAD=).
BUILD ?= build
STUB_DIR := $(BUILD)/stub
STUB_LINK_el3 := 0x40100000
# $(call stub_word,N): the Nth '-'-separated parameter of the stem $*.
stub_word = $(word $(1),$(subst -, ,$*))
STUB_CC_aarch64 = $(CROSS_aarch64)gcc -nostdlib -static -I. -Wl,--build-id=none
STUB_CC_armv7 = $(CROSS_armv7)gcc -nostdlib -static -marm -march=armv7-a -I. -Wl,--build-id=none

$(STUB_DIR)/aarch64/psci-handover-%.elf: tests/stub/aarch64/psci-handover.S tests/stub/stub.mk
	@mkdir -p $(@D)
	$(STUB_CC_aarch64) -DSTUB_TARGET_MPIDR=$(call stub_word,1) -DSTUB_ENTRY=$(call stub_word,2) \
		-Wl,-Ttext=0,-e,_head -o $@ $<

$(STUB_DIR)/aarch64/psci-late-%.elf: tests/stub/aarch64/psci-handover.S tests/stub/stub.mk
	@mkdir -p $(@D)
	$(STUB_CC_aarch64) -DSTUB_LATE -DSTUB_TARGET_MPIDR=$(call stub_word,1) \
		-DSTUB_ENTRY=$(call stub_word,2) -Wl,-Ttext=0,-e,_head -o $@ $<

$(STUB_DIR)/aarch64/el3-unknown-%.elf: tests/stub/aarch64/el3-unknown.S tests/stub/aarch64/cold-enter.h \
		tests/stub/stub.mk
	@mkdir -p $(@D)
	$(STUB_CC_aarch64) -DSTUB_ENTRY=$(call stub_word,1) -Wl,-N,--no-warn-rwx-segments,-Ttext=$(STUB_LINK_el3),-e,_head -o $@ $<

$(STUB_DIR)/aarch64/el3-cntfrq0-%.elf: tests/stub/aarch64/el3-cntfrq0.S tests/stub/aarch64/cold-enter.h \
		tests/stub/stub.mk
	@mkdir -p $(@D)
	$(STUB_CC_aarch64) -DSTUB_ENTRY=$(call stub_word,1) -Wl,-N,--no-warn-rwx-segments,-Ttext=$(STUB_LINK_el3),-e,_head -o $@ $<

$(STUB_DIR)/aarch64/el3-cntfrq-others-%.elf: tests/stub/aarch64/el3-cntfrq0.S tests/stub/aarch64/cold-enter.h \
		tests/stub/stub.mk
	@mkdir -p $(@D)
	$(STUB_CC_aarch64) -DSTUB_OTHERS_HZ=$(call stub_word,1) -DSTUB_ENTRY=$(call stub_word,2) \
		-Wl,-N,--no-warn-rwx-segments,-Ttext=$(STUB_LINK_el3),-e,_head -o $@ $<

$(STUB_DIR)/armv7/psci-handover-%.elf: tests/stub/armv7/psci-handover.S tests/stub/stub.mk
	@mkdir -p $(@D)
	$(STUB_CC_armv7) -DSTUB_TARGET_MPIDR=$(call stub_word,1) -DSTUB_ENTRY=$(call stub_word,2) \
		-Wl,-Ttext=0,-e,_head -o $@ $<

$(STUB_DIR)/aarch64/%.bin: $(STUB_DIR)/aarch64/%.elf
	$(CROSS_aarch64)objcopy -O binary $< $@

$(STUB_DIR)/armv7/%.bin: $(STUB_DIR)/armv7/%.elf
	$(CROSS_armv7)objcopy -O binary $< $@

.PRECIOUS: $(STUB_DIR)/%.elf
