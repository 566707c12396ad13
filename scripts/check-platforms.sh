#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# check-platforms.sh ARCH CROSS ELF OBJ... -- the platforms the image ELF
# links (the objects between __start_platforms and __stop_platforms) must be
# exactly those of the objects OBJ... whose section names ARCH: PLATFORM(id,
# arch...) puts platform_<id> in platforms_<arch>[_<arch>] (board/platform.h)
# and linker/<arch>.ld keeps those naming its own architecture, discards the
# rest. The entries must also fill the section, nothing else in it.
# Prints "ARCH: N platforms ...: names" and exits 0, or a FAIL line, exit 1.
#
# check-platforms.sh --named ARCHS CROSS OBJ... -- every platform of OBJ...
# names one of ARCHS at least (a misspelt architecture would be in no image).
set -eu

fail() {
	echo "check-platforms: FAIL: $*"
	exit 1
}

# "symbol section" of every platform_* object defined in the objects.
entries() {
	cross=$1
	shift
	for o in "$@"; do
		"${cross}objdump" -t "$o"
	done | awk '$NF ~ /^platform_/ && $(NF-2) ~ /^platforms_/ { print $NF, $(NF-2) }'
}

# Whether section $2 (platforms_a_b...) names architecture $1.
names() {
	case "_${2#platforms}_" in
	*"_$1_"*) return 0 ;;
	esac
	return 1
}

if [ "$1" = --named ]; then
	archs=$2 cross=$3
	shift 3
	entries "$cross" "$@" | while read -r sym sec; do
		ok=
		for a in $archs; do names "$a" "$sec" && ok=1; done
		[ -n "$ok" ] || fail "$sym is in section $sec, which names none of $archs: in no image"
	done
	exit 0
fi

arch=$1 cross=$2 elf=$3
shift 3
want=$(entries "$cross" "$@" | while read -r sym sec; do
	if names "$arch" "$sec"; then echo "$sym"; fi
done | sort)

# The image's entries: "address size name", by address, and the section's ends.
syms=$("${cross}nm" -S -n "$elf")
start=$(printf '%s\n' "$syms" | awk '$NF == "__start_platforms" { print $1 }')
stop=$(printf '%s\n' "$syms" | awk '$NF == "__stop_platforms" { print $1 }')
[ -n "$start" ] && [ -n "$stop" ] || fail "$elf has no __start_platforms/__stop_platforms"
got= filled=0
for line in $(printf '%s\n' "$syms" | awk 'NF == 4 && $NF ~ /^platform_/ { print $1 ":" $2 ":" $4 }'); do
	addr=$((0x${line%%:*})) rest=${line#*:}
	size=$((0x${rest%%:*})) name=${rest#*:}
	if [ "$addr" -ge $((0x$start)) ] && [ "$addr" -lt $((0x$stop)) ]; then
		got="$got$name
"
		filled=$((filled + size))
	fi
done
got=$(printf '%s' "$got" | sort)

[ "$got" = "$want" ] ||
	fail "$arch: $elf links [$(echo $got)], its objects' sections name $arch for [$(echo $want)]"
[ "$filled" -eq $((0x$stop - 0x$start)) ] ||
	fail "$arch: the platform section is $((0x$stop - 0x$start)) bytes, its entries $filled"
echo "check-platforms: $arch: $(echo "$got" | grep -c .) platforms, as their sections say: $(echo $got)"
