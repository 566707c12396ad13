#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fails the build if the image carries a dynamic relocation that entry.S
# does not apply (it applies only *_RELATIVE: the image is self-relocating).
# usage: check-relocs.sh CROSS_PREFIX image.elf
set -euo pipefail
bad=$("${1}readelf" -rW "$2" | awk '/^ *[0-9a-f]+ +[0-9a-f]+ +R_/ && $3 !~ /_(RELATIVE|NONE)$/ {print $3}' | sort | uniq -c)
if [ -n "$bad" ]; then
	echo "check-relocs: $2 has relocations entry.S cannot apply:" >&2
	echo "$bad" >&2
	exit 1
fi
