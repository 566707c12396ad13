#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# make bench: boots the image with bench=1 under -icount shift=0,sleep=off on
# each CPU below (selftests/bench_*.c: pages, cache maintenance), collects its
# "# csv:" lines and each run's boot benchmark (the row boot) into
# build/bench/results.csv, prints one table (retired
# instructions per call, exact and repeatable under -icount), writes it as
# Markdown to build/bench/table.md and plots instructions per 4 KiB to
# build/bench/results.png with gnuplot. MB/s is in the CSV; under QEMU it only
# restates the instruction count (with -icount QEMU's clock follows the
# instructions retired): it means something on a board.
#
# usage: bench.sh            (env: TIMEOUT per boot, default 180 s)
# Exit status: non-zero if a run failed, timed out or a routine gave a wrong
# result; a CPU whose PMU QEMU does not model (cortex-a9) is reported n/a.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/bench
mkdir -p "$out"
csv=$out/results.csv
configs=(
	"aarch64 virt cortex-a53"
	"aarch64 virt a64fx"
	"aarch64 virt cortex-a57"
	"aarch64 virt cortex-a72"
	"aarch64 virt max"
	"armv7 virt cortex-a15"
	"armv7 vexpress-a9 cortex-a9"
	# The IRQ round trip on a GICv3 (the rows above are GICv2 on virt):
	# that benchmark alone, its CPU column "cortex-a53-gicv3".
	"aarch64 virt,gic-version=3 cortex-a53 irq_roundtrip"
	# A whole DRAM test, memtest=full (a key=value: the command line, no
	# bench=): its "instructions in the run" over the bytes its tests swept,
	# the row memtest_full.
	"aarch64 virt cortex-a53 memtest=full"
)

echo "cpu,routine,impl,bytes,instructions,mbps" >"$csv"
failed=0 cpus=() notes=()
for c in "${configs[@]}"; do
	read -r arch machine cpu only <<<"$c"
	args="bench=${only:-1}"
	case $only in *=*) args=$only ;; esac
	log=$out/$cpu${only:+-${only//=/_}}.log
	ARGS="$args" TIMEOUT=${TIMEOUT:-180} "$top/qemu-tests/boot.sh" "$arch" "$machine" "$cpu" 256M -- \
		-icount shift=0,sleep=off </dev/null 2>&1 | tr -d '\r' >"$log"
	status=${PIPESTATUS[0]}
	rows=$(sed -n 's/^# csv: //p' "$log" | grep -v '^figures,') # figures: make report's
	case $only in
	*=*) # memtest=full: "# memtest: N instructions in the run" over the bytes swept
		rows=$(awk -v cpu="$cpu" '
			/^# memtest: [a-z_]+: [0-9]+ bytes swept/ { swept += $4 }
			/^# memtest: [0-9]+ instructions in the run/ { n = $3 }
			END { if (n && swept) printf "%s,memtest_full,bringup,%.0f,%s,\n", cpu, swept, n }' "$log")
		[ "$status" = 0 ] || rows="" ;;
	*) # the boot benchmark's line, when it counted
		boot=$(sed -n 's/^# boot benchmark: \([0-9][0-9]*\) instructions.*/\1/p' "$log")
		[ -n "$rows" ] && [ -n "$boot" ] &&
			rows+=$'\n'"$(printf '%s\n' "$rows" | head -n 1 | cut -d, -f1),boot,bringup,0,$boot," ;;
	esac
	if grep -q '^not ok .*bench: ' "$log" || { [ -z "$rows" ] && [ "$status" != 0 ]; }; then
		echo "bench: $cpu FAILED (exit $status), see $log" >&2
		grep -E '^# FAIL|^not ok|^Bail out' "$log" >&2
		failed=1
	elif [ -z "$rows" ]; then
		why=$(sed -n 's/^ok .* bench: pages # SKIP benchmark: //p' "$log")
		notes+=("$cpu: n/a (${why:-no benchmark output})")
	else
		printf '%s\n' "$rows" >>"$csv"
		label=$(printf '%s\n' "$rows" | head -n 1 | cut -d, -f1)
		[[ " ${cpus[*]} " == *" $label "* ]] || cpus+=("$label")
		note=$(sed -n 's/^# benchmark on [^ ]* (\(MIDR [^)]*\)): \(.*\); counter.*/\1, \2/p' "$log")
		[ -n "$note" ] && notes+=("$cpu: $note")
	fi
done

# The table: one row per routine and implementation, one column per CPU.
awk -F, -v cpus="${cpus[*]}" -v md="$out/table.md" '
function commas(x,   s) {
	s = ""
	while (length(x) > 3) { s = "," substr(x, length(x) - 2) s; x = substr(x, 1, length(x) - 3) }
	return x s
}
NR == 1 { next }
{
	key = $2 "," $3
	if (!(key in seen)) { seen[key] = 1; order[++n] = key }
	v[key, $1] = $5
}
END {
	nc = split(cpus, c, " ")
	printf "%-16s %-8s", "routine", "impl"
	head = "| routine | impl |"; rule = "|---|---|"
	for (j = 1; j <= nc; j++) { printf " %11s", c[j]; head = head " " c[j] " |"; rule = rule "---:|" }
	printf "\n"
	print head > md; print rule > md
	for (i = 1; i <= n; i++) {
		split(order[i], k, ",")
		printf "%-16s %-8s", k[1], k[2]
		line = "| " k[1] " | " k[2] " |"
		for (j = 1; j <= nc; j++) {
			x = ((order[i], c[j]) in v) ? v[order[i], c[j]] : "-"
			printf " %11s", x
			if (x != "-") x = commas(x)
			line = line " " (k[2] == "bringup" ? "**" x "**" : x) " |"
		}
		printf "\n"; print line > md
	}
}' "$csv"
echo "(retired instructions per call, -icount shift=0,sleep=off)"
printf '%s\n' "${notes[@]}"

# The plot: instructions per 4 KiB, one panel per routine, CPUs on x, one bar per impl.
if command -v gnuplot >/dev/null && [ ${#cpus[@]} -gt 0 ]; then
	for r in copy_page clear_page copy_huge_page clear_huge_page; do
		awk -F, -v r="$r" -v cpus="${cpus[*]}" '
		NR > 1 && $2 == r { v[$1, $3] = $5 * 4096 / $4 }
		END {
			nc = split(cpus, c, " "); ni = split("bringup newlib naive fixed32", im, " ")
			printf "cpu"; for (i = 1; i <= ni; i++) printf " %s", im[i]; printf "\n"
			for (j = 1; j <= nc; j++) {
				printf "%s", c[j]
				for (i = 1; i <= ni; i++)
					printf " %s", ((c[j], im[i]) in v) ? v[c[j], im[i]] : "-"
				printf "\n"
			}
		}' "$csv" >"$out/$r.dat"
	done
	{
		cat <<EOF
set terminal pngcairo noenhanced size 1400,900 font ",10"
set output "$out/results.png"
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key top left autotitle columnhead
set ylabel "instructions per 4 KiB"
set logscale y
set yrange [20:*]
set grid ytics
set multiplot layout 2,2 title "bringup page routines: retired instructions per 4 KiB (QEMU -icount shift=0), lower is better"
EOF
		for r in copy_page clear_page copy_huge_page clear_huge_page; do
			echo "set title \"$r\""
			echo "plot for [i=2:5] \"$out/$r.dat\" using i:xtic(1)"
		done
		echo "unset multiplot"
	} | gnuplot
	echo "plot: $out/results.png; table: $out/table.md; data: $csv"
fi
exit $failed
