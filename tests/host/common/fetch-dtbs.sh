#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# fetch-dtbs.sh DEST — populate DEST/{armhf,arm64}/ with the device trees that
# Debian's newest armmp (armhf) and arm64 kernel packages ship.
#
# Why: the host corpus test parses every real board tree Debian carries; that is
# the only way to meet the odd trees (bootloader-filled memory, deep bus nesting,
# multi-cell ranges) that hand-written .dts files never think of.
#
# Idempotent: if DEST/armhf and DEST/arm64 already hold .dtb files it does nothing
# (no network).  Otherwise it needs root and a Debian mirror: it adds the foreign
# architectures and runs apt-get update only when apt does not know the packages.
# Exit status non-zero on any failure, leaving DEST untouched for that arch.
set -eu

DEST=${1:?usage: fetch-dtbs.sh DEST}
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)    # absolute: the copy loop below changes directory

have_dtbs() { [ -n "$(find "$1" -name '*.dtb' 2>/dev/null | head -n 1)" ]; }

if have_dtbs "$DEST/armhf" && have_dtbs "$DEST/arm64"; then
    echo "fetch-dtbs: $DEST already populated"
    exit 0
fi

# arch:flavour pairs; the flavour names Debian's kernel metapackage.
PAIRS="armhf:armmp arm64:arm64"

known() { apt-cache show "linux-image-$2:$1" >/dev/null 2>&1; }

need_update=no
for p in $PAIRS; do
    a=${p%%:*}; fl=${p#*:}
    if ! dpkg --print-foreign-architectures | grep -qx "$a" &&
       [ "$(dpkg --print-architecture)" != "$a" ]; then
        dpkg --add-architecture "$a"
        need_update=yes
    fi
    known "$a" "$fl" || need_update=yes
done
if [ "$need_update" = yes ]; then
    # A mirror mid-sync (e.g. the security suite) makes update exit non-zero
    # although the main suite's lists arrived; what matters is below.
    apt-get update -qq || echo "fetch-dtbs: apt-get update reported errors, going on" >&2
fi
for p in $PAIRS; do
    known "${p%%:*}" "${p#*:}" ||
        { echo "fetch-dtbs: apt does not know linux-image-${p#*:}:${p%%:*}" >&2; exit 1; }
done

TMP=$(mktemp -d)
chmod 755 "$TMP"    # apt's unprivileged _apt user must reach the download dir
trap 'rm -rf "$TMP"' EXIT INT TERM

for p in $PAIRS; do
    a=${p%%:*}; fl=${p#*:}
    if have_dtbs "$DEST/$a"; then continue; fi
    # The metapackage depends on the concrete ABI package (e.g.
    # linux-image-6.1.0-28-armmp); that is the newest one apt knows.
    pkg=$(apt-cache depends "linux-image-$fl:$a" |
          sed -n "s/^ *Depends: \(linux-image-[0-9][^:]*-$fl\(-unsigned\)\{0,1\}\).*/\1/p" |
          head -n 1)
    [ -n "$pkg" ] || { echo "fetch-dtbs: no concrete package for linux-image-$fl:$a" >&2; exit 1; }
    # The signed arm64 package normally carries the dtbs too; if it does
    # not, the -unsigned twin does.
    found=no
    for cand in "$pkg" "${pkg%-unsigned}-unsigned"; do
        d="$TMP/$a-$cand"
        mkdir -p "$d" && chmod 777 "$d"
        # Lists older than the mirror name versions it no longer has:
        # one refresh, one retry.
        if ! (cd "$d" && apt-get download -qq "$cand:$a"); then
            apt-get update -qq || true
            (cd "$d" && apt-get download -qq "$cand:$a") || continue
        fi
        dpkg -x "$d"/*.deb "$d/root"
        src=$(find "$d/root/usr/lib" -maxdepth 1 -type d -name 'linux-image-*' | head -n 1)
        if [ -n "$src" ] && have_dtbs "$src"; then
            mkdir -p "$DEST/$a.tmp"
            (cd "$src" && find . -name '*.dtb' | while read -r f; do
                mkdir -p "$DEST/$a.tmp/$(dirname "$f")"
                cp "$f" "$DEST/$a.tmp/$f"
            done)
            rm -rf "$DEST/$a"
            mv "$DEST/$a.tmp" "$DEST/$a"
            echo "fetch-dtbs: $a: $(find "$DEST/$a" -name '*.dtb' | wc -l) trees from $cand"
            found=yes
            break
        fi
    done
    [ "$found" = yes ] || { echo "fetch-dtbs: $pkg ($a) carries no dtbs" >&2; exit 1; }
done
