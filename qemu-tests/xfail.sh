# SPDX-License-Identifier: BSD-2-Clause
# xfail.sh: the xfail check of qemu-tests/run-matrix.sh. Sourced by it;
# xfail_check runs inside run_one, reads its row's xfail fields ("group:
# name=text", qemu-tests/matrix.awk's form of "xfail = group: name = text")
# and its TAP report (log.tap), and sets run_one's xnames (the tests named),
# xf (how many failed as allowed), xpass (how many passed) and xbad (why the
# row fails, if a test failed otherwise).
# shellcheck shell=bash disable=SC2154 # run_one's locals

xfail_check() {
	# xfail = group: name = text: that test may fail (a known defect of
	# QEMU's model, its reason given), only with each of its "# FAIL" lines
	# holding a text given for it (xfail repeated for a test that prints
	# two); it then counts in the summary and exit status. Another failure
	# of that test is a failure of the row.
	local x xn xlines xl odd matched
	for x in "${xfail[@]}"; do
		[[ " ${xnames[*]-} " == *" ${x%%=*} "* ]] || xnames+=("${x%%=*}")
	done
	for xn in "${xnames[@]+"${xnames[@]}"}"; do
		if ! xlines=$(awk -v n="$xn" '
			/^# FAIL / { f = f $0 "\n"; next }
			/^(not )?ok [0-9]+ - / { t = $0; sub(/^(not )?ok [0-9]+ - /, "", t)
				if ($1 == "not" && t == n) { printf "%s", f; hit = 1 } f = "" }
			END { if (!hit) exit 1 }' "$log.tap"); then
			xpass=$((xpass + 1))
			continue
		fi
		odd=""
		[ -z "$xlines" ] && odd="(no # FAIL line)"
		while IFS= read -r xl && [ -n "$xl" ] && [ -z "$odd" ]; do
			matched=0
			for x in "${xfail[@]}"; do
				[ "${x%%=*}" = "$xn" ] && [[ $xl == *"${x#*=}"* ]] && matched=1
			done
			[ $matched = 1 ] || odd=$xl
		done <<<"$xlines"
		if [ -n "$odd" ]; then
			xbad="$xn failed, but not as XFAIL says: $odd"
		else
			xf=$((xf + 1))
		fi
	done
}
