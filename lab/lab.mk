# SPDX-License-Identifier: BSD-2-Clause
# LAVA (lab/, docs/lab.md). Included by the Makefile after HOST_TESTS.
#   make lava         build/lava/jobs/{qemu,uboot}-{aarch64,armv7}.yaml: job definitions
#                     (lab/mkjob.sh) with ARGS="key=value ..." as bringup's options;
#                     LAVA_URL= where a lab's worker downloads the images from,
#                     LAVA_DEVICE_TYPE= the board's device type for the uboot jobs
#   make check-lava   lava-run on both flows, LAVA's test cases against the TAP (root;
#                     lab/check.sh); a host test of make test
LAVA_JOBS := $(foreach f,qemu uboot,$(foreach a,$(ARCHS),$(BUILD)/lava/jobs/$(f)-$(a).yaml))

## make lava: LAVA job definitions (a QEMU one; a U-Boot board over TFTP): docs/lab.md
## LAVA_URL=url: where a lab's worker downloads the images; LAVA_DEVICE_TYPE=name: the board's
lava: all
	@for j in $(LAVA_JOBS); do n=$$(basename $$j .yaml); \
		lab/mkjob.sh $${n%%-*} $${n#*-} $$j $(ARGS) && echo "  LAVA    $$j" || exit 1; done

## make check-lava: lava-run on both flows, LAVA's test cases against the TAP (root)
check-lava: all
	@lab/check.sh

HOST_TESTS += check-lava
.PHONY: lava check-lava
