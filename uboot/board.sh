#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Reads uboot/boards.txt, the table of boards a card can be made for.
#
# usage: board.sh list                 one line per board: name, arch, U-Boot
#        board.sh names                the names alone
#        board.sh get NAME FIELD       one field (arch package uboot tree ram
#                                      load methods poweroff part figures)
#        board.sh bytes SIZE           8K, 69K, 1M, 0x42000000, ... as bytes
#        board.sh firmware NAME        for a board whose U-Boot is a file on
#                                      the card (no raw piece: the Pi, whose
#                                      firmware starts it), that file; else
#                                      nothing (the boot ROM reads the card)
# Sourced (". uboot/board.sh"), it defines board_get NAME FIELD and
# size_bytes SIZE for the scripts that use the table, and env_words_check
# WORD... for those that write bringup.env.
# An unknown board or field is an error naming it, with the known names.
set -euo pipefail
BOARD_SH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BOARDS_TXT=${BOARDS_TXT:-$BOARD_SH_DIR/boards.txt}
BOARD_FIELDS=(arch package uboot tree ram load methods poweroff part figures)

board_names() { awk '!/^#/ && NF {print $1}' "$BOARDS_TXT"; }

board_get() { # board_get NAME FIELD
	local i col=""
	for i in "${!BOARD_FIELDS[@]}"; do
		[ "${BOARD_FIELDS[i]}" = "$2" ] && col=$((i + 2))
	done
	[ -n "$col" ] || { echo "board: no field $2 (fields: ${BOARD_FIELDS[*]})" >&2; return 2; }
	local v
	v=$(awk -v b="$1" -v c="$col" '!/^#/ && $1 == b {print $c; n++} END {exit n != 1}' "$BOARDS_TXT") || {
		echo "board: no board $1 in ${BOARDS_TXT##*/} (boards: $(board_names | tr '\n' ' '))" >&2
		return 2
	}
	[ -n "$v" ] || { echo "board: $1 has no $2 column" >&2; return 2; }
	printf '%s\n' "$v"
}

size_bytes() { # 8K 1M 1G 512 0x4000: bytes, or an error
	case $1 in
	0x[0-9a-fA-F]*) echo $(($1)) ;;
	*[0-9]K) echo $((${1%K} * 1024)) ;;
	*[0-9]M) echo $((${1%M} * 1024 * 1024)) ;;
	*[0-9]G) echo $((${1%G} * 1024 * 1024 * 1024)) ;;
	*[!0-9]* | '') echo "board: not a size: $1" >&2; return 2 ;;
	*) echo "$1" ;;
	esac
}

# env_words_check NAME=VALUE...: refuses (status 2, the reason on stderr) a
# bringup.env line named after a word of bringup's own command line
# (front/options_table.c): as a U-Boot variable it would do nothing, as
# bringup reads only bootargs (uboot/boot.cmd).
env_words_check() {
	local w keys
	keys=" $(sed -n 's/^[[:space:]]*OPTION_[A-Z]*("\([^"]*\)".*/\1/p' \
		"$BOARD_SH_DIR/../front/options_table.c" | tr '\n' ' ')"
	for w; do
		case $keys in *" ${w%%=*} "*)
			echo "bringup.env: $w is a word of bringup's command line, not a U-Boot setting:" \
				"SDCARD_BOOTARGS=\"$w\" puts it on bringup.env's bootargs= line" >&2
			return 2 ;;
		esac
	done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	case ${1:-} in
	list)
		printf '%-18s %-8s %s\n' board arch "U-Boot (Debian package)"
		for b in $(board_names); do
			printf '%-18s %-8s %s (%s)\n' "$b" "$(board_get "$b" arch)" \
				"$(board_get "$b" uboot | cut -d, -f1 | cut -d/ -f1)" "$(board_get "$b" package)"
		done ;;
	names) board_names ;;
	get) board_get "${2:?board.sh get NAME FIELD}" "${3:?board.sh get NAME FIELD}" ;;
	bytes) size_bytes "${2:?board.sh bytes SIZE}" ;;
	firmware)
		u=$(board_get "${2:?board.sh firmware NAME}" uboot)
		case ,$u in *@*) ;; *) u=${u%%,*} && echo "/usr/lib/u-boot/$u" ;; esac ;;
	*) sed -n '2,/^# Sourced/{/^# Sourced/d;/SPDX-License-Identifier:/d;s/^# \{0,1\}//p}' "$0" >&2; exit 2 ;;
	esac
fi
