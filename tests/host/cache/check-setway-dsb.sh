#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-setway-dsb.sh [BUILD] — every set/way routine of cache/<arch>/setway.S
# (each function whose body holds a DC ISW/CSW/CISW, or on ARMv7 an MCR to
# c7, c6/c10/c14, 2) opens with a DSB, so the caller's last stores are
# complete before the first set/way operation (ARM ARM DDI 0487 "Ordering
# and completion of data and instruction cache instructions"; DDI 0406C
# A3.8.3). A copy of each source with that DSB deleted must be refused: the
# check can fail. Part of make host-dma-system.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=${1:-build}/host/setway-dsb
mkdir -p "$out"

# check OBJ OBJDUMP: 0 if every routine with a set/way op starts with dsb.
check() {
	"$2" -d "$1" | awk '
	/^[0-9a-f]+ <[^>]*>:$/ { fn = $2; first = 1; next }
	NF >= 3 && fn != "" {
		insn = $3
		if (first) { starts[fn] = (insn == "dsb"); first = 0 }
		if ($0 ~ /\tdc\t(isw|csw|cisw),/ || $0 ~ /\tmcr\t15, 0, [^,]*, cr7, cr(6|10|14), \{2\}/)
			uses[fn] = 1
	}
	END {
		bad = 0
		for (f in uses) { n++; if (!starts[f]) { print "no DSB before the set/way walk in " f; bad = 1 } }
		if (n == 0) { print "no set/way routine found"; bad = 1 }
		if (!bad) print n
		exit bad
	}'
}

for arch in aarch64 armv7; do
	if [ $arch = aarch64 ]; then
		cc="aarch64-linux-gnu-gcc -march=armv8-a" od=aarch64-linux-gnu-objdump
	else
		cc="arm-none-eabi-gcc -marm -march=armv7-a" od=arm-none-eabi-objdump
	fi
	$cc -I. -c cache/$arch/setway.S -o "$out/$arch.o"
	check "$out/$arch.o" $od >"$out/$arch.log" || { cat "$out/$arch.log"; exit 1; }
	n=$(cat "$out/$arch.log")
	# The mutant: the first dsb of the setway_all macro removed.
	awk '/^\.macro setway_all/ { m = 1 } m && /^\tdsb/ { m = 0; next } { print }' \
		cache/$arch/setway.S >"$out/${arch}_nodsb.S"
	$cc -I. -c "$out/${arch}_nodsb.S" -o "$out/${arch}_nodsb.o"
	if check "$out/${arch}_nodsb.o" $od >/dev/null; then
		echo "check-setway-dsb: FAIL: setway.S without its DSB ($arch) passed"; exit 1
	fi
	echo "check-setway-dsb: $arch: every set/way routine opens with a DSB ($n routines); without it: refused"
done
