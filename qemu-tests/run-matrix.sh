#!/usr/bin/env bash
# Boots every configuration of qemu-tests/matrix.txt (two at a time), checks
# its TAP report and exit status, prints one line per configuration (and the
# last 30 console lines of a failure), and ends with "N passed, N failed".
#
# usage: run-matrix.sh [name-filter-regex]
# A configuration with STATUS=n must instead end in "Bail out!", a decoded
# report and exit status n (the crash= runs).
# env:   JOBS (default 2), TIMEOUT per boot (default 120 s)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/qemu-tests
mkdir -p "$out"
filter=${1:-.}

# run_one LINE: boots one configuration; writes $out/NAME.log and NAME.result.
run_one() {
	local name arch machine cpu mem opt image="" load="" args="" want_status="" expect=() extra=()
	read -r name arch machine cpu mem rest <<<"$1"
	for opt in $rest; do
		case $opt in
		IMAGE=elf) image=$top/build/$arch/bringup.elf ;;
		LOAD=*) load=${opt#LOAD=} ;;
		EXPECT=*) expect+=("${opt#EXPECT=}") ;;
		ARG=*) args+=" ${opt#ARG=}" ;;
		STATUS=*) want_status=${opt#STATUS=} ;;
		*) extra+=("$opt") ;;
		esac
	done
	local log=$out/$name.log start=$SECONDS status
	IMAGE=$image LOAD=$load ARGS=$args TIMEOUT=${TIMEOUT:-120} \
		"$top/qemu-tests/boot.sh" "$arch" "$machine" "$cpu" "$mem" -- \
		-icount shift=0,sleep=off "${extra[@]}" </dev/null >"$log" 2>&1
	status=$?
	local why=""
	tr -d '\r' <"$log" >"$log.txt"
	local plan ok notok skip
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$log.txt" | head -1)
	ok=$(grep -c '^ok ' "$log.txt")
	notok=$(grep -c '^not ok ' "$log.txt")
	skip=$(grep -c '^ok .* # SKIP' "$log.txt")
	if [ "$status" = 124 ] || [ "$status" = 137 ]; then why="timed out after ${TIMEOUT:-120}s"
	elif [ -n "$want_status" ]; then # a run that must end in a decoded exception
		if ! grep -q '^Bail out! ' "$log.txt"; then why="no Bail out! line"
		elif ! grep -q "^EXIT: STATUS=$want_status$" "$log.txt"; then why="no EXIT: STATUS=$want_status line"
		elif [ "$status" != "$want_status" ]; then why="QEMU exit status $status, expected $want_status"
		fi
	elif ! grep -q '^TAP version 13$' "$log.txt"; then why="no TAP report (exit $status)"
	elif [ -z "$plan" ]; then why="no TAP plan"
	elif [ "$notok" -ne 0 ]; then why="$notok test(s) not ok"
	elif [ $((ok)) -ne "$plan" ]; then why="$ok results for a plan of $plan"
	elif ! grep -q "^# $((ok - skip)) passed, 0 failed, $skip skipped$" "$log.txt"; then why="summary line missing or wrong"
	elif ! grep -q '^EXIT: STATUS=0$' "$log.txt"; then why="no EXIT: STATUS=0 line"
	elif [ "$status" != 0 ]; then why="QEMU exit status $status"
	fi
	for e in "${expect[@]}"; do
		[ -n "$why" ] && break
		grep -qF -- "${e//_/ }" "$log.txt" || why="console lacks \"${e//_/ }\""
	done
	local secs=$((SECONDS - start))
	if [ -z "$why" ] && [ -n "$want_status" ]; then
		printf 'PASS %-15s %-7s %-26s %-11s decoded report, status %s (%ds)\n' "$name" "$arch" "$machine" "$cpu" "$want_status" "$secs" >"$out/$name.result"
	elif [ -z "$why" ]; then
		printf 'PASS %-15s %-7s %-26s %-11s %3d ok, %d skipped (%ds)\n' "$name" "$arch" "$machine" "$cpu" "$ok" "$skip" "$secs" >"$out/$name.result"
	else
		{
			printf 'FAIL %-15s %-7s %-26s %-11s %s\n' "$name" "$arch" "$machine" "$cpu" "$why"
			tail -n 30 "$log.txt" | sed 's/^/    | /'
		} >"$out/$name.result"
	fi
	cat "$out/$name.result"
}
export -f run_one
export top out TIMEOUT

lines=$(grep -v '^\s*#' "$top/qemu-tests/matrix.txt" | grep -v '^\s*$' | awk -v f="$filter" '$1 ~ f')
names=$(awk '{print $1}' <<<"$lines")
rm -f "$out"/*.result
printf '%s\n' "$lines" | xargs -d '\n' -P "${JOBS:-2}" -I{} bash -c 'run_one "$1"' _ {}
passed=0 failed=0
for n in $names; do
	if grep -q '^PASS' "$out/$n.result" 2>/dev/null; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "matrix: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
