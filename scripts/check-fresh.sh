#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-fresh.sh (`make check-fresh`): proves that the README's two commands,
# `make run` and `make test`, work on a machine with nothing but Debian 12,
# make and git. The CI machine is not such a machine: on a fresh Debian 12 the
# cross compilers only Recommend their libc headers and clang's sanitizer
# runtimes are in libclang-rt-14-dev, which setup.sh's --no-install-recommends
# installs never pull in unless named.
#
# How: debootstrap --variant=minbase bookworm + make + git into
# $FRESH_DIR/pristine (default /var/tmp/bringup-fresh), once (a stamp marks it
# complete), from the host's own apt sources (only read, never changed). Each
# run copies it to
# $FRESH_DIR/root, clones the commit under test into /root/bringup and runs
# `make run`, then `make test` there as root (logs: $FRESH_DIR/{run,test}.log),
# then removes the work root (FRESH_KEEP=1 keeps it).
# Tested: HEAD; if tracked files are modified, HEAD plus those changes (`git
# stash create`: no ref or file here is touched). Network: the Debian mirror
# only (make test fetches kernel packages for their DTBs through apt).
set -euo pipefail
die() { echo "check-fresh: error: $*" >&2; exit 1; }
say() { echo "check-fresh: $*"; }
[ "$(id -u)" -eq 0 ] || die "must run as root (debootstrap, chroot and bind mounts need it)"
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
# Outside the checkout (FRESH_DIR): the roots hold a whole Debian, whose
# files must never be read as the project's (by greps, linters, CI checks).
fresh=${FRESH_DIR:-/var/tmp/bringup-fresh}
pristine=$fresh/pristine root=$fresh/root
stamp=$pristine/.check-fresh-complete

# The host's apt sources, one "URI SUITE COMPONENTS..." line per deb entry:
# one-line format (sources.list, *.list) and deb822 (*.sources).
host_sources() {
	local one=() d822=(/etc/apt/sources.list.d/*.sources) f
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do [ ! -f "$f" ] || one+=("$f"); done
	[ ${#one[@]} -eq 0 ] || sed -nE 's/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//p' "${one[@]}"
	[ -f "${d822[0]}" ] || return 0
	awk 'function flush(  n, m, i, j, u, s) {
		if (t ~ /(^| )deb( |$)/ && en != "no") {
			n = split(uris, u, " "); m = split(suites, s, " ")
			for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j], comps
		}
		t = uris = suites = comps = en = ""
	}
	FNR == 1 || /^[ \t]*$/ { flush() }
	/^#/ || /^[ \t]/ { next }  # comments; continuation lines (e.g. an inline Signed-By key)
	{ i = index($0, ":"); k = tolower(substr($0, 1, i - 1)); v = substr($0, i + 1); gsub(/^[ \t]+|[ \t]+$/, "", v) }
	k == "types" { t = v } k == "uris" { uris = v } k == "suites" { suites = v }
	k == "components" { comps = v } k == "enabled" { en = tolower(v) }
	END { flush() }' "${d822[@]}"
}
sources=$(host_sources | awk '$2 ~ /^bookworm(-updates|-security)?$/ { $1 = $1; print }' | sort -u)
mirror=$(awk '$2 == "bookworm" { print $1; exit }' <<<"$sources")
[ -n "$mirror" ] || die "no Debian bookworm mirror in the host's apt sources (/etc/apt/sources.list, /etc/apt/sources.list.d/*.list, *.sources)"

# Mounts: every one under $fresh is ours; unmount deepest first, and
# never remove a root while anything is still mounted inside it.
unmount_all() { # first stop what still runs inside (apt runs dpkg in a session of its own)
	local sig p pids
	for sig in TERM TERM KILL; do
		pids=()
		for p in /proc/[0-9]*; do
			[[ $(readlink "$p/root" 2>/dev/null) != "$fresh"/* ]] || pids+=("${p#/proc/}")
		done
		[ ${#pids[@]} -eq 0 ] || { kill -"$sig" "${pids[@]}" 2>/dev/null || true; sleep 2; }
	done
	awk -v p="$fresh/" 'index($2, p) == 1 { print $2 }' /proc/self/mounts | sort -r |
		while read -r m; do umount "$m" 2>/dev/null || umount -l "$m"; done
}
remove_root() {
	unmount_all
	! awk -v p="$1/" 'index($2, p) == 1 { f = 1 } END { exit !f }' /proc/self/mounts ||
		die "$1 still has mounts inside it; not removing it"
	rm -rf --one-file-system "$1"
}
mount_root() { # the host's /dev read-only: no rm -rf through it can unlink host devices
	mount --bind /proc "$1/proc"
	mount --bind /sys "$1/sys"
	mount --bind /dev "$1/dev"
	mount -o remount,bind,ro "$1/dev"
	mount --bind /dev/pts "$1/dev/pts"
	cp /etc/resolv.conf "$1/etc/resolv.conf"
}
in_root() { # in_root ROOT MINUTES LOG COMMAND: as root on a fresh login, no terminal
	timeout -k 30s "${2}m" chroot "$1" /usr/bin/env -i HOME=/root \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "$4" </dev/null >>"$3" 2>&1 &
	child=$!
	wait $child
}
child=""
trap 'unmount_all' EXIT
trap '[ -z "$child" ] || kill -TERM $child 2>/dev/null; wait; say interrupted; exit 130' INT TERM
mkdir -p "$fresh"
unmount_all # a run killed with SIGKILL may have left some

# The commit under test, before anything slow happens. FRESH_REF=<rev> tests
# that commit alone, whatever the working tree holds.
what=${FRESH_REF:-HEAD}
commit=$(git -C "$repo" rev-parse -q --verify "$what^{commit}") || die "$what is not a commit"
stash=""
[ -n "${FRESH_REF:-}" ] || stash=$(git -C "$repo" stash create "check-fresh")
if [ -n "$stash" ]; then
	commit=$stash what="HEAD $(git -C "$repo" rev-parse --short HEAD) + uncommitted changes"
	say "testing HEAD plus the UNCOMMITTED changes to tracked files (git stash create)"
	untracked=$(git -C "$repo" ls-files --others --exclude-standard | tr '\n' ' ')
	[ -z "$untracked" ] || say "left out, untracked: $untracked(git add them to include them)"
else
	say "testing $what = $commit only: uncommitted changes are not part of what is tested"
fi

start=$SECONDS
if [ ! -e "$stamp" ]; then
	: >"$fresh/debootstrap.log"
	if ! command -v debootstrap >/dev/null; then
		say "installing debootstrap on the host"
		inst() { apt-get install -y -q --no-install-recommends debootstrap >>"$fresh/debootstrap.log" 2>&1; }
		inst || { apt-get update -q >/dev/null || true; inst; } || die "could not install debootstrap"
	fi
	remove_root "$pristine"
	say "debootstrap --variant=minbase bookworm from $mirror (log: $fresh/debootstrap.log)"
	debootstrap --variant=minbase bookworm "$pristine" "$mirror" >>"$fresh/debootstrap.log" 2>&1 ||
		{ tail -n 5 "$fresh/debootstrap.log" >&2; die "debootstrap failed (see $fresh/debootstrap.log)"; }
	awk '{ $1 = "deb " $1; print }' <<<"$sources" >"$pristine/etc/apt/sources.list"
	mount_root "$pristine"
	in_root "$pristine" 20 "$fresh/debootstrap.log" \
		'apt-get update -q && apt-get install -y -q --no-install-recommends make git && apt-get clean' ||
		die "installing make and git in the fresh root failed (see $fresh/debootstrap.log)"
	unmount_all
	touch "$stamp"
	say "pristine root ready in $((SECONDS - start)) s"
else
	say "reusing $fresh/pristine (remove it to debootstrap again)"
fi
say "copying it to $fresh/root; cloning $commit into its /root/bringup"
remove_root "$root"
cp -a "$pristine" "$root"
rm -f "$root/.check-fresh-complete"
git clone -q --no-checkout "$repo" "$root/root/bringup"
git -C "$repo" push -q "$root/root/bringup" "$commit:refs/heads/check-fresh"
git -C "$root/root/bringup" checkout -q --detach "$commit"
mount_root "$root"

declare -A status took
for cmd in run:30 test:60; do # the README's two commands: name:timeout in minutes
	name=${cmd%:*} t0=$SECONDS status[$name]=0
	say "make $name (timeout ${cmd#*:} min; log: $fresh/$name.log)"
	: >"$fresh/$name.log"
	in_root "$root" "${cmd#*:}" "$fresh/$name.log" "cd /root/bringup && make $name" || status[$name]=$?
	took[$name]=$((SECONDS - t0))
done
# The work root (~3 GB: the packages make installed) goes once the logs are
# written; FRESH_KEEP=1 keeps it to look inside. The pristine root stays.
if [ -n "${FRESH_KEEP:-}" ]; then unmount_all; else remove_root "$root"; fi

echo
echo "commit:    $commit ($what)"
result() { echo "make $1: exit ${status[$1]}$([ "${status[$1]}" -eq 124 ] && echo ' (timed out)'), ${took[$1]} s"; }
result run
tail -n 5 "$fresh/run.log" | sed 's/^/    /'
result test
grep -E '^(failed: |[0-9]+ passed, [0-9]+ failed$)' "$fresh/test.log" | sed 's/^/    /' ||
	tail -n 5 "$fresh/test.log" | sed 's/^/    /'
echo "total:     $((SECONDS - start)) s"
[ "${status[run]}" -eq 0 ] && [ "${status[test]}" -eq 0 ]
