# SPDX-License-Identifier: BSD-2-Clause
# junit.awk: one JUnit XML <testsuite> from one bringup console log (TAP
# version 13, carriage returns already dropped). Written for the matrix
# (qemu-tests/run-matrix.sh, build/qemu-tests/junit.xml) and scripts/report.
#
# usage: awk -v suite=NAME [-v expected="g: a|g: b"] [-v want_status=N]
#            [-v verdict=TEXT] [-v secs=S] [-v logfile=FILE] -f junit.awk LOG
#   suite        the testsuite's name (the matrix row, or the log's name)
#   expected     test names ("group: name", '|' between; "_" and " " alike) that must fail: an
#                injected fault found, or a known QEMU defect (the matrix's
#                fails and xfail); their "not ok" is a pass, noted as such
#   want_status  the exit status the run must end with (default 0); a
#                "Bail out!" is a pass only when it is not 0 (the crash= rows);
#                none: no EXIT line may come (a row the machine ends: poweroff)
#   verdict      "" when the whole run passed as required, else why not: then
#                a testcase "run: verdict" fails with it and holds logfile
#   logfile      the log, copied into that failure's system-out
#   always       1: the "run: verdict" testcase also when it passed (the
#                matrix: one testcase per row that says whether it passed)
#   only_verdict 1: no testcase but that one (a run with no TAP report to
#                read: U-Boot refusing an image, a run that must be silent)
# Testcases: one per "ok" / "not ok" line (classname = suite, name = the
# test's "group: name"; its "# FAIL" lines are the failure's text, "# SKIP
# reason" a skipped), "run: bail out" for a "Bail out!" (its "!!" lines),
# "run: exit_status" for the EXIT: STATUS=n line (or its absence), and
# "run: verdict" (verdict given). JUnit's schema: the Ant/Jenkins
# "testsuite" element (testcase, failure, error, skipped, system-out).

function esc(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	gsub(/[\001-\010\013\014\016-\037\177]/, "?", s) # not allowed in XML 1.0
	return s
}
function tc(name, body) {
	n++; tcs[n] = "  <testcase classname=\"" esc(suite) "\" name=\"" esc(name) "\"" \
		(body == "" ? "/>" : ">\n" body "  </testcase>")
}
BEGIN {
	nexp = split(expected, e, "|")
	for (i = 1; i <= nexp; i++) { k = e[i]; gsub(/_/, " ", k); want_fail[k] = 1 }
	if (want_status == "") want_status = 0
}
{ sub(/\r+$/, "") }
/^TAP version 13$/ { tap = 1 }
/^# FAIL / { fails = fails $0 "\n"; next }
/^(not )?ok [0-9]+ - / {
	t = $0; skip = ""
	sub(/^(not )?ok [0-9]+ - /, "", t)
	if (match(t, / # SKIP/)) { skip = substr(t, RSTART + 7); sub(/^ /, "", skip); t = substr(t, 1, RSTART - 1) }
	if ($1 == "not") {
		k = t; gsub(/_/, " ", k) # a name given with "_" for a space (LAVA's) matches too
		if (k in want_fail)
			tc(t, "    <system-out>" esc("failed, as required (" fails ")") "</system-out>\n")
		else {
			nfail++
			tc(t, "    <failure message=\"" esc(fails == "" ? "not ok" : substr(fails, 1, index(fails, "\n") - 1)) \
				"\">" esc(fails) "</failure>\n")
		}
	} else if (skip != "") { nskip++; tc(t, "    <skipped message=\"" esc(skip) "\"/>\n") }
	else tc(t, "")
	fails = ""
	next
}
/^Bail out! / { bail = $0; next }
/^!! / { bang = bang $0 "\n"; next }
/^EXIT: STATUS=[0-9]+$/ { status = substr($0, 14) }
END {
	if (only_verdict) { n = 0; nfail = nerr = nskip = 0 }
	else if (bail != "") {
		if (want_status != 0) tc("run: bail out", "")
		else { nerr++; tc("run: bail out", "    <error message=\"" esc(bail) "\">" esc(bang) "</error>\n") }
	}
	if (only_verdict) ;
	else if (want_status == "none") # ended by the machine (a watchdog's power-off row)
		tc("run: exit_status", status == "" ? "" : "    <failure message=\"EXIT: STATUS=" status \
			", expected none: the machine ends the run\"/>\n")
	else if (status == "") {
		nerr++
		tc("run: exit_status", "    <error message=\"no EXIT: STATUS line: the run did not finish\"/>\n")
	} else if (status != want_status) {
		nfail++
		tc("run: exit_status", "    <failure message=\"EXIT: STATUS=" status ", expected " want_status "\"/>\n")
	} else tc("run: exit_status", "")
	if (verdict != "") {
		body = "    <failure message=\"" esc(verdict) "\"/>\n"
		if (logfile != "") {
			out = ""
			while ((getline l < logfile) > 0) { sub(/\r+$/, "", l); out = out l "\n" }
			close(logfile)
			body = body "    <system-out>" esc(out) "</system-out>\n"
		}
		nfail++
		tc("run: verdict", body)
	} else if (always) tc("run: verdict", "")
	printf "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%s\">\n", \
		esc(suite), n, nfail, nerr, nskip, secs == "" ? 0 : secs
	for (i = 1; i <= n; i++) print tcs[i]
	print "</testsuite>"
}
