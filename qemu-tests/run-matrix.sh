#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Boots the configurations of the QEMU matrix (qemu-tests/matrix/*.cfg: a
# [name] stanza each, its keys in qemu-tests/matrix/README) two at a time,
# checks each TAP report and exit status, prints one line per configuration
# (and the last 30 console lines of a failure), and ends with "N passed, N
# failed".
#
# usage: run-matrix.sh [--show] [--list] [--dry-run] [--check] [--group NAME] [name-filter-regex]
#   --list        print the names of the rows chosen, boot none
#   --group NAME  only the rows of that group (qemu-tests/groups.txt; env GROUP)
#   --show        the console of each row on the terminal too, as it runs
#                 (make run ROW=name: one row rerun by hand, exact options)
#   --dry-run     boot none: print for each row the commands that would make
#                 its files, its QEMU command line and the checks of its run
#   --check       read the whole matrix, refuse what is malformed, boot none
#                 (make check-matrix; every run reads it so first)
# Results: NAME.log (the console, opening with the QEMU command line),
# NAME.result (the line printed), and junit.xml: a JUnit testsuite per row,
# a testcase per TAP line, the row's log in its verdict's failure
# (scripts/junit.awk).
# env:   JOBS (default 2), TIMEOUT per boot (default 120 s; a row's timeout
#        first), MATRIX (other matrix files, for tests) and MATRIX_OUT
#        (another results folder)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${MATRIX_OUT:-$top/build/qemu-tests}
mkdir -p "$out"
show="" list="" dry="" check="" group=${GROUP:-}
while [ $# -gt 0 ]; do
	case $1 in
	--show) show=1; shift ;;
	--list) list=1; shift ;;
	--dry-run) dry=1; shift ;;
	--check) check=1; shift ;;
	--group) group=$2; shift 2 ;;
	-*) echo "run-matrix: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
filter=${1:-.}
export show dry

# in_range, trace_checks: the checks of QEMU's instruction traces;
# xfail_check: a row's known failures; soak_check: a run its timeout ends.
. "$top/qemu-tests/trace-checks.sh"
. "$top/qemu-tests/xfail.sh"
. "$top/qemu-tests/soak.sh"
# boot_budget_check: the boot benchmark against its budget (boot-budgets.txt).
. "$top/qemu-tests/boot-budget.sh"

# x COMMAND...: runs a command that makes a row's files; --dry-run prints it.
x() { if [ -n "$dry" ]; then echo "+ $*" >>"$out/${name:-matrix}.dry"; else "$@"; fi; }
each() { local k=$1 v; shift; for v; do echo "$k $v"; done; }

# run_one ROW: boots one row, a line of matrix.awk's (the name, then the
# stanza's fields as key=value, \037 between); writes $out/NAME.log and
# NAME.result (--dry-run: NAME.dry, what it would run and check).
run_one() {
	# shellcheck disable=SC2034 # groups and reason: matrix.awk's alone
	local f kv k v name arch machine cpu memory smp="" image="" load="" stub="" dtb="" dtbsize="" ram="" card=""
	local uboot="" signed="" refuse="" fdtfile="" memnode="" stdout="" semihost="" icount="" timeout="" bootfiles=""
	local bootmax="" soak="" status="" silent="" poweroff="" groups="" icsync="" tfa="" tfa_el="" args="" qemu="" bootargs="" dtbprop=() env=()
	local fails=() xfail=() reason=() expect=() noexpect=() noinsn=() insn=() nofunc=()
	IFS=$'\037' read -r -a f <<<"$1"
	name=${f[0]}
	for kv in "${f[@]:1}"; do # matrix.awk lets through only the keys declared above
		k=${kv%%=*} v=${kv#*=}
		case $k in
		args | qemu | bootargs) printf -v "$k" '%s' "${!k}${!k:+ }$v" ;; # its lines, one line
		dtbprop | env | fails | xfail | reason | expect | noexpect | noinsn | insn | nofunc) eval "$k+=(\"\$v\")" ;;
		*) printf -v "$k" '%s' "$v" ;;
		esac
	done
	local tmo=${timeout:-${TIMEOUT:-120}} log=$out/$name.log start=$SECONDS rc ubcard="" sd="" firmware=""
	local flash="" armstub="" dtb_addr=""
	case $tfa in # under TF-A (scripts/tfa.sh, qemu-tests/tfa.mk made its files)
	v2 | v3 | v2-plain) # virt with EL3 and the GIC's two security states; BL33 entered at NS-EL2 (tfa_el = 1: NS-EL1)
		machine+=,secure=on
		[ -n "$tfa_el" ] || machine+=,virtualization=on
		[ "$tfa" = v3 ] && machine+=,gic-version=3
		flash=$top/build/tfa/bringup-qemu-$tfa.flash
		[ -n "$uboot" ] && flash=$top/build/tfa/uboot-qemu-$tfa.flash ;;
	rpi3) armstub=$top/build/tfa/rpi3/armstub8.bin load=0x02000000 dtb_addr=0x01000000 ;;
	esac
	local icount_args=(-icount shift=0,sleep=off) extra=(${smp:+-smp "$smp"}) card_files=() card_src=()
	# shellcheck disable=SC2206 # the extra QEMU arguments: one word each
	extra+=($qemu)
	[ "$icount" = off ] && icount_args=()
	[[ "$icount" =~ ^shift=([0-9]+)$ ]] && icount_args=(-icount "shift=${BASH_REMATCH[1]},sleep=off")
	[ -n "$image" ] && image=$top/build/$arch/bringup.$image
	[ -n "$stub" ] && stub=$top/build/stub/$arch/$stub
	if [ -n "$stdout" ] && [ -n "$dtb" ]; then # a copy of the tree, stdout-path edited
		x cp "$top/build/dtbs/$dtb" "$out/$name.dtb"
		x fdtput -t s "$out/$name.dtb" /chosen stdout-path "$stdout"
		dtb=$out/$name.dtb
	elif [ -n "$stdout" ]; then
		env+=("bringup_stdout=$stdout")
	fi
	local q=qemu-system-aarch64 ub=qemu_arm64 fw=()
	[ "$arch" = armv7 ] && q=qemu-system-arm ub=qemu_arm
	# A tree dumped for a row that boots firmware is dumped with firmware:
	# given one, virt has no PL061 (an ACPI event device instead: QEMU's
	# hw/arm/virt.c machvirt_init).
	[ -n "$uboot$tfa" ] && fw=(-bios "/usr/lib/u-boot/$ub/u-boot.bin")
	if [ -n "$dtbsize" ] || [ ${#dtbprop[@]} -gt 0 ]; then # an edited copy: dtb, else the machine's own tree
		local bad=$out/$name.bad.dtb p pn pp bytes
		case $dtb in
		"") x timeout 30 "$q" -M "$machine,dumpdtb=$bad" -cpu "$cpu" -m "$memory" ${smp:+-smp "$smp"} \
			"${fw[@]}" -nographic -nic none >/dev/null 2>&1 ;;
		/*) x cp "$dtb" "$bad" ;;
		*) x cp "$top/build/dtbs/$dtb" "$bad" ;;
		esac
		for p in "${dtbprop[@]}"; do # node property bytes...
			read -r pn pp bytes <<<"$p"
			# shellcheck disable=SC2086 # one word per byte
			x fdtput -t bx "$bad" "$pn" "$pp" $bytes
		done
		[ -n "$dtbsize" ] && x dtc -q -I dtb -O dtb -S "$dtbsize" -o "$bad" "$bad"
		dtb=$bad
	fi
	if [ -n "$fdtfile" ]; then # boot.scr's bringup_fdt=file: the machine's tree, from the card
		local board_dtb=$out/$name.board.dtb
		x timeout 30 "$q" -M "$machine,dumpdtb=$board_dtb" -cpu "$cpu" -m "$memory" \
			"${fw[@]}" -nographic -nic none >/dev/null 2>&1
		x fdtput -t s "$board_dtb" / model "bringup test tree from the card"
		if [ -n "$memnode" ]; then # a RAM bank the machine does not have
			# Named sdram@: U-Boot rewrites the first node named memory.
			local mb=${memnode%+*} ms=${memnode#*+}
			x fdtput -c "$board_dtb" "/sdram@${mb#0x}"
			x fdtput -t s "$board_dtb" "/sdram@${mb#0x}" device_type memory
			x fdtput -t x "$board_dtb" "/sdram@${mb#0x}" reg 0 "$mb" 0 "$ms"
		fi
		card_files+=(-f "$board_dtb")
		env+=(bringup_fdt=file "fdtfile=${board_dtb##*/}")
	fi
	[ -n "$bootargs" ] && env+=("bootargs=$bootargs")
	if [ -n "$signed" ]; then # verified boot: U-Boot's control tree requires bringup's key
		signed=signed
		case $refuse in unsigned | tampered | foreign) signed=$refuse ;; esac
		x "$top/qemu-tests/signed-fit.sh" "$signed" "$arch" "$out/$name.signed" "$machine" "$cpu" "$memory" ||
			echo "run-matrix: $name: qemu-tests/signed-fit.sh failed" >&2
		card_src=(-s "$out/$name.signed/uboot") dtb=$out/$name.signed/control.dtb
	fi
	if [ -n "$bootfiles" ]; then # make bootfiles' folder in DIR, a distribution's boot.scr beside it
		x "$top/uboot/bootfiles.sh" "$arch" "$out/$name.bootfiles" >/dev/null
		x mkimage -q -A arm -O linux -T script -C none -n "distro boot.scr stand-in" \
			-d "$top/qemu-tests/distro-boot.cmd" "$out/$name.distro.scr" >/dev/null
		card_src=(-s "$out/$name.bootfiles" -p "$bootfiles")
		card_files+=(-f "$out/$name.distro.scr=$bootfiles/boot.scr")
	fi
	if [ -n "$uboot" ]; then
		ubcard=$out/$name.img
		local damage=""
		case $refuse in corrupt | truncate) damage=$refuse ;; esac
		x "$top/uboot/sdcard.sh" ${damage:+-c "$damage"} "${card_src[@]}" "${card_files[@]}" "$arch" "$ubcard" \
			"bringup_method=$uboot" bringup_on_fail=poweroff "${env[@]}" >/dev/null
		# U-Boot busy-waits its 2 s autoboot countdown: under -icount shift=0
		# that is 2e9 instructions (30 s). Its runs go at host speed.
		icount_args=()
		# Under TF-A 16 ns per instruction (-icount shift=4) makes that
		# countdown 1.25e8 instructions, as card rows do below.
		[ -n "$tfa" ] && [ "$icount" != off ] && icount_args=(-icount shift=4,sleep=off)
	fi
	if [ -n "$card" ]; then # the card `make sdcard BOARD=` writes, booted as the board boots it
		sd=$out/$name.img
		x "$top/uboot/sdcard.sh" -b "$card" "$arch" "$sd" bringup_on_fail=reset "${env[@]}" >/dev/null
		firmware=$("$top/uboot/board.sh" firmware "$card")
		# 16 ns per instruction: U-Boot's countdown takes 1.25e8, and the
		# CPUs still run one at a time in virtual time (no load-made timeouts).
		[ ${#icount_args[@]} -eq 0 ] || icount_args=(-icount shift=4,sleep=off)
	fi
	local insns=$out/$name.insns
	rm -f "$insns"
	[ $((${#noinsn[@]} + ${#insn[@]} + ${#nofunc[@]})) -gt 0 ] && extra+=(-d in_asm -D "$insns")
	# icsync: the window's code and the maintenance routines, traced.
	local icsync_trace=$out/$name.icsync icsync_syms=""
	rm -f "$icsync_trace"
	if [ -n "$icsync" ]; then
		# The cross toolchain's nm (setup.sh installs it; the host's may be absent).
		local nm=aarch64-linux-gnu-nm
		[ "$arch" = armv7 ] && nm=arm-none-eabi-nm
		icsync_syms=$("$nm" -S "$top/build/$arch/bringup.elf" | awk '
			$4 == "dcache_clean_pou_lines" { c = "0x" $1 "+0x" $2 }
			$4 == "icache_inval_pou_lines" { i = "0x" $1 "+0x" $2 }
			$4 == "icache_inval_all" { a = "0x" $1 "+0x" $2 }
			$4 == "mmu_map_page" { m = "0x" $1 "+0x" $2 }
			END { if (c && i && a && m) print c, i, a, m }')
		# Each routine's first instruction only: one Trace line and one
		# register dump (-d cpu: its operands) per call.
		local entries="" s
		for s in $icsync_syms; do entries+=",${s%+*}+0x4"; done
		extra+=(-d in_asm,exec,cpu,nochain -D "$icsync_trace"
			-dfilter "${icsync%:*}+0x100000$entries")
	fi
	local boot=(env ECHO_CMD=1 IMAGE="$image" LOAD="$load" ARGS="$args" TIMEOUT="$tmo" DTB="$dtb" RAM="$ram"
		UBOOT="$ubcard" TFA="$flash" ARMSTUB="$armstub" DTB_ADDR="$dtb_addr" SD="$sd" FIRMWARE="$firmware" STUB="$stub" SEMIHOST="$semihost"
		"$top/qemu-tests/boot.sh" "$arch" "$machine" "$cpu" "$memory" -- "${icount_args[@]}" "${extra[@]}")
	if [ -n "$dry" ]; then # the command line, then the checks below, one a line
		DRY_RUN=1 "${boot[@]}" >>"$out/$name.dry"
		{
			echo "timeout $tmo"
			if [ -n "$soak" ]; then echo "soak $soak"; elif [ -n "$refuse" ]; then echo "refuse $refuse"
			elif [ -n "$silent" ]; then echo "silent $silent"; elif [ -n "$status" ]; then echo "status $status"
			elif [ -n "$poweroff" ]; then echo "poweroff $poweroff"
			else echo "tap"; fi
			each fails "${fails[@]}"
			each xfail "${xfail[@]}"
			each expect "${expect[@]}"
			each noexpect "${noexpect[@]}"
			for kv in "${noinsn[@]}"; do echo "noinsn $(insn_ere "${kv%%@*}")${kv#"${kv%@*}"}"; done
			for kv in "${insn[@]}"; do echo "insn $(insn_ere "$kv")"; done
			each nofunc "${nofunc[@]}"
			each icsync ${icsync:+"$icsync"}
		} >>"$out/$name.dry"
		return
	fi
	# --show: the console on the terminal as well.
	"${boot[@]}" </dev/null 2>&1 | if [ -n "$show" ]; then tee "$log"; else cat >"$log"; fi
	rc=${PIPESTATUS[0]}
	local why="" icsync_note="" soak_note=""
	tr -d '\r' <"$log" >"$log.txt"
	# The TAP report: from its first line on (U-Boot talks before it).
	sed -n '/^TAP version 13$/,$p' "$log.txt" >"$log.tap"
	local plan ok notok skip xf=0 xpass=0 want_failed=0 want_exit=0
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$log.tap" | head -1)
	ok=$(grep -c '^ok ' "$log.tap")
	notok=$(grep -c '^not ok ' "$log.tap")
	skip=$(grep -c '^ok .* # SKIP' "$log.tap")
	local xbad="" xnames=()
	xfail_check # sets xf, xpass, xbad, xnames (qemu-tests/xfail.sh)
	want_failed=$xf
	# fails = group: name: that test must fail (an injected fault must be found).
	local fmiss=()
	for kv in "${fails[@]}"; do
		if sed -n 's/^not ok [0-9]* - //p' "$log.tap" | grep -qxF -- "$kv"; then
			want_failed=$((want_failed + 1))
		else
			fmiss+=("$kv")
		fi
	done
	[ "$want_failed" -gt 0 ] && want_exit=1
	# Without semihosting the run ends through PSCI SYSTEM_OFF, which carries
	# no status (DEN0022 5.10): QEMU exits 0 and the EXIT line is the status.
	local want_rc=$want_exit
	case " $qemu " in *" -semihosting-config enable=off "*) want_rc=0 ;; esac
	# QEMU's host audio back ends (boot.sh gives it none; a line here means
	# a board's codec found one to try).
	local noise
	noise=$(grep -m1 -E '^(ALSA lib |audio: Failed|qemu: module audio-)' "$log.txt")
	if [ -n "$soak" ]; then soak_check
	elif [ "$rc" = 124 ] || [ "$rc" = 137 ]; then why="timed out after ${tmo}s"
	elif [ -n "$noise" ]; then why="QEMU's audio back ends wrote to the console: $noise"
	elif [ -n "$xbad" ]; then why=$xbad
	elif [ -n "$refuse" ]; then # U-Boot must refuse the damaged FIT; bringup must not run
		if grep -q 'TAP version 13' "$log.txt"; then why="bringup started from a $refuse FIT"
		elif ! grep -q '^bringup: not started: U-Boot refused the image' "$log.txt"; then
			why="no refusal line from boot.scr"
		elif ! grep -q "ERROR: can't get kernel image!" "$log.txt"; then why="U-Boot did not refuse the kernel"
		fi
	elif [ -n "$silent" ]; then # nothing written, the status through semihosting
		# Under TF-A its own lines (include/common/debug.h: NOTICE:, ERROR:, ...) are not bringup's.
		local mine='^# qemu: '
		[ -n "$tfa" ] && mine='^(# qemu: |(NOTICE|INFO|WARNING|ERROR|VERBOSE): )'
		if grep -qvE "$mine" "$log.txt"; then why="wrote to the console: $(grep -vE -m1 "$mine" "$log.txt")"
		elif [ "$rc" != "$silent" ]; then why="QEMU exit status $rc, expected $silent"
		fi
	elif [ -n "$status" ]; then # a run that must end in a decoded exception
		if ! grep -q '^Bail out! ' "$log.txt"; then why="no Bail out! line"
		elif ! grep -q "^EXIT: STATUS=$status$" "$log.txt"; then why="no EXIT: STATUS=$status line"
		elif [ "$rc" != "$status" ]; then why="QEMU exit status $rc, expected $status"
		fi
	elif [ -n "$poweroff" ]; then # ended by a power-off (-action watchdog=poweroff), no EXIT line:
		local pt=${poweroff#!} # after a line holding the text; "!text": before any such line
		if grep -q '^EXIT: STATUS=' "$log.txt"; then why="ended by itself (an EXIT line), not powered off"
		elif [ "$rc" != 0 ]; then why="QEMU exit status $rc, not a power-off"
		elif [ "$notok" -ne "$want_failed" ]; then why="$notok test(s) not ok before the power-off"
		elif [ "$pt" = "$poweroff" ] && ! grep -qF -- "$pt" "$log.txt"; then why="powered off before \"$pt\""
		elif [ "$pt" != "$poweroff" ] && grep -qF -- "$pt" "$log.txt"; then why="powered off only after \"$pt\""
		fi
	elif ! grep -q '^TAP version 13$' "$log.txt"; then why="no TAP report (exit $rc)"
	elif grep -q '^Bail out! ' "$log.txt"; then # a crash is not a test's catch
		why="crashed: $(grep -m1 '^!! ' "$log.txt" | cut -c4-) ($(grep -m1 '^!! during: ' "$log.txt" | cut -c4-))"
	elif [ ${#fmiss[@]} -gt 0 ]; then why="expected to fail, passed: ${fmiss[*]}"
	elif [ -z "$plan" ]; then why="no TAP plan"
	elif [ "$notok" -ne "$want_failed" ]; then why="$notok test(s) not ok"
	elif [ $((ok + notok)) -ne "$plan" ]; then why="$((ok + notok)) results for a plan of $plan"
	elif ! grep -qE "^# summary: $((ok - skip)) passed, $notok failed, $skip skipped(;|$)" "$log.tap"; then why="summary line missing or wrong"
	elif ! grep -q "^EXIT: STATUS=$want_exit$" "$log.tap"; then why="no EXIT: STATUS=$want_exit line"
	elif [ "$rc" != "$want_rc" ]; then why="QEMU exit status $rc"
	fi
	for kv in "${expect[@]}"; do
		[ -n "$why" ] && break
		grep -qF -- "$kv" "$log.txt" || why="console lacks \"$kv\""
	done
	# noexpect = text: a line the console must not hold (a success line of a
	# test the row makes fail).
	for kv in "${noexpect[@]}"; do
		[ -n "$why" ] && break
		! grep -qF -- "$kv" "$log.txt" || why="console holds \"$(grep -m1 -F -- "$kv" "$log.txt")\""
	done
	[ -n "$why" ] || boot_budget_check # over its budget (qemu-tests/boot-budget.sh)
	trace_checks # noinsn, insn, nofunc, icsync (qemu-tests/trace-checks.sh)
	local secs=$((SECONDS - start))
	local note="" res=$out/$name.result head
	head=$(printf '%-15s %-7s %-26s %-11s' "$name" "$arch" "$machine" "$cpu")
	[ "$xf" -gt 0 ] && note+=", $xf known failure(s): ${xnames[*]}"
	[ ${#fails[@]} -gt 0 ] && note+=", failed as required: ${fails[*]}"
	[ "$xpass" -gt 0 ] && note+=", XFAIL passed: drop it from the matrix"
	note+=$icsync_note$soak_note
	if [ -n "$why" ]; then
		{ echo "FAIL $head $why"; tail -n 30 "$log.txt" | sed 's/^/    | /'; } >"$res"
	elif [ -n "$refuse" ]; then echo "PASS $head U-Boot refused the $refuse FIT, bringup not started (${secs}s)" >"$res"
	elif [ -n "$silent" ]; then echo "PASS $head silent, status $silent (${secs}s)" >"$res"
	elif [ -n "$status" ]; then echo "PASS $head decoded report, status $status (${secs}s)" >"$res"
	elif [ -n "$poweroff" ]; then echo "PASS $head powered off $([ "${poweroff#!}" = "$poweroff" ] && echo after || echo before) \"${poweroff#!}\" (${secs}s)" >"$res"
	else printf 'PASS %s %3d ok, %d skipped%s (%ds)\n' "$head" "$ok" "$skip" "$note" "$secs" >"$res"
	fi
	cat "$res"
	# JUnit: the tests that had to fail (fails, xfail that failed) pass.
	local expected="" v="" wst=$want_exit only=""
	for kv in "${fails[@]}" "${xnames[@]+"${xnames[@]}"}"; do expected+="${expected:+|}$kv"; done
	[ -n "$status" ] && wst=$status
	[ -n "$poweroff" ] && wst=none # no EXIT line: the power-off ends it (scripts/junit.awk)
	{ [ -n "$refuse" ] || [ -n "$silent" ]; } && only=1 # no TAP report to read
	v=${why%%$'\n'*}
	awk -v suite="$name" -v expected="$expected" -v want_status="$wst" -v verdict="$v" -v always=1 \
		-v only_verdict="$only" -v secs="$secs" -v logfile="$log.txt" -f "$top/scripts/junit.awk" \
		"$log.txt" >"$out/$name.junit"
}
export -f run_one x each in_range insn_ere trace_checks xfail_check soak_check boot_budget boot_budget_check
export top out TIMEOUT

# The rows chosen (qemu-tests/matrix.awk: the matrix read and checked first).
if [ -n "${MATRIX:-}" ]; then read -ra files <<<"$MATRIX"; else files=("$top"/qemu-tests/matrix/*.cfg); fi
pick() { awk -v groups="$top/qemu-tests/groups.txt" -v f="$filter" -v g="$group" "$@" -f "$top/qemu-tests/matrix.awk" "${files[@]}"; }
[ -n "$check" ] && { pick -v mode=check; exit; }
[ -n "$list" ] && { pick -v mode=list; exit; }
rows=$(pick) || exit 2
us=$'\037' names=$(cut -d "$us" -f 1 <<<"$rows")
has() { grep -q "$us$1=" <<<"$rows"; }
# values KEY: "ARCH VALUE" for each row with that key, once each.
values() {
	awk -F "$us" -v k="$1=" '{ a = v = ""; for (i = 2; i <= NF; i++) { if (index($i, "arch=") == 1) a = substr($i, 6)
		if (index($i, k) == 1) v = substr($i, length(k) + 1) } if (v != "") print a, v }' <<<"$rows" | sort -u
}
rm -f "$out"/*.result "$out"/*.junit "$out"/*.dry
# What the selected rows need, made once before the boots: board DTBs, and
# the U-Boot images (FIT, uImage, boot.scr) of each arch booted through U-Boot.
if has card; then # the boards' U-Boots from Debian, their trees
	x "$top/uboot/fetch-uboots.sh" >/dev/null || echo "run-matrix: installing the board U-Boots failed" >&2
fi
if has dtb || has card; then
	x sh "$top/tests/host/common/fetch-dtbs.sh" "$top/build/dtbs" >/dev/null ||
		echo "run-matrix: fetching the board DTBs failed: their rows will fail" >&2
fi
# Trees of our own (dtb = ../host/dts/NAME.dtb, Debian ships none for the
# board): tests/host/common/dts/NAME.dts, compiled by tests/host/lib/fdt/fdt.mk's rule.
for d in $(values dtb | awk '$2 ~ /^\.\.\/host\/dts\// { print substr($2, 4) }' | sort -u); do
	x make -s -C "$top" "build/$d" || echo "run-matrix: make build/$d failed" >&2
done
# Test stubs (stub = file): build/stub/ARCH/file, by tests/stub/stub.mk.
for s in $(values stub | tr ' ' / | sort -u); do
	x make -s -C "$top" "build/stub/$s" || echo "run-matrix: make build/stub/$s failed" >&2
done
# Under TF-A: its builds from Debian's source (once, cached under build/tfa)
# and a flash for each firmware and BL33 the rows boot (qemu-tests/tfa.mk).
if has tfa; then
	tfa_goals=$(awk -F "$us" '{ t = u = ""; for (i = 2; i <= NF; i++) { if ($i ~ /^tfa=/) t = substr($i, 5)
		if ($i ~ /^uboot=/) u = 1 }
		if (t == "rpi3") print "build/tfa/rpi3/bl2.bin build/tfa/rpi3/bcm2837-rpi-3-b-tfa.dtb"; else if (t != "") print "build/tfa/" (u ? "uboot" : "bringup") "-qemu-" t ".flash" }' <<<"$rows" | sort -u)
	# shellcheck disable=SC2086 # the goals, one word each
	x make -k -s -C "$top" $tfa_goals || echo "run-matrix: building TF-A (make tfa) failed: its rows will fail" >&2
fi
for a in $(values uboot | awk '{ print $1 }' | sort -u); do
	x "$top/uboot/mkimages.sh" "$a" >/dev/null || echo "run-matrix: uboot/mkimages.sh $a failed" >&2
done
printf '%s\n' "$rows" | xargs -d '\n' -P "${JOBS:-2}" -I{} bash -c 'run_one "$1"' _ {}
if [ -n "$dry" ]; then
	cat "$out/matrix.dry" 2>/dev/null
	for n in $names; do echo "[$n]" && cat "$out/$n.dry"; done
	exit 0
fi
passed=0 failed=0
for n in $names; do
	if grep -q '^PASS' "$out/$n.result" 2>/dev/null; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
# JUnit for CI: the rows' testsuites in one file.
{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo "<testsuites name=\"bringup QEMU matrix\">"
	for n in $names; do cat "$out/$n.junit" 2>/dev/null; done
	echo '</testsuites>'
} >"$out/junit.xml"
echo "matrix: JUnit in ${out#"$top"/}/junit.xml"
echo "matrix: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
