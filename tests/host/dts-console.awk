# dts-console.awk — an independent oracle for the console address.
#
# Reads the text that `dtc -I dtb -O dts` prints for one tree and prints
#   KIND ADDRESS PATH      e.g. "PL011 0x1c090000 /bus@8000000/.../uart@90000"
# for the console the tree names, following the policy of board.h: /chosen's
# stdout-path (":options" stripped, an alias resolved through /aliases), or
# when that names no node the first drivable serialN alias.  The address is
# the first reg entry translated through the ranges of every ancestor below
# the root.  KIND: PL011, NS16550, IMX or CADENCE (drivable), else
# UNSUPPORTED (compatible not in our table), DISABLED, UNMAPPED (no ranges /
# not covered; ADDRESS is then "-"), or "NONE -" when no console is named at
# all.
#
# Why a second implementation: the corpus test compares board/fdt_board.c
# against this on real trees; written separately, in another language, from
# the text form, the two are unlikely to share a mistake.  Works with mawk
# (no strtonum): hex is parsed by hand, 64-bit values kept as two halves.

function hexval(s,    i, c, v) {
	s = tolower(s); sub(/^0x/, "", s); v = 0
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1)) - 1
		if (c < 0) return -1
		v = v * 16 + c
	}
	return v
}
function tohex(v,    s, d) {
	if (v == 0) return "0x0"
	s = ""
	while (v > 0) { d = v % 16; s = substr("0123456789abcdef", d + 1, 1) s; v = (v - d) / 16 }
	return "0x" s
}
# Split a "<0x1 0x2>, <0x3>" value into cells[1..n]; returns n.
function cellsof(v, cells,    n) {
	gsub(/[<>,;]/, " ", v)
	return split(v, cells, " ")
}
# 64-bit values as two doubles, hi and lo (each < 2^32): a double alone
# holds only 53 bits, and MBus-style ranges (Marvell) use all 64.
# num(): the low 64 bits of `count` cells into NH, NL.
function num(cells, from, count) {
	NH = count >= 2 ? hexval(cells[from + count - 2]) : 0
	NL = count >= 1 ? hexval(cells[from + count - 1]) : 0
}
function lt(ah, al, bh, bl) { return ah < bh || (ah == bh && al < bl) }
# (ah,al) - (bh,bl) into DH, DL (caller guarantees a >= b)
function sub64(ah, al, bh, bl) {
	DH = ah - bh; DL = al - bl
	if (DL < 0) { DL += 4294967296; DH-- }
}
function add64(ah, al, bh, bl) {
	DH = ah + bh; DL = al + bl
	if (DL >= 4294967296) { DL -= 4294967296; DH++ }
	if (DH >= 4294967296) DH -= 4294967296
}
function hex8(v,    s) { s = substr(tohex(v), 3); while (length(s) < 8) s = "0" s; return s }
function ncells(path, name, dflt,    c) {
	if (!((path, name) in prop)) return dflt
	cellsof(prop[path, name], c)
	return hexval(c[1])
}
function parent(path) {
	sub(/\/[^\/]*$/, "", path)
	return path == "" ? "/" : path
}
function unquote(v) {
	sub(/^"/, "", v); sub(/".*$/, "", v)
	return v
}

/^[ \t]*\/ \{$/ { path = "/"; node["/"] = 1; next }
/^[ \t]*[^ \t=]+ \{$/ {
	name = $1
	path = (path == "/" ? "" : path) "/" name
	node[path] = 1
	next
}
/^[ \t]*\};$/ { path = parent(path); next }
/^[ \t]*[^ \t=]+ = .*;$/ {
	name = $1; val = $0
	sub(/^[ \t]*[^ \t=]+ = /, "", val); sub(/;$/, "", val)
	gsub(/\\0/, "\", \"", val)   # dtc may print a string list as "a\0b"
	prop[path, name] = val
	next
}
/^[ \t]*[^ \t=]+;$/ { name = $1; sub(/;$/, "", name); prop[path, name] = ""; next }

# The node a stdout-path or alias value names ("" if none).
function resolve(sp,    alias, rest) {
	sub(/:.*$/, "", sp)
	if (sp != "" && substr(sp, 1, 1) != "/") {
		alias = sp; rest = ""
		if (index(sp, "/")) { alias = substr(sp, 1, index(sp, "/") - 1); rest = substr(sp, index(sp, "/")) }
		sp = (("/aliases", alias) in prop) ? unquote(prop["/aliases", alias]) rest : ""
	}
	sub(/\/$/, "", sp)
	return (sp in node) ? sp : ""
}
# PL011, NS16550 (an 8250-style compatible we accept), IMX, CADENCE (Zynq-7000
# and ZynqMP UARTs), DISABLED, UNSUPPORTED.
function kindof(path,    c, st, i) {
	st = (path, "status") in prop ? unquote(prop[path, "status"]) : "okay"
	if (st != "okay" && st != "ok") return "DISABLED"
	c = prop[path, "compatible"]
	if (index(c, "\"arm,pl011\"") || index(c, "\"arm,sbsa-uart\"")) return "PL011"
	for (i = 1; i <= nuart; i++)
		if (index(c, "\"" uart8250[i] "\"")) return "NS16550"
	if (index(c, "\"fsl,imx21-uart\"")) return "IMX"
	if (index(c, "\"xlnx,xuartps\"") || index(c, "\"cdns,uart-r1p8\"") ||
	    index(c, "\"cdns,uart-r1p12\"")) return "CADENCE"
	return "UNSUPPORTED"
}
# First reg address of `path` as a CPU address in AH, AL; 0 if not
# translatable.
function cpuaddr(path,    bus, up, reg, r, ca, cs, pa, n, i, ch, cl, ph, pl, sh, sl, hit) {
	if (!((path, "reg") in prop)) return 0
	bus = parent(path)
	cellsof(prop[path, "reg"], reg)
	num(reg, 1, ncells(bus, "#address-cells", 2)); AH = NH; AL = NL
	while (bus != "/") {
		up = parent(bus)
		if (!((bus, "ranges") in prop)) return 0
		ca = ncells(bus, "#address-cells", 2); cs = ncells(bus, "#size-cells", 1)
		pa = ncells(up, "#address-cells", 2)
		n = cellsof(prop[bus, "ranges"], r)
		if (n > 0) {
			hit = 0
			for (i = 1; i + ca + pa + cs - 1 <= n && !hit; i += ca + pa + cs) {
				num(r, i, ca); ch = NH; cl = NL
				num(r, i + ca, pa); ph = NH; pl = NL
				num(r, i + ca + pa, cs); sh = NH; sl = NL
				if (lt(AH, AL, ch, cl)) continue
				sub64(AH, AL, ch, cl)
				if (!lt(DH, DL, sh, sl)) continue
				add64(ph, pl, DH, DL); AH = DH; AL = DL
				hit = 1
			}
			if (!hit) return 0
		}
		bus = up
	}
	return 1
}
function drivable(k) { return k == "PL011" || k == "NS16550" || k == "IMX" || k == "CADENCE" }
function report(path,    k) {
	k = kindof(path)
	if (drivable(k) && !cpuaddr(path)) k = "UNMAPPED"
	print k, drivable(k) ? (AH ? tohex(AH) hex8(AL) : tohex(AL)) : "-", path
}

END {
	nuart = split("ns16550a ns16550 ns16450 ns8250 snps,dw-apb-uart nvidia,tegra20-uart " \
	              "brcm,bcm2835-aux-uart ti,omap2-uart ti,omap3-uart ti,omap4-uart ti,am3352-uart ti,am654-uart ti,dra742-uart", uart8250, " ")
	sp = ""
	if (("/chosen", "stdout-path") in prop) sp = unquote(prop["/chosen", "stdout-path"])
	else if (("/chosen", "linux,stdout-path") in prop) sp = unquote(prop["/chosen", "linux,stdout-path"])
	if (sp != "" && resolve(sp) != "") { report(resolve(sp)); exit 0 }
	# No console named: the first serialN alias we could drive.
	for (i = 0; i < 16; i++) {
		if (!(("/aliases", "serial" i) in prop)) continue
		path = resolve("serial" i)
		if (path == "") continue
		k = kindof(path)
		if (drivable(k) && cpuaddr(path)) { report(path); exit 0 }
	}
	print "NONE -"
}
