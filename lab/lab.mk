# SPDX-License-Identifier: BSD-2-Clause
# LAVA (lab/, docs/lab.md). Included by the Makefile after HOST_TESTS.
#   make lava         build/lava/jobs/{qemu,uboot}-{aarch64,armv7}.yaml: job definitions
#                     (lab/mkjob.sh) with ARGS="key=value ..." as bringup's options;
#                     LAVA_URL= where a lab's worker downloads the images from,
#                     LAVA_DEVICE_TYPE= the board's device type for the uboot jobs
#   make check-lava   lava-run on both flows, LAVA's test cases against the TAP (root;
#                     lab/check.sh); a host test of make test
#   make check-lava-schema  lab/devices/ and make lava's jobs against lava-server's
#                     and the dispatcher's schemas (lab/check-schema.py); in make test
#   make check-lab    the jobs through a whole LAVA lab here: server, PostgreSQL,
#                     scheduler, worker (lab/check-lab.sh; root; opt-in, not in make test)
LAVA_JOBS := $(foreach f,qemu uboot,$(foreach a,$(ARCHS),$(BUILD)/lava/jobs/$(f)-$(a).yaml))

## make lava: LAVA job definitions (a QEMU one; a U-Boot board over TFTP): docs/lab.md
## LAVA_URL=url: where a lab's worker downloads the images; LAVA_DEVICE_TYPE=name: the board's
## LAVA_UBOOT_PREP='cmd': U-Boot commands the uboot jobs send before dhcp (one a line)
lava: all
	@for j in $(LAVA_JOBS); do n=$$(basename $$j .yaml); \
		lab/mkjob.sh $${n%%-*} $${n#*-} $$j $(ARGS) && echo "  LAVA    $$j" || exit 1; done

## make check-lava: lava-run on both flows, LAVA's test cases against the TAP (root)
check-lava: all
	@lab/check.sh

## make check-lava-schema: lab/devices/ and make lava's jobs against the installed LAVA's schemas
check-lava-schema: lava
	@lab/check-schema.py $(LAVA_JOBS)

## make check-lab: make lava's jobs through lava-server, PostgreSQL, a worker on 127.0.0.1 (root)
## CHECK_LAB_ONLY=regex: check-lab's checks whose name matches; CHECK_LAB_MUTANT=noarch: qemu-01 ignores arch
check-lab: all
	lab/check-lab.sh

HOST_TESTS += check-lava check-lava-schema
.PHONY: lava check-lava check-lava-schema check-lab
