#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# `make test`: every host test, then the whole QEMU matrix. Each host target
# and each matrix configuration counts once; the run ends with
# "N passed, N failed" and exits non-zero if anything failed.
# GROUP=name (make test GROUP=smp): only that group's matrix rows
# (qemu-tests/groups.txt), no host tests. After the matrix, its JUnit file
# (build/qemu-tests/junit.xml) must hold a testsuite for each row it ran.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0 failed=0
failures=()

count() { # count NAME COMMAND...: run, record the result
	local name=$1
	shift
	echo "=== $name"
	if "$@"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures+=("$name")
	fi
}

# Host tests: one make target each, the list the Makefile keeps (HOST_TESTS).
if [ -n "${GROUP:-}" ]; then
	rows=$(qemu-tests/run-matrix.sh --list --group "$GROUP") || exit 2
	echo "=== group $GROUP: $(wc -l <<<"$rows") matrix rows, no host tests"
else
	for t in ${HOST_TESTS:-$(make --no-print-directory -s print-host-tests)}; do
		count "$t" make --no-print-directory "$t"
	done
	rows=$(qemu-tests/run-matrix.sh --list)
fi

echo "=== qemu matrix"
mkdir -p build/qemu-tests
qemu-tests/run-matrix.sh ${GROUP:+--group "$GROUP"} 2>&1 | tee build/qemu-tests/matrix.out
matrix=$(cat build/qemu-tests/matrix.out)
p=$(sed -n 's/^matrix: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' <<<"$matrix")
f=$(sed -n 's/^matrix: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' <<<"$matrix")
if [ -z "$p" ]; then
	failed=$((failed + 1))
	failures+=("qemu matrix (no summary)")
else
	passed=$((passed + p))
	failed=$((failed + f))
	[ "$f" -eq 0 ] || failures+=($(awk '/^FAIL/ {print "qemu:" $2}' <<<"$matrix"))
fi
# Coverage: each TAP test with how many rows ran it (not SKIP); a test that
# ran on no row fails, unless qemu-tests/never-run.txt says why it cannot
# run on QEMU (qemu-tests/coverage.sh). The whole matrix only.
if [ -z "${GROUP:-}" ]; then
	# shellcheck disable=SC2086 # one row name a word
	count "coverage" qemu-tests/coverage.sh build/qemu-tests $rows
fi
# JUnit for CI: one testsuite a row, named after it.
junit_suites() { sed -n 's/^<testsuite name="\([^"]*\)".*/\1/p' build/qemu-tests/junit.xml 2>/dev/null; }
if [ "$(junit_suites | sort)" = "$(sort <<<"$rows")" ]; then
	echo "=== junit: build/qemu-tests/junit.xml holds a testsuite for each of the $(wc -l <<<"$rows") rows"
	passed=$((passed + 1))
else
	echo "=== junit: FAIL: build/qemu-tests/junit.xml lacks rows: $(comm -13 <(junit_suites | sort) <(sort <<<"$rows") | paste -sd ' ')"
	failed=$((failed + 1))
	failures+=("junit")
fi

echo
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
