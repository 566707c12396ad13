#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-subjects.sh BASE [--plant SUBJECT]... — every commit after BASE
# (git log BASE..HEAD, merges included) has a subject of at most 72
# characters: what git log --oneline, git shortlog and a mail's subject
# show whole (the limit the git-commit manual's DISCUSSION section and
# Linux's Documentation/process/submitting-patches.rst ask for; older
# commits predate the rule, hence BASE). Exit 0 if so, else 1 naming each
# commit and its length. Passes, saying so, when BASE is not in this
# clone's history (a shallow clone, a fresh one of another branch) or
# this is no git clone: there is nothing it can check.
# --plant SUBJECT: SUBJECT is checked too, as a commit "planted" (make
# check-subjects proves with it that a subject of 73 fails, 72 passes).
# Needs bash, git.
set -euo pipefail
export LC_ALL=C.UTF-8 # ${#s} counts characters, not bytes
MAX=72
if [ $# -lt 1 ] || [[ $1 == --* ]]; then
	echo "usage: $0 BASE [--plant SUBJECT]..." >&2
	exit 2
fi
base=$1
shift
planted=()
while [ $# -gt 0 ]; do
	case $1 in
	--plant) planted+=("planted $2"); shift 2 ;;
	*) echo "usage: $0 BASE [--plant SUBJECT]..." >&2; exit 2 ;;
	esac
done
cd "$(dirname "$0")/.."

lines=()
checked=0
if ! git rev-parse --git-dir >/dev/null 2>&1; then
	echo "check-subjects: not a git clone: no commits to check"
elif ! git cat-file -e "$base^{commit}" 2>/dev/null; then
	echo "check-subjects: $base is not in this clone's history (shallow or fresh clone): no commits to check"
else
	mapfile -t lines < <(git log --format='%h %s' "$base..HEAD")
	checked=1
fi
n=${#lines[@]}
lines+=("${planted[@]+"${planted[@]}"}")
bad=0
for l in "${lines[@]+"${lines[@]}"}"; do
	s=${l#* }
	if [ ${#s} -gt $MAX ]; then
		[ $bad -gt 0 ] || echo "check-subjects: subjects longer than $MAX characters (git commit --amend, git rebase -i: reword):"
		echo "  ${l%% *} (${#s}): $s"
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ] || exit 1
[ $checked -eq 1 ] || [ ${#planted[@]} -gt 0 ] || exit 0
echo "check-subjects: $n commits after ${base:0:12}$([ ${#planted[@]} -eq 0 ] || echo " and ${#planted[@]} planted"), each subject at most $MAX characters"
