#!/bin/sh
# run-corpus.sh DTBDIR PROGRAM ORACLE-OUT — drive fdt_corpus over every *.dtb.
#
# For each tree, dts-console.awk (an independent reading of `dtc -O dts`)
# states which console the tree implies; fdt_corpus must agree on every
# one.  The fixed expectations are the boards whose consoles we know by
# heart; the Raspberry Pi 3's is taken from the oracle, and must exist.
set -eu

DTBS=$1 PROG=$2 ORACLE=$3
HERE=$(dirname "$0")

find "$DTBS" -name '*.dtb' | LC_ALL=C sort | while read -r f; do
    printf '%s ' "$f"
    dtc -q -I dtb -O dts "$f" | awk -f "$HERE/dts-console.awk"
done > "$ORACLE"

# The oracle must agree with what we know independently, or it is no oracle.
check() { # FILE-PATTERN "KIND ADDR"
    got=$(grep "/$1 " "$ORACLE" | awk '{print $2, $3}' | sort -u)
    [ "$got" = "$2" ] || { echo "FAIL oracle says '$got' for $1, want '$2'"; exit 1; }
}
check vexpress-v2p-ca9.dtb "PL011 0x10009000"
check vexpress-v2p-ca15-tc1.dtb "PL011 0x1c090000"
check sun8i-h3-orangepi-pc.dtb "NS16550 0x1c28000"
rpi=$(grep '/bcm2837-rpi-3-b.dtb ' "$ORACLE" | awk '{print $2 "@" $3}' | sort -u)
case $rpi in
    PL011@0x*|NS16550@0x*) ;;
    *) echo "FAIL bcm2837-rpi-3-b.dtb: oracle finds no drivable console ('$rpi')"; exit 1 ;;
esac
echo "  oracle: bcm2837-rpi-3-b.dtb console $rpi (stdout-path via dtc -O dts)"

exec "$PROG" \
    --expect vexpress-v2p-ca9.dtb=PL011@0x10009000 \
    --expect vexpress-v2p-ca15-tc1.dtb=PL011@0x1c090000 \
    --expect sun8i-h3-orangepi-pc.dtb=NS16550@0x01c28000/2 \
    --expect "bcm2837-rpi-3-b.dtb=$rpi" \
    < "$ORACLE"
