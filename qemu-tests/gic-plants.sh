#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# gic-plants.sh PLANT...: make check-gic-plants (tests/host/irq/gic-plants.mk)
# runs it. Each PLANT is name|arch|file|define|machine|cpu|smp|test|text: the
# file compiled with -Ddefine (its GIC_PLANT_* block, a driver bug), linked
# in place of its object into a copy of the image, booted under -icount on
# that configuration. The run must be a caught failure: EXIT: STATUS=1, the
# test "not ok", one of its "# FAIL" lines holding text; a crash (Bail out!)
# or a pass is this check's failure. env: CC_<arch>, LD_<arch>, OBJS_<arch>,
# LIBS_<arch>, OC_<arch> (the image's compile and link, from the Makefile),
# BUILD, P (run only the plant of that name).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
n=0
for p in "$@"; do
	IFS='|' read -r name arch src def machine cpu smp test want <<<"$p"
	[ -z "${P:-}" ] || [ "$P" = "$name" ] || continue
	d=$BUILD/gic-plants/$name
	mkdir -p "$d"
	cc=CC_$arch ld=LD_$arch objs=OBJS_$arch libs=LIBS_$arch oc=OC_$arch
	obj=$BUILD/$arch/obj/$src.o
	# shellcheck disable=SC2086 # the compiler's and linker's words
	${!cc} -D"$def" -c "$src" -o "$d/planted.o" &&
		${!ld} -o "$d/bringup.elf" ${!objs/$obj/$d/planted.o} ${!libs} &&
		${!oc} -O binary "$d/bringup.elf" "$d/bringup.bin" || {
		echo "check-gic-plants: FAIL: $name: the planted image did not build" >&2
		exit 1
	}
	start=$SECONDS
	IMAGE=$d/bringup.bin ARGS=memtest=off TIMEOUT=60 qemu-tests/boot.sh "$arch" "$machine" "$cpu" 256M \
		-- -icount shift=0,sleep=off -smp "$smp" >"$d/log.txt" 2>&1
	tr -d '\r' <"$d/log.txt" >"$d/log"
	if grep -q '^Bail out!' "$d/log"; then
		echo "check-gic-plants: FAIL: $name ($def) crashed instead of failing $test: $d/log"
		exit 1
	elif ! grep -qx "not ok [0-9]* - $test" "$d/log" || ! grep -q '^EXIT: STATUS=1' "$d/log"; then
		echo "check-gic-plants: FAIL: $name ($def): $test did not fail: $d/log"
		exit 1
	elif ! grep '^# FAIL' "$d/log" | grep -qF -- "$want"; then
		echo "check-gic-plants: FAIL: $name ($def): $test failed, but not with \"$want\": $d/log"
		exit 1
	fi
	echo "check-gic-plants: $name ($def in $src, $arch $machine -smp $smp) caught by $test ($((SECONDS - start))s):"
	grep '^# FAIL' "$d/log" | grep -F -m1 -- "$want" | sed 's/^/    /'
	n=$((n + 1))
done
echo "check-gic-plants: $n planted driver bugs caught, none a crash"
