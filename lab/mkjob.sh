#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Writes one LAVA job definition for bringup (docs/lab.md).
#
# usage: lab/mkjob.sh FLOW ARCH OUT.yaml [OPTION...]
#   FLOW    qemu   device_type qemu: deploy to tmpfs, boot method qemu, the
#                  image as "-kernel {kernel}" and the OPTIONs on the
#                  semihosting command line (as qemu-tests/boot.sh passes them)
#           uboot  a board with U-Boot: deploy to tftp with the image as
#                  kernel type image (booti; ARMv7: zimage, bootz), boot
#                  method u-boot with our own commands (DHCP, TFTP, the
#                  OPTIONs as bootargs, boot)
#   ARCH    aarch64 | armv7
#   OPTION  bringup's command-line words (boot/cmdline.h), e.g. memtest_fault=alias:13
# env:
#   LAVA_URL      where the lab's worker downloads the image from: the image is
#                 $LAVA_URL/ARCH/bringup.bin (default file://<repo>/build, for
#                 lava-run on this machine)
#   LAVA_DEVICE_TYPE  the uboot job's device_type (default bringup-qemu-uboot,
#                 lab/devices/uboot-qemu-ARCH.yaml); a lab's own board type
#                 otherwise (docs/lab.md)
#   LAVA_UBOOT_PREP  U-Boot commands sent before the DHCP, one a line (a
#                 board whose network U-Boot reaches over USB: "usb start",
#                 as LAVA's Raspberry Pi device types do; default none)
#   LAVA_JOB_NAME the job's name (default "bringup ARCH FLOW OPTIONs")
#   LAVA_MUTANT   for lab/check.sh only: a job known to be wrong, to prove the
#                 check catches it: crlf (a result pattern ending "\r?\n",
#                 which never matches QEMU's "\r\r\n" lines), tap-start (a
#                 monitor that starts on "TAP version 13" alone), noskip (the
#                 result taken from "ok" alone: a SKIP becomes a pass) or
#                 exit-pass (the EXIT line as a measurement alone: LAVA
#                 then passes every status)
#
# The test is a LAVA "monitors" test that reads the TAP on the console:
# every "ok" / "not ok" / "# SKIP" line is one test case of the suite
# "bringup" (its name after the " - "; result pass / fail / skip), and the
# last line, "EXIT: STATUS=n", is the case "exit_status" of the suite
# "bringup-exit": pass only for 0, n as its measurement (arch/exit.h).
set -euo pipefail
usage="usage: lab/mkjob.sh qemu|uboot aarch64|armv7 OUT.yaml [OPTION...]"
flow=${1:?$usage} arch=${2:?$usage} out=${3:?$usage}
shift 3
top=$(cd "$(dirname "$0")/.." && pwd)
url=${LAVA_URL:-file://$top/build}/$arch/bringup.bin
mutant=${LAVA_MUTANT:-}

case $arch in
aarch64) lava_arch=arm64 ktype=image bootx=booti ;;
armv7) lava_arch=arm ktype=zimage bootx=bootz ;;
*) echo "mkjob: unknown arch '$arch' (aarch64 or armv7)" >&2; exit 2 ;;
esac
case $flow in
qemu | uboot) ;;
*) echo "mkjob: unknown flow '$flow' (qemu or uboot)" >&2; exit 2 ;;
esac
for o in "$@"; do
	case $o in
	'' | *[\'\"\ ,]*) echo "mkjob: option '$o' is empty or has a quote, a space or a comma (they would split it)" >&2; exit 2 ;;
	esac
done

# YAML single-quoted scalars take a backslash as it is; a quote is doubled.
q() { printf "'%s'" "${1//\'/\'\'}"; }

# The monitors. The console reaches LAVA through a pty: bringup writes
# "\r\n" and the pty's ONLCR makes it "\r\r\n", so a line ends in "\r*\n".
# pexpect takes the earliest match in the stream, and a zero-width
# lookahead consumes nothing: "start" and "end" find the EXIT line and leave
# it for the next monitor. The start accepts the EXIT line too, so a run
# that ends before its TAP header (a crash, no console) still reaches the
# exit_status case instead of a wait that ends the job as Incomplete. The
# result group is "SKIP" when the line has a "# SKIP" directive, else the
# "ok" / "not ok" that opens it (TAP 13: a directive after "#"). A result
# line starts a line: at the start of what is left unread (every match
# consumes its line end) or after a newline.
eol='\r*\n'
start='(?=TAP version 13|EXIT: STATUS=)'
tap='(?:^|(?<=\n))(?=(?:(?:not ok|ok) \d+ - [^#\r\n]*# )?(?P<result>SKIP|not ok|ok))'
# The status: "0", else its first digit, for the fixupdict.
exitpat='(?P<test_case_id>EXIT: STATUS)=(?P<measurement>(?P<result>0|[1-9])\d*)'
case $mutant in
crlf) eol='\r?\n' ;;
tap-start) start='TAP version 13' ;;
noskip) tap='(?:^|(?<=\n))(?=(?P<result>not ok|ok))' ;;
exit-pass) exitpat='(?P<test_case_id>EXIT: STATUS)=(?P<measurement>\d+)' ;;
'') ;;
*) echo "mkjob: unknown LAVA_MUTANT '$mutant' (crlf, tap-start, noskip or exit-pass)" >&2; exit 2 ;;
esac
# The memory figures' headline lines, "# figure: NAME VALUE UNITS"
# (selftests/figures_test.c), are cases of the suite too: result "# figure:"
# (fixupdict: pass), VALUE their measurement.
tap=${tap/|ok))/|ok|# figure:))}
unit='(?:MB/s|ns)'
tap+="(?:(?:not ok|ok) \\d+ - |# figure: )(?P<test_case_id>(?:(?! \\d+(?:\\.\\d+)? $unit[\\r\\n])[^#\\r\\n])*[^#\\s])"
tap+="(?: (?P<measurement>\\d+(?:\\.\\d+)?) (?P<units>$unit))?[^\\r\\n]*$eol"

monitors() {
	cat <<EOF
- test:
    timeout: {seconds: 60}
    monitors:
    - name: bringup
      start: $(q "$start")
      end: $(q '(?=EXIT: STATUS=)')
      pattern: $(q "$tap")
      fixupdict: {'ok': pass, 'not ok': fail, 'SKIP': skip, '# figure:': pass}
    - name: bringup-exit
      start: $(q '(?=EXIT: STATUS=)')
      end: $(q '(?<=\n)')
      pattern: $(q "$exitpat")
      fixupdict: {'0': pass, '1': fail, '2': fail, '3': fail, '4': fail, '5': fail, '6': fail, '7': fail, '8': fail, '9': fail}
EOF
}

name=${LAVA_JOB_NAME:-bringup $arch $flow${*:+ $*}}
header() { # header DEVICE_TYPE
	cat <<EOF
# Written by lab/mkjob.sh (make lava). Submit: lavacli jobs submit FILE (docs/lab.md).
job_name: $(q "$name")
device_type: $1
visibility: public
priority: medium
context:
  arch: $lava_arch
timeouts:
  job: {minutes: 3}
  action: {minutes: 1}
actions:
EOF
}

mkdir -p "$(dirname "$out")"
{
	if [ "$flow" = qemu ]; then
		semi="enable=on,target=native,arg=bringup"
		for o in "$@"; do semi+=",arg=$o"; done
		header qemu
		cat <<EOF
- deploy:
    to: tmpfs
    images:
      kernel:
        url: $(q "$url")
        image_arg: $(q "-kernel {kernel} -semihosting-config $semi")
- boot:
    method: qemu
    media: tmpfs
    timeout: {seconds: 30}
EOF
	else
		header "${LAVA_DEVICE_TYPE:-bringup-qemu-uboot}"
		# {SERVER_IP}: the dispatcher's dispatcher_ip; {KERNEL}: the image's
		# path in the TFTP folder; {KERNEL_ADDR}: the device's booti/bootz
		# kernel address (lava_dispatcher/actions/boot/__init__.py). The tree
		# is the one U-Boot runs with, ${fdtcontroladdr} (the board's, or the
		# firmware's on the Pi), as uboot/boot.cmd passes it: LAVA's {BOOTX}
		# would pass the device type's dtb address, where a job that deploys
		# no tree has put none (0x100 on LAVA's Raspberry Pi types).
		prep=
		while IFS= read -r c; do
			[ -z "$c" ] || prep+="    - $(q "$c")"$'\n'
		done <<<"${LAVA_UBOOT_PREP:-}"
		cat <<EOF
- deploy:
    to: tftp
    kernel:
      url: $(q "$url")
      type: $ktype
- boot:
    method: u-boot
    timeout: {seconds: 60}
    commands:
$prep    - setenv autoload no
    - dhcp
    - setenv serverip {SERVER_IP}
    - tftp {KERNEL_ADDR} {KERNEL}
    - $(q "setenv bootargs${*:+ '$*'}")
    - $(q "$bootx {KERNEL_ADDR} - \${fdtcontroladdr}")
EOF
	fi
	monitors
} >"$out"
