#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Checks what a LAVA job recorded against the TAP the image printed in it.

usage: lab/lava-results.py LOG NAME [--outdir DIR] [--rest TESTS.json] [--status N] [--no-tap] [--fail CASE]...

LOG is a LAVA job's log: lava-run's stderr, or a lab's "lavacli jobs logs
--raw JOB" (one YAML mapping a line, "lvl" and "msg"; "- " before each in
lavacli's), NAME what to call the job in the report, DIR lava-run's
--output-dir (its result.yaml: the job's verdict, checked too). The TAP is
read from the same log (the "target" lines: the console as the dispatcher
received it), so both sides describe one run. With --rest, the cases are
the server's instead: TESTS.json is lava-server's answer to
/api/v0.2/jobs/JOB/tests/ (lab/check-lab.sh), sorted by id (REST returns
them unordered); each must also be one of the log's result lines. Agreement
means:
  - the job finished (the case "job" passed), not Incomplete;
  - the TAP is whole: a plan 1..N and N result lines numbered 1..N (or, with
    --no-tap, no TAP header at all: the run ended before it);
  - the suite "bringup" holds exactly the TAP's result lines, in order, each
    with the TAP line's name and its result (ok: pass, not ok: fail,
    # SKIP: skip), and between them the memory figures' "# figure: NAME
    VALUE UNITS" lines, each a passed case NAME measuring VALUE UNITS;
  - the suite "bringup-exit" holds one case exit_status whose measurement is
    the status of the EXIT line, passed only for 0.
--status N and --fail CASE say what the run must have shown (the status;
a case that must have failed, its TAP name ("group: name") with "_" for
each space). Prints one line when all agree; otherwise a
"FAIL" line for each disagreement, and exits 1. Exit 2: the log is unreadable.
"""
import argparse
import json
import re
import sys

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
TAP_RESULT = re.compile(r"^(not ok|ok) (\d+) - ([^#]*[^#\s])(?:\s*#\s*(SKIP|TODO)\b.*)?$")
TAP_RESULT_NAMES = {"ok": "pass", "not ok": "fail"}
# The memory figures' headline lines (selftests/figures_test.c): LAVA records
# each as a passed case of the suite "bringup" with its measurement.
FIGURE = re.compile(r"^# figure: ([a-z_]+) (\d+(?:\.\d+)?) (MB/s|ns)$")


def read_log(path):
    """The log's console lines and its results, in order."""
    target, results = [], []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if line.startswith("- {"):
                line = line[2:]
            if not line.startswith("{"):
                continue
            try:
                rec = yaml.load(line, Loader=Loader)
            except yaml.YAMLError as exc:
                sys.exit("lava-results: %s:%d: not a log record: %s" % (path, n, exc))
            if rec.get("lvl") == "target" and isinstance(rec.get("msg"), str):
                target.append(rec["msg"].rstrip("\r"))
            elif rec.get("lvl") == "results" and isinstance(rec.get("msg"), dict):
                results.append(rec["msg"])
    return target, results


def read_tap(lines):
    """(header seen, plan or None, [(number, name, result)], exit status or None)."""
    header, plan, cases, status = False, None, [], None
    for line in lines:
        if line == "TAP version 13":
            header = True
        elif re.fullmatch(r"1\.\.\d+", line) and header and plan is None:
            plan = int(line[3:])
        elif m := TAP_RESULT.match(line):
            result = "skip" if m.group(4) == "SKIP" else TAP_RESULT_NAMES[m.group(1)]
            cases.append((int(m.group(2)), m.group(3), result))
        elif (m := FIGURE.match(line)) and header:
            cases.append((None, m.group(1), "pass", m.group(2), m.group(3)))
        elif m := re.fullmatch(r"EXIT: STATUS=(\d+)", line):
            status = int(m.group(1))
    return header, plan, cases, status


def read_rest(path, logged):
    """The server's cases (REST), in the order it stored them, and the
    disagreements with the log's result lines. REST keeps a case's name,
    result and measurement; its "extra" (the TAP's own name) is a file on
    the server, so the name compared is the case's."""
    with open(path, encoding="utf-8") as f:
        answer = json.load(f)
    tests = sorted(answer["results"], key=lambda t: t["id"])
    errors = []
    if answer.get("count") != len(tests):
        errors.append("REST holds %s cases, this answer %d" % (answer.get("count"), len(tests)))
    results = []
    for t in tests:
        rec = yaml.load(t.get("metadata") or "", Loader=Loader) or {}
        rec.pop("extra", None)
        if rec.get("case") != t["name"] or rec.get("result") != t["result"]:
            errors.append("REST case %s: metadata says %s %s" % (t["name"], rec.get("case"), rec.get("result")))
        results.append(rec)
    key = lambda r: (r.get("definition"), r.get("case"), r.get("result"), str(r.get("measurement")))
    if sorted(map(key, results)) != sorted(map(key, logged)):
        errors.append("the server's %d cases are not the log's %d result lines" % (len(results), len(logged)))
    return results, errors


def check(args):
    target, results = read_log(args.log)
    errors = []
    if args.rest:
        results, errors = read_rest(args.rest, results)
    header, plan, tap, status = read_tap(target)

    job = [r for r in results if r.get("definition") == "lava" and r.get("case") == "job"]
    if not job:
        errors.append("the log has no job verdict (lava-run did not finish)")
    elif job[-1].get("result") != "pass":
        j = job[-1]
        errors.append("LAVA ended the job %s (%s error: %s)" % (j.get("result"), j.get("error_type", "no"),
                                                               str(j.get("error_msg", "none given")).strip()))
    if args.outdir:
        try:
            with open("%s/result.yaml" % args.outdir) as f:
                verdict = yaml.load(f, Loader=Loader) or {}
            if verdict.get("result") != "pass":
                errors.append("%s/result.yaml says %s" % (args.outdir, verdict.get("result")))
        except OSError as exc:
            errors.append("no job verdict in %s: %s" % (args.outdir, exc))

    # The image's TAP, whole.
    if args.no_tap:
        if header:
            errors.append("the run printed a TAP header, but was to end before it")
    elif not header:
        errors.append("the console shows no 'TAP version 13'")
    elif plan is None:
        errors.append("the TAP has no plan line 1..N")
    elif [c[0] for c in tap if c[0] is not None] != list(range(1, plan + 1)):
        errors.append("the TAP's plan is 1..%d but its result lines are numbered %s" %
                      (plan, ",".join(str(c[0]) for c in tap if c[0] is not None) or "(none)"))

    # LAVA's cases, one per TAP line, in order.
    cases = [r for r in results if r.get("definition") == "bringup"]
    nfig = len([t for t in tap if t[0] is None])
    if len(cases) != len(tap) or (plan is not None and len(cases) != plan + nfig):
        errors.append("LAVA recorded %d test cases in suite bringup; the TAP has %d result lines%s%s" %
                      (len(cases), len(tap) - nfig, ", plan 1..%d" % plan if plan is not None else "",
                       " and %d figure lines" % nfig if nfig else ""))
    for c, t in zip(cases, tap):
        n, name, result = t[:3]
        if args.rest:
            got = re.sub(r"\W+", "_", name.lower())
            if c.get("case") != got or c.get("result") != result:
                errors.append("TAP line %s is '%s' %s; the server's case is %s %s" %
                              (n or "# figure:", name, result, c.get("case"), c.get("result")))
            continue
        got = c.get("extra", {}).get("test_case_id")
        if got != name or c.get("result") != result:
            errors.append("TAP line %s is '%s' %s; LAVA's case is '%s' %s" %
                          (n or "# figure:", name, result, got, c.get("result")))
        elif n is None and (str(c.get("measurement")) != t[3] or c.get("units") != t[4]):
            errors.append("the figure %s is %s %s; LAVA's measurement is %s %s" %
                          (name, t[3], t[4], c.get("measurement"), c.get("units")))
        elif c.get("case") != re.sub(r"\W+", "_", name.lower()):
            errors.append("LAVA's case for '%s' is named %s" % (name, c.get("case")))

    # The exit status.
    exits = [r for r in results if r.get("definition") == "bringup-exit"]
    if status is None:
        errors.append("the console shows no 'EXIT: STATUS=n' line")
    if len(exits) != 1 or exits[0].get("case") != "exit_status":
        errors.append("LAVA recorded %d cases in suite bringup-exit (%s); want one, exit_status" %
                      (len(exits), ", ".join(str(e.get("case")) for e in exits) or "none"))
    elif status is not None:
        e = exits[0]
        want = "pass" if status == 0 else "fail"
        if str(e.get("measurement")) != str(status) or e.get("result") != want:
            errors.append("EXIT: STATUS=%d, but LAVA's exit_status is %s with measurement %s (want %s, %d)" %
                          (status, e.get("result"), e.get("measurement"), want, status))
    if args.status is not None and status != args.status:
        errors.append("the run ended with status %s; this job must end with %d" % (status, args.status))
    for name in args.fail:
        if not any(t[1].replace(" ", "_") == name and t[2] == "fail" for t in tap):
            errors.append("'%s' must fail in this run and did not" % name)

    if errors:
        for e in errors:
            print("lava-results: %s: FAIL: %s" % (args.name, e))
        return 1
    counts = {r: sum(1 for t in tap if t[2] == r and t[0] is not None) for r in ("pass", "fail", "skip")}
    nfig = len([t for t in tap if t[0] is None])
    print("lava-results: %s: %d cases, as the TAP's %s (%d pass, %d fail, %d skip)%s, exit_status %s (%d): agree" %
          (args.name, len(cases), "plan 1..%d" % plan if plan is not None else "absence (the run ended before it)",
           counts["pass"], counts["fail"], counts["skip"],
           " and %d figures measured" % nfig if nfig else "", exits[0].get("result"), status))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("log")
    p.add_argument("name")
    p.add_argument("--outdir")
    p.add_argument("--rest")
    p.add_argument("--status", type=int)
    p.add_argument("--no-tap", action="store_true")
    p.add_argument("--fail", action="append", default=[])
    try:
        return check(p.parse_args())
    except OSError as exc:
        print("lava-results: %s" % exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
