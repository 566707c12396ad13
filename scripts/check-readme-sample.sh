#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-readme-sample.sh LOG [DOC [AFTER]]: a sample report in DOC (default
# README.md) is what the image printed in LOG, line for line. The sample is
# the first indented block after the first line of DOC matching the
# extended regular expression AFTER (default "A healthy run"); its
# "   <- ..." annotations are dropped. A "..." line stands for any number of
# lines left out; the lines between two of them must be consecutive lines of
# LOG, in the sample's order, and each such run must come after the one
# before it. A sample line ending in " ..." is shortened: it matches a log
# line that starts with the rest.
#
# Compared exactly: the plan, every TAP line (test numbers, names, SKIP
# reasons), the summary's counts, and every other word and number, but for
# these values, masked in both (they change with any commit or the build,
# not with what the sample shows):
#   - the version after "# bringup " (git describe: every commit);
#   - the boot benchmark's count and its "over its target by N" (retired
#     instructions: they move with any code on the boot path);
#   - times and rates, "N.NNN s" and "N.N MB/s" (the counter's reading);
#   - the PMU's "N instructions" and "N.NNN insn/B" (they move with code);
#   - the timer test's "latest N ticks" (its lateness, code-dependent);
#   - the line of a "# FAIL file:line:" (it moves with every edit of file);
#   - the addresses and sizes that follow from the image's size: on the
#     MMU's region lines ("#   0x..."), the heap line and the DRAM test's
#     "free" and "march" lines every digit is masked alone, so the values'
#     widths are still compared (a 9-digit address shows).
# Exit 0 if the sample is in LOG; 1 naming the first sample line that is
# not where it must be (and whether the log has it at all); 2 if DOC has
# no such sample or LOG no TAP report.
set -euo pipefail
log=${1:?usage: check-readme-sample.sh LOG [DOC [AFTER]]}
top=$(cd "$(dirname "$0")/.." && pwd)
doc=${2:-$top/README.md}
after=${3:-A healthy run}

mask() { # stdin -> masked lines
	perl -pe '
		s/\r$//;
		s/^(# bringup )\S+/${1}VERSION/;
		s/(boot benchmark: )\d+/${1}N/; s/(over its target by )\d+/${1}N/;
		s/\b\d+\.\d+ (s|MB\/s)\b/T $1/g;
		s/\b\d+ instructions\b/N instructions/g; s/\b\d+\.\d+ insn\/B/X insn\/B/g;
		s/(latest )\d+( ticks)/${1}N${2}/;
		s/^(# FAIL [^:]+:)\d+:/${1}N:/;
		if (/^#   0x|^# heap: |^# memtest: (free|march) /) {
			s/0x([0-9a-f]+)/"0x" . ("h" x length $1)/ge;
			s/\b(\d+)\b/"d" x length $1/ge;
		}
		s/[ \t]+$//;'
}

sample=$(awk -v re="$after" '
	!found && $0 ~ re { found = 1; next }
	found && /^    / { inblk = 1; l = substr($0, 5); sub(/[[:space:]]+<-.*$/, "", l); print l; next }
	inblk && !/^$/ { exit }' "$doc")
[ -n "$sample" ] || { echo "check-readme-sample: no sample report in $doc after a line matching \"$after\"" >&2; exit 2; }
grep -q '^TAP version 13' <(tr -d '\r' <"$log") || { echo "check-readme-sample: $log holds no TAP report" >&2; exit 2; }

# The sample's line numbers in DOC, for the messages.
first=$(awk -v re="$after" '!f && $0 ~ re { f = 1; next } f && /^    / { print NR; exit }' "$doc")
mask <"$log" >"${tmp:=$(mktemp)}"
trap 'rm -f "$tmp"' EXIT
out=$(mask <<<"$sample" | awk -v logf="$tmp" -v first="$first" -v doc="$doc" '
	BEGIN { while ((getline l < logf) > 0) lg[++nl] = l }
	function same(s, l) { # a shortened sample line matches a line it starts
		if (s ~ / \.\.\.$/) return index(l, substr(s, 1, length(s) - 4)) == 1
		return s == l
	}
	function anywhere(s,   i) { for (i = 1; i <= nl; i++) if (same(s, lg[i])) return i; return 0 }
	{ smp[++ns] = $0 }
	END {
		pos = 1; i = 1
		while (i <= ns) {
			if (smp[i] == "...") { i++; continue }
			j = i; while (j <= ns && smp[j] != "...") j++ # the run smp[i..j-1]
			found = 0
			for (k = pos; k + (j - i) - 1 <= nl && !found; k++) {
				ok = 1
				for (m = 0; m < j - i && ok; m++) ok = same(smp[i + m], lg[k + m])
				if (ok) { found = 1; pos = k + (j - i) }
			}
			if (!found) { # which line breaks the run
				for (m = i; m < j; m++) {
					at = anywhere(smp[m])
					if (!at) { printf "%s line %d is not in the log: %s\n", doc, first + m - 1, smp[m]; exit 1 }
				}
				printf "%s lines %d-%d are not consecutive lines of the log from its line %d on: %s\n", doc,
					first + i - 1, first + j - 2, pos, smp[i]
				exit 1
			}
			i = j
		}
		printf "%d lines\n", ns
	}') || { echo "check-readme-sample: $out"; exit 1; }
echo "check-readme-sample: the sample in $doc after \"$after\" ($out) is the image's report in $log"
