#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# make-help.sh "HOST_TESTS" MAKEFILE... — make help's text, from the
# makefiles themselves: every line "## make TARGET [ARGS]: text" is a target
# (or a way of calling one), every line "## VAR=VALUE: text" a variable
# (several may share a line, "; " between), a line "##   text" continues the
# one before it; each sits beside the definition it describes, so a target
# or variable documented nowhere else cannot drift from a list kept apart.
# Then the host test targets, in make test's order (the Makefile's
# HOST_TESTS). make check-help checks that README.md and docs/ use no make
# target or variable this text lacks.
set -euo pipefail
tests=$1
shift
awk '
	/^## make( |:)/ { l = substr($0, 4); t[++nt] = l; last = "t"; next }
	/^## [A-Z][A-Z0-9_]*=/ { l = substr($0, 4); v[++nv] = l; last = "v"; next }
	/^##   / { l = substr($0, 4); if (last == "t") t[++nt] = l; else if (last == "v") v[++nv] = l; next }
	function show(l,   i) {
		i = index(l, ": ")
		if (substr(l, 1, 2) == "  " || !i) printf "  %-30s%s\n", "", l
		else if (i > 29) printf "  %s\n  %-30s%s\n", substr(l, 1, i - 1), "", substr(l, i + 2)
		else printf "  %-30s%s\n", substr(l, 1, i - 1), substr(l, i + 2)
	}
	END {
		print "bringup: make TARGET [VARIABLE=VALUE ...] (README.md, docs/)"
		print "Targets:"
		for (i = 1; i <= nt; i++) show(t[i])
		print "Variables (on make'"'"'s command line; make passes them to the scripts it runs):"
		for (i = 1; i <= nv; i++) show(v[i])
	}' "$@"
echo "Host tests, in make test's order (make NAME runs one; make print-host-tests lists them):"
fold -s -w 96 <<<"$tests" | sed 's/^/  /'
