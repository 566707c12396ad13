#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# test-report.sh: scripts/report and the matrix's JUnit (make host-report).
# The logs beside this file are real captures (qemu-tests/boot.sh with
# ECHO_CMD=1; paths shortened to /src/): a passing run, one with a DRAM fault
# injected (memtest_fault=alias:13), two crashes (AArch64 crash=undef at
# load delta 0, ARMv7 crash=stack on vexpress-a9 at +0x20000000), a run
# cut short by its timeout, a run through U-Boot by an older build (no
# version line), and U-Boot refusing a corrupt FIT (bringup never ran).
# The same passing log is also read with QEMU's serial as LAVA gets it (CR
# CR LF), and three real LAVA job logs (lava-run's records, one a line:
# lava_common/log.py's "dt", "lvl", "msg"): pass, fail, crash. Then fresh
# crashes of the image just built, to check that each crash address is
# symbolized to the right function and line (with the load delta, and
# without it: the mutant must miss), a three-row matrix (one row that
# passes, one made to fail, one stopped by its TIMEOUT=) for its junit.xml,
# and the matrix's groups. And the lab view of all these logs (make report
# LOG=folder), with two more consoles from labgrid (lab/labgrid: a DRAM fault
# through U-Boot, an ARMv7 crash) and a four-CPU run.
# Each check prints one line; exit 1 if any failed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$top/build/host/report
rm -rf "$out" && mkdir -p "$out"
rep=$top/scripts/report
fails=0
ok() { echo "host-report: $*"; }
bad() { echo "host-report: FAIL: $*"; fails=$((fails + 1)); }
# Well-formed XML, by Debian's own python3 (no xmllint on a fresh machine).
well_formed() { /usr/bin/python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1" 2>/dev/null; }

# check NAME LOG RC [--elf ELF] "line"... : report's exit status and lines it must print.
check() {
	local name=$1 log=$2 rc=$3 got l miss="" elf=()
	shift 3
	[ "${1:-}" = --elf ] && { elf=(--elf "$2"); shift 2; }
	got=$("$rep" "$log" --name "$name" --junit "$out/$name.xml" "${elf[@]+"${elf[@]}"}" 2>&1)
	local st=$?
	for l in "$@"; do grep -qF -- "$l" <<<"$got" || miss+=" \"$l\""; done
	if [ "$st" != "$rc" ]; then bad "$name: exit $st, expected $rc: $(head -1 <<<"$got")"
	elif [ -n "$miss" ]; then bad "$name: lacks$miss in: $(paste -sd '|' <<<"$got")"
	else l=$(head -1 <<<"$got"); l=${l#report: }; ok "$name: exit $rc, verdict ${l/:/ -}"; fi
}
# junit NAME "attributes" "text"...: the JUnit file holds them.
junit() {
	local name=$1 f=$out/$1.xml t miss=""
	shift
	for t in "$@"; do grep -qF -- "$t" "$f" 2>/dev/null || miss+=" '$t'"; done
	if ! well_formed "$f"; then bad "$name: JUnit is not well-formed XML ($f)"
	elif [ -n "$miss" ]; then bad "$name: JUnit lacks$miss ($f)"
	else ok "$name: JUnit has $(grep -c '<testcase ' "$f") testcases: $1"; fi
}

check pass "$here/pass-a53.log" 0 "report: PASS:" \
	"report: 62 tests of a plan of 62: 40 ok, 0 not ok, 22 skipped; EXIT: STATUS=0, every self-test passed"
junit pass '<testsuite name="pass" tests="63" failures="0" errors="0" skipped="22"' \
	'<testcase classname="pass" name="boot: discovery"/>' \
	'<testcase classname="pass" name="cache: outer_pl310">' '<skipped message="no outer cache on this platform"/>'
# As LAVA gets QEMU's serial: CR CR LF.
sed 's/\r*$/\r\r/' "$here/pass-a53.log" >"$out/crcrlf.log"
check crcrlf "$out/crcrlf.log" 0 "report: PASS:" "report: 62 tests of a plan of 62: 40 ok"
# Real LAVA jobs (lava-run 2023.01 on this machine, QEMU virt cortex-a53, the
# monitors test of lab/: an older build, no version line): pass, a DRAM
# fault injected, a crash before TAP.
check lava-pass "$here/lava-qemu-aarch64-pass.yaml" 0 "report: PASS:" "report: 62 tests of a plan of 62: 39 ok, 0 not ok, 23 skipped"
check lava-memfault "$here/lava-qemu-aarch64-memfault.yaml" 1 "report: FAIL: EXIT: STATUS=1" \
	"report: 62 tests of a plan of 62: 35 ok, 4 not ok" "report: not ok 35 - memtest: address_bus"
check lava-crash "$here/lava-qemu-aarch64-crash.yaml" 1 "report: CRASH: Bail out! unexpected exception" \
	"report: crash: the log names no load delta; taking 0" "report: crash: ELR_EL1 0x"
junit lava-crash 'errors="1"' '<error message="Bail out! unexpected exception">!! Unknown reason (undefined instruction)'
check uboot "$here/pass-uboot-booti-older-build.log" 0 "report: PASS:" "report: 62 tests of a plan of 62"

check fail "$here/fail-a53-memtest-alias.log" 1 "report: FAIL: EXIT: STATUS=1, a self-test failed" \
	"report: 62 tests of a plan of 62: 36 ok, 4 not ok, 22 skipped" \
	"report: not ok 35 - memtest: address_bus" \
	"report:     # FAIL selftests/memtest_test.c:181: address_bus: 2 errors"
junit fail 'failures="6"' \
	'<failure message="# FAIL selftests/memtest_test.c:181: address_bus: 2 errors">' \
	'name="run: exit_status">' '<failure message="EXIT: STATUS=1, expected 0"/>' \
	'name="run: verdict">' '<system-out># qemu: qemu-system-aarch64 -M virt -cpu cortex-a53 -m 256M -smp 1 -nographic -nic none'

check incomplete "$here/incomplete-a53-timeout.log" 1 "report: INCOMPLETE: no EXIT: STATUS line" \
	"report: 35 tests of a plan of 62"
junit incomplete 'errors="1"' '<error message="no EXIT: STATUS line: the run did not finish"/>'
check norun "$here/norun-uboot-fit-corrupt.log" 1 "report: NO REPORT:"

check crash-log "$here/crash-vexpress-a9-stack.log" 1 \
	"report: CRASH: Bail out! unexpected exception; EXIT: STATUS=3, an unexpected exception" \
	"report: crash: PC 0x600203f0 = " "report: crash: LR 0x60020418 = "
junit crash-log 'errors="1"' '<error message="Bail out! unexpected exception">!! data abort'
check crash-noelf "$here/crash-a53-undef.log" 1 --elf "$out/none.elf" "report: CRASH:" "report: crash: no ELF"
got=$("$rep" "$out/none.log" 2>&1)
[ $? = 2 ] && ok "an unreadable log: exit 2, $got" || bad "an unreadable log: \"$got\""

# Fresh crashes of this build: each address is its function and line. The
# undefined instruction is boot/main.c's ARCH_UDF in crash_if_asked.
udf=$(grep -n 'volatile(ARCH_UDF)' "$top/boot/main.c" | cut -d: -f1)
for c in "aarch64 virt cortex-a53 ELR_EL1" "armv7 vexpress-a9 cortex-a9 PC"; do
	read -r arch machine cpu reg <<<"$c"
	ECHO_CMD=1 ARGS=crash=undef TIMEOUT=30 "$top/qemu-tests/boot.sh" "$arch" "$machine" "$cpu" 256M \
		</dev/null >"$out/undef-$machine.log" 2>&1
	delta=$(sed -n 's/^!! image: .* load delta \([+-][0-9]*\) bytes\r*$/\1/p' "$out/undef-$machine.log")
	check "undef-$machine" "$out/undef-$machine.log" 1 "report: CRASH:" \
		"report: crash: $reg 0x" "= crash_if_asked at boot/main.c:$udf"
	# The mutant: the load delta dropped from the log. Unless it is 0 the
	# same address must then miss crash_if_asked (the delta is what finds it).
	grep -v 'load delta' "$out/undef-$machine.log" >"$out/nodelta-$machine.log"
	got=$("$rep" "$out/nodelta-$machine.log" --junit "$out/nodelta.xml" 2>&1)
	if [ "${delta:-0}" = "+0" ]; then ok "undef-$machine: load delta +0, no mutant to run"
	elif grep -q "crash: $reg .*crash_if_asked at boot/main.c:$udf" <<<"$got"; then
		bad "nodelta-$machine: symbolized as if loaded at its link address, yet found: $(grep "crash: $reg" <<<"$got")"
	elif grep -q 'names no load delta; taking 0' <<<"$got"; then
		ok "nodelta-$machine (load delta $delta dropped): says so, and $reg misses crash_if_asked"
	else bad "nodelta-$machine: no word of the missing load delta: $(paste -sd '|' <<<"$got")"; fi
done

# The lab view (make report LOG=folder: scripts/report-lab) of this folder:
# each log a board; its two tables line for line as tests/report/expected/
# holds them; a crash row's link holds the addresses symbolized; the JUnit a
# testsuite per board. Then a planted defect in the table code: the first
# failure taken from the last "not ok" line must change the failing row.
lab() { # lab SCRIPT OUT: prints why the tables are wrong, or nothing
	local rc f
	REPORT_LAB_TOP=$top "$1" "$here" --out "$2" >"$2.out" 2>&1
	rc=$?
	[ $rc = 1 ] || { echo "report-lab exited $rc, expected 1 (boards failed): $(tail -1 "$2.out")"; return; }
	for f in lab.md lab.html; do
		diff "$here/expected/$f" "$2/$f" >"$2.diff" ||
			{ echo "$f differs from tests/report/expected/$f: $(grep '^[<>]' "$2.diff" | head -2 | cut -c1-160 | paste -sd ' ')"; return; }
	done
}
why=$(lab "$top/scripts/report-lab" "$out/lab")
nlogs=$(find "$here" -type f \( -name '*.log' -o -name '*.yaml' \) | wc -l)
[ -z "$why" ] && ok "lab: $(head -1 "$out/lab.out" | sed 's/^report-lab: //'); lab.md and lab.html as expected" || bad "lab: $why"
[ "$(grep -c '^<testsuite ' "$out/lab/junit.xml")" = "$nlogs" ] && well_formed "$out/lab/junit.xml" &&
	ok "lab: junit.xml has a testsuite for each of the $nlogs logs" || bad "lab: junit.xml lacks a testsuite of the $nlogs logs"
grep -q '^report: crash: PC 0x4002a1b8 = ' "$out/lab/boards/labgrid-qemu-armv7-crash.crash.txt" &&
	grep -q '(boards/labgrid-qemu-armv7-crash.crash.txt)' "$out/lab/lab.md" &&
	ok "lab: the ARMv7 crash's row links $(grep -m1 'crash: PC' "$out/lab/boards/labgrid-qemu-armv7-crash.crash.txt" | cut -c1-90)" ||
	bad "lab: the ARMv7 crash's row links no symbolized PC"
# The planted defect, run on the failing log alone (quicker): the real
# script's row is the expected one, the mutant's differs in its first failure.
mkdir -p "$out/lab-one" && cp "$here/fail-a53-memtest-alias.log" "$out/lab-one/"
want=$(grep '^| fail-a53-memtest-alias ' "$here/expected/lab.md")
row() { REPORT_LAB_TOP=$top "$1" "$out/lab-one" --out "$2" >/dev/null 2>&1; grep '^| fail-a53-memtest-alias ' "$2/lab.md"; }
sed '/^\tfirst=$(sed -n .s\/^report: not ok/s/| head -1)$/| tail -1)/' "$top/scripts/report-lab" >"$out/report-lab-mutant"
chmod +x "$out/report-lab-mutant"
got=$(row "$out/report-lab-mutant" "$out/lab-mutant")
if cmp -s "$top/scripts/report-lab" "$out/report-lab-mutant"; then bad "lab mutant: the plant did not apply"
elif [ "$(row "$top/scripts/report-lab" "$out/lab-one-real")" != "$want" ]; then bad "lab: one log's row is not the expected one"
elif [ "$got" != "$want" ] && [ "$(cut -d'|' -f1-5,7- <<<"$got")" = "$(cut -d'|' -f1-5,7- <<<"$want")" ]; then
	ok "lab mutant (first failure from the last not ok) caught: the row's first failure is$(cut -d'|' -f6 <<<"$got")instead of$(cut -d'|' -f6 <<<"$want")"
else bad "lab mutant (first failure from the last not ok) not caught for its reason: \"$got\""; fi

# The matrix's JUnit: a row that passes, one made to fail (a line the
# console lacks) and one stopped by its own timeout (memtest=full of 1 GiB
# takes longer than 2 s), each a testsuite; the failing ones carry their log.
printf '%s\n' '[junit-pass]' 'arch = aarch64' 'machine = virt' 'cpu = cortex-a53' 'memory = 256M' \
	'[junit-fail]' 'arch = aarch64' 'machine = virt' 'cpu = cortex-a53' 'memory = 256M' 'expect = no such line' \
	'[junit-timeout]' 'arch = aarch64' 'machine = virt' 'cpu = cortex-a53' 'memory = 1G' 'args = memtest=full' \
	'timeout = 2' >"$out/matrix.cfg"
MATRIX=$out/matrix.cfg MATRIX_OUT=$out/matrix JOBS=1 "$top/qemu-tests/run-matrix.sh" >"$out/matrix.out" 2>&1
cp "$out/matrix/junit.xml" "$out/matrix.xml" 2>/dev/null
junit matrix '<testsuites name="bringup QEMU matrix">' '<testsuite name="junit-pass" tests="' \
	'<testsuite name="junit-fail" tests="' '<testsuite name="junit-timeout" tests="' \
	'<failure message="console lacks &quot;no such line&quot;"/>' '<system-out># qemu: qemu-system-aarch64 -M virt -cpu cortex-a53 -m 256M -smp 1 -nographic -nic none' \
	'<failure message="timed out after 2s"/>'
for r in 'junit-pass failures="0" errors="0"' 'junit-fail failures="1" errors="0"' 'junit-timeout failures="[1-9]'; do
	grep -qE "^<testsuite name=\"${r%% *}\" tests=\"[0-9]+\" ${r#* }" "$out/matrix.xml" &&
		ok "matrix: testsuite ${r%% *}: ${r#* }" || bad "matrix: testsuite ${r%% *} lacks ${r#* }"
done
grep -q '^matrix: 1 passed, 2 failed$' "$out/matrix.out" && ok "matrix: 1 passed, 2 failed, as made" ||
	bad "matrix: expected 1 passed, 2 failed: $(tail -1 "$out/matrix.out")"
grep -q '^FAIL junit-timeout .* timed out after 2s$' "$out/matrix.out" && ok "matrix: the row's timeout = 2 stops it: $(grep -o 'timed out.*' "$out/matrix.out")" ||
	bad "matrix: the row's timeout = 2 did not stop it: $(grep junit-timeout "$out/matrix.out" | head -1)"

# Groups (qemu-tests/groups.txt): the smoke group is the five rows; a group
# that does not exist is refused, naming those that do.
g=$("$top/qemu-tests/run-matrix.sh" --list --group smoke | paste -sd ' ')
[ "$g" = "a53 a15 vexpress-a9 a53-smp4 a15-smp4" ] && ok "group smoke: $g" || bad "group smoke is \"$g\""
# Group smp: every row of more than one CPU (smp = 2 and up), and no other.
want=$(awk '/^\[/ { n = substr($0, 2, index($0, "]") - 2) } /^smp *= */ && $3 >= 2 { print n }' "$top"/qemu-tests/matrix/*.cfg)
g=$("$top/qemu-tests/run-matrix.sh" --list --group smp)
[ -n "$g" ] && [ "$g" = "$want" ] && ok "group smp: the $(wc -l <<<"$g") rows of more than one CPU" ||
	bad "group smp differs from the rows of more than one CPU: $(diff <(echo "$g") <(echo "$want") | grep '^[<>]' | head -3 | paste -sd ' ')"
e=$("$top/qemu-tests/run-matrix.sh" --list --group nosuch 2>&1)
[ $? = 2 ] && grep -q 'no group nosuch; the groups: smoke smp' <<<"$e" && ok "group nosuch refused: $e" || bad "group nosuch: \"$e\""

[ "$fails" -eq 0 ]
