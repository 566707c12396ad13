#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-doc-commands.sh [DOC...]: every make command the documents show
# works as typed. DOC: README.md and docs/*.md unless given (make
# check-front-door also gives it a copy with a broken command planted, which
# must fail). Exits 1 naming FILE:LINE and the command for each that fails.
#
# What is a command: a code line (indented by four spaces or more) that
# starts with "make", joined with the next when it ends in "\", its "# ..."
# comment dropped; and a `make ...` span in backquotes in prose. Not run,
# counted as forms: a span that names a variable with no value ("make
# sdcard BOARD=") or only make's options ("make -C"): they name a command,
# they are not one.
# Placeholders: NAME=a|b is each of a and b; a value "...", "name", "file" or
# <...> stands for one the reader picks, and takes the stand-in below (a
# placeholder with none fails: add one here). LOG= is always the fixture log
# tests/report/pass-a53.log: the reader's log is not here.
# How: in full where quick (help, boards, print-host-tests, report, fit,
# sdcard of an arch, bootfiles, lava); with make -n (make reads its
# Makefiles, checks every variable the Makefile checks, and prints the
# recipes without running them) where a run is long or needs what is not
# here (QEMU boots, test, bench, fuzz, sweep, check-fresh, debug, setup,
# a card for a board, KEY=, SDCARD_FILES=). Results in
# build/host/doc-commands/ (list.txt: each command, where, how, status).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/host/doc-commands
rm -rf "$out" && mkdir -p "$out"
docs=("$@")
[ ${#docs[@]} -gt 0 ] || docs=("$top/README.md" "$top"/docs/*.md)
declare -A standin=([ARCH]=aarch64 [BOARD]=orangepi-pc [ROW]=a53 [GROUP]=smoke
	[LAVA_DEVICE_TYPE]=qemu [LOG]="$top/tests/report/pass-a53.log")
quick=" help boards print-host-tests report fit sdcard bootfiles lava "
slow_vars="BOARD KEY CONTROL_DTB SDCARD_FILES"

# FILE:LINE, a tab, the command: one a line, in the documents' order.
awk -v top="$top/" '
	FNR == 1 { cont = ""; name = FILENAME; sub("^" top, "", name) }
	{
		c = ""
		if (cont != "") { l = $0; sub(/^ +/, "", l); c = cont " " l; cont = "" }
		else if (/^    +make( |$)/) { c = $0; sub(/^ +/, "", c); at = name ":" FNR }
		if (c != "") {
			if (c ~ /\\$/) { cont = substr(c, 1, length(c) - 1); sub(/ +$/, "", cont); next }
			sub(/[ \t]+#.*$/, "", c)
			print at "\t" c
			next
		}
		if (/^    /) next
		s = $0
		while (match(s, /`make( [^`]*)?`/)) {
			print name ":" FNR "\t" substr(s, RSTART + 1, RLENGTH - 2)
			s = substr(s, RSTART + RLENGTH)
		}
	}' "${docs[@]}" >"$out/found.txt"

# expand COMMAND: its runnable forms, one a line ("form" if it is none;
# "nostandin VAR" for a placeholder with no stand-in).
placeholder='^(\.\.\.|name|file|<x>)$'
expand() {
	local w x words=() v
	# shellcheck disable=SC2001 # a pattern bash's ${//} cannot say: <...> of any text
	read -ra words <<<"$(sed 's/<[^>]*>/<x>/g' <<<"$1")"
	if [ ${#words[@]} -gt 1 ]; then
		local args=("${words[@]:1}") all_opts=1
		for w in "${args[@]}"; do
			[[ $w == -* ]] || all_opts=""
			[[ $w == [A-Z_]*= ]] && { echo form; return; }
		done
		[ -n "$all_opts" ] && { echo form; return; }
	fi
	local outs=("make")
	for w in "${words[@]:1}"; do
		local alts=("$w")
		if [[ $w =~ ^([A-Z_]+)=(.*)$ ]]; then
			local k=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
			if [ "$k" = LOG ] || [[ $val =~ $placeholder ]]; then
				[ -n "${standin[$k]:-}" ] || { echo "nostandin $k"; return; }
				alts=("$k=${standin[$k]}")
			elif [[ $val == *"|"* && $val != *[\"\']* ]]; then
				alts=()
				IFS='|' read -ra v <<<"$val"
				for x in "${v[@]}"; do alts+=("$k=$x"); done
			fi
		fi
		local next=() f a
		for f in "${outs[@]}"; do for a in "${alts[@]}"; do next+=("$f $a"); done; done
		outs=("${next[@]}")
	done
	printf '%s\n' "${outs[@]}"
}

# how COMMAND: "full" or "dry" (make -n).
how() {
	local w targets=() words
	read -ra words <<<"$1"
	for w in "${words[@]:1}"; do
		case $w in
		-* | *=*) [[ " $slow_vars " == *" ${w%%=*} "* ]] && { echo dry; return; } ;;
		*) targets+=("$w") ;;
		esac
	done
	[ ${#targets[@]} -gt 0 ] || { echo dry; return; } # make alone: both images, setup first
	for w in "${targets[@]}"; do [[ $quick == *" $w "* ]] || { echo dry; return; }; done
	echo full
}

declare -A where=() seen=()
order=() fails=0 forms=0 nfull=0 nn=0
while IFS=$'\t' read -r at cmd; do
	while read -r form; do
		case $form in
		form) forms=$((forms + 1)) && printf -- '-\tform\t%s\t%s\n' "$cmd" "$at" >>"$out/forms.txt" && continue ;;
		nostandin*)
			echo "check-doc-commands: FAIL: $at: $cmd: a placeholder for ${form#* } with no stand-in (scripts/check-doc-commands.sh)"
			fails=$((fails + 1)); continue ;;
		esac
		[ -n "${seen[$form]:-}" ] || { seen[$form]=1; order+=("$form"); }
		where[$form]="${where[$form]:-}${where[$form]:+ }$at"
	done < <(expand "$cmd")
done <"$out/found.txt"

i=0
for form in "${order[@]}"; do
	i=$((i + 1))
	mode=$(how "$form")
	log=$out/$i.log
	if [ "$mode" = full ]; then
		nfull=$((nfull + 1))
		(cd "$top" && bash -c "${form/#make/make --no-print-directory -s}" </dev/null >"$log" 2>&1)
	else
		nn=$((nn + 1))
		(cd "$top" && bash -c "${form/#make/make --no-print-directory -n}" </dev/null >"$log" 2>&1)
	fi
	st=$?
	printf '%s\t%s\t%s\t%s\n' "$st" "$mode" "$form" "${where[$form]}" >>"$out/list.txt"
	if [ "$st" != 0 ]; then
		fails=$((fails + 1))
		why=$(grep -v '^\s*$' "$log" | tail -n 1 | cut -c1-200)
		[ "$mode" = full ] && mode="run in full" || mode="make -n"
		echo "check-doc-commands: FAIL: ${where[$form]// /, }: $form ($mode) exits $st: $why"
	fi
done
echo "check-doc-commands: ${#order[@]} commands from ${#docs[@]} documents: $nfull run in full, $nn with make -n," \
	"$forms forms not run; $fails failed (${out#"$top"/}/list.txt, forms.txt)"
[ "$fails" -eq 0 ]
