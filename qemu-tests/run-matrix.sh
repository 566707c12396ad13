#!/usr/bin/env bash
# Boots every configuration of qemu-tests/matrix.txt (two at a time), checks
# its TAP report and exit status, prints one line per configuration (and the
# last 30 console lines of a failure), and ends with "N passed, N failed".
#
# usage: run-matrix.sh [name-filter-regex]
# A configuration with STATUS=n must instead end in "Bail out!", a decoded
# report and exit status n (the crash= runs). One with UBOOT= boots through
# Debian's U-Boot from an SD-card image made for it (uboot/sdcard.sh); its
# TAP checks read from "TAP version 13" on, past U-Boot's own output. One
# with REFUSE= must show U-Boot refusing a damaged FIT and bringup not
# starting. Board rows with DTB= need Debian's DTBs: fetched first
# (tests/host/fetch-dtbs.sh, a no-op once build/dtbs is filled).
# STUB=file boots a test stub (tests/stub/stub.mk makes build/stub/ARCH/file
# first) in front of the image, which LOAD= then places without starting it.
# ICOUNT=off runs without -icount: QEMU's multi-threaded TCG runs the vCPUs
# in parallel (-icount runs them one at a time). NOINSN=insn (repeatable,
# '_' for spaces, e.g. dc_isw) records every instruction QEMU translates
# (-d in_asm, to NAME.insns) and fails the row if that instruction is among
# them. SILENT=n: the run must write nothing at all (no console: see
# EXIT_NO_CONSOLE in arch/exit.h) and QEMU must exit with status n.
# MEMNODE=base+size (with FDTFILE=qemu): the tree on the card gets a RAM bank
# there that the machine lacks (QEMU rewrites every memory node of a -dtb
# tree; U-Boot only the first node named memory). DTBSIZE=n: the -dtb is a
# copy of DTB= (else of the machine's own tree, dumped) padded to n bytes
# (dtc -S; QEMU then hands over twice that plus its own padding).
# DTBPROP=node:property:b1_b2_...: that copy's property set to those bytes
# (fdtput -t bx), e.g. a reg of a malformed length. FAILS=group:_name (repeatable): that self-test must fail, every other must
# pass, exit status 1 (a fault injected on purpose must be found).
# env:   JOBS (default 2), TIMEOUT per boot (default 120 s)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/qemu-tests
mkdir -p "$out"
filter=${1:-.}

# run_one LINE: boots one configuration; writes $out/NAME.log and NAME.result.
run_one() {
	local name arch machine cpu mem opt image="" load="" args="" want_status="" expect=() extra=()
	local dtb="" ram="" uboot="" refuse="" stdout="" fdtfile="" card_env=() card_files=() xfail=()
	local stub="" noinsn=() silent="" fails=() memnode="" dtbsize="" dtbprop=""
	local icount=(-icount shift=0,sleep=off)
	read -r name arch machine cpu mem rest <<<"$1"
	for opt in $rest; do
		case $opt in
		IMAGE=elf) image=$top/build/$arch/bringup.elf ;;
		LOAD=*) load=${opt#LOAD=} ;;
		EXPECT=*) expect+=("${opt#EXPECT=}") ;;
		ARG=*) args+=" ${opt#ARG=}" ;;
		STATUS=*) want_status=${opt#STATUS=} ;;
		DTB=*) dtb=${opt#DTB=} ;;
		RAM=*) ram=${opt#RAM=} ;;
		UBOOT=*) uboot=${opt#UBOOT=} ;;
		ENV=*) card_env+=("${opt#ENV=}") ;;
		STDOUT=*) stdout=${opt#STDOUT=} ;;
		REFUSE=*) refuse=${opt#REFUSE=} ;;
		FDTFILE=qemu) fdtfile=qemu ;;
		XFAIL=*) xfail+=("${opt#XFAIL=}") ;;
		FAILS=*) fails+=("${opt#FAILS=}") ;;
		MEMNODE=*) memnode=${opt#MEMNODE=} ;;
		DTBSIZE=*) dtbsize=${opt#DTBSIZE=} ;;
		DTBPROP=*) dtbprop=${opt#DTBPROP=} ;;
		STUB=*) stub=$top/build/stub/$arch/${opt#STUB=} ;;
		ICOUNT=off) icount=() ;;
		NOINSN=*) noinsn+=("${opt#NOINSN=}") ;;
		SILENT=*) silent=${opt#SILENT=} ;;
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
	if [ -n "$dtbsize$dtbprop" ]; then # a damaged copy: DTB=, else the machine's own tree
		local bad=$out/$name.bad.dtb q=qemu-system-aarch64
		[ "$arch" = armv7 ] && q=qemu-system-arm
		case $dtb in
		"") timeout 30 "$q" -M "$machine,dumpdtb=$bad" -cpu "$cpu" -m "$mem" -nographic \
			-nic none >/dev/null 2>&1 ;;
		/*) cp "$dtb" "$bad" ;;
		*) cp "$top/build/dtbs/$dtb" "$bad" ;;
		esac
		if [ -n "$dtbprop" ]; then # node:property:bytes ('_' between the hex bytes)
			local pn=${dtbprop%%:*} rest=${dtbprop#*:} bytes
			bytes=${rest#*:}
			# shellcheck disable=SC2086 # one word per byte
			fdtput -t bx "$bad" "$pn" "${rest%%:*}" ${bytes//_/ }
		fi
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
	if [ -n "$uboot" ]; then
		card=$out/$name.img
		"$top/uboot/sdcard.sh" ${refuse:+-c "$refuse"} "${card_files[@]}" "$arch" "$card" \
			"bringup_method=$uboot" bringup_on_fail=poweroff "${card_env[@]}" >/dev/null
		# U-Boot busy-waits its 2 s autoboot countdown: under -icount shift=0
		# that is 2e9 instructions (30 s). Its runs go at host speed.
		icount=()
	fi
	local insns=$out/$name.insns
	rm -f "$insns"
	[ ${#noinsn[@]} -gt 0 ] && extra+=(-d in_asm -D "$insns")
	ECHO_CMD=1 IMAGE=$image LOAD=$load ARGS=$args TIMEOUT=${TIMEOUT:-120} DTB=$dtb RAM=$ram UBOOT=$card \
		STUB=$stub "$top/qemu-tests/boot.sh" "$arch" "$machine" "$cpu" "$mem" -- \
		"${icount[@]}" "${extra[@]}" </dev/null >"$log" 2>&1
	status=$?
	local why=""
	tr -d '\r' <"$log" >"$log.txt"
	# The TAP report: from its first line on (U-Boot talks before it).
	sed -n '/^TAP version 13$/,$p' "$log.txt" >"$log.tap"
	local plan ok notok skip xf=0 xpass=0 x want_failed=0 want_exit=0
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$log.tap" | head -1)
	ok=$(grep -c '^ok ' "$log.tap")
	notok=$(grep -c '^not ok ' "$log.tap")
	skip=$(grep -c '^ok .* # SKIP' "$log.tap")
	# XFAIL=group:_name: that test may fail (a known defect of QEMU's model,
	# named in the matrix); it then counts in the summary and exit status.
	for x in "${xfail[@]}"; do
		# "_" stands for a space in the matrix; test names may hold "_" too.
		if sed -n 's/^not ok [0-9]* - //p' "$log.tap" | tr '_' ' ' | grep -qxF -- "${x//_/ }"; then
			xf=$((xf + 1))
		else
			xpass=$((xpass + 1))
		fi
	done
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
	if [ "$status" = 124 ] || [ "$status" = 137 ]; then why="timed out after ${TIMEOUT:-120}s"
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
	# NOINSN: in_asm lines read "0xADDR:  OPCODE  mnemonic operands".
	for x in "${noinsn[@]}"; do
		[ -n "$why" ] && break
		if [ ! -s "$insns" ]; then why="no instruction trace ($insns)"
		elif grep -qE -- ":  [0-9a-f]{8}  ${x//_/ +}( |,|$)" "$insns"; then
			why="the run executed ${x//_/ }: $(grep -m1 -E -- ":  [0-9a-f]{8}  ${x//_/ +}( |,|$)" "$insns")"
		fi
	done
	local secs=$((SECONDS - start))
	local note=""
	[ "$xf" -gt 0 ] && note+=", $xf known failure(s): ${xfail[*]//_/ }"
	[ ${#fails[@]} -gt 0 ] && note+=", failed as required: ${fails[*]//_/ }"
	[ "$xpass" -gt 0 ] && note+=", XFAIL passed: drop it from the matrix"
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
}
export -f run_one
export top out TIMEOUT

lines=$(grep -v '^\s*#' "$top/qemu-tests/matrix.txt" | grep -v '^\s*$' | awk -v f="$filter" '$1 ~ f')
names=$(awk '{print $1}' <<<"$lines")
rm -f "$out"/*.result
# What the selected rows need, made once before the boots: board DTBs, and
# the U-Boot images (FIT, uImage, boot.scr) of each arch booted through U-Boot.
if grep -q ' DTB=' <<<"$lines"; then
	sh "$top/tests/host/fetch-dtbs.sh" "$top/build/dtbs" >/dev/null ||
		echo "run-matrix: fetching the board DTBs failed: their rows will fail" >&2
fi
# Trees of our own (DTB=../host/dts/NAME.dtb, Debian ships none for the
# board): tests/host/dts/NAME.dts, compiled by tests/host/fdt.mk's rule.
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
echo "matrix: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
