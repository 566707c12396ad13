# dts-console.awk — an independent oracle for the console address.
#
# Reads the text that `dtc -I dtb -O dts` prints for one tree and prints
#   KIND ADDRESS PATH      e.g. "PL011 0x1c090000 /bus@8000000/.../uart@90000"
# for the console the tree names, following the policy of board.h: /chosen's
# stdout-path (":options" stripped, an alias resolved through /aliases), or
# when that names no node the first drivable serialN alias.  The address is
# the first reg entry translated through the ranges of every ancestor below
# the root.  KIND: PL011 or NS16550 (drivable), else UNSUPPORTED (compatible
# not in our table), DISABLED, UNMAPPED (no ranges / not covered; ADDRESS is
# then "-"), or "NONE -" when no console is named at all.
#
# Why a second implementation: the corpus test compares lib/fdt_board.c
# against this on real trees; written separately, in another language, from
# the text form, the two are unlikely to share a mistake.  Works with mawk
# (no strtonum): hex is parsed by hand; addresses stay below 2^53.

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
function num(cells, from, count,    v, i) {
	v = 0
	for (i = 0; i < count; i++) v = v * 4294967296 + hexval(cells[from + i])
	return v
}
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
# PL011, NS16550 (an 8250-style compatible we accept), DISABLED, UNSUPPORTED.
function kindof(path,    c, st, i) {
	st = (path, "status") in prop ? unquote(prop[path, "status"]) : "okay"
	if (st != "okay" && st != "ok") return "DISABLED"
	c = prop[path, "compatible"]
	if (index(c, "\"arm,pl011\"")) return "PL011"
	for (i = 1; i <= nuart; i++)
		if (index(c, "\"" uart8250[i] "\"")) return "NS16550"
	return "UNSUPPORTED"
}
# First reg address of `path` as a CPU address, or -1 if not translatable.
function cpuaddr(path,    bus, up, reg, r, addr, ca, cs, pa, n, i, c, p, s, hit) {
	if (!((path, "reg") in prop)) return -1
	bus = parent(path)
	cellsof(prop[path, "reg"], reg)
	addr = num(reg, 1, ncells(bus, "#address-cells", 2))
	while (bus != "/") {
		up = parent(bus)
		if (!((bus, "ranges") in prop)) return -1
		ca = ncells(bus, "#address-cells", 2); cs = ncells(bus, "#size-cells", 1)
		pa = ncells(up, "#address-cells", 2)
		n = cellsof(prop[bus, "ranges"], r)
		if (n > 0) {
			hit = 0
			for (i = 1; i + ca + pa + cs - 1 <= n && !hit; i += ca + pa + cs) {
				c = num(r, i, ca); p = num(r, i + ca, pa); s = num(r, i + ca + pa, cs)
				if (addr >= c && addr - c < s) { addr = p + (addr - c); hit = 1 }
			}
			if (!hit) return -1
		}
		bus = up
	}
	return addr
}
function report(path,    k, a) {
	k = kindof(path)
	if (k == "PL011" || k == "NS16550") {
		a = cpuaddr(path)
		if (a < 0) k = "UNMAPPED"
	}
	print k, (k == "PL011" || k == "NS16550") ? tohex(a) : "-", path
}

END {
	nuart = split("ns16550a ns16550 ns16450 ns8250 snps,dw-apb-uart brcm,bcm2835-aux-uart " \
	              "ti,omap2-uart ti,omap3-uart ti,omap4-uart ti,am3352-uart ti,am654-uart", uart8250, " ")
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
		if ((k == "PL011" || k == "NS16550") && cpuaddr(path) >= 0) { report(path); exit 0 }
	}
	print "NONE -"
}
