#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-front-door.sh: the front door (make's own targets and variables)
# behaves as README "The two commands" says. Each check prints one line and
# can fail:
#   - make help lists run, test and report (the makefiles' "## " lines);
#   - ARCH=arm64 is aarch64 and ARCH=arm is armv7; an unknown ARCH is refused
#     by name;
#   - DTB=relative is taken from where make was called (make -C), else under
#     build/dtbs; a DTB that is neither is refused by name;
#   - with no newlib source, scripts/build-newlib.sh says to run make setup
#     and fails (it used to die silently under pipefail);
#   - make run of a healthy image exits 0, its first report line names the
#     version (git describe);
#   - the sample reports of README.md, docs/boards.md and docs/memtest.md
#     are, line for line, what the image prints in the run each shows
#     (scripts/check-readme-sample.sh: make run, with a DRAM fault injected,
#     and the matrix's uboot-fit64 and uboot-nomem rows), and a sample with
#     a drifted plan, skip count, test number or address width is refused;
#   - on vexpress-a9 (a board with a sound codec) QEMU adds no line of its
#     own to the console (no audio back end noise);
#   - make run ARGS=crash=undef fails, naming the image's exit status 3,
#     and qemu-tests/boot.sh (the command it runs) exits 3;
#   - when QEMU does not start the image (an unknown CPU, a machine that
#     needs a row's options, a missing tree) the last line says so with
#     QEMU's own message, not "a self-test failed"; DTB=/absolute is checked;
#   - make run ROW= refuses ARGS=, CPU=, MEM= (the row would drop them);
#   - MEM=16M passes (the page test skips what needs more memory, saying
#     why), and mem= on ARGS= beside make's own points to MEM=;
#   - make sdcard BOARD= runs each board's image (ARCH follows the board; a
#     contradicting ARCH= and an unknown board are refused, once), passes
#     SDCARD_BOOTARGS, and writes the Orange Pi PC's card (armv7) in full;
#   - LOAD_ADDR is refused when not a number, not 2 MiB aligned (AArch64),
#     not 4 KiB aligned (ARMv7), above 4 GiB or outside a known board's RAM.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/host/front-door
rm -rf "$out" && mkdir -p "$out/elsewhere"
fails=0
ok() { echo "check-front-door: $*"; }
bad() { echo "check-front-door: FAIL: $*"; fails=$((fails + 1)); }
mk() { make --no-print-directory -C "$top" "$@"; }

# make help
h=$(mk -s help 2>&1)
if grep -q 'make run ROW=name' <<<"$h" && grep -q 'make report LOG=' <<<"$h" && grep -q 'make test ' <<<"$h"; then
	ok "make help lists run, test, report ($(wc -l <<<"$h") lines)"
else bad "make help does not list run, test and report: $(head -3 <<<"$h")"; fi

# ARCH aliases
for a in arm64:aarch64 arm:armv7 aarch64:aarch64 armv7:armv7; do
	n=$(mk -n run ARCH="${a%%:*}" 2>&1 | grep -o 'qemu-tests/boot.sh [a-z0-9]*' | head -1)
	[ "$n" = "qemu-tests/boot.sh ${a#*:}" ] && ok "ARCH=${a%%:*} runs ${a#*:}" ||
		bad "ARCH=${a%%:*}: expected boot.sh ${a#*:}, make -n run says \"$n\""
done
if e=$(mk -n run ARCH=x86 2>&1); then bad "ARCH=x86 accepted"
elif grep -q 'ARCH=x86: not an architecture' <<<"$e"; then ok "ARCH=x86 refused: $(grep -o 'ARCH=x86: .*' <<<"$e" | head -1)"
else bad "ARCH=x86 refused without saying why: $e"; fi

# DTB= relative to the caller's directory (make -n: the file is not read),
# else under build/dtbs (any tree there; none on a fresh clone before the
# DTBs are fetched: that case is then skipped).
: >"$out/elsewhere/mine.dtb"
n=$(cd "$out/elsewhere" && mk -n run ARCH=armv7 MACHINE=vexpress-a9 DTB=mine.dtb 2>&1 | grep -o 'DTB=[^ ]*' | head -1)
[ "$n" = "DTB=$out/elsewhere/mine.dtb" ] && ok "DTB=mine.dtb from another directory is $n" ||
	bad "DTB=mine.dtb from $out/elsewhere: make passes \"$n\""
rel=$(cd "$top/build/dtbs" 2>/dev/null && find -L . -name '*.dtb' 2>/dev/null | head -1 | sed 's|^\./||')
if [ -z "$rel" ]; then ok "no tree under build/dtbs yet: DTB= under build/dtbs not checked"
else
	n=$(cd "$out/elsewhere" && mk -n run DTB="$rel" 2>&1 | grep -o 'DTB=[^ ]*' | head -1)
	[ "$n" = "DTB=$top/build/dtbs/$rel" ] && ok "DTB=$rel is under build/dtbs" || bad "DTB=$rel: make passes \"$n\""
fi
if e=$(cd "$out/elsewhere" && mk -n run DTB=nosuch.dtb 2>&1); then bad "DTB=nosuch.dtb accepted"
elif grep -q 'DTB=nosuch.dtb: no such file' <<<"$e"; then ok "DTB=nosuch.dtb refused: $(grep -o 'DTB=nosuch.dtb: .*' <<<"$e")"
else bad "DTB=nosuch.dtb refused without saying why: $e"; fi

# build-newlib without newlib's source
if e=$(NEWLIB_SRC=$out/none "$top/scripts/build-newlib.sh" aarch64 "$out/newlib" 2>&1); then
	bad "build-newlib.sh with no source succeeded"
elif grep -q 'make setup' <<<"$e"; then ok "build-newlib.sh with no source: $e"
else bad "build-newlib.sh with no source failed without saying why (\"$e\")"; fi

# make run, healthy: status 0, the version, no QEMU noise, the README's sample
mk -s run </dev/null >"$out/run.log" 2>&1
st=$?
v=$(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown)
first=$(grep -v '^# qemu: ' "$out/run.log" | grep -m1 '^# ')
[ "$st" = 0 ] && ok "make run exits 0 with EXIT: STATUS=0" || bad "make run of a healthy image exits $st"
[[ $first == "# bringup $v "* ]] && ok "the first report line names the version: $first" ||
	bad "the first report line does not name the version $v: $first"
# vexpress-a9 has a sound codec (PL041): QEMU would try every audio back end.
mk -s run ARCH=arm MACHINE=vexpress-a9 </dev/null >"$out/vexpress.log" 2>&1
noise=$(grep -vE '^(# qemu: |  (CC|LD|BIN) )' "$out/vexpress.log" | grep -vE '^(TAP version|1\.\.|ok |not ok |# |EXIT: )' | grep . | head -3)
[ -z "$noise" ] && ok "make run ARCH=arm MACHINE=vexpress-a9: no line but the image's (no audio back end noise)" ||
	bad "QEMU's own lines on vexpress-a9: $noise"

# The sample reports, each against the run it shows: LOG|DOC|the line it follows (an ERE).
mk -s run ARGS=memtest_fault=alias:13 </dev/null >"$out/fault.log" 2>&1
MATRIX_OUT=$out/matrix JOBS=1 "$top/qemu-tests/run-matrix.sh" '^uboot-(fit64|nomem)$' >"$out/matrix.out" 2>&1 ||
	bad "the rows uboot-fit64 and uboot-nomem did not pass: $(grep -m1 '^FAIL' "$out/matrix.out")"
samples=("$out/run.log|README.md|A healthy run" "$out/fault.log|README.md|injected through the MMU"
	"$out/matrix/uboot-fit64.log|docs/boards.md|What bringup prints after U-Boot"
	"$out/fault.log|docs/memtest.md|ARGS=memtest_fault=alias:13. .two pages"
	"$out/matrix/uboot-nomem.log|docs/memtest.md|the .uboot-nomem. row")
for s in "${samples[@]}"; do
	IFS='|' read -r log doc after <<<"$s"
	if r=$("$top/scripts/check-readme-sample.sh" "$log" "$top/$doc" "$after"); then ok "${r#check-readme-sample: }"
	else bad "the sample report in $doc after \"$after\" drifted: $r"; fi
done
# ... and a drifted sample is refused, naming its line: the plan, the
# summary's skip count and a test's number as they drifted before (1..82,
# 31 skipped, irq: discovery 6 off), the version left out of the first
# line, and a region address printed 9 digits wide.
plants=('s/^    1\.\.[0-9]+$/    1..82/|README.md|line [0-9]+ is not in the log: 1\.\.82$'
	's/^(    # summary: [0-9]+ passed, [0-9]+ failed, )[0-9]+ skipped/\131 skipped/|README.md|# summary: [0-9]+ passed, 0 failed, 31 skipped'
	's/^(    ok )[0-9]+( - irq: discovery)/\165\2/|README.md|ok 65 - irq: discovery'
	's/^    # bringup [^ ]* aarch64 at EL1/    # bringup aarch64 at EL1/|README.md|# bringup VERSION at EL1'
	's/^(    #   0x)([0-9a-f]{8}\.\.0x)([0-9a-f]{8} )/\10\20\3/|README.md|0xh{9}\.\.0xh{9} '
	's/^    1\.\.[0-9]+$/    1..82/|docs/boards.md|line [0-9]+ is not in the log: 1\.\.82$')
for p in "${plants[@]}"; do
	IFS='|' read -r expr doc want <<<"$p"
	after="A healthy run" log=$out/run.log
	[ "$doc" = docs/boards.md ] && after="What bringup prints after U-Boot" log=$out/matrix/uboot-fit64.log
	sed -E "$expr" "$top/$doc" >"$out/drifted.md"
	if cmp -s "$top/$doc" "$out/drifted.md"; then bad "the plant $expr changed nothing in $doc"
	elif r=$("$top/scripts/check-readme-sample.sh" "$log" "$out/drifted.md" "$after"); then
		bad "a drifted sample ($doc, $expr) passed the check"
	elif grep -qE -- "$want" <<<"$r"; then ok "a drifted sample is refused: ${r#check-readme-sample: }"
	else bad "a drifted sample ($doc, $expr) refused, but not naming \"$want\": $r"; fi
done

# make run, crashing: make fails naming the status; boot.sh exits with it
mk -s run ARGS=crash=undef </dev/null >"$out/crash.log" 2>&1
st=$?
line=$(grep "^run: the image's exit status" "$out/crash.log")
[ "$st" != 0 ] && [[ $line == "run: the image's exit status is 3: "* ]] && ok "make run ARGS=crash=undef fails: $line" ||
	bad "make run ARGS=crash=undef: status $st, line \"$line\""
ARGS=crash=undef "$top/qemu-tests/boot.sh" aarch64 virt cortex-a53 256M </dev/null >/dev/null 2>&1
st=$?
[ "$st" = 3 ] && ok "qemu-tests/boot.sh exits 3 for it" || bad "qemu-tests/boot.sh exits $st for crash=undef, not 3"

# QEMU did not start the image: its own message in the last line.
qemu_refused() { # qemu_refused WHAT WANT LOG: the last line of LOG (before make's own) names QEMU and holds WANT
	local last
	last=$(grep -v '^make\(\[[0-9]*\]\)\{0,1\}: \*\*\* ' "$3" | tail -n 1)
	if [[ $last == "run: QEMU did not start the image: "*"$2"* ]]; then ok "$1: $last"
	else bad "$1: the last line is \"$last\", not QEMU's refusal with \"$2\""; fi
}
mk -s run CPU=cortex-a999 </dev/null >"$out/cpu.log" 2>&1
qemu_refused "make run CPU=cortex-a999" "unable to find CPU model 'cortex-a999'" "$out/cpu.log"
mk -s run MACHINE=raspi3b </dev/null >"$out/raspi.log" 2>&1
qemu_refused "make run MACHINE=raspi3b" "make run ROW=raspi3b" "$out/raspi.log"
DTB=/no/such.dtb "$top/scripts/run-status.sh" "$top/qemu-tests/boot.sh" aarch64 virt cortex-a53 256M \
	</dev/null >"$out/dtb.log" 2>&1
qemu_refused "run-status.sh with DTB=/no/such.dtb" "Couldn't open dtb file /no/such.dtb" "$out/dtb.log"
if e=$(mk -n run DTB=/no/such.dtb 2>&1); then bad "make run DTB=/no/such.dtb accepted"
elif grep -q 'DTB=/no/such.dtb: no such file' <<<"$e"; then ok "DTB=/no/such.dtb refused: $(grep -o 'DTB=/no/.*' <<<"$e")"
else bad "DTB=/no/such.dtb refused without saying why: $e"; fi

# ROW= boots the row as the matrix does: what it would drop is refused.
for v in ARGS=memtest=full CPU=cortex-a72 MEM=1G; do
	if e=$(mk -n run ROW=a53 "$v" 2>&1); then bad "make run ROW=a53 $v accepted (the row drops ${v%%=*}=)"
	elif grep -q "ROW=a53 .*${v%%=*}=" <<<"$e"; then ok "make run ROW=a53 $v refused: $(grep -o 'ROW=a53 .*' <<<"$e")"
	else bad "make run ROW=a53 $v refused without naming ${v%%=*}=: $e"; fi
done

# MEM=16M: what does not fit skips, saying why; the run passes.
mk -s run MEM=16M </dev/null >"$out/mem16.log" 2>&1
st=$?
huge=$(grep -m1 ' - page: huge' "$out/mem16.log")
[ "$st" = 0 ] && [[ $huge == "ok "*" # SKIP "* ]] && ok "make run MEM=16M passes: $huge" ||
	bad "make run MEM=16M: status $st, $(grep -m1 -E '^# FAIL|^run: ' "$out/mem16.log")"
# mem= given beside make's own mem= (from MEM=): which is used, and MEM=.
mk -s run ARGS=mem=128M </dev/null >"$out/mem-twice.log" 2>&1
line=$(grep -m1 '# FAIL .*mem=128M' "$out/mem-twice.log")
[[ $line == *"mem=256M"*"MEM="* ]] && ok "make run ARGS=mem=128M: ${line#*cmdline: }" ||
	bad "make run ARGS=mem=128M: \"$line\" names neither the mem= used nor MEM="

. "$top/scripts/check-front-door-boards.sh"

[ "$fails" -eq 0 ]
