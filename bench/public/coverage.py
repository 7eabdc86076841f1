#!/usr/bin/env python3
"""How much of what the probe saw in a public program's user code torchsync's
findings cover, recomputed without a GPU from a stored observation.

    coverage.py observe --report EMPTY_REPORT.json [--coverage GCOV_JSON ...]
                        --program NAME -o results/NAME.observed.json
        (on the GPU machine) stores every sync site the probe saw in user
        code: a `torchsync-verify run` JSON report made with NO findings
        lists each of them as "unpredicted" (path, line, count, blocked
        time, kinds, CUDA calls, function, calling line, and the functions
        the line called, which tell apart findings that share a line); with
        gcov JSON of the same run, also how often each user line ran.

    coverage.py score --findings FINDINGS.json --observed OBSERVED.json
                      [--root SRC_CHECKOUT] [--format text|json]
        matches the findings with the stored sites exactly as
        `torchsync-verify run` does (its own reconcile(): a site belongs to a
        finding whose line..endLine holds it, or whose statement spans it
        when no finding names that line; the statement is read from the
        source under --root, default bench/public/src/<checkout> of the
        program, see prepare.py checkout) and prints the covered share of
        the sites' syncs and blocked time, each finding's verdict and the
        sites no finding covers, biggest first.

    coverage.py table [--results bench/public/results]
        one row per program with results/NAME.findings.json and
        results/NAME.observed.json: the README's table.

    coverage.py check [--results bench/public/results]
        score() against the GPU's own reports of the same findings
        (results/reports/NAME.report.json): exit 1 when they differ.

Only python3's standard library and runtime-verify/tools/verify_program.py
are used.
"""

import argparse
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import prepare  # noqa: E402


def verifier():
    path = os.path.join(REPO, "runtime-verify", "tools", "verify_program.py")
    spec = importlib.util.spec_from_file_location("verify_program", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def program_of(name):
    for p in prepare.PROGRAMS:
        if p["name"] == name:
            return p
    return None


# ----------------------------------------------------------------- observe

def cmd_observe(args):
    vp = verifier()
    report = read_json(args.report)
    if report.get("findings"):
        sys.exit("observe: %s was made with findings; give the report of a run with "
                 "no findings, which lists every user sync site" % args.report)
    p = program_of(args.program)
    lines = {}
    if args.coverage:
        hits = vp.load_coverage(args.coverage, report["root"])
        lines = {path: {str(n): c for n, c in sorted(v.items())}
                 for path, v in sorted(hits.items())}
    sites = sorted(report["unpredicted"], key=lambda u: (-u["blocked_ns"], u["path"], u["line"]))
    doc = {
        "program": args.program,
        "upstream": prepare.REPOS[p["checkout"]]["repo"] if p else None,
        "commit": prepare.REPOS[p["checkout"]]["commit"] if p else None,
        "command": report["program"]["command"],
        "status": report["program"]["status"],
        "exit_code": report["program"].get("exit_code"),
        "wall_s": report["program"].get("wall_s"),
        "trace": {k: report["trace"][k] for k in ("status", "events", "blocked_ns", "problems")
                  if k in report["trace"]},
        "environment": args.environment or "",
        "outside_user_code": report["outside_user_code"],
        "user": {"count": sum(s["count"] for s in sites),
                 "blocked_ns": sum(s["blocked_ns"] for s in sites)},
        "sites": sites,
        "lines": lines,
    }
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print("observe: %s: %d user sync sites, %d syncs, %.1f ms blocked (outside user code: "
          "%d syncs, %.1f ms)" % (args.program, len(sites), doc["user"]["count"],
                                  doc["user"]["blocked_ns"] / 1e6,
                                  doc["outside_user_code"]["count"],
                                  doc["outside_user_code"]["blocked_ns"] / 1e6))


# ------------------------------------------------------------------- score

def events_of(sites):
    """One pseudo-event per stored sync (reconcile counts events): each
    site's kinds in their counts; its callees (the functions its line
    called, which tell apart the syncs of findings that share a line) in
    their counts, each one's blocked time on its first sync. A site stored
    without callees (an observation made before they were recorded) has its
    whole blocked time on its first sync and no callee: at a line with
    several findings its syncs are shared."""
    events = []
    for s in sites:
        user = {"path": s["path"], "line": s["line"], "function": s.get("function", "")}
        callers = [s["called_from"]] if s.get("called_from") else []
        kinds = []
        for kind, n in sorted(s.get("kinds", {}).items()):
            kinds += [kind] * n
        kinds += ["?"] * (s["count"] - len(kinds))
        callees = [(c.get("callee", ""), c["count"], c["blocked_ns"])
                   for c in s.get("callees") or []]
        if sum(n for _, n, _ in callees) != s["count"]:
            callees = [("", s["count"], s["blocked_ns"])]
        i = 0
        for callee, n, ns in callees:
            for j in range(n):
                events.append({"user": user, "callers": callers, "kind": kinds[i],
                               "api": (s.get("apis") or [""])[0], "callee": callee,
                               "blocked_ns": ns if j == 0 else 0, "stack": []})
                i += 1
    return events


def score(findings_doc, observed, root):
    vp = verifier()
    findings = findings_doc["findings"]
    coverage = None
    if observed.get("lines"):
        coverage = {path: {int(n): c for n, c in v.items()}
                    for path, v in observed["lines"].items()}
    found, unpredicted, _, _, _ = vp.reconcile(findings, events_of(observed["sites"]), [],
                                               coverage, root)
    left = {(u["path"], u["line"]) for u in unpredicted}
    total_n = sum(s["count"] for s in observed["sites"])
    total_ns = sum(s["blocked_ns"] for s in observed["sites"])
    covered = [s for s in observed["sites"] if (s["path"], s["line"]) not in left]
    missed = [s for s in observed["sites"] if (s["path"], s["line"]) in left]
    cov_n = sum(s["count"] for s in covered)
    cov_ns = sum(s["blocked_ns"] for s in covered)
    missed.sort(key=lambda s: (-s["blocked_ns"], s["path"], s["line"]))
    return {
        "program": observed["program"], "upstream": observed.get("upstream"),
        "commit": observed.get("commit"), "status": observed.get("status"),
        "findings": len(findings),
        "confirmed": sum(1 for f in found if f["verdict"] == "confirmed"),
        "verdicts": [dict({"check": f["check"], "path": f["path"], "line": f["line"],
                           "verdict": f["verdict"], "count": f["count"],
                           "blocked_ns": f["blocked_ns"]},
                          **({"shared": f["shared"]["count"]} if f.get("shared") else {}))
                     for f in found],
        "sites": len(observed["sites"]), "sites_covered": len(covered),
        "count": total_n, "count_covered": cov_n,
        "blocked_ns": total_ns, "blocked_ns_covered": cov_ns,
        "count_share": cov_n / total_n if total_n else None,
        "blocked_share": cov_ns / total_ns if total_ns else None,
        "outside_user_code": observed.get("outside_user_code", {}),
        "missed": [{"path": s["path"], "line": s["line"], "count": s["count"],
                    "blocked_ns": s["blocked_ns"], "function": s.get("function", ""),
                    "called_from": s.get("called_from"),
                    "share": s["blocked_ns"] / total_ns if total_ns else None}
                   for s in missed],
    }


def default_root(observed):
    p = program_of(observed["program"])
    return os.path.join(prepare.SRC, p["checkout"]) if p else None


def pct(x):
    return "n/a" if x is None else "%.1f%%" % (100 * x)


def render(r, source_line=None):
    out = ["%s (%s@%s, run: %s)" % (r["program"], r["upstream"], (r["commit"] or "")[:12],
                                    r["status"]),
           "  findings: %d, confirmed %d" % (r["findings"], r["confirmed"]),
           "  user sync sites: %d, covered %d" % (r["sites"], r["sites_covered"]),
           "  syncs covered: %d / %d = %s" % (r["count_covered"], r["count"],
                                              pct(r["count_share"])),
           "  blocked time covered: %.1f / %.1f ms = %s" % (
               r["blocked_ns_covered"] / 1e6, r["blocked_ns"] / 1e6, pct(r["blocked_share"])),
           "  outside user code: %d syncs, %.1f ms" % (
               r["outside_user_code"].get("count", 0),
               r["outside_user_code"].get("blocked_ns", 0) / 1e6)]
    for v in r["verdicts"]:
        out.append("  finding %s:%d %s: %s (%d syncs, %.1f ms%s)" % (
            v["path"], v["line"], v["check"], v["verdict"], v["count"], v["blocked_ns"] / 1e6,
            "; %d shared with findings of its line" % v["shared"] if v.get("shared") else ""))
    for m in r["missed"]:
        text = source_line(m["path"], m["line"]) if source_line else ""
        function = m["function"].split("<", 1)[0]  # no template arguments
        out.append("  missed %s:%d %s: %d syncs, %.1f ms (%s)%s" % (
            m["path"], m["line"], function, m["count"], m["blocked_ns"] / 1e6,
            pct(m["share"]), ("  | " + text) if text else ""))
    return "\n".join(out)


def source_reader(root):
    cache = {}

    def line(path, n):
        if path not in cache:
            try:
                with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                    cache[path] = f.read().splitlines()
            except OSError:
                cache[path] = []
        text = cache[path]
        return text[n - 1].strip() if 0 < n <= len(text) else ""
    return line


def check_root(root):
    if not root or not os.path.isdir(root):
        print("coverage: warning: no source under %s (run prepare.py checkout): findings "
              "match their own lines only, not their statements" % root, file=sys.stderr)


def cmd_score(args):
    observed = read_json(args.observed)
    root = args.root or default_root(observed)
    check_root(root)
    r = score(read_json(args.findings), observed, root)
    if args.format == "json":
        print(json.dumps(r, indent=1, sort_keys=True))
    else:
        print(render(r, source_reader(root) if root else None))


def cmd_table(args):
    rows = []
    for p in prepare.PROGRAMS:
        f = os.path.join(args.results, p["name"] + ".findings.json")
        o = os.path.join(args.results, p["name"] + ".observed.json")
        if not (os.path.exists(f) and os.path.exists(o)):
            continue
        observed = read_json(o)
        root = os.path.join(prepare.SRC, p["checkout"])
        check_root(root)
        r = score(read_json(f), observed, root)
        rows.append("| %s | %s@%s | %s | %d/%d | %d/%d | %d / %d = %s | %.1f / %.1f ms = **%s** |" % (
            p["name"], r["upstream"], r["commit"][:12], r["status"],
            r["confirmed"], r["findings"], r["sites_covered"], r["sites"],
            r["count_covered"], r["count"], pct(r["count_share"]),
            r["blocked_ns_covered"] / 1e6, r["blocked_ns"] / 1e6, pct(r["blocked_share"])))
    print("| program | upstream | run | findings confirmed | sites covered | syncs covered "
          "| blocked time covered |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))


def cmd_check(args):
    """The GPU's own reports (results/reports/NAME.report.json, the run
    reconciled by torchsync-verify with that day's findings) against score()
    of the stored observation with the same findings: both must give each
    finding the same syncs and blocked time and leave the same sites."""
    bad = 0
    for p in prepare.PROGRAMS:
        rep = os.path.join(args.results, "reports", p["name"] + ".report.json")
        obs = os.path.join(args.results, p["name"] + ".observed.json")
        if not (os.path.exists(rep) and os.path.exists(obs)):
            continue
        gpu = read_json(rep)
        # column and message: the operation of findings that share a line.
        findings = {"findings": [
            {k: f[k] for k in ("check", "path", "line", "endLine", "column", "fingerprint",
                               "message")
             if k in f} for f in gpu["findings"]]}
        r = score(findings, read_json(obs), os.path.join(prepare.SRC, p["checkout"]))
        want = [(f["path"], f["line"], f["count"], f["blocked_ns"]) for f in gpu["findings"]]
        got = [(f["path"], f["line"], f["count"], f["blocked_ns"]) for f in r["verdicts"]]
        want_u = sorted((u["path"], u["line"], u["count"], u["blocked_ns"])
                        for u in gpu["unpredicted"])
        got_u = sorted((m["path"], m["line"], m["count"], m["blocked_ns"]) for m in r["missed"])
        ok = want == got and want_u == got_u
        bad += not ok
        print("%s: %s" % (p["name"], "same as the GPU's report" if ok else
                          "DIFFERS: findings %s vs %s; unpredicted %s vs %s" % (
                              want, got, want_u, got_u)))
    return 1 if bad else 0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    o = sub.add_parser("observe")
    o.add_argument("--report", required=True)
    o.add_argument("--coverage", action="append", default=[])
    o.add_argument("--program", required=True)
    o.add_argument("--environment", help="one line: GPU, LibTorch, CUDA")
    o.add_argument("-o", dest="output", required=True)
    o.set_defaults(func=cmd_observe)
    s = sub.add_parser("score")
    s.add_argument("--findings", required=True)
    s.add_argument("--observed", required=True)
    s.add_argument("--root")
    s.add_argument("--format", choices=("text", "json"), default="text")
    s.set_defaults(func=cmd_score)
    t = sub.add_parser("table")
    t.add_argument("--results", default=os.path.join(HERE, "results"))
    t.set_defaults(func=cmd_table)
    c = sub.add_parser("check")
    c.add_argument("--results", default=os.path.join(HERE, "results"))
    c.set_defaults(func=cmd_check)
    args = ap.parse_args(argv)
    sys.exit(args.func(args) or 0)


if __name__ == "__main__":
    main(sys.argv[1:])
