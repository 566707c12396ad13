# SPDX-License-Identifier: BSD-2-Clause
# matrix.awk: reads the QEMU matrix (qemu-tests/matrix/*.cfg, its format in
# qemu-tests/matrix/README) for qemu-tests/run-matrix.sh, refuses what is
# malformed (FILE:LINE: [name]: why, on stderr; exit 1) and picks the rows.
#
# usage: awk -v groups=GROUPS.TXT [-v mode=list|check] [-v f=REGEX] [-v g=GROUP]
#            -f matrix.awk FILE.cfg...
#   mode   "" (the rows: one line each, the name then its fields as key=value
#          in the file's order, the ASCII unit separator \037 between),
#          list (the rows' names) or check (a line of totals, nothing else)
#   f, g   only the rows whose name matches f, and that are in group g: the
#          groups.txt rule of g, or a row listing g (groups = g). Exit 2,
#          saying why, when g is no group or no row is left.

function bad(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; err = 1 }
function bad_row(msg) { printf "%s: [%s]: %s\n", at[r], name[r], msg > "/dev/stderr"; err = 1 }
function done(  k, t) { # the stanza just read: what every row needs
	if (r == 0) return
	for (k in must) if (!((r, k) in all)) bad_row("no " k " (every stanza names arch, machine, cpu and memory)")
	if (((r, "xfail") in all) && !((r, "reason") in all)) bad_row("xfail without a reason (reason = why QEMU fails that test)")
	# Under TF-A (scripts/tfa.sh): its qemu port on virt, its rpi3 port on raspi3b, AArch64 only.
	if ((r, "tfa") in all) {
		t = all[r, "tfa"]
		if (t !~ /^(v2|v3|v2-plain|rpi3)$/) bad_row("tfa = " t ": v2, v3, v2-plain (virt) or rpi3 (raspi3b)")
		else if (all[r, "arch"] != "aarch64") bad_row("tfa: TF-A runs the aarch64 image only")
		else if (t == "rpi3" ? all[r, "machine"] != "raspi3b" : all[r, "machine"] != "virt") bad_row("tfa = " t " boots machine = " (t == "rpi3" ? "raspi3b" : "virt") " (its properties come from tfa)")
		else if (t == "rpi3" && ((r, "uboot") in all || (r, "tfa_el") in all)) bad_row("tfa = rpi3 boots the image itself at EL2: no uboot, no tfa_el")
	}
	if (((r, "tfa_el") in all) && (all[r, "tfa_el"] != "1" || !((r, "tfa") in all))) bad_row("tfa_el = 1 (with tfa: BL33 entered at NS-EL1)")
}
# in_group(r, g): the stanza lists g, or a term of g's rule holds: "key" (the
# row has that field), "key ~ ERE" (its value matches), "key >= N".
function in_group(r, g,   t, n, i, k, op, x, v) {
	if (((r, "groups") in all) && (" " all[r, "groups"] " ") ~ (" " g " ")) return 1
	n = split(rule[g], t, /, */)
	for (i = 1; i <= n; i++) {
		k = t[i]; op = ""
		if (match(k, / *(~|>=) */)) { x = substr(k, RSTART + RLENGTH); op = substr(k, RSTART, RLENGTH); k = substr(k, 1, RSTART - 1); gsub(/ /, "", op) }
		v = k == "name" ? name[r] : ((r, k) in all) ? all[r, k] : ""
		if (op == "" && (r, k) in all) return 1
		if (op == "~" && ((r, k) in all || k == "name") && v ~ x) return 1
		if (op == ">=" && v + 0 >= x + 0) return 1
	}
	return 0
}
BEGIN {
	n = split("arch machine cpu smp memory image load stub dtb dtbsize ram card uboot signed refuse fdtfile " \
		"memnode stdout semihost icount timeout soak status silent groups icsync bootfiles tfa tfa_el bootmax poweroff", t)
	for (i = 1; i <= n; i++) once[t[i]] = 1
	n = split("dtbprop env bootargs args qemu fails xfail reason expect noexpect noinsn insn nofunc", t)
	for (i = 1; i <= n; i++) many[t[i]] = 1
	split("arch machine cpu memory", t)
	for (i in t) must[t[i]] = 1
	while ((getline line < groups) > 0) {
		if (line ~ /^[ \t]*(#|$)/) continue
		k = line; sub(/[ \t].*/, "", k); sub(/^[^ \t]+[ \t]+/, "", line)
		rule[k] = line == "-" ? "" : line; gnames = gnames (gnames == "" ? "" : " ") k
	}
	close(groups)
	US = "\037"
}
FNR == 1 { files++ }
/^[ \t]*(#|$)/ { next }
/^\[/ {
	done()
	if (!match($0, /^\[[A-Za-z0-9._+-]+\][ \t]*$/)) { bad("a stanza opens with [name] (letters, digits, . _ + -): " $0); r = 0; next }
	nm = substr($0, 2, index($0, "]") - 2)
	r = ++rows; name[r] = nm; at[r] = FILENAME ":" FNR
	if (nm in first) bad("[" nm "]: a second stanza of that name (the first at " first[nm] ")")
	else first[nm] = at[r]
	next
}
{
	if (!match($0, /^[a-z][a-z_]*[ \t]*=/)) { bad("neither [name] nor key = value: " $0); next }
	k = $0; sub(/[ \t]*=.*/, "", k)
	v = substr($0, RLENGTH + 1); sub(/^[ \t]+/, "", v); sub(/[ \t]+$/, "", v)
	if (v ~ /^".*"$/ && length(v) >= 2) v = substr(v, 2, length(v) - 2) # "..." keeps its outer spaces
	if (r == 0) { bad(k " = ... outside a stanza (open one with [name])"); next }
	if (v == "") { bad("[" name[r] "]: " k " has no value"); next }
	if (!(k in once) && !(k in many)) { bad("[" name[r] "]: unknown key \"" k "\""); next }
	if ((k in once) && (r, k) in all) { bad("[" name[r] "]: " k " given twice"); next }
	if (k == "xfail") {
		if (!match(v, / *= */) || RSTART == 1 || RSTART + RLENGTH > length(v)) { bad("[" name[r] "]: xfail = " v " names no message (xfail = group: name = text)"); next }
		v = substr(v, 1, RSTART - 1) "=" substr(v, RSTART + RLENGTH)
	}
	if (k == "bootmax" && v !~ /^[1-9][0-9]*$/) { bad("[" name[r] "]: bootmax = " v " is not a count of instructions"); next }
	if (k == "groups") {
		gsub(/[ ,]+/, " ", v); n = split(v, t, / /)
		for (i = 1; i <= n; i++) if (!(t[i] in rule)) bad("[" name[r] "]: no group \"" t[i] "\" (the groups: " gnames ")")
	}
	all[r, k] = (r, k) in all ? all[r, k] "\n" v : v
	nf[r]++; field[r, nf[r]] = k "=" v
}
END {
	done()
	if (err) exit 1
	if (mode == "check") { printf "matrix: %d stanzas in %d files, every one well formed\n", rows, files; exit 0 }
	if (g != "" && !(g in rule)) { print "run-matrix: no group " g "; the groups: " gnames > "/dev/stderr"; exit 2 }
	for (r = 1; r <= rows; r++) {
		if (name[r] !~ f || (g != "" && !in_group(r, g))) continue
		line = name[r]
		if (mode != "list") for (i = 1; i <= nf[r]; i++) line = line US field[r, i]
		print line; picked++
	}
	if (!picked && g != "") { print "run-matrix: group " g " has no row" (f == "." ? "" : " matching " f) > "/dev/stderr"; exit 2 }
	if (!picked) { print "run-matrix: no row matches " f > "/dev/stderr"; exit 2 }
}
