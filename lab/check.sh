#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# make check-lava (part of make test): the LAVA jobs of lab/mkjob.sh run
# on the dispatcher (lava-run, lava-dispatcher 2023.01 from Debian 12),
# and what LAVA recorded agrees with the image's own TAP in each
# (lab/lava-results.py): both flows (QEMU direct; QEMU running Debian's
# U-Boot as the board, the image over TFTP), each with a passing run, an
# injected DRAM fault and a crash before the TAP header. Then the check
# is shown to bite: each wrong job of lab/mkjob.sh's LAVA_MUTANT must fail
# it, for its own reason: a pattern ending "\r?\n" (LAVA then records no
# case and still passes the job), a monitor that starts on "TAP version 13"
# alone (a crash before TAP leaves the job Incomplete), a result taken from
# "ok" alone (a SKIP recorded as a pass), the status as a bare measurement
# (exit_status passes whatever the status). And U-Boot handed something
# that is not an Image must refuse it, the job ending Incomplete with
# U-Boot's words.
#
# usage: lab/check.sh [NAME-REGEX]   (default: every check)
# Needs root (lava-run writes /var/lib/lava/dispatcher and /srv/tftp) and
# the images (make all). Logs: build/lava/check/NAME/{job.yaml,log.yaml,out/}.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
only=${1:-.}
dir=$top/build/lava/check
fail() { echo "check-lava: FAIL: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "lava-run needs root (it writes /var/lib/lava/dispatcher and /srv/tftp): run make test as root, as CI does"
command -v lava-run >/dev/null || fail "lava-run missing (package lava-dispatcher: scripts/setup.sh installs it)"
command -v in.tftpd >/dev/null || fail "in.tftpd missing (package tftpd-hpa: scripts/setup.sh installs it; LAVA's tftp deploy asks for it)"
for a in aarch64 armv7; do
	[ -f "$top/build/$a/bringup.bin" ] || fail "build/$a/bringup.bin missing (make all)"
done

# NAME FLOW ARCH "OPTIONS" "lava-results.py expectations" [MUTANT "reason it must fail with"]
checks=(
	"qemu-aarch64-pass|qemu|aarch64||--status 0"
	"qemu-aarch64-memfault|qemu|aarch64|memtest_fault=alias:13|--status 1 --fail memtest:_address_bus"
	"qemu-aarch64-crash|qemu|aarch64|crash=undef|--status 3 --no-tap"
	"qemu-armv7-pass|qemu|armv7||--status 0"
	"uboot-aarch64-pass|uboot|aarch64||--status 0"
	"uboot-aarch64-memfault|uboot|aarch64|memtest_fault=alias:13|--status 1 --fail memtest:_address_bus"
	"uboot-aarch64-crash|uboot|aarch64|crash=undef|--status 3 --no-tap"
	"uboot-armv7-pass|uboot|armv7||--status 0"
	"mutant-crlf|qemu|aarch64||--status 0|crlf|LAVA recorded 0 test cases in suite bringup; the TAP has"
	"mutant-tap-start|qemu|aarch64|crash=undef|--status 3 --no-tap|tap-start|LAVA ended the job fail (Infrastructure error: Connection closed)"
	"mutant-noskip|qemu|aarch64||--status 0|noskip|skip; LAVA's case is"
	"mutant-exit-pass|qemu|aarch64|crash=undef|--status 3 --no-tap|exit-pass|EXIT: STATUS=3, but LAVA's exit_status is pass with measurement 3"
	"uboot-aarch64-notimage|uboot|aarch64||--status 0|notimage|matched a bootloader error message: 'Bad Linux ARM64 Image magic!'"
)
passed=0 failed=0
for c in "${checks[@]}"; do
	IFS='|' read -r name flow arch opts expect mutant reason <<<"$c"
	[[ $name =~ $only ]] || continue
	d=$dir/$name
	rm -rf "$d" && mkdir -p "$d"
	# notimage: U-Boot is handed 4 KiB of zeros; it must refuse them, and
	# the job must end Incomplete naming U-Boot's words (the device's
	# error-messages), not wait for a TAP that never comes.
	url= # this tree's build/ (lab/mkjob.sh's default)
	if [ "$mutant" = notimage ]; then
		mkdir -p "$d/img/$arch" && head -c 4096 /dev/zero >"$d/img/$arch/bringup.bin"
		url=file://$d/img
	fi
	# shellcheck disable=SC2086 # options and expectations are words
	LAVA_URL=$url LAVA_MUTANT=${mutant#notimage} "$top/lab/mkjob.sh" "$flow" "$arch" "$d/job.yaml" $opts || fail "$name: lab/mkjob.sh failed"
	start=${EPOCHREALTIME/./}
	timeout -k 5 180 lava-run --job-id "bringup-$$-$name" --output-dir "$d/out" \
		--device "$top/lab/devices/$([ "$flow" = uboot ] && echo uboot-)qemu-$arch.yaml" \
		--dispatcher "$top/lab/dispatcher.yaml" "$d/job.yaml" >"$d/lava-run.out" 2>"$d/log.yaml"
	rc=$?
	us=$((${EPOCHREALTIME/./} - start))
	secs=$((us / 1000000)).$((us / 100000 % 10))
	# lava-run's own status says the job ran, not that its tests passed.
	# shellcheck disable=SC2086 # the expectations are words
	out=$("$top/lab/lava-results.py" "$d/log.yaml" "$name" --outdir "$d/out" $expect 2>&1)
	ok=$?
	if [ $rc -ne 0 ] && [ -z "$mutant" ]; then
		out+=$'\n'"check-lava: $name: lava-run exited $rc (log: $d/log.yaml)"
		ok=1
	fi
	if [ -z "$mutant" ]; then
		echo "$out (${secs} s)"
		[ $ok -eq 0 ]
	elif [ $ok -eq 0 ]; then
		echo "$out"
		echo "check-lava: $name: the check passed a job that is wrong ($mutant)"
		false
	elif ! grep -qF -- "$reason" <<<"$out"; then
		echo "$out"
		echo "check-lava: $name: the wrong job ($mutant) failed, but not with \"$reason\""
		false
	else
		echo "check-lava: $name: caught (${secs} s): $(grep -m1 -F -- "$reason" <<<"$out")"
	fi && passed=$((passed + 1)) || failed=$((failed + 1))
done
[ $((passed + failed)) -gt 0 ] || fail "no check matches '$only'"
echo "check-lava: $passed of $((passed + failed)) checks agree"
[ $failed -eq 0 ]
