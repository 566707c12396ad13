#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# make check-labgrid (part of make test): bringup's runs through labgrid
# (Debian 12's python3-labgrid, its pytest plugin) on the four environments
# of lab/labgrid/ (QEMU direct and U-Boot + TFTP, AArch64 and ARMv7), each
# checked case by case against the console's own TAP: one pytest case per
# TAP line (the junit's test_tap cases are the TAP's lines, in order, with
# their results), plus test_boot, test_plan and test_exit_status. Then runs
# that must fail, each for its own reason:
#   memtest_fault=alias:13   the failed cases are exactly the TAP's "not ok"
#                            lines (memtest: address_bus among them), the
#                            status 1 as asked
#   crash=undef              one failed case, test_boot: "never reached TAP"
#   memtest_fade=3600        cut after 3 s: test_exit_status "no EXIT line"
#                            (and test_plan, the results short of it)
#   U-Boot given 4 KiB of zeros: test_boot names U-Boot's refusal
# A mutant of the glue (a SKIP line's case passed instead of skipped) must
# fail the case-by-case comparison. And lab/labgrid/board-example.yaml, a
# real board's environment: docs/labgrid.md shows it as it is, and labgrid
# binds its drivers.
# usage: lab/labgrid/check.sh [NAME-REGEX]. Files: build/labgrid/NAME.{out,xml}
# and the consoles in build/labgrid/logs/NAME.log (make report LOG=that folder).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
only=${1:-.}
out=$top/build/labgrid
py=/usr/bin/python3 # Debian's: python3-labgrid installs there, whatever python3 is first in PATH
fail() { echo "check-labgrid: FAIL: $*"; exit 1; }
"$py" -c 'import labgrid, pytest' 2>/dev/null || fail "no labgrid for $py (package python3-labgrid: scripts/setup.sh installs it)"
for a in aarch64 armv7; do [ -f "$top/build/$a/bringup.bin" ] || fail "build/$a/bringup.bin missing (make all)"; done
mkdir -p "$out/logs"

# The junit's cases, one a line: "name|result|first line of the message".
cases() {
	"$py" - "$1" <<'EOF'
import sys, xml.etree.ElementTree as ET
for c in ET.parse(sys.argv[1]).iter("testcase"):
    r, m = "passed", ""
    for k in ("failure", "error", "skipped"):
        e = c.find(k)
        if e is not None:
            r, m = k, (e.get("message") or "").split("\n")[0]
            break
    print(f"{c.get('name')}|{r}|{m}")
EOF
}

# NAME ENV "ARGS" STATUS TIMEOUT "failed cases" "text of the failure" [MUTANT "reason"]
# MUTANT: a sed expression planted in a copy of test_bringup.py; the run
# must then fail this check, for the reason given.
checks=(
	"qemu-aarch64-pass|qemu-aarch64||0|30||"
	"qemu-armv7-pass|qemu-armv7||0|30||"
	"uboot-aarch64-pass|uboot-aarch64||0|30||"
	"uboot-armv7-pass|uboot-armv7||0|30||"
	"uboot-aarch64-memfault|uboot-aarch64|memtest_fault=alias:13|1|30|tap|memtest: address_bus"
	"qemu-armv7-crash|qemu-armv7|crash=undef|3|30|test_boot|no TAP report: the boot never reached TAP"
	"qemu-aarch64-hang|qemu-aarch64|memtest_fade=3600|0|3|test_plan test_exit_status|no EXIT line within 3 s"
	"uboot-aarch64-notimage|uboot-aarch64||0|30|test_boot test_exit_status|U-Boot refused the image: \"Bad Linux ARM64 Image magic!\""
	"mutant-noskip|qemu-armv7||0|30|||s/if case.directive == \"SKIP\":/if False:/|the test_tap cases differ from the TAP's lines"
)
passed=0 failed=0 t0=${EPOCHREALTIME/./}
for c in "${checks[@]}"; do
	IFS='|' read -r name envf args status tmo want text mutant reason <<<"$c"
	[[ $name =~ $only ]] || continue
	env=$here/$envf.yaml glue=$here log=$out/logs/$name.log
	if [ -n "$mutant" ]; then # the glue with the mutant planted, in a folder of its own
		glue=$out/$name log=$out/$name/console.log
		rm -rf "$glue" && mkdir -p "$glue" && cp "$here/conftest.py" "$glue/"
		sed "$mutant" "$here/test_bringup.py" >"$glue/test_bringup.py"
		cmp -s "$here/test_bringup.py" "$glue/test_bringup.py" && fail "$name: the mutant ($mutant) changed nothing"
	fi
	if [[ $name == *notimage ]]; then # the same board, its TFTP folder holding zeros
		mkdir -p "$out/$name" && head -c 4096 /dev/zero >"$out/$name/bringup.bin"
		sed "s|tftp=\$BASE/../../build/aarch64|tftp=$out/$name|" "$env" >"$out/$name/$envf.yaml"
		env=$out/$name/$envf.yaml
	fi
	xml=$out/$name.xml s=${EPOCHREALTIME/./}
	(cd "$glue" && PYTHONDONTWRITEBYTECODE=1 timeout -k 5 90 "$py" -m pytest -p no:cacheprovider -q -rfE \
		--lg-env "$env" --bringup-args "$args" --bringup-status "$status" --bringup-timeout "$tmo" \
		--bringup-log "$log" --junitxml "$xml" test_bringup.py) >"$out/$name.out" 2>&1
	rc=$? us=$((${EPOCHREALTIME/./} - s))
	secs=$((us / 1000000)).$((us / 100000 % 10))
	# (pytest's one skipped case for an empty parameter set: no TAP line)
	got=$(cases "$xml" 2>/dev/null | grep -v '^test_tap\[[^]]*\]|skipped|got empty parameter set')
	tap=$(tr -d '\r' <"$log" 2>/dev/null | sed -n '/^TAP version 13$/,$p')
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' <<<"$tap" | head -1)
	# The TAP's lines as the cases they must be: "test_tap[NAME]|result".
	want_tap=$(sed -nE 's/^(not ok|ok) [0-9]+ - ([^#]*[^# ]) *(# (SKIP))?.*/\1|\2|\4/p' <<<"$tap" |
		awk -F'|' '{ r = $3 == "SKIP" ? "skipped" : $1 == "ok" ? "passed" : "failure"; print "test_tap[" $2 "]|" r }')
	got_tap=$(grep '^test_tap\[' <<<"$got" | cut -d'|' -f1,2)
	bad=$(grep -v '|passed|' <<<"$got" | grep -v '|skipped|' | cut -d'|' -f1 | paste -sd ' ')
	[ "$want" = tap ] && want=$(grep '|failure$' <<<"$want_tap" | cut -d'|' -f1 | paste -sd ' ')
	why=""
	if [ -z "$got" ]; then why="no junit ($xml): $(tail -3 "$out/$name.out" | paste -sd '|')"
	elif [ "$got_tap" != "$want_tap" ]; then why="the test_tap cases differ from the TAP's lines: $(diff <(echo "$want_tap") <(echo "$got_tap") | grep '^[<>]' | head -3 | paste -sd ' ')"
	elif [ -n "$plan" ] && [[ $want != *test_plan* ]] && [ "$(grep -c '^test_tap\[' <<<"$got")" != "$plan" ]; then why="$(grep -c '^test_tap\[' <<<"$got") test_tap cases for the plan 1..$plan"
	elif [ "$bad" != "$want" ]; then why="failed cases \"$bad\", expected \"${want:-none}\""
	elif [ -z "$want" ] && [ $rc -ne 0 ]; then why="pytest exited $rc"
	elif [ -n "$want" ] && [ $rc -ne 1 ]; then why="pytest exited $rc, expected 1 (tests failed)"
	elif [ -n "$text" ] && ! grep -qF -- "$text" "$xml" "$out/$name.out"; then why="no \"$text\" among the failures"
	fi
	summary=$(grep -E '^[0-9]+ (passed|failed)|^=+ [0-9]+ (passed|failed)' "$out/$name.out" | tail -1 | tr -d '=' | sed 's/^ *//; s/ *$//')
	if [ -n "$mutant" ]; then
		if [[ $why == *"$reason"* ]]; then
			echo "check-labgrid: $name: caught (${secs} s): $why"
			passed=$((passed + 1))
		else
			echo "check-labgrid: FAIL: $name: the glue with \"$mutant\" was not caught for \"$reason\": ${why:-it passed}"
			failed=$((failed + 1))
		fi
	elif [ -n "$why" ]; then
		echo "check-labgrid: FAIL: $name: $why (log: $out/$name.out)"
		failed=$((failed + 1))
	else
		echo "check-labgrid: $name: $summary${want:+; failed as it must: $want${text:+ (\"$text\")}} (${secs} s)"
		passed=$((passed + 1))
	fi
done
# The real board's environment of docs/labgrid.md: the doc shows the file,
# and labgrid takes it (its resources and drivers bind; nothing is opened).
if [[ board-example =~ $only ]]; then
	f=$here/board-example.yaml
	doc=$(sed -n '/^    targets:$/,/^      bringup: /s/^    //p' "$top/docs/labgrid.md")
	bind=$(cd "$here" && PYTHONDONTWRITEBYTECODE=1 "$py" - "$f" 2>&1 <<'EOF'
import sys
from labgrid import Environment
t = Environment(config_file=sys.argv[1]).get_target("main")
print(" ".join(type(t.get_driver(d, activate=False)).__name__ for d in
               ("PowerProtocol", "ConsoleProtocol", "TFTPProviderDriver", "UBootDriver")))
EOF
)
	if [ "$doc" != "$(sed -n '/^targets:$/,$p' "$f")" ]; then
		echo "check-labgrid: FAIL: board-example: docs/labgrid.md's environment differs from $f"; failed=$((failed + 1))
	elif [ "$bind" != "NetworkPowerDriver SerialDriver TFTPProviderDriver UBootDriver" ]; then
		echo "check-labgrid: FAIL: board-example: labgrid does not bind it: $(tail -1 <<<"$bind")"; failed=$((failed + 1))
	else
		echo "check-labgrid: board-example: docs/labgrid.md shows it; labgrid binds $bind"; passed=$((passed + 1))
	fi
fi
[ $((passed + failed)) -gt 0 ] || fail "no check matches '$only'"
us=$((${EPOCHREALTIME/./} - t0))
echo "check-labgrid: $passed of $((passed + failed)) runs as expected ($((us / 1000000)).$((us / 100000 % 10)) s)"
[ $failed -eq 0 ]
