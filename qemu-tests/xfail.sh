# xfail.sh: the XFAIL= check of qemu-tests/run-matrix.sh. Sourced by it;
# xfail_check runs inside run_one, reads its row's xfail options and its
# TAP report (log.tap), and sets run_one's xnames (the tests named), xf (how
# many failed as allowed), xpass (how many passed) and xbad (why the row
# fails, if an XFAIL is malformed or a test failed otherwise).
# shellcheck shell=bash disable=SC2154 # run_one's locals

xfail_check() {
	# XFAIL=group:_name=text: that test may fail (a known defect of QEMU's
	# model, named in the matrix), only with each of its "# FAIL" lines
	# holding a text given for it (XFAIL= repeated for a test that prints
	# two); it then counts in the summary and exit status. Another failure
	# of that test is a failure of the row.
	local xn xlines xl xt odd matched
	for x in "${xfail[@]}"; do
		[ "${x#*=}" = "$x" ] && { xbad="XFAIL=$x names no message (XFAIL=group:_name=text)"; continue; }
		xn=${x%%=*}
		[[ " ${xnames[*]-} " == *" $xn "* ]] || xnames+=("$xn")
	done
	for xn in "${xnames[@]+"${xnames[@]}"}"; do
		# "_" stands for a space in the matrix; test names may hold "_" too.
		if ! xlines=$(tr '_' ' ' <"$log.tap" | awk -v n="${xn//_/ }" '
			/^# FAIL / { f = f $0 "\n"; next }
			/^(not )?ok [0-9]+ - / { t = $0; sub(/^(not )?ok [0-9]+ - /, "", t)
				if ($1 == "not" && t == n) { printf "%s", f; hit = 1 } f = "" }
			END { if (!hit) exit 1 }'); then
			xpass=$((xpass + 1))
			continue
		fi
		odd=""
		[ -z "$xlines" ] && odd="(no # FAIL line)"
		while IFS= read -r xl && [ -n "$xl" ] && [ -z "$odd" ]; do
			matched=0
			for x in "${xfail[@]}"; do
				xt=${x#*=}
				[ "${x%%=*}" = "$xn" ] && [[ $xl == *"${xt//_/ }"* ]] && matched=1
			done
			[ $matched = 1 ] || odd=$xl
		done <<<"$xlines"
		if [ -n "$odd" ]; then
			xbad="${xn//_/ } failed, but not as XFAIL says: $odd"
		else
			xf=$((xf + 1))
		fi
	done
}
