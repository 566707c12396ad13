#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# make check-lab (opt-in, root; not in make test): the jobs of lab/mkjob.sh
# through a whole LAVA lab on this machine, as a lab runs them: lava-server
# (gunicorn) with PostgreSQL, lava-scheduler, lava-publisher and one
# lava-worker, all on 127.0.0.1; the device types and devices of lab/devices/
# (one device per flow, its dictionary choosing on the job's arch); the jobs
# submitted with lavacli, all at once; every case read back over the REST API
# and compared case by case with the console's TAP (lab/lava-results.py, as
# make check-lava does for lava-run). docs/lab.md says what each check shows.
#
# usage: lab/check-lab.sh [setup|start|run|stop]...   (default: all four;
#        stop always runs last, and stops only what start started, by id)
# Installs from Debian when missing: postgresql, lava-server, lavacli (and
# what check-lava needs). Files: build/lab/ (tokens, logs, one folder a job).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/build/lab
run=$dir/run
worker=lab-worker
url=http://127.0.0.1:8000
life=1800 # no service outlives a forgotten stop by more than this (s)
fail() { echo "check-lab: FAIL: $*"; exit 1; }
now() { echo "${EPOCHREALTIME/./}"; }
secs() { local us=$(($(now) - $1)); echo "$((us / 1000000)).$((us / 100000 % 10))"; }
missing() { local p m=(); for p; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || m+=("$p"); done; echo "${m[@]}"; }
manage() { lava-server manage "$@"; }
[ "$(id -u)" -eq 0 ] || fail "needs root (it installs packages, runs services and lava-run)"
mkdir -p "$run"

pg_cluster() { pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $1, $2, $4}'; }
pg_start() {
	read -r ver name status <<<"$(pg_cluster)"
	[ -n "${ver:-}" ] || fail "no PostgreSQL cluster (pg_lsclusters shows none)"
	[ "$status" = online ] && return
	pg_ctlcluster "$ver" "$name" start || fail "pg_ctlcluster $ver $name start failed"
	echo "$ver $name" >"$run/pg-started" # stop stops it again
}

setup() {
	local t0 p
	t0=$(now)
	export DEBIAN_FRONTEND=noninteractive
	: >"$dir/apt.log"
	p=$(missing postgresql lava-dispatcher tftpd-hpa u-boot-qemu qemu-system-arm lavacli)
	if [ -n "$p" ]; then
		apt-get update -q >>"$dir/apt.log" 2>&1 || echo "check-lab: apt-get update reported errors; trying the install anyway"
		# shellcheck disable=SC2086 # a list of names
		apt-get install -y -q --no-install-recommends $p >>"$dir/apt.log" 2>&1 || fail "apt-get install $p (log: $dir/apt.log)"
	fi
	# lava-server's postinst creates its database only if PostgreSQL runs.
	pg_start
	if [ -n "$(missing lava-server)" ]; then
		apt-get install -y -q --no-install-recommends lava-server >>"$dir/apt.log" 2>&1 || fail "apt-get install lava-server (log: $dir/apt.log)"
		p+="${p:+ }lava-server"
	fi
	# Installed earlier without a running PostgreSQL (scripts/setup.sh): the
	# postinst's own script makes the database now.
	if [ ! -f /etc/lava-server/settings.d/00-database.yaml ]; then
		/usr/bin/python3 /usr/share/lava-server/postinst.py >>"$dir/apt.log" 2>&1 || fail "lava-server's postinst.py (log: $dir/apt.log)"
	fi
	# Events: the scheduler wakes on a submission instead of its 20 s poll.
	# On 127.0.0.1: the default EVENT_SOCKET is tcp://*:5500.
	printf '# lab/check-lab.sh\nEVENT_NOTIFICATION: true\nEVENT_SOCKET: "tcp://127.0.0.1:5500"\n' \
		>/etc/lava-server/settings.d/01-events.yaml
	# The admin's and the worker's tokens (made once, read back each time).
	manage shell -c "
from django.contrib.auth.models import User
from linaro_django_xmlrpc.models import AuthToken
from lava_scheduler_app.models import Worker
u, _ = User.objects.get_or_create(username='admin', defaults={'is_superuser': True, 'is_staff': True})
t = AuthToken.objects.filter(user=u, description='check-lab').first() or AuthToken.objects.create(user=u, description='check-lab')
open('$dir/token', 'w').write(t.secret)
w, _ = Worker.objects.get_or_create(hostname='$worker')
open('$dir/worker-token', 'w').write(w.token)
" >"$dir/manage.log" 2>&1 || fail "accounts and tokens (log: $dir/manage.log)"
	chmod 600 "$dir/token" "$dir/worker-token"
	install -D -m 644 "$top/lab/dispatcher.yaml" "/etc/lava-server/dispatcher.d/$worker/dispatcher.yaml"
	# The device dictionaries and what they include, owned by lava-server.
	local dd=/etc/lava-server/dispatcher-config/devices
	install -m 644 -o lavaserver -g lavaserver "$top"/lab/devices/*.jinja2 "$top"/lab/devices/*.yaml "$dd/"
	manage device-types list 2>/dev/null | grep -q '^\* qemu ' || manage device-types add qemu >>"$dir/manage.log" 2>&1
	manage device-types list 2>/dev/null | grep -q '^\* bringup-qemu-uboot ' || manage device-types add bringup-qemu-uboot >>"$dir/manage.log" 2>&1
	local dev type
	for dev in qemu-01:qemu uboot-qemu-01:bringup-qemu-uboot; do
		type=${dev#*:} dev=${dev%:*}
		if manage devices details "$dev" >/dev/null 2>&1; then
			manage devices update --health GOOD "$dev" >>"$dir/manage.log" 2>&1
		else
			manage devices add --device-type "$type" --worker "$worker" "$dev" >>"$dir/manage.log" 2>&1
		fi || fail "device $dev (log: $dir/manage.log)"
	done
	echo "check-lab: setup $(secs "$t0") s (installed: ${p:-nothing}, $(grep -c '^Setting up' "$dir/apt.log") packages set up; database, accounts, devices)"
}

# spawn NAME CMD...: CMD in its own session (its group's id = its PID, kept
# in run/NAME.pid), bounded by timeout, its output in run/NAME.log.
spawn() {
	local name=$1
	shift
	setsid timeout -k 10 "$life" "$@" >"$run/$name.log" 2>&1 </dev/null &
	echo $! >"$run/$name.pid"
}

start() {
	local t0 i
	t0=$(now)
	pg_start
	spawn gunicorn gunicorn3 lava_server.wsgi --bind 127.0.0.1:8000 --workers 2 --worker-class eventlet \
		-u lavaserver -g lavaserver --log-file "$run/gunicorn.log"
	spawn publisher lava-server manage lava-publisher --host 127.0.0.1 --port 8001 --log-file "$run/publisher-own.log"
	spawn scheduler lava-server manage lava-scheduler --event-url tcp://127.0.0.1:5500 --log-file "$run/scheduler-own.log"
	# --ping-interval 1: the worker asks for jobs every second (default 20 s).
	spawn worker lava-worker --name "$worker" --url "$url/" --token "$(cat "$dir/worker-token")" \
		--ping-interval 1 --log-file "$run/worker-own.log"
	for i in $(seq 120); do
		curl -sf -o /dev/null "$url/api/v0.2/system/version/" && break
		sleep 1
	done
	curl -sf -o /dev/null "$url/api/v0.2/system/version/" || fail "the server did not answer on $url in 120 s (log: $run/gunicorn.log)"
	echo "check-lab: start $(secs "$t0") s (gunicorn, publisher, scheduler, worker: PIDs $(cat "$run"/{gunicorn,publisher,scheduler,worker}.pid | tr '\n' ' ')on 127.0.0.1)"
}

# The PSS of every process of the lab (ours, PostgreSQL's), in KiB.
pss() {
	local sids pid s u sum=0 k
	sids=" $(cat "$run"/*.pid 2>/dev/null | tr '\n' ' ') "
	while read -r pid s u; do
		[[ $sids == *" $s "* || $u == postgres ]] || continue
		k=$(awk '/^Pss:/ {print $2}' "/proc/$pid/smaps_rollup" 2>/dev/null) && sum=$((sum + ${k:-0}))
	done < <(ps -eo pid=,sid=,user=)
	echo $sum
}

stop() {
	local f pid i
	for f in "$run"/*.pid; do
		[ -f "$f" ] || continue
		pid=$(cat "$f")
		kill -TERM -- "-$pid" 2>/dev/null
	done
	for f in "$run"/*.pid; do
		[ -f "$f" ] || continue
		pid=$(cat "$f")
		# lava-publisher stays after TERM: KILL after 10 s.
		for i in $(seq 100); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
		kill -0 -- "-$pid" 2>/dev/null && kill -KILL -- "-$pid" 2>/dev/null && echo "check-lab: $(basename "$f" .pid) ($pid) killed after 10 s"
		rm -f "$f"
	done
	if [ -f "$run/pg-started" ]; then
		# shellcheck disable=SC2046 # version and cluster name
		pg_ctlcluster $(cat "$run/pg-started") stop && rm -f "$run/pg-started"
	fi
	echo "check-lab: stopped what it started"
}

# NAME FLOW ARCH "OPTIONS" "lava-results.py expectations" [HEALTH "reason"]
checks=(
	"qemu-aarch64-pass|qemu|aarch64||--status 0"
	"qemu-armv7-pass|qemu|armv7||--status 0"
	"uboot-aarch64-pass|uboot|aarch64||--status 0"
	"uboot-armv7-pass|uboot|armv7||--status 0"
	"qemu-aarch64-memfault|qemu|aarch64|memtest_fault=alias:13|--status 1 --fail memtest:_address_bus"
	"uboot-aarch64-memfault|uboot|aarch64|memtest_fault=alias:13|--status 1 --fail memtest:_address_bus"
	"qemu-aarch64-crash|qemu|aarch64|crash=undef|--status 3 --no-tap"
	"uboot-aarch64-crash|uboot|aarch64|crash=undef|--status 3 --no-tap"
	"uboot-aarch64-notimage|uboot|aarch64|||Incomplete|matched a bootloader error message: 'Bad Linux ARM64 Image magic!'"
)
rest() { curl -sf -H "Authorization: Token $(cat "$dir/token")" "$url/api/v0.2/jobs/$1"; }
field() { /usr/bin/python3 -c 'import json, sys; d = json.load(sys.stdin); print(*(d.get(k) for k in sys.argv[1:]))' "$@"; }
# The job's state, health, device, seconds from submission and from start to its end.
times() {
	/usr/bin/python3 -c 'import datetime, json, sys
d = json.load(sys.stdin)
t = lambda k: datetime.datetime.fromisoformat(d[k].replace("Z", "+00:00")) if d.get(k) else None
s = lambda a: "%.1f" % (t("end_time") - t(a)).total_seconds() if t(a) and t("end_time") else "?"
print(d["state"], d["health"], d["actual_device"], s("submit_time"), s("start_time"))'
}

run() {
	local t0 c name flow arch opts expect health reason d url_img id ids=() lc peak=0 k sampler \
		passed=0 failed=0 out ok st h dev sub beg queued files=() i qemu restore=
	t0=$(now)
	for arch in aarch64 armv7; do
		[ -f "$top/build/$arch/bringup.bin" ] || fail "build/$arch/bringup.bin missing (make all)"
	done
	# CHECK_LAB_ONLY=REGEX: the checks whose name matches.
	for c in "${checks[@]}"; do [[ ${c%%|*} =~ ${CHECK_LAB_ONLY:-.} ]] && files+=("$c"); done
	checks=("${files[@]}") files=()
	[ ${#checks[@]} -gt 0 ] || fail "no check matches '${CHECK_LAB_ONLY:-}'"
	lc=(lavacli --uri "http://admin:$(cat "$dir/token")@127.0.0.1:8000/RPC2")
	# Every job submitted before any is read: both architectures are queued
	# at once on the one device of each flow.
	for c in "${checks[@]}"; do
		IFS='|' read -r name flow arch opts expect health reason <<<"$c"
		d=$dir/jobs/$name
		rm -rf "$d" && mkdir -p "$d"
		url_img= # this tree's build/ (lab/mkjob.sh's default: the worker is on this machine)
		if [ "$name" = uboot-aarch64-notimage ]; then # U-Boot is handed 4 KiB of zeros
			mkdir -p "$d/img/$arch" && head -c 4096 /dev/zero >"$d/img/$arch/bringup.bin"
			url_img=file://$d/img
		fi
		# shellcheck disable=SC2086 # bringup's options are words
		LAVA_URL=$url_img "$top/lab/mkjob.sh" "$flow" "$arch" "$d/job.yaml" $opts || fail "$name: lab/mkjob.sh failed"
		"${lc[@]}" jobs validate "$d/job.yaml" >"$d/validate.out" 2>&1 || fail "$name: lavacli jobs validate: $(cat "$d/validate.out")"
		files+=("$d/job.yaml")
	done
	# CHECK_LAB_MUTANT=noarch: qemu-01 ignores the job's arch (as two
	# devices of one type do: the server takes either); the armv7 job must
	# then fail, on the QEMU it ran.
	if [ "${CHECK_LAB_MUTANT:-}" = noarch ]; then
		restore=$(cat /etc/lava-server/dispatcher-config/devices/qemu-01.jinja2)
		echo "{% include 'qemu-aarch64.yaml' %}" >/etc/lava-server/dispatcher-config/devices/qemu-01.jinja2
	fi
	# One submission of every job: each flow's one device gets jobs of
	# both architectures at once, and the second waits for the first.
	mapfile -t ids < <("${lc[@]}" jobs submit "${files[@]}" 2>"$dir/submit.err")
	[ ${#ids[@]} -eq ${#checks[@]} ] || fail "lavacli jobs submit: ${ids[*]} $(cat "$dir/submit.err")"
	# The passing runs of both architectures, each flow's two on its one
	# device, are all queued before the first ends.
	queued=$(for i in "${!checks[@]}"; do
		[[ ${checks[$i]%%|*} == *-pass ]] && echo "${checks[$i]%%-pass*}: $(rest "${ids[$i]}/" | field state);"
	done | tr '\n' ' ')
	echo "check-lab: ${#ids[@]} jobs submitted in $(secs "$t0") s (jobs ${ids[0]}-${ids[-1]}); then $queued"
	if [[ $queued == *Finished* ]]; then
		echo "check-lab: FAIL: a passing run ended before the others were queued: not both architectures at once"
		failed=1
	fi
	for i in "${!checks[@]}"; do echo "${ids[$i]}" >"$dir/jobs/${checks[$i]%%|*}/id"; done
	(while :; do pss; sleep 1; done >"$run/pss.log") &
	sampler=$!
	for id in "${ids[@]}"; do
		"${lc[@]}" jobs wait --polling 1 --timeout 300 "$id" >/dev/null 2>&1 || echo "check-lab: job $id: not finished in 300 s"
	done
	[ -z "${restore:-}" ] || echo "$restore" >/etc/lava-server/dispatcher-config/devices/qemu-01.jinja2
	kill "$sampler" 2>/dev/null
	wait "$sampler" 2>/dev/null
	for c in "${checks[@]}"; do
		IFS='|' read -r name flow arch opts expect health reason <<<"$c"
		d=$dir/jobs/$name id=$(cat "$d/id")
		rest "$id/" >"$d/job.json"
		rest "$id/tests/?limit=1000" >"$d/tests.json"
		"${lc[@]}" jobs logs --raw "$id" >"$d/log.yaml" 2>&1
		read -r st h dev sub beg < <(times <"$d/job.json")
		# shellcheck disable=SC2086 # the expectations are words
		out=$("$top/lab/lava-results.py" "$d/log.yaml" "$name" --rest "$d/tests.json" $expect 2>&1)
		ok=$?
		# The device chose the job's architecture: the QEMU it started.
		qemu=$(grep -o -m1 -E 'qemu-system-[a-z0-9]+ -M virt' "$d/log.yaml")
		qemu=${qemu% -M virt}
		if [ "$qemu" != "qemu-system-$([ "$arch" = armv7 ] && echo arm || echo aarch64)" ]; then
			out+=$'\n'"check-lab: $name: FAIL: the $arch job ran ${qemu:-no QEMU}"
			ok=1
		fi
		out="$out"$'\n'"check-lab: $name: job $id on $dev ($qemu): $st, $h; $sub s from submission to its end, $beg s running"
		if [ -z "$health" ]; then
			[ "$st $h" = "Finished Complete" ] || { out+=$'\n'"check-lab: $name: FAIL: the job is $st, $h"; ok=1; }
		else
			# An Incomplete job's reason: not failure_comment (null) but the
			# metadata of the case "job" of the suite "lava".
			k=$(/usr/bin/python3 -c 'import json, sys, yaml
for t in json.load(open(sys.argv[1]))["results"]:
    m = yaml.safe_load(t["metadata"])
    if m.get("definition") == "lava" and t["name"] == "job":
        print(m.get("error_type"), "error:", str(m.get("error_msg")).strip())' "$d/tests.json")
			if [ "$h" = "$health" ] && [[ $k == *"$reason"* ]] && [ $ok -ne 0 ]; then
				out="check-lab: $name: $h as it must be; failure_comment $(field failure_comment <"$d/job.json"), the lava/job case: $k"$'\n'"${out##*$'\n'}"
				ok=0
			else
				out+=$'\n'"check-lab: $name: FAIL: want $health with \"$reason\"; the lava/job case: ${k:-none}"
				ok=1
			fi
		fi
		echo "$out"
		[ $ok -eq 0 ] && passed=$((passed + 1)) || failed=$((failed + 1))
	done
	# The comparison bites: the first passing run's REST answer with one
	# case of suite bringup turned from pass to fail must be refused.
	d=$dir/jobs/${checks[0]%%|*}
	if [[ $d == *-pass ]] && [ -s "$d/tests.json" ]; then
		/usr/bin/python3 -c 'import json, sys
a = json.load(open(sys.argv[1]))
t = next(t for t in a["results"] if "definition: bringup\n" in t["metadata"] and t["result"] == "pass")
t["result"], t["metadata"] = "fail", t["metadata"].replace("result: pass", "result: fail")
json.dump(a, open(sys.argv[2], "w"))' "$d/tests.json" "$d/tests-planted.json"
		out=$("$top/lab/lava-results.py" "$d/log.yaml" planted --rest "$d/tests-planted.json" --status 0 2>&1)
		if [ $? -ne 0 ] && k=$(grep -m1 "the server's case is" <<<"$out"); then
			echo "check-lab: planted a failed case in the REST answer: caught: $k"
		else
			echo "check-lab: FAIL: a REST answer with a case turned to fail was not refused: $out"
			failed=$((failed + 1))
		fi
	fi
	peak=$(sort -n "$run/pss.log" | tail -1)
	echo "check-lab: run $(secs "$t0") s; peak memory $((${peak:-0} / 1024)) MiB (PSS of PostgreSQL, the server, scheduler, publisher, worker, lava-run and QEMU)"
	echo "check-lab: $passed of $((passed + failed)) checks agree"
	[ $failed -eq 0 ]
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(setup start run)
rc=0
for s in "${steps[@]}"; do
	case $s in
	setup | start | run) ;;
	stop) stop; continue ;;
	*) fail "unknown step '$s' (setup, start, run, stop)" ;;
	esac
	if [ $# -eq 0 ]; then
		("$s") || { rc=1; break; }
	else
		"$s" || rc=1
	fi
done
[ $# -gt 0 ] || stop
exit $rc
