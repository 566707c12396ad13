# A stand-in for a distribution's own /boot/boot.scr (the uboot-bootfiles
# rows of qemu-tests/matrix/20-uboot.cfg): distro boot finds it in /boot/
# (boot_prefixes "/ /boot/") and runs it with prefix=/boot/. It does what a
# person does at the U-Boot prompt after copying make bootfiles' folder
# beside it (its README.txt): load bringup.scr from the same folder and
# source it. Loaded 1 MiB above scriptaddr, where this script itself sits.
echo "distro boot.scr in ${prefix}: sourcing ${prefix}bringup.scr"
setexpr bringup_scr_addr ${scriptaddr} + 0x100000
load ${devtype} ${devnum}:${distro_bootpart} ${bringup_scr_addr} ${prefix}bringup.scr
source ${bringup_scr_addr}
