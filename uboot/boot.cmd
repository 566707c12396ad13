# bringup: U-Boot boot script. uboot/mkimages.sh turns it into boot.scr
# (mkimage -T script) with @ARCH@, @METHOD@ and @SCRIPT@ filled in; make
# bootfiles names it bringup.scr (uboot/bootfiles.sh), so that it never
# replaces a distribution's own boot.scr.
#
# Distro boot in U-Boot runs boot.scr from the first bootable partition that
# has one in / or /boot/ (boot_prefixes), with devtype, devnum,
# distro_bootpart and prefix (the folder, "/" or "/boot/") set: its
# boot_a_script loads ${prefix}${script} (include/config_distro_bootcmd.h).
# This script loads bringup's files from that same folder, ${prefix}, and
# boots bringup like a Linux kernel (DTB pointer in x0/r2).
#
# Settings: defaults below, overridden by ${prefix}bringup.env on the same partition
# (plain "name=value" lines, read with "env import -t"; edit it on any PC),
# or by setting them at the U-Boot prompt before "run bootcmd":
#   bringup_method  booti (arm64 Image) | bootz (zImage) |
#                   bootm-uimage (legacy uImage) | bootm-fit (FIT, hashes checked)
#   bringup_fdt     control  the tree U-Boot itself runs with (default: on QEMU
#                            and the Raspberry Pi: the tree from the firmware)
#                   file     ${prefix}${fdtfile} from this partition (what distros boot)
#                   none     no tree (U-Boot then passes ATAGS if built with
#                            them, as for the 32-bit Pi; Debian's qemu_arm and
#                            qemu_arm64 refuse: "FDT and ATAGS support not
#                            compiled in", and reset)
#   bringup_stdout  if set, written to /chosen/stdout-path of the tree first
#                   (e.g. "serial0:115200n8" on a board whose tree lacks one)
#   bringup_on_fail poweroff: power off if U-Boot refuses the image (the tests
#                   use it; only QEMU's U-Boot builds have the command);
#                   reset: reset the board (every U-Boot has it; QEMU run
#                   with -no-reboot then exits); anything else: return to
#                   the U-Boot prompt (default)
#   bootargs        the command line of bringup: words key=value, spaces between
#                   (env import -t takes the rest of the line); booti, bootz and
#                   bootm write it to /chosen/bootargs of the tree they pass
# No apostrophe in this file: the hush of U-Boot 2023.01 rejects one inside
# double quotes ("syntax error") and then runs none of the script.
# The FIT configuration is named (#conf-1): with CONFIG_FIT_BEST_MATCH, as in
# Debian's builds, bootm otherwise looks for a configuration whose tree matches
# the board, finds none (this FIT carries no tree) and refuses.
# Addresses: the image goes to ${kernel_addr_r}; the FIT is loaded 32 MiB
# above it (bootm copies the kernel out of it to its load address) and a
# tree to be edited is copied 48 MiB above it.

# Older or vendor U-Boots run boot.scr from their own bootcmd, without distro
# boot variables: assume the first partition of mmc ${mmcdev} (or 0), the
# files in its root, and an image address 16 MiB above ${loadaddr}, where such
# a bootcmd loaded us. Run by hand from the prompt, set devtype, devnum,
# distro_bootpart and prefix first when they differ (docs/boards.md).
if test -z "${devtype}"; then
	setenv devtype mmc
	setenv devnum 0
	test -n "${mmcdev}" && setenv devnum ${mmcdev}
fi
test -n "${distro_bootpart}" || setenv distro_bootpart 1
test -n "${prefix}" || setenv prefix /
test -n "${kernel_addr_r}" || setexpr kernel_addr_r ${loadaddr} + 0x1000000
test -n "${fdtfile}" || setenv fdtfile ${fdt_file}
echo "bringup: @SCRIPT@ (@ARCH@) on ${devtype} ${devnum}:${distro_bootpart}, files in ${prefix}"
test -n "${bringup_method}" || setenv bringup_method @METHOD@
test -n "${bringup_fdt}" || setenv bringup_fdt control
setexpr bringup_fit_addr ${kernel_addr_r} + 0x2000000
setexpr bringup_fdt_work ${kernel_addr_r} + 0x3000000
# Read into the tree work area: free until a tree is copied there.
if test -e ${devtype} ${devnum}:${distro_bootpart} ${prefix}bringup.env; then
	load ${devtype} ${devnum}:${distro_bootpart} ${bringup_fdt_work} ${prefix}bringup.env
	env import -t ${bringup_fdt_work} ${filesize}
fi
echo "bringup: method ${bringup_method}, device tree ${bringup_fdt}"

# The device tree: bringup_fdt_addr stays empty for "none".
setenv bringup_fdt_addr
if test "${bringup_fdt}" = control -a -z "${fdtcontroladdr}"; then
	echo "bringup: this U-Boot has no control tree: trying ${prefix}${fdtfile}"
	setenv bringup_fdt file
fi
if test "${bringup_fdt}" = control; then
	setenv bringup_fdt_addr ${fdtcontroladdr}
elif test "${bringup_fdt}" = file; then
	if load ${devtype} ${devnum}:${distro_bootpart} ${bringup_fdt_work} ${prefix}${fdtfile}; then
		setenv bringup_fdt_addr ${bringup_fdt_work}
	elif test -n "${fdtcontroladdr}"; then
		echo "bringup: cannot load the device tree ${prefix}${fdtfile}: using the control tree"
		setenv bringup_fdt_addr ${fdtcontroladdr}
	else
		echo "bringup: cannot load the device tree ${prefix}${fdtfile}: booting without one"
	fi
fi
# Edit a copy, never the live control tree of U-Boot: resizing it in place would
# overwrite whatever follows it.
if test -n "${bringup_stdout}" -a -n "${bringup_fdt_addr}"; then
	fdt addr ${bringup_fdt_addr}
	if test "${bringup_fdt_addr}" != "${bringup_fdt_work}"; then
		fdt header get bringup_fdt_size totalsize
		fdt move ${bringup_fdt_addr} ${bringup_fdt_work} ${bringup_fdt_size}
		setenv bringup_fdt_addr ${bringup_fdt_work}
	fi
	fdt resize 1024
	fdt set /chosen stdout-path "${bringup_stdout}"
	echo "bringup: /chosen/stdout-path set to ${bringup_stdout}"
fi

# Boot. Each command only returns if U-Boot refused the image.
if test "${bringup_method}" = booti; then
	load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} ${prefix}Image
	if test -n "${bringup_fdt_addr}"; then
		booti ${kernel_addr_r} - ${bringup_fdt_addr}
	else
		booti ${kernel_addr_r}
	fi
elif test "${bringup_method}" = bootz; then
	load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} ${prefix}zImage
	if test -n "${bringup_fdt_addr}"; then
		bootz ${kernel_addr_r} - ${bringup_fdt_addr}
	else
		bootz ${kernel_addr_r}
	fi
elif test "${bringup_method}" = bootm-uimage; then
	load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} ${prefix}bringup.uimg
	if test -n "${bringup_fdt_addr}"; then
		bootm ${kernel_addr_r} - ${bringup_fdt_addr}
	else
		bootm ${kernel_addr_r}
	fi
elif test "${bringup_method}" = bootm-fit; then
	load ${devtype} ${devnum}:${distro_bootpart} ${bringup_fit_addr} ${prefix}bringup.itb
	if test -n "${bringup_fdt_addr}"; then
		bootm ${bringup_fit_addr}#conf-1 - ${bringup_fdt_addr}
	else
		bootm ${bringup_fit_addr}#conf-1
	fi
else
	echo "bringup: unknown bringup_method ${bringup_method}"
fi
echo "bringup: not started: U-Boot refused the image (${bringup_method}; see above)"
if test "${bringup_on_fail}" = poweroff; then
	poweroff
elif test "${bringup_on_fail}" = reset; then
	reset
fi
