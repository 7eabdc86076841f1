"""`torchsync-verify fix-check`: torchsync's fix-its, measured on the GPU.

    torchsync-verify fix-check --findings findings.json [--fix-notes] [--each]
        [--build 'cmake --build build'] -- ./build/train args...

Copies the program's source tree (the findings' root) twice, applies the
fix-its of the findings to the second copy (the warnings' fix-its, as
`torchsync --fix` applies them; with --fix-notes also the notes', as
`--fix-notes`), builds both copies with the same command and runs both under
the probe (`torchsync-verify run`). It reports, per finding, the syncs and
the blocked host time before and after; the time per step before and after
(from torchsync::mark_step(), include/torchsync/step.h; the whole run's
wall time without marks); and whether the two runs' outputs are equal within
a tolerance: their standard output and the files named with --compare,
compared line by line, numbers with --rtol/--atol and the rest as text.
With --each, every finding's fix-its get a copy and a run of their own,
each compared with the unfixed run. docs/fix-check.md is the contract.
"""

import bisect
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import verify_program as vp

TOOL = vp.TOOL
FORMAT_VERSION = 1


class ToolError(vp.ToolError):
    pass


# ---------------------------------------------------------------- the tree

def tree_files(root):
    """The files of the source tree, relative to root: what git tracks or
    would track (ignored files, such as build folders, left out), else every
    file but those of .git and of folders that hold a CMakeCache.txt (build
    folders: their caches name the original tree)."""
    try:
        proc = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                               "--exclude-standard"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
        if proc.returncode == 0:
            # Paths relative to root (git names them from the folder it runs
            # in); deleted but still tracked files are left out.
            names = [n for n in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if n]
            names = sorted(n for n in names if os.path.lexists(os.path.join(root, n)))
            if names:  # none: the root is an ignored folder of a work tree
                return names
    except OSError:
        pass
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != ".git" and
                         not os.path.exists(os.path.join(d, x, "CMakeCache.txt")))
        for n in files:
            out.append(os.path.relpath(os.path.join(d, n), root))
    return sorted(out)


def copy_tree(root, files, dest):
    for rel in files:
        src, dst = os.path.join(root, rel), os.path.join(dest, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)


# ---------------------------------------------------------------- fix-its

def finding_fixes(f, notes):
    """The fix-its of a finding that fix-check applies: the warning's own
    (keepsMeaning), and with notes also the notes'."""
    return [x for x in f.get("fixes") or []
            if isinstance(x, dict) and (x.get("keepsMeaning") or notes)]


def line_starts(data):
    starts = [0]
    for m in re.finditer(b"\n", data):
        starts.append(m.end())
    return starts


def position(starts, offset):
    """1-based (line, column) of a byte offset."""
    i = bisect.bisect_right(starts, offset) - 1
    return i + 1, offset - starts[i] + 1


class FileEdits:
    """The replacements applied to one file, and how they move its lines."""

    def __init__(self, path, data):
        self.path = path
        self.data = data
        self.starts = line_starts(data)
        self.edits = []  # (offset, length, new bytes), sorted, disjoint

    def conflicts(self, offset, length, text):
        """None if the edit can join (or already is among) the others, else
        the edit it overlaps."""
        for o, n, t in self.edits:
            if (o, n, t) == (offset, length, text):
                continue
            if offset < o + n and o < offset + length or \
                    (length == 0 and n == 0 and o == offset):
                return (o, n, t)
        return None

    def add(self, offset, length, text):
        if (offset, length, text) not in self.edits:
            bisect.insort(self.edits, (offset, length, text))

    def result(self):
        out, at = [], 0
        for o, n, t in self.edits:
            out.append(self.data[at:o])
            out.append(t)
            at = o + n
        out.append(self.data[at:])
        return b"".join(out)

    def new_line(self, line):
        """Where an unedited line of the original is in the edited file (a
        line inside an edit: where the edit starts)."""
        if not 1 <= line <= len(self.starts):
            return line
        begin = self.starts[line - 1]
        delta = 0
        for o, n, t in self.edits:
            if o + n <= begin and not (n == 0 and o == begin):
                delta += t.count(b"\n") - self.data[o:o + n].count(b"\n")
            elif o < begin:
                # The line lies inside this edit.
                return position(self.starts, o)[0] + delta
        return line + delta


def plan_edits(root, findings, chosen, notes):
    """Applies, in memory, the fix-its of the findings whose indices are in
    chosen. Returns (files: path -> FileEdits, applied: [(index, fix)],
    skipped: [(index, description, reason)]). A fix-it is applied whole or
    not at all; one that overlaps an earlier one is skipped, as clang-tidy
    does. A replacement whose line and column do not match its offset in the
    file means the file changed since torchsync ran: an error."""
    files, applied, skipped = {}, [], []
    for i in chosen:
        for fix in finding_fixes(findings[i], notes):
            reps = fix.get("replacements") or []
            staged, problem = [], None
            for r in reps:
                path = r.get("path")
                if not isinstance(path, str) or os.path.isabs(path) or \
                        path.startswith("../") or not isinstance(r.get("offset"), int):
                    problem = "it edits %s, outside the root" % (r.get("file") or path)
                    break
                if path not in files:
                    try:
                        with open(os.path.join(root, path), "rb") as fh:
                            files[path] = FileEdits(path, fh.read())
                    except OSError as e:
                        raise ToolError("cannot read %s, which a fix-it edits: %s"
                                        % (path, e.strerror))
                fe = files[path]
                offset, length = r["offset"], int(r.get("length", 0))
                text = str(r.get("text", "")).encode("utf-8")
                if offset + length > len(fe.data) or (
                        isinstance(r.get("line"), int) and
                        position(fe.starts, offset) != (r["line"], r.get("column"))):
                    raise ToolError(
                        "the findings do not match %s: a fix-it of %s:%s expects line %s "
                        "column %s at byte %d (the file changed since torchsync ran; run it "
                        "again)" % (path, findings[i].get("path"), findings[i].get("line"),
                                    r.get("line"), r.get("column"), offset))
                other = fe.conflicts(offset, length, text)
                if other is not None:
                    problem = "it overlaps an earlier fix-it in %s at line %d" % (
                        path, position(fe.starts, other[0])[0])
                    break
                staged.append((fe, offset, length, text))
            if problem or not staged:
                skipped.append((i, fix.get("description", ""), problem or "it has no edits"))
                continue
            # Edits of one fix-it must not overlap each other either.
            for fe, offset, length, text in staged:
                fe.add(offset, length, text)
            applied.append((i, fix))
    return files, applied, skipped


def write_edits(root, tree, files):
    for path, fe in files.items():
        if fe.edits:
            target = os.path.join(tree, path)
            if not os.path.exists(target):
                # A file git ignores (generated) that a fix-it edits.
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(os.path.join(root, path), target)
            mode = os.stat(target).st_mode
            fd, tmp = tempfile.mkstemp(prefix=os.path.basename(target) + ".",
                                       dir=os.path.dirname(target))
            with os.fdopen(fd, "wb") as f:
                f.write(fe.result())
            os.chmod(tmp, mode & 0o7777)
            os.replace(tmp, target)


def moved_findings(doc, files, tree):
    """The findings JSON for the fixed tree: same findings, lines moved by
    the edits, root the tree."""
    out = dict(doc, root=tree)
    moved = []
    for f in doc["findings"]:
        g = dict(f)
        fe = files.get(f.get("path"))
        if fe is not None and isinstance(f.get("line"), int):
            g["line"] = fe.new_line(f["line"])
            if isinstance(f.get("endLine"), int):
                g["endLine"] = max(g["line"], fe.new_line(f["endLine"]))
        moved.append(g)
    out["findings"] = moved
    return out


# ---------------------------------------------------------------- outputs

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b",
                    re.IGNORECASE)


def normalize(text, trees):
    for t in trees:
        text = text.replace(t, "<root>")
    return text


def compare_text(a, b, rtol, atol, ignore):
    """None when b equals a within the tolerance, else (line, why). Also the
    counts: lines, numbers, the largest relative difference."""
    la = [l for l in a.splitlines() if not (ignore and ignore.search(l))]
    lb = [l for l in b.splitlines() if not (ignore and ignore.search(l))]
    stats = {"lines": len(la), "numbers": 0, "max_rel_diff": 0.0}
    for n, (x, y) in enumerate(zip(la, lb), 1):
        tx, ty = NUMBER.split(x), NUMBER.split(y)
        nx, ny = NUMBER.findall(x), NUMBER.findall(y)
        if tx != ty or len(nx) != len(ny):
            return (n, "%r before, %r after" % (x[:120], y[:120])), stats
        for u, v in zip(nx, ny):
            fu, fv = float(u), float(v)
            stats["numbers"] += 1
            if fu != fu or fv != fv:  # nan
                if (fu != fu) != (fv != fv):
                    return (n, "%s before, %s after" % (u, v)), stats
                continue
            diff = abs(fu - fv)
            if diff == 0:
                continue
            rel = diff / max(abs(fu), abs(fv)) if diff != float("inf") else float("inf")
            stats["max_rel_diff"] = max(stats["max_rel_diff"], rel)
            if not diff <= atol + rtol * abs(fu):
                return (n, "%s before, %s after (line %r)" % (u, v, x[:120])), stats
    if len(la) != len(lb):
        return (min(len(la), len(lb)) + 1, "%d lines before, %d after" % (len(la), len(lb))), stats
    return None, stats


def compare_outputs(before, after, args):
    """Compares the outputs of two runs (dicts: name -> text or None)."""
    ignore = re.compile(args.ignore_output) if args.ignore_output else None
    result = {"equal": True, "compared": [], "rtol": args.rtol, "atol": args.atol}
    for name in before:
        x, y = before[name], after.get(name)
        entry = {"name": name}
        if x is None or y is None:
            entry["equal"] = False
            entry["difference"] = "missing %s" % ("before" if x is None else "after")
        else:
            diff, stats = compare_text(x, y, args.rtol, args.atol, ignore)
            entry.update(stats)
            entry["equal"] = diff is None
            if diff:
                entry["line"], entry["difference"] = diff
        result["equal"] = result["equal"] and entry["equal"]
        result["compared"].append(entry)
    return result


# ---------------------------------------------------------------- running

def map_path_text(text, root, tree):
    """An argument with the root's path in it, pointing into the copy."""
    if text == root:
        return tree
    return text.replace(root + os.sep, tree + os.sep)


def run_build(command, cwd, log):
    with open(log, "wb") as out:
        try:
            proc = subprocess.run(["/bin/sh", "-c", command], cwd=cwd, stdout=out,
                                  stderr=subprocess.STDOUT)
        except OSError as e:
            raise ToolError("cannot run /bin/sh: %s" % e.strerror)
    return proc.returncode


def tail(path, n=5):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()[-n:]
    except OSError:
        return []


class Variant:
    """One copy of the tree: its fix-its, its build and its run."""

    def __init__(self, name, tree, files=None, applied=(), skipped=()):
        self.name, self.tree = name, tree
        self.files, self.applied, self.skipped = files or {}, list(applied), list(skipped)
        self.report = None
        self.build = None
        self.outputs = {}
        self.times = []  # (ms, unit) of each run that finished
        self.failures = []  # runs after the first that did not


def build_variant(v, args, rel_cwd, root, work):
    """Runs --build in the variant's copy; fills v.build. False if it failed."""
    if not args.build:
        return True
    cwd = os.path.join(v.tree, rel_cwd)
    log_dir = os.path.join(work, "logs")
    os.makedirs(log_dir, exist_ok=True)
    t0 = time.monotonic()
    log = os.path.join(log_dir, v.name + ".build.log")
    rc = run_build(map_path_text(args.build, root, v.tree), cwd, log)
    v.build = {"exit_code": rc, "wall_s": round(time.monotonic() - t0, 3)}
    if rc != 0:
        v.build["tail"] = [normalize(l, [v.tree]) for l in tail(log)]
        return False
    return True


def run_variant(v, k, doc, args, rel_cwd, root, work, write_atomically):
    """Runs the variant's program once (run k, from 0) under the probe. The
    first run's report and outputs are the variant's; every run that
    finished adds its time to v.times, one that did not is kept in
    v.failures."""
    cwd = os.path.join(v.tree, rel_cwd)
    findings = os.path.join(work, v.name + ".findings.json")
    if k == 0:
        with open(findings, "w", encoding="utf-8") as f:
            json.dump(moved_findings(doc, v.files, v.tree), f, indent=1, sort_keys=True)
    suffix = "" if k == 0 else ".%d" % (k + 1)
    report_path = os.path.join(work, v.name + suffix + ".report.json")
    stdout_path = os.path.join(work, v.name + suffix + ".stdout")
    run_args = vp_args(args, findings, report_path,
                       [map_path_text(a, root, v.tree) for a in args.program])
    saved = os.getcwd()
    os.chdir(cwd)
    try:
        with open(stdout_path, "wb") as out:
            # The run's own one-line error (exit 2) is kept in the report.
            vp.cmd_run(run_args, write_atomically, stdout=out)
    finally:
        os.chdir(saved)
    report = vp.read_json(report_path, "report")
    if k == 0:
        v.report = report
        with open(stdout_path, encoding="utf-8", errors="replace") as f:
            v.outputs["stdout"] = normalize(f.read(), [v.tree, work])
        for name in args.compare:
            try:
                with open(os.path.join(cwd, name), encoding="utf-8", errors="replace") as f:
                    v.outputs[name] = normalize(f.read(), [v.tree, work])
            except OSError:
                v.outputs[name] = None
    if report["program"]["status"] == "ok" and report["trace"]["status"] == "ok":
        v.times.append(time_of_report(report))
    elif k > 0:
        p = report["program"]
        v.failures.append("run %d: %s" % (k + 1, p.get("message") or
                                           report["trace"].get("message", "failed")))


def vp_args(args, findings, output, program):
    class A:
        pass
    a = A()
    a.findings, a.root, a.exclude = findings, None, args.exclude
    a.format, a.torchsync, a.output = "json", None, output
    a.probe, a.timeout, a.trace, a.keep_trace = args.probe, args.timeout, None, None
    a.explanations, a.harness, a.coverage, a.gcov_data = None, None, [], None
    a.gcov, a.addr2line, a.strict = "gcov", args.addr2line, False
    a.warmup_steps, a.program = args.warmup_steps, program
    return a


# ---------------------------------------------------------------- the report

def run_ok(v):
    return v.report is not None and v.report["program"]["status"] == "ok" and \
        v.report["trace"]["status"] == "ok"


def run_problem(v):
    if v.build is not None and v.build["exit_code"] != 0:
        return "the build failed (exit %d): %s" % (
            v.build["exit_code"], " / ".join(v.build.get("tail", [])[-3:]))
    if v.report is None:
        return "it did not run"
    p, t = v.report["program"], v.report["trace"]
    if p["status"] != "ok":
        return p.get("message", p["status"])
    if t["status"] != "ok":
        return t.get("message", t["status"])
    return None


def run_summary(v):
    out = {"name": v.name}
    if v.build is not None:
        out["build"] = v.build
    if v.report is not None:
        r = v.report
        out["program"] = r["program"]
        out["trace"] = {k: r["trace"][k] for k in ("status", "events", "blocked_ns")
                        if k in r["trace"]}
        out["unpredicted"] = {"count": sum(u["count"] for u in r["unpredicted"]),
                              "blocked_ns": sum(u["blocked_ns"] for u in r["unpredicted"])}
        out["outside_user_code"] = {k: r["outside_user_code"][k]
                                    for k in ("count", "blocked_ns")}
        if "steps" in r:
            out["steps"] = r["steps"]
    if v.failures:
        out["later_failures"] = v.failures
    problem = run_problem(v)
    out["ok"] = problem is None
    if problem:
        out["problem"] = problem
    return out


def time_of_report(r):
    """(ms per unit, unit): per step with marks, else the whole run."""
    if "steps" in r:
        return r["steps"]["ms"], "step"
    return r["program"]["wall_s"] * 1000.0, "run"


def time_of(v):
    """The median of the variant's runs, (ms, unit); (None, None) without
    one, ("mismatch") when some runs marked steps and others did not."""
    if not v.times:
        return None, None
    units = {u for _, u in v.times}
    if len(units) > 1:
        return None, "mismatch"
    return statistics.median(t for t, _ in v.times), units.pop()


def compare_variant(base, v, doc, args):
    """What changed from base to v: per finding, time, outputs."""
    rows = []
    fixed = {i for i, _ in v.applied}
    for i, f in enumerate(doc["findings"]):
        b = base.report["findings"][i] if run_ok(base) else None
        a = v.report["findings"][i] if v.report is not None else None
        rows.append({"index": i, "check": f["check"], "path": f.get("path", ""),
                     "line": f.get("line", 0), "fingerprint": f.get("fingerprint", ""),
                     "fixed": i in fixed,
                     "fixes": sum(1 for j, _ in v.applied if j == i),
                     "before": {"syncs": b["count"], "blocked_ns": b["blocked_ns"]} if b else None,
                     "after": {"syncs": a["count"], "blocked_ns": a["blocked_ns"]} if a else None})
    out = {"name": v.name, "run": run_summary(v), "findings": rows,
           "applied": [{"finding": i, "description": fx.get("description", ""),
                        "keepsMeaning": bool(fx.get("keepsMeaning"))} for i, fx in v.applied],
           "skipped": [{"finding": i, "description": d, "reason": why}
                       for i, d, why in v.skipped]}
    if run_ok(v) and run_ok(base):
        tb, unit = time_of(base)
        ta, unit_a = time_of(v)
        if unit == unit_a and unit != "mismatch" and tb and ta:
            out["time"] = {"unit": unit, "before_ms": round(tb, 6), "after_ms": round(ta, 6),
                           "speedup": round(tb / ta, 3), "runs": len(v.times),
                           "before_runs_ms": [round(t, 6) for t, _ in base.times],
                           "after_runs_ms": [round(t, 6) for t, _ in v.times]}
        elif unit != unit_a or "mismatch" in (unit, unit_a):
            out["time"] = {"unit": "mismatch", "problem": "some runs marked steps and "
                           "others did not"}
        out["outputs"] = compare_outputs(base.outputs, v.outputs, args)
        out["syncs"] = {"before": base.report["trace"]["events"],
                        "after": v.report["trace"]["events"]}
    return out


def verdict(cmp):
    """'ok', or why the fixed variant fails the check."""
    if not cmp["run"]["ok"]:
        return "the fixed program failed: " + cmp["run"]["problem"]
    if cmp["run"].get("later_failures"):
        return "the fixed program failed: " + "; ".join(cmp["run"]["later_failures"])
    if "outputs" in cmp and not cmp["outputs"]["equal"]:
        bad = [c for c in cmp["outputs"]["compared"] if not c["equal"]][0]
        return "outputs differ: %s%s: %s" % (
            bad["name"], (" line %d" % bad["line"]) if "line" in bad else "",
            bad["difference"])
    return "ok"


def render_text(report):
    lines = []
    base = report["before"]
    lines.append("%s fix-check: %s; fix-its of %s" % (
        TOOL, " ".join(shlex.quote(c) for c in report["command"]),
        "warnings and notes (--fix-notes)" if report["fix_notes"] else "warnings (--fix)"))
    if base is not None:
        lines.append("before: %s" % describe_run(base))
    for cmp in report["variants"]:
        lines.append("")
        lines.append("%s: %s applied, %d skipped; %s" % (
            cmp["name"], plural(len(cmp["applied"]), "fix-it"), len(cmp["skipped"]),
            describe_run(cmp["run"])))
        for s in cmp["skipped"]:
            lines.append("  skipped: finding %d: %s" % (s["finding"], s["reason"]))
        t = cmp.get("time")
        if t and t["unit"] != "mismatch":
            lines.append("  time per %s: %.3f ms before, %.3f ms after: %.2fx%s" % (
                t["unit"], t["before_ms"], t["after_ms"], t["speedup"],
                " (medians of %d runs each)" % t["runs"] if t.get("runs", 1) > 1 else ""))
        elif t:
            lines.append("  time: " + t["problem"])
        if "syncs" in cmp:
            lines.append("  syncs: %d before, %d after" % (cmp["syncs"]["before"],
                                                          cmp["syncs"]["after"]))
        o = cmp.get("outputs")
        if o:
            parts = []
            for c in o["compared"]:
                if c["equal"]:
                    parts.append("%s equal (%d lines, %d numbers, largest relative "
                                 "difference %.2g)" % (c["name"], c["lines"], c["numbers"],
                                                       c["max_rel_diff"]))
                else:
                    parts.append("%s DIFFER%s: %s" % (
                        c["name"], (" at line %d" % c["line"]) if "line" in c else "",
                        c["difference"]))
            lines.append("  outputs (rtol %g, atol %g): %s" % (o["rtol"], o["atol"],
                                                               "; ".join(parts)))
        rows = [("fixed", "syncs before", "after", "blocked ms before", "after",
                 "check", "place")]
        for f in cmp["findings"]:
            if not f["fixed"] and not report["all_findings"]:
                continue
            b, a = f["before"], f["after"]
            rows.append(("yes" if f["fixed"] else "no",
                         b["syncs"] if b else "-", a["syncs"] if a else "-",
                         vp.ms(b["blocked_ns"]) if b else "-",
                         vp.ms(a["blocked_ns"]) if a else "-",
                         f["check"], "%s:%d" % (f["path"], f["line"])))
        if len(rows) > 1:
            lines += ["  " + l for l in vp.table(rows)]
        lines.append("  verdict: %s" % cmp["verdict"])
    lines.append("")
    lines.append("%s fix-check: %s" % (TOOL, report["summary"]))
    return "\n".join(lines) + "\n"


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def describe_run(run):
    if not run["ok"]:
        return "FAILED: " + run["problem"]
    bits = []
    if "build" in run:
        bits.append("built in %.1f s" % run["build"]["wall_s"])
    bits.append("ran in %.1f s" % run["program"]["wall_s"])
    bits.append("%d syncs, %s ms blocked" % (run["trace"]["events"],
                                            vp.ms(run["trace"]["blocked_ns"])))
    if "steps" in run:
        bits.append(vp.steps_text(run["steps"]))
    return "; ".join(bits)


# ---------------------------------------------------------------- the command

def add_arguments(p):
    p.add_argument("--findings", required=True,
                   help="torchsync --format=json report of the program's sources, with "
                        "fix-its (its root is the tree that is copied)")
    p.add_argument("--root", help="the source tree to copy, when the findings' root is not "
                                  "a folder here or is relative")
    p.add_argument("--fix-notes", action="store_true",
                   help="also apply the notes' fix-its, which change the program's meaning "
                        "in the way each note says (as torchsync --fix-notes)")
    p.add_argument("--each", action="store_true",
                   help="one copy and run per finding with fix-its, each compared with the "
                        "unfixed run (default: all fix-its at once, one run)")
    p.add_argument("--build", metavar="COMMAND",
                   help="shell command that builds the program, run in each copy (in the "
                        "folder matching the current one) before the program; the root's "
                        "path in it is replaced by the copy's")
    p.add_argument("--compare", action="append", default=[], metavar="FILE",
                   help="a file the program writes (relative to the folder it runs in) "
                        "compared like its standard output (repeatable)")
    p.add_argument("--rtol", type=float, default=1e-4,
                   help="relative tolerance of numbers in the outputs (default 1e-4)")
    p.add_argument("--atol", type=float, default=1e-6,
                   help="absolute tolerance of numbers in the outputs (default 1e-6)")
    p.add_argument("--ignore-output", metavar="REGEX",
                   help="lines of the outputs that match are not compared (timings)")
    p.add_argument("--runs", type=int, default=1, metavar="N",
                   help="run each copy N times, alternating, and compare the medians of "
                        "their times (default 1); syncs and outputs are the first run's")
    p.add_argument("--warmup-steps", type=int, metavar="N",
                   help="marked steps left out of the time per step (default: a tenth)")
    p.add_argument("--exclude", action="append", default=[], metavar="DIR",
                   help="a folder under the root that is not user code (repeatable)")
    p.add_argument("--probe", help="libtorchsync-probe.so (as for run)")
    p.add_argument("--timeout", type=float, default=600,
                   help="seconds each run may take before it is killed (default 600)")
    p.add_argument("--addr2line", default="addr2line", help="the addr2line to use")
    p.add_argument("--all-findings", action="store_true",
                   help="list every finding in the text report, not only the fixed ones")
    p.add_argument("--keep", metavar="DIR",
                   help="keep the copies, logs and run reports in DIR (a new folder)")
    p.add_argument("--dry-run", action="store_true",
                   help="copy and fix, then stop: say what would be built and run (with "
                        "--keep, the fixed copy can be inspected)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("-o", dest="output", help="write the report here (atomically), not stdout")
    p.add_argument("program", nargs="*", help="the program and its arguments, after --")


def cmd_fix_check(args, write_atomically):
    tool_dir = os.path.dirname(os.path.abspath(__file__))
    cwd = os.path.realpath(os.getcwd())
    if not args.program:
        raise ToolError("no program to run: give it after --")
    for name, value in (("--timeout", args.timeout), ("--rtol", args.rtol + 1),
                        ("--atol", args.atol + 1)):
        if not value > 0 or value != value:
            raise ToolError("%s must be positive" % name)
    if args.runs < 1:
        raise ToolError("--runs must be at least 1")
    if args.warmup_steps is not None and args.warmup_steps < 0:
        raise ToolError("--warmup-steps must not be negative")
    if args.ignore_output:
        try:
            re.compile(args.ignore_output)
        except re.error as e:
            raise ToolError("--ignore-output %r is not a regular expression: %s"
                            % (args.ignore_output, e))
    if args.keep and os.path.exists(args.keep):
        raise ToolError("--keep %s exists: name a new folder" % args.keep)
    root = vp.choose_root(args.root, args.findings, cwd)
    findings = vp.load_findings(args.findings)
    doc = vp.read_json(args.findings, "findings")
    doc = dict(doc, findings=findings)
    rel_cwd = os.path.relpath(cwd, root)
    if rel_cwd == os.pardir or rel_cwd.startswith(os.pardir + os.sep):
        raise ToolError("run fix-check from inside the source tree %s: the command runs in "
                        "the matching folder of each copy" % root)
    if not args.dry_run:
        args.probe = args.probe or vp.default_probe(tool_dir)
        if not args.probe or not os.path.isfile(args.probe):
            raise ToolError("probe %s not found (build it with torchsync-build-probe on a "
                            "machine with the CUDA toolkit, or give --probe)"
                            % (args.probe or "libtorchsync-probe.so"))
        args.probe = os.path.abspath(args.probe)

    fixable = [i for i, f in enumerate(findings) if finding_fixes(f, args.fix_notes)]
    groups = [[i] for i in fixable] if args.each else [fixable]
    # Plan every variant before anything runs: a stale findings file fails
    # at once, on one line.
    plans = [plan_edits(root, findings, g, args.fix_notes) for g in groups]

    if not fixable:
        # Nothing would differ between the two copies: build and run nothing.
        return finish(args, root, None, [], "no finding has fix-its to apply%s" % (
            "" if args.fix_notes else " (warnings only: --fix-notes adds the notes')"),
            write_atomically)
    work = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(
        prefix="torchsync-fix-check.")
    if args.keep:
        os.makedirs(work)
    try:
        files = tree_files(root)
        base = Variant("before", os.path.join(work, "before"))
        variants = []
        for n, (g, (edits, applied, skipped)) in enumerate(zip(groups, plans)):
            name = "after" if not args.each else "fix-%d" % (n + 1)
            variants.append(Variant(name, os.path.join(work, name), edits, applied, skipped))
        for v in [base] + variants:
            copy_tree(root, files, v.tree)
            write_edits(root, v.tree, v.files)
        if args.dry_run:
            return dry_run(args, root, rel_cwd, base, variants, findings, work)
        # The copies build side by side, at most four at a time (their builds
        # are independent); the runs, which are timed, one at a time.
        to_build = [base] + [v for v in variants if v.applied]
        with concurrent.futures.ThreadPoolExecutor(max_workers=min(4, len(to_build))) as pool:
            ok = list(pool.map(lambda v: build_variant(v, args, rel_cwd, root, work),
                               to_build))
        if not ok[0]:
            raise ToolError("the unfixed program failed, so nothing can be compared: %s"
                            % run_problem(base))
        built = [v for v, good in zip(to_build[1:], ok[1:]) if good]
        # The runs alternate, unfixed first: what the machine does between
        # runs (a cold file cache for the first, a busy neighbour) falls on
        # both alike; each variant's time is the median of its runs.
        for k in range(args.runs):
            run_variant(base, k, doc, args, rel_cwd, root, work, write_atomically)
            if k == 0 and not run_ok(base):
                raise ToolError("the unfixed program failed, so nothing can be compared: %s"
                                % run_problem(base))
            for v in built:
                if k == 0 or run_ok(v):
                    run_variant(v, k, doc, args, rel_cwd, root, work, write_atomically)
        compared = []
        for v in variants:
            if not v.applied:
                v.report, v.outputs, v.times = base.report, base.outputs, base.times
            cmp = compare_variant(base, v, doc, args)
            cmp["verdict"] = verdict(cmp)
            if args.each and v.applied:
                cmp["finding"] = v.applied[0][0]
            compared.append(cmp)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    failed = [c for c in compared if c["verdict"] != "ok"]
    n_applied = sum(len(c["applied"]) for c in compared)
    if failed:
        summary = "%d of %d %s FAILED: %s" % (
            len(failed), len(compared), "variants" if args.each else "runs",
            "; ".join("%s: %s" % (c["name"], c["verdict"]) for c in failed))
    else:
        summary = "%s applied%s; every fixed run ran and its outputs are equal" % (
            plural(n_applied, "fix-it"), " one finding at a time" if args.each else "")
    return finish(args, root, run_summary(base), compared, summary, write_atomically)


def finish(args, root, before, compared, summary, write_atomically):
    """Writes the report; the exit code."""
    failed = [c for c in compared if c["verdict"] != "ok"]
    report = {"version": FORMAT_VERSION, "tool": {"name": TOOL, "version": vp.VERSION},
              "root": root, "command": args.program, "build": args.build,
              "fix_notes": bool(args.fix_notes), "each": bool(args.each),
              "all_findings": bool(args.all_findings),
              "before": before, "variants": compared, "summary": summary,
              "ok": not failed}
    if args.format == "json":
        text = json.dumps(report, indent=1, sort_keys=True) + "\n"
    else:
        text = render_text(report)
    if args.output:
        write_atomically(args.output, text)
    else:
        sys.stdout.write(text)
    return 1 if failed else 0


def dry_run(args, root, rel_cwd, base, variants, findings, work):
    lines = ["%s fix-check --dry-run: root %s; copies in %s" % (
        TOOL, root, work if args.keep else "a temporary folder (removed)")]
    for v in variants:
        lines.append("%s: %s, %d skipped" % (v.name, plural(len(v.applied), "fix-it"),
                                             len(v.skipped)))
        for i, fx in v.applied:
            f = findings[i]
            lines.append("  %s:%s %s: %s" % (f.get("path"), f.get("line"), f["check"],
                                             fx.get("description", "")[:100]))
        for i, d, why in v.skipped:
            lines.append("  skipped %s:%s: %s" % (findings[i].get("path"),
                                                  findings[i].get("line"), why))
    for v in [base] + variants:
        cwd = os.path.join(v.tree, rel_cwd)
        if args.build:
            lines.append("%s: build in %s: %s" % (v.name, cwd,
                                                  map_path_text(args.build, root, v.tree)))
        lines.append("%s: run in %s: %s" % (v.name, cwd, " ".join(
            shlex.quote(map_path_text(a, root, v.tree)) for a in args.program)))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
