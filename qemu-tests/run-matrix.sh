#!/usr/bin/env bash
# Boots every configuration of qemu-tests/matrix.txt (two at a time), checks
# its TAP report and exit status, prints one line per configuration (and the
# last 30 console lines of a failure), and ends with "N passed, N failed".
#
# usage: run-matrix.sh [--show] [--list] [--group NAME] [name-filter-regex]
#   --list        print the names of the rows chosen, boot none
#   --group NAME  only the rows of that group (qemu-tests/groups.txt; env GROUP)
#   --show        the console of each row on the terminal too, as it runs
#                 (make run ROW=name: one row rerun by hand, exact options)
# Results: NAME.log (the console, opening with the QEMU command line),
# NAME.result (the line printed), and junit.xml: a JUnit testsuite per row,
# a testcase per TAP line, the row's log in its verdict's failure
# (scripts/junit.awk). TIMEOUT=s: that row's limit (else env TIMEOUT).
# GROUP=a,b: the row is in those groups besides the ones groups.txt gives.
# SOAK=N: the run must be ended by its timeout after N error-free pass lines
# of memtest_passes=0 (qemu-tests/soak.sh).
# A configuration with STATUS=n must instead end in "Bail out!", a decoded
# report and exit status n (the crash= runs). One with UBOOT= boots through
# Debian's U-Boot from an SD-card image made for it (uboot/sdcard.sh); its
# TAP checks read from "TAP version 13" on, past U-Boot's own output. One
# with REFUSE= must show U-Boot refusing a damaged FIT and bringup not
# starting. Board rows with DTB= need Debian's DTBs: fetched first
# (tests/host/common/fetch-dtbs.sh, a no-op once build/dtbs is filled).
# STUB=file boots a test stub (tests/stub/stub.mk makes build/stub/ARCH/file
# first) in front of the image, which LOAD= then places without starting it.
# ICOUNT=off runs without -icount: QEMU's multi-threaded TCG runs the vCPUs
# in parallel (-icount runs them one at a time). NOINSN=insn (repeatable,
# '_' for spaces, e.g. dc_isw) records every instruction QEMU translates
# (-d in_asm, to NAME.insns) and fails the row if that instruction is among
# them; NOINSN=insn@routine only inside that routine of the image (as
# NOFUNC). NOFUNC=symbol (repeatable) records the same trace and fails the row
# if any CPU executed an instruction of that routine of the image (its range
# from the ELF's symbol table, moved by the load delta the report prints):
# for a rule the mnemonic cannot tell, e.g. a set/way walk beyond L1 (the
# L1-only walk executes the same DCISW). INSN=insn, the converse of NOINSN:
# the row fails unless some CPU executed it (an instruction QEMU accepts but
# whose effect it does not model); only its first '_' is the space after the
# mnemonic (msr_s3_1_c15_c2_1). SILENT=n: the run must write nothing at all (no console: see
# EXIT_NO_CONSOLE in arch/exit.h) and QEMU must exit with status n.
# MEMNODE=base+size (with FDTFILE=qemu): the tree on the card gets a RAM bank
# there that the machine lacks (QEMU rewrites every memory node of a -dtb
# tree; U-Boot only the first node named memory). DTBSIZE=n: the -dtb is a
# copy of DTB= (else of the machine's own tree, dumped) padded to n bytes
# (dtc -S; QEMU then hands over twice that plus its own padding).
# DTBPROP=node:property:b1_b2_... (repeatable): that copy's property set to
# those bytes (fdtput -t bx), e.g. a reg of a malformed length. FAILS=group:_name (repeatable): that self-test must fail, every other must
# pass, exit status 1 (a fault injected on purpose must be found).
# NOEXPECT=text: no console line may hold text ('_' for spaces).
# XFAIL=group:_name=text: that test may fail, only with each of its # FAIL
# lines holding a text given for it. ICSYNC=window[:unsynced]: code run in
# the 1 MiB alias window at window must each time follow a clean to PoU and
# an I-cache invalidate (QEMU's -d in_asm,exec trace, to NAME.icsync);
# :unsynced, it must not.
# SEMIHOST=name: semihosting's command line is only the boot file's name
# (qemu-tests/boot.sh), as for QEMU -kernel u-boot.bin. BOOTARGS=word
# (repeatable): with UBOOT=, one bringup.env line bootargs=<the words>.
# env:   JOBS (default 2), TIMEOUT per boot (default 120 s), MATRIX (another
#        matrix file) and MATRIX_OUT (another results folder), for tests
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${MATRIX_OUT:-$top/build/qemu-tests}
mkdir -p "$out"
show="" list="" group=${GROUP:-}
while [ $# -gt 0 ]; do
	case $1 in
	--show) show=1; shift ;;
	--list) list=1; shift ;;
	--group) group=$2; shift 2 ;;
	-*) echo "run-matrix: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
filter=${1:-.}
export show

# in_range, trace_checks: the checks of QEMU's instruction traces;
# xfail_check: a row's known failures.
. "$top/qemu-tests/trace-checks.sh"
. "$top/qemu-tests/xfail.sh"
. "$top/qemu-tests/soak.sh" # SOAK=N: a run ended by its timeout after N passes

# run_one LINE: boots one configuration; writes $out/NAME.log and NAME.result.

run_one() {
	local name arch machine cpu mem opt image="" load="" args="" want_status="" expect=() extra=()
	local dtb="" ram="" uboot="" refuse="" stdout="" fdtfile="" card_env=() card_files=() xfail=()
	local stub="" noinsn=() insn=() nofunc=() silent="" fails=() memnode="" noexpect=() icsync=""
	local dtbsize="" dtbprop=() board="" sd="" firmware="" signed="" card_src=() semihost="" bootargs=()
	local tmo=${TIMEOUT:-120} soak="" soak_note=""
	local icount=(-icount shift=0,sleep=off)
	read -r name arch machine cpu mem rest <<<"$1"
	for opt in $rest; do
		case $opt in
		IMAGE=elf) image=$top/build/$arch/bringup.elf ;;
		LOAD=*) load=${opt#LOAD=} ;;
		EXPECT=*) expect+=("${opt#EXPECT=}") ;;
		NOEXPECT=*) noexpect+=("${opt#NOEXPECT=}") ;;
		ICSYNC=*) icsync=${opt#ICSYNC=} ;;
		ARG=*) args+=" ${opt#ARG=}" ;;
		STATUS=*) want_status=${opt#STATUS=} ;;
		DTB=*) dtb=${opt#DTB=} ;;
		RAM=*) ram=${opt#RAM=} ;;
		UBOOT=*) uboot=${opt#UBOOT=} ;;
		CARD=*) board=${opt#CARD=} ;;
		ENV=*) card_env+=("${opt#ENV=}") ;;
		STDOUT=*) stdout=${opt#STDOUT=} ;;
		REFUSE=*) refuse=${opt#REFUSE=} ;;
		SIGNED=yes) signed=signed ;;
		FDTFILE=qemu) fdtfile=qemu ;;
		XFAIL=*) xfail+=("${opt#XFAIL=}") ;;
		FAILS=*) fails+=("${opt#FAILS=}") ;;
		MEMNODE=*) memnode=${opt#MEMNODE=} ;;
		DTBSIZE=*) dtbsize=${opt#DTBSIZE=} ;;
		DTBPROP=*) dtbprop+=("${opt#DTBPROP=}") ;;
		STUB=*) stub=$top/build/stub/$arch/${opt#STUB=} ;;
		ICOUNT=off) icount=() ;;
		NOINSN=*) noinsn+=("${opt#NOINSN=}") ;;
		INSN=*) insn+=("${opt#INSN=}") ;;
		NOFUNC=*) nofunc+=("${opt#NOFUNC=}") ;;
		SILENT=*) silent=${opt#SILENT=} ;;
		SOAK=*) soak=${opt#SOAK=} ;;
		TIMEOUT=*) tmo=${opt#TIMEOUT=} ;;
		GROUP=*) ;; # read when the rows are chosen
		SEMIHOST=*) semihost=${opt#SEMIHOST=} ;;
		BOOTARGS=*) bootargs+=("${opt#BOOTARGS=}") ;;
		*) extra+=("$opt") ;;
		esac
	done
	local log=$out/$name.log start=$SECONDS status card=""
	if [ -n "$stdout" ] && [ -n "$dtb" ]; then # a copy of the tree, stdout-path edited
		cp "$top/build/dtbs/$dtb" "$out/$name.dtb"
		fdtput -t s "$out/$name.dtb" /chosen stdout-path "$stdout"
		dtb=$out/$name.dtb
	elif [ -n "$stdout" ]; then
		card_env+=("bringup_stdout=$stdout")
	fi
	if [ -n "$dtbsize" ] || [ ${#dtbprop[@]} -gt 0 ]; then # an edited copy: DTB=, else the machine's own tree
		local bad=$out/$name.bad.dtb q=qemu-system-aarch64 smp=() k
		for k in "${!extra[@]}"; do # the machine's tree for the row's CPUs
			[ "${extra[k]}" = -smp ] && smp=(-smp "${extra[k + 1]}")
		done
		[ "$arch" = armv7 ] && q=qemu-system-arm
		case $dtb in
		"") timeout 30 "$q" -M "$machine,dumpdtb=$bad" -cpu "$cpu" -m "$mem" "${smp[@]}" -nographic \
			-nic none >/dev/null 2>&1 ;;
		/*) cp "$dtb" "$bad" ;;
		*) cp "$top/build/dtbs/$dtb" "$bad" ;;
		esac
		local p pn rest bytes
		for p in "${dtbprop[@]}"; do # node:property:bytes ('_' between the hex bytes)
			pn=${p%%:*} rest=${p#*:}
			bytes=${rest#*:}
			# shellcheck disable=SC2086 # one word per byte
			fdtput -t bx "$bad" "$pn" "${rest%%:*}" ${bytes//_/ }
		done
		[ -n "$dtbsize" ] && dtc -q -I dtb -O dtb -S "$dtbsize" -o "$bad" "$bad"
		dtb=$bad
	fi
	if [ -n "$fdtfile" ]; then # boot.scr's bringup_fdt=file: the machine's tree, from the card
		local q=qemu-system-aarch64 board_dtb=$out/$name.board.dtb
		[ "$arch" = armv7 ] && q=qemu-system-arm
		timeout 30 "$q" -M "$machine,dumpdtb=$board_dtb" -cpu "$cpu" -m "$mem" \
			-nographic -nic none >/dev/null 2>&1
		fdtput -t s "$board_dtb" / model "bringup test tree from the card"
		if [ -n "$memnode" ]; then # a RAM bank the machine does not have
			# Named sdram@: U-Boot rewrites the first node named memory.
			local mb=${memnode%+*} ms=${memnode#*+}
			fdtput -c "$board_dtb" "/sdram@${mb#0x}"
			fdtput -t s "$board_dtb" "/sdram@${mb#0x}" device_type memory
			fdtput -t x "$board_dtb" "/sdram@${mb#0x}" reg 0 "$mb" 0 "$ms"
		fi
		card_files+=(-f "$board_dtb")
		card_env+=(bringup_fdt=file "fdtfile=${board_dtb##*/}")
	fi
	[ ${#bootargs[@]} -gt 0 ] && card_env+=("bootargs=${bootargs[*]}")
	if [ -n "$signed" ]; then # verified boot: U-Boot's control tree requires bringup's key
		case $refuse in unsigned | tampered | foreign) signed=$refuse ;; esac
		"$top/qemu-tests/signed-fit.sh" "$signed" "$arch" "$out/$name.signed" "$machine" "$cpu" "$mem" ||
			echo "run-matrix: $name: qemu-tests/signed-fit.sh failed" >&2
		card_src=(-s "$out/$name.signed/uboot") dtb=$out/$name.signed/control.dtb
	fi
	if [ -n "$uboot" ]; then
		card=$out/$name.img
		local damage=""
		case $refuse in corrupt | truncate) damage=$refuse ;; esac
		"$top/uboot/sdcard.sh" ${damage:+-c "$damage"} "${card_src[@]}" "${card_files[@]}" "$arch" "$card" \
			"bringup_method=$uboot" bringup_on_fail=poweroff "${card_env[@]}" >/dev/null
		# U-Boot busy-waits its 2 s autoboot countdown: under -icount shift=0
		# that is 2e9 instructions (30 s). Its runs go at host speed.
		icount=()
	fi
	if [ -n "$board" ]; then # the card `make sdcard BOARD=` writes, booted as the board boots it
		sd=$out/$name.img
		"$top/uboot/sdcard.sh" -b "$board" "$arch" "$sd" bringup_on_fail=reset "${card_env[@]}" >/dev/null
		firmware=$("$top/uboot/board.sh" firmware "$board")
		# 16 ns per instruction: U-Boot's countdown takes 1.25e8, and the
		# CPUs still run one at a time in virtual time (no load-made timeouts).
		[ ${#icount[@]} -eq 0 ] || icount=(-icount shift=4,sleep=off)
	fi
	local insns=$out/$name.insns
	rm -f "$insns"
	[ $((${#noinsn[@]} + ${#insn[@]} + ${#nofunc[@]})) -gt 0 ] && extra+=(-d in_asm -D "$insns")
	# ICSYNC: the window's code and the maintenance routines, traced.
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
			END { if (c && i && a) print c, i, a }')
		extra+=(-d in_asm,exec,nochain -D "$icsync_trace"
			-dfilter "${icsync%:*}+0x100000,${icsync_syms// /,}")
	fi
	if [ -n "$show" ]; then # the console on the terminal as well
		ECHO_CMD=1 IMAGE=$image LOAD=$load ARGS=$args TIMEOUT=$tmo DTB=$dtb RAM=$ram UBOOT=$card \
			SD=$sd FIRMWARE=$firmware STUB=$stub SEMIHOST=$semihost "$top/qemu-tests/boot.sh" "$arch" "$machine" "$cpu" "$mem" -- \
			"${icount[@]}" "${extra[@]}" </dev/null 2>&1 | tee "$log"
		status=${PIPESTATUS[0]}
	else
		ECHO_CMD=1 IMAGE=$image LOAD=$load ARGS=$args TIMEOUT=$tmo DTB=$dtb RAM=$ram UBOOT=$card \
			SD=$sd FIRMWARE=$firmware STUB=$stub SEMIHOST=$semihost "$top/qemu-tests/boot.sh" "$arch" "$machine" "$cpu" "$mem" -- \
			"${icount[@]}" "${extra[@]}" </dev/null >"$log" 2>&1
		status=$?
	fi
	local why=""
	tr -d '\r' <"$log" >"$log.txt"
	# The TAP report: from its first line on (U-Boot talks before it).
	sed -n '/^TAP version 13$/,$p' "$log.txt" >"$log.tap"
	local plan ok notok skip xf=0 xpass=0 x want_failed=0 want_exit=0
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$log.tap" | head -1)
	ok=$(grep -c '^ok ' "$log.tap")
	notok=$(grep -c '^not ok ' "$log.tap")
	skip=$(grep -c '^ok .* # SKIP' "$log.tap")
	local xbad="" xnames=()
	xfail_check # sets xf, xpass, xbad, xnames (qemu-tests/xfail.sh)
	want_failed=$xf
	# FAILS=group:_name: that test must fail (an injected fault must be found).
	local fmiss=()
	for x in "${fails[@]}"; do
		if sed -n 's/^not ok [0-9]* - //p' "$log.tap" | tr '_' ' ' | grep -qxF -- "${x//_/ }"; then
			want_failed=$((want_failed + 1))
		else
			fmiss+=("${x//_/ }")
		fi
	done
	[ "$want_failed" -gt 0 ] && want_exit=1
	# QEMU's host audio back ends (boot.sh gives it none; a line here means
	# a board's codec found one to try).
	local noise
	noise=$(grep -m1 -E '^(ALSA lib |audio: Failed|qemu: module audio-)' "$log.txt")
	if [ -n "$soak" ]; then soak_check
	elif [ "$status" = 124 ] || [ "$status" = 137 ]; then why="timed out after ${tmo}s"
	elif [ -n "$noise" ]; then why="QEMU's audio back ends wrote to the console: $noise"
	elif [ -n "$xbad" ]; then why=$xbad
	elif [ -n "$refuse" ]; then # U-Boot must refuse the damaged FIT; bringup must not run
		if grep -q 'TAP version 13' "$log.txt"; then why="bringup started from a $refuse FIT"
		elif ! grep -q '^bringup: not started: U-Boot refused the image' "$log.txt"; then
			why="no refusal line from boot.scr"
		elif ! grep -q "ERROR: can't get kernel image!" "$log.txt"; then why="U-Boot did not refuse the kernel"
		fi
	elif [ -n "$silent" ]; then # nothing written, the status through semihosting
		if grep -qv '^# qemu: ' "$log.txt"; then why="wrote to the console: $(grep -v -m1 '^# qemu: ' "$log.txt")"
		elif [ "$status" != "$silent" ]; then why="QEMU exit status $status, expected $silent"
		fi
	elif [ -n "$want_status" ]; then # a run that must end in a decoded exception
		if ! grep -q '^Bail out! ' "$log.txt"; then why="no Bail out! line"
		elif ! grep -q "^EXIT: STATUS=$want_status$" "$log.txt"; then why="no EXIT: STATUS=$want_status line"
		elif [ "$status" != "$want_status" ]; then why="QEMU exit status $status, expected $want_status"
		fi
	elif ! grep -q '^TAP version 13$' "$log.txt"; then why="no TAP report (exit $status)"
	elif [ ${#fmiss[@]} -gt 0 ]; then why="expected to fail, passed: ${fmiss[*]}"
	elif [ -z "$plan" ]; then why="no TAP plan"
	elif [ "$notok" -ne "$want_failed" ]; then why="$notok test(s) not ok"
	elif [ $((ok + notok)) -ne "$plan" ]; then why="$((ok + notok)) results for a plan of $plan"
	elif ! grep -q "^# $((ok - skip)) passed, $notok failed, $skip skipped$" "$log.tap"; then why="summary line missing or wrong"
	elif ! grep -q "^EXIT: STATUS=$want_exit$" "$log.tap"; then why="no EXIT: STATUS=$want_exit line"
	elif [ "$status" != "$want_exit" ]; then why="QEMU exit status $status"
	fi
	for e in "${expect[@]}"; do
		[ -n "$why" ] && break
		grep -qF -- "${e//_/ }" "$log.txt" || why="console lacks \"${e//_/ }\""
	done
	# NOEXPECT=text: a line the console must not hold (a success line of a
	# test the row makes fail).
	for e in "${noexpect[@]}"; do
		[ -n "$why" ] && break
		! grep -qF -- "${e//_/ }" "$log.txt" || why="console holds \"$(grep -m1 -F -- "${e//_/ }" "$log.txt")\""
	done
	local icsync_note=""
	trace_checks # NOINSN=, INSN=, NOFUNC=, ICSYNC= (qemu-tests/trace-checks.sh)
	local secs=$((SECONDS - start))
	local note=""
	[ "$xf" -gt 0 ] && note+=", $xf known failure(s): $(printf '%s\n' "${xnames[@]}" | tr '_' ' ' | paste -sd ' ')"
	[ ${#fails[@]} -gt 0 ] && note+=", failed as required: ${fails[*]//_/ }"
	[ "$xpass" -gt 0 ] && note+=", XFAIL passed: drop it from the matrix"
	note+=$icsync_note$soak_note
	if [ -z "$why" ] && [ -n "$refuse" ]; then
		printf 'PASS %-15s %-7s %-26s %-11s U-Boot refused the %s FIT, bringup not started (%ds)\n' "$name" "$arch" "$machine" "$cpu" "$refuse" "$secs" >"$out/$name.result"
	elif [ -z "$why" ] && [ -n "$silent" ]; then
		printf 'PASS %-15s %-7s %-26s %-11s silent, status %s (%ds)\n' "$name" "$arch" "$machine" "$cpu" "$silent" "$secs" >"$out/$name.result"
	elif [ -z "$why" ] && [ -n "$want_status" ]; then
		printf 'PASS %-15s %-7s %-26s %-11s decoded report, status %s (%ds)\n' "$name" "$arch" "$machine" "$cpu" "$want_status" "$secs" >"$out/$name.result"
	elif [ -z "$why" ]; then
		printf 'PASS %-15s %-7s %-26s %-11s %3d ok, %d skipped%s (%ds)\n' "$name" "$arch" "$machine" "$cpu" "$ok" "$skip" "$note" "$secs" >"$out/$name.result"
	else
		{
			printf 'FAIL %-15s %-7s %-26s %-11s %s\n' "$name" "$arch" "$machine" "$cpu" "$why"
			tail -n 30 "$log.txt" | sed 's/^/    | /'
		} >"$out/$name.result"
	fi
	cat "$out/$name.result"
	# JUnit: the tests that had to fail (FAILS=, XFAIL= that failed) pass.
	local expected="" v="" wst=$want_exit only=""
	for x in "${fails[@]}" "${xnames[@]+"${xnames[@]}"}"; do expected+="${expected:+|}$x"; done
	[ -n "$want_status" ] && wst=$want_status
	{ [ -n "$refuse" ] || [ -n "$silent" ]; } && only=1 # no TAP report to read
	grep -q '^PASS' "$out/$name.result" || v=$(head -1 "$out/$name.result" | sed 's/^FAIL *[^ ]* *[^ ]* *[^ ]* *[^ ]* *//')
	awk -v suite="$name" -v expected="$expected" -v want_status="$wst" -v verdict="$v" -v always=1 \
		-v only_verdict="$only" -v secs="$secs" -v logfile="$log.txt" -f "$top/scripts/junit.awk" \
		"$log.txt" >"$out/$name.junit"
}
export -f run_one in_range trace_checks xfail_check soak_check
export top out TIMEOUT

lines=$(grep -v '^\s*#' "${MATRIX:-$top/qemu-tests/matrix.txt}" | grep -v '^\s*$' | awk -v f="$filter" '$1 ~ f')
if [ -n "$group" ]; then # the group's rule (qemu-tests/groups.txt) or GROUP= on the row
	rule=$(awk -v g="$group" '!/^#/ && $1 == g { sub(/^[^[:space:]]+[[:space:]]+/, ""); print; exit }' "$top/qemu-tests/groups.txt")
	if [ -z "$rule" ]; then
		echo "run-matrix: no group $group; the groups: $(awk '!/^#/ && NF { print $1 }' "$top/qemu-tests/groups.txt" | paste -sd ' ')" >&2
		exit 2
	fi
	lines=$(awk -v r="$rule" -v g="$group" '$0 ~ r || $0 ~ "[[:space:]]GROUP=([^[:space:]]*,)?" g "(,|[[:space:]]|$)"' <<<"$lines")
	[ -n "$lines" ] || { echo "run-matrix: group $group has no row${1:+ matching $1}" >&2; exit 2; }
fi
[ -n "$lines" ] || { echo "run-matrix: no row matches $filter" >&2; exit 2; }
[ -n "$list" ] && { awk '{ print $1 }' <<<"$lines"; exit 0; }
names=$(awk '{print $1}' <<<"$lines")
rm -f "$out"/*.result "$out"/*.junit
# What the selected rows need, made once before the boots: board DTBs, and
# the U-Boot images (FIT, uImage, boot.scr) of each arch booted through U-Boot.
if grep -q ' CARD=' <<<"$lines"; then # the boards' U-Boots from Debian, their trees
	"$top/uboot/fetch-uboots.sh" >/dev/null || echo "run-matrix: installing the board U-Boots failed" >&2
fi
if grep -q ' DTB=\| CARD=' <<<"$lines"; then
	sh "$top/tests/host/common/fetch-dtbs.sh" "$top/build/dtbs" >/dev/null ||
		echo "run-matrix: fetching the board DTBs failed: their rows will fail" >&2
fi
# Trees of our own (DTB=../host/dts/NAME.dtb, Debian ships none for the
# board): tests/host/common/dts/NAME.dts, compiled by tests/host/lib/fdt/fdt.mk's rule.
for d in $(grep -o ' DTB=\.\./host/dts/[^ ]*\.dtb' <<<"$lines" | sort -u); do
	make -s -C "$top" "build/${d#*=../}" || echo "run-matrix: make build/${d#*=../} failed" >&2
done
# Test stubs (STUB=file): build/stub/ARCH/file, by tests/stub/stub.mk.
for s in $(awk '{ for (i = 6; i <= NF; i++) if ($i ~ /^STUB=/) print $2 "/" substr($i, 6) }' <<<"$lines" | sort -u); do
	make -s -C "$top" "build/stub/$s" || echo "run-matrix: make build/stub/$s failed" >&2
done
for a in $(awk '/ UBOOT=/ {print $2}' <<<"$lines" | sort -u); do
	"$top/uboot/mkimages.sh" "$a" >/dev/null || echo "run-matrix: uboot/mkimages.sh $a failed" >&2
done
printf '%s\n' "$lines" | xargs -d '\n' -P "${JOBS:-2}" -I{} bash -c 'run_one "$1"' _ {}
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
