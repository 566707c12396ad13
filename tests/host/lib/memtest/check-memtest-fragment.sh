#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The DRAM test's bad-page fragment compiles and says what was found
# (tests/host/lib/memtest/test_memtest_faults.c "frag"): for 1 and 2 cells, the lines
# between "# memtest: bad pages as a device-tree fragment:" and
# "# memtest: end of fragment", "# " stripped, behind a /dts-v1/ line, must
# compile with dtc; the tree's /reserved-memory must have exactly one no-map
# child per wanted range, its reg that range, and the U-Boot "fdt rsvmem add"
# lines must list the same ranges.
# usage: check-memtest-fragment.sh TEST_BINARY OUTDIR
set -euo pipefail
bin=$1
out=$2
mkdir -p "$out"
for cells in 1 2; do
	log=$out/memtest_fragment_$cells.log
	"$bin" frag "$cells" >"$log"
	{
		echo '/dts-v1/;'
		sed -n '/^# memtest: bad pages as a device-tree fragment:$/,/^# memtest: end of fragment$/p' "$log" |
			sed '1d;$d' | sed 's/^# //'
	} >"$out/memtest_fragment_$cells.dts"
	dtc -q -I dts -O dtb -o "$out/memtest_fragment_$cells.dtb" "$out/memtest_fragment_$cells.dts"
	dtb=$out/memtest_fragment_$cells.dtb
	want=$(grep '^want ' "$log" | cut -d' ' -f2- | sort)
	got=$(for node in $(fdtget -l "$dtb" /reserved-memory); do
		fdtget -p "$dtb" "/reserved-memory/$node" | grep -qx no-map ||
			{ echo "host-memtest-faults: FAIL: $node has no no-map" >&2; exit 1; }
		set -- $(fdtget -t x "$dtb" "/reserved-memory/$node" reg)
		if [ "$cells" = 2 ]; then
			printf '0x%x 0x%x\n' $(((0x$1 << 32) | 0x$2)) $(((0x$3 << 32) | 0x$4))
		else
			printf '0x%x 0x%x\n' $((0x$1)) $((0x$2))
		fi
	done | sort)
	uboot=$(sed -n 's/^# fdt rsvmem add //p' "$log" | sort)
	n=$(echo "$want" | wc -l)
	if [ "$got" != "$want" ]; then
		echo "host-memtest-faults: FAIL: the fragment ($cells cells) lists other pages than the bad ones:"
		diff <(echo "$want") <(echo "$got") | head -n 10
		exit 1
	fi
	if [ "$uboot" != "$want" ]; then
		echo "host-memtest-faults: FAIL: the fdt rsvmem add lines ($cells cells) differ from the bad pages:"
		diff <(echo "$want") <(echo "$uboot") | head -n 10
		exit 1
	fi
	echo "host-memtest-faults: fragment with $cells-cell addresses compiles (dtc), $n no-map nodes and $n fdt rsvmem add lines: exactly the bad pages"
done
