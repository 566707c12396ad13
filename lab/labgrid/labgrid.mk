# SPDX-License-Identifier: BSD-2-Clause
# labgrid (lab/labgrid/, docs/labgrid.md). Included by the Makefile after HOST_TESTS.
## make check-labgrid: bringup through labgrid's pytest plugin, both flows and arches, one
##   case per TAP line; a DRAM fault, a crash, a hang and a non-image must fail (lab/labgrid/check.sh)
check-labgrid: all
	@lab/labgrid/check.sh

HOST_TESTS += check-labgrid
.PHONY: check-labgrid
