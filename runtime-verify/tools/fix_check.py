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

import argparse
import bisect
import concurrent.futures
import hashlib
import json
import math
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

inside = vp.inside


def build_folder(root, rel, cache):
    """Whether rel lies in a folder of root that holds a CMakeCache.txt (a
    build folder: its cache names the original tree)."""
    parts = rel.split("/")[:-1]
    for n in range(1, len(parts) + 1):
        d = "/".join(parts[:n])
        if d not in cache:
            cache[d] = os.path.exists(os.path.join(root, d, "CMakeCache.txt"))
        if cache[d]:
            return True
    return False


def tree_listing(root):
    """(entries, from_git): the entries of the source tree to copy, relative
    to root: what git tracks or would track (ignored files left out; a
    submodule or nested repository is one entry, its folder), else every
    file and symbolic link but those of .git. Either way, build folders (a
    CMakeCache.txt) stay behind. from_git: whether git listed them."""
    cache = {}
    try:
        proc = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                               "--exclude-standard"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
        if proc.returncode == 0:
            # Paths relative to root (git names them from the folder it runs
            # in); deleted but still tracked files are left out.
            names = {n.rstrip("/") for n in
                     proc.stdout.decode("utf-8", "surrogateescape").split("\0") if n}
            names = sorted(n for n in names if os.path.lexists(os.path.join(root, n)) and
                           not build_folder(root, n, cache))
            if names:  # none: the root is an ignored folder of a work tree
                return names, True
    except OSError:
        pass
    out = []
    for d, dirs, files in os.walk(root):
        keep = []
        for x in sorted(dirs):
            full = os.path.join(d, x)
            if x == ".git" or os.path.exists(os.path.join(full, "CMakeCache.txt")):
                continue
            if os.path.islink(full):
                files.append(x)  # copied as the link, not followed
            else:
                keep.append(x)
        dirs[:] = keep
        for n in files:
            out.append(os.path.relpath(os.path.join(d, n), root).replace(os.sep, "/"))
    return sorted(out), False


def tree_files(root):
    """The entries of the source tree to copy (tree_listing)."""
    return tree_listing(root)[0]


def in_copied_tree(root, path, listing):
    """Whether path (a file or folder, there or not yet) is part of what
    fix-check copies, listing being tree_listing(root): one of the tree's
    entries or inside one, a new path that a later run would list (git does
    not ignore it), or an existing file that is one of the tree's files by
    another name (a hard link)."""
    names, from_git = listing
    real_root = os.path.realpath(root)
    real = os.path.realpath(path)
    if inside(real, real_root) and real != real_root:
        rel = os.path.relpath(real, real_root).replace(os.sep, "/")
        parts = rel.split("/")
        if ".git" in parts or build_folder(real_root, rel, {}):
            return False
        entries = set(names)
        if any("/".join(parts[:n]) in entries for n in range(1, len(parts) + 1)):
            return True
        if not os.path.lexists(real):
            if not from_git:
                return True
            proc = subprocess.run(["git", "-C", real_root, "check-ignore", "-q", "--", rel],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return proc.returncode != 0
    try:
        st = os.stat(real)
    except OSError:
        return False
    if not os.path.isfile(real) or st.st_nlink < 2:
        return False
    for rel in names:
        full = os.path.join(real_root, rel)
        if os.path.islink(full):
            continue
        for d, _, files in os.walk(full) if os.path.isdir(full) else [("", [], [full])]:
            for n in files:
                try:
                    other = os.stat(os.path.join(d, n))
                except OSError:
                    continue
                if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
                    return True
    return False


def copy_tree(root, files, dest):
    """Copies the entries into dest. A symbolic link that resolves inside
    the root points to the same place in the copy (relative), one that
    leaves the root is kept as it is (fix-its never edit through it)."""
    real_root = os.path.realpath(root)
    for rel in files:
        src, dst = os.path.join(root, rel), os.path.join(dest, rel)
        try:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if os.path.islink(src):
                target = os.path.realpath(src)
                if inside(target, real_root):
                    os.symlink(os.path.relpath(os.path.join(dest, os.path.relpath(
                        target, real_root)), os.path.dirname(dst)), dst)
                else:
                    os.symlink(os.readlink(src), dst)
            elif os.path.isdir(src):
                shutil.copytree(src, dst, symlinks=True,
                                ignore=shutil.ignore_patterns(".git"))
            elif os.path.isfile(src):
                shutil.copy2(src, dst)
            # Sockets, FIFOs and devices have no place in a copy.
        except OSError as e:
            raise ToolError("cannot copy %s into the copy of the tree: %s"
                            % (rel, e.strerror or e))


# ---------------------------------------------------------------- fix-its

def chosen_fix(f, notes):
    """The fix-it of a finding that `torchsync --fix` applies: the
    warning's; with notes (--fix-notes), the warning's or, when it has none,
    the one note's that has one (none when several notes have fix-its), as
    clang-tidy chooses."""
    fixes = [x for x in f.get("fixes") or [] if isinstance(x, dict)]
    own = [x for x in fixes if x.get("keepsMeaning")]
    if own:
        return own[0]
    noted = [x for x in fixes if not x.get("keepsMeaning")]
    if notes and len(noted) == 1:
        return noted[0]
    return None


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
        self.path = path  # relative to the root, where the file really is
        self.data = data
        self.starts = line_starts(data)
        self.edits = []  # (offset, insertion first, order added, length, new bytes)

    def conflict(self, offset, length, text):
        """Whether the edit cannot join the others (tooling::Replacements'
        rule): it overlaps one, or inserts strictly inside one. Insertions
        at the same place all apply, in the order they came; an edit equal
        to one already there is the same edit."""
        for o, _, _, n, t in self.edits:
            if (o, n, t) == (offset, length, text):
                return False
            if length and n and offset < o + n and o < offset + length:
                return True
            if not length and n and o < offset < o + n:
                return True
            if length and not n and offset < o < offset + length:
                return True
        return False

    def add(self, offset, length, text):
        if any((o, n, t) == (offset, length, text) for o, _, _, n, t in self.edits):
            return
        bisect.insort(self.edits, (offset, 0 if length == 0 else 1, len(self.edits),
                                   length, text))

    def result(self):
        out, at = [], 0
        for o, _, _, n, t in self.edits:
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
        for o, _, _, n, t in self.edits:
            if o + n <= begin and not (n == 0 and o == begin):
                delta += t.count(b"\n") - self.data[o:o + n].count(b"\n")
            elif o < begin:
                # The line lies inside this edit.
                return position(self.starts, o)[0] + delta
        return line + delta


def bad_findings(path, i, what):
    return ToolError("findings %s: finding %d: %s" % (path, i + 1, what))


def check_fixes(path, findings):
    """A findings file whose fix-its are malformed is refused on one line."""
    for i, f in enumerate(findings):
        fixes = f.get("fixes", [])
        if not isinstance(fixes, list):
            raise bad_findings(path, i, "\"fixes\" is not an array")
        for x in fixes:
            if not isinstance(x, dict) or not isinstance(x.get("replacements", []), list):
                raise bad_findings(path, i, "a fix-it is not an object with an array of "
                                   "replacements")
            for r in x.get("replacements", []):
                if not isinstance(r, dict) or not isinstance(r.get("path"), str) or \
                        not isinstance(r.get("text"), str) or \
                        type(r.get("offset")) is not int or r["offset"] < 0 or \
                        type(r.get("length", 0)) is not int or r.get("length", 0) < 0:
                    raise bad_findings(path, i, "a replacement needs \"path\", \"text\" and "
                                       "an \"offset\" and \"length\" of at least 0")


def real_relative(root, path):
    """Where the file a replacement edits really lies, relative to root
    (through symbolic links), or None when that is outside the root."""
    norm = os.path.normpath(path)
    if os.path.isabs(norm) or norm == os.pardir or norm.startswith(os.pardir + os.sep):
        return None
    real_root = os.path.realpath(root)
    real = os.path.realpath(os.path.join(real_root, norm))
    if not inside(real, real_root) or real == real_root:
        return None
    return os.path.relpath(real, real_root).replace(os.sep, "/")


def plan_edits(root, findings, chosen, notes):
    """Applies, in memory, the fix-its of the findings whose indices are in
    chosen, as `torchsync --fix` (with notes: --fix-notes) applies them: the
    fix-it chosen_fix() picks, each replacement on its own; one that
    conflicts with an earlier one is dropped, the rest of its fix-it still
    applies. Returns (files: real path -> FileEdits, applied: [(index, fix,
    dropped replacements)], skipped: [(index, description, reason)]); a fix-it
    none of whose replacements applies is skipped. A replacement whose line
    and column do not match its offset in the file means the file changed
    since torchsync ran: an error."""
    files, applied, skipped = {}, [], []
    for i in chosen:
        fix = chosen_fix(findings[i], notes)
        if fix is None:
            continue
        used, dropped = 0, []
        for r in fix.get("replacements") or []:
            path = real_relative(root, r["path"])
            if path is None:
                dropped.append("it edits %s, outside the root" % (r.get("file") or
                                                                  r["path"]))
                continue
            if path not in files:
                try:
                    with open(os.path.join(root, path), "rb") as fh:
                        files[path] = FileEdits(path, fh.read())
                except OSError as e:
                    raise ToolError("cannot read %s, which a fix-it edits: %s"
                                    % (path, e.strerror))
            fe = files[path]
            offset, length = r["offset"], r.get("length", 0)
            text = r["text"].encode("utf-8")
            if offset + length > len(fe.data) or (
                    isinstance(r.get("line"), int) and
                    position(fe.starts, offset) != (r["line"], r.get("column"))):
                raise ToolError(
                    "the findings do not match %s: a fix-it of %s:%s expects line %s "
                    "column %s at byte %d (the file changed since torchsync ran; run it "
                    "again)" % (path, findings[i].get("path"), findings[i].get("line"),
                                r.get("line"), r.get("column"), offset))
            if fe.conflict(offset, length, text):
                dropped.append("its edit of %s at line %d overlaps an earlier fix-it's"
                               % (path, position(fe.starts, offset)[0]))
                continue
            fe.add(offset, length, text)
            used += 1
        if used:
            applied.append((i, fix, dropped))
        else:
            skipped.append((i, fix.get("description", ""),
                            "; ".join(dropped) or "it has no edits"))
    return files, applied, skipped


def write_edits(root, tree, files):
    """Writes the edited files into the copy, each where it really lies (a
    symbolic link inside the root leads there in the copy too). Never
    writes outside the copy."""
    real_tree = os.path.realpath(tree)
    for path, fe in files.items():
        if not fe.edits:
            continue
        target = os.path.join(real_tree, path)
        if not inside(os.path.realpath(os.path.dirname(target)), real_tree) or \
                os.path.islink(target):
            raise ToolError("refusing to write %s: it would leave the copy of the tree"
                            % path)
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


def moved_findings(doc, files, root, tree):
    """The findings JSON for the fixed tree: same findings, lines moved by
    the edits, root the tree."""
    out = dict(doc, root=tree)
    moved = []
    for f in doc["findings"]:
        g = dict(f)
        real = real_relative(root, f["path"]) if f.get("path") else None
        fe = files.get(real) if real else None
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


def spellings(path):
    """The ways a folder's path can be written: as given, and through its
    symbolic links resolved."""
    out = {os.path.abspath(path), os.path.realpath(path)}
    return sorted(out, key=len, reverse=True)


def normalize(text, trees):
    for t in trees:
        for spelled in spellings(t):
            text = text.replace(spelled, "<root>")
    return text


def is_integer(token):
    return re.fullmatch(r"[-+]?\d+", token) is not None


def same_number(u, v, rtol, atol):
    """(equal, relative difference) of two numbers of the outputs. Integers
    (counts, class indices, sizes) must be equal; nan equals nan, and an
    infinity only the same infinity."""
    if is_integer(u) and is_integer(v):
        return int(u) == int(v), 0.0 if int(u) == int(v) else float("inf")
    fu, fv = float(u), float(v)
    if math.isnan(fu) or math.isnan(fv):
        return math.isnan(fu) and math.isnan(fv), 0.0
    if math.isinf(fu) or math.isinf(fv):
        return fu == fv, 0.0 if fu == fv else float("inf")
    diff = abs(fu - fv)
    if diff == 0:
        return True, 0.0
    return diff <= atol + rtol * abs(fu), diff / max(abs(fu), abs(fv))


def compare_text(a, b, rtol, atol, ignore):
    """None when b equals a within the tolerance, else (line, why) of the
    first difference. Also the counts over every line whose text around its
    numbers is the same: lines, numbers, how many differ beyond the
    tolerance, and the largest relative difference of those that can be
    measured (an integer or an infinity that differs is counted, not
    measured)."""
    la = [l for l in a.splitlines() if not (ignore and ignore.search(l))]
    lb = [l for l in b.splitlines() if not (ignore and ignore.search(l))]
    stats = {"lines": len(la), "numbers": 0, "beyond_tolerance": 0,
             "max_rel_diff": 0.0}
    first = None
    for n, (x, y) in enumerate(zip(la, lb), 1):
        tx, ty = NUMBER.split(x), NUMBER.split(y)
        nx, ny = NUMBER.findall(x), NUMBER.findall(y)
        if tx != ty or len(nx) != len(ny):
            first = first or (n, "%r before, %r after" % (x[:120], y[:120]))
            continue
        for u, v in zip(nx, ny):
            stats["numbers"] += 1
            equal, rel = same_number(u, v, rtol, atol)
            if math.isfinite(rel):
                stats["max_rel_diff"] = max(stats["max_rel_diff"], rel)
            if not equal:
                stats["beyond_tolerance"] += 1
                first = first or (n, "%s before, %s after (line %r)" % (u, v, x[:120]))
    if first:
        return first, stats
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

def map_path_text(text, root, tree, logical_root=None):
    """An argument with the root's path in it (its real path, or the path
    as the shell spells it, through symbolic links), pointing into the
    copy. The path counts when a separator, a quote, a space or the end
    follows it, not as the start of a longer name."""
    for spelled in sorted({root, os.path.realpath(root), logical_root or root},
                          key=len, reverse=True):
        text = re.sub(re.escape(spelled) + r"(?=$|[/\s'\";:=,)])",
                      lambda m: tree, text)
    return text


def logical_folder(root, cwd):
    """The root as the user's shell spells it ($PWD may name the current
    folder through a symbolic link), or None."""
    pwd = os.environ.get("PWD")
    if not pwd or not os.path.isabs(pwd) or os.path.realpath(pwd) != os.path.realpath(cwd):
        return None
    return os.path.normpath(os.path.join(pwd, os.path.relpath(os.path.realpath(root),
                                                              os.path.realpath(cwd))))


def run_build(command, cwd, log, timeout):
    """The build's exit code, or None when it ran past timeout (killed, with
    everything it started)."""
    with open(log, "wb") as out:
        try:
            proc = subprocess.Popen(["/bin/sh", "-c", command], cwd=cwd, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        except OSError as e:
            raise ToolError("cannot run /bin/sh in %s: %s" % (cwd, e.strerror))
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            vp.kill_group(proc)
            return None
        except BaseException:
            vp.kill_group(proc)
            raise


def build_errors(path, n=3):
    """What a failed build said: its first lines that name an error, else
    its last lines."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    errors = [l for l in lines if re.search(r"\berror\b", l, re.IGNORECASE)]
    return (errors or lines)[:n] if errors else lines[-n:]


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
        self.start_error = None  # the program of the first run could not start


def build_variant(v, args, rel_cwd, root, work):
    """Runs --build in the variant's copy; fills v.build. False if it failed."""
    if not args.build:
        return True
    cwd = os.path.join(v.tree, rel_cwd)
    log_dir = os.path.join(work, "logs")
    os.makedirs(log_dir, exist_ok=True)
    t0 = time.monotonic()
    log = os.path.join(log_dir, v.name + ".build.log")
    rc = run_build(map_path_text(args.build, root, v.tree, args.logical_root), cwd, log,
                   args.build_timeout)
    v.build = {"exit_code": rc, "wall_s": round(time.monotonic() - t0, 3)}
    if rc is None:
        v.build["tail"] = ["no exit within %gs (--build-timeout); killed" % args.build_timeout]
        return False
    if rc != 0:
        v.build["tail"] = [normalize(l, [v.tree, work]) for l in build_errors(log)]
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
            json.dump(moved_findings(doc, v.files, root, v.tree), f, indent=1, sort_keys=True)
    suffix = "" if k == 0 else ".%d" % (k + 1)
    report_path = os.path.join(work, v.name + suffix + ".report.json")
    stdout_path = os.path.join(work, v.name + suffix + ".stdout")
    run_args = vp_args(args, findings, report_path,
                       [map_path_text(a, root, v.tree, args.logical_root) for a in args.program],
                       root, v.tree)
    saved = os.getcwd()
    os.chdir(cwd)
    try:
        with open(stdout_path, "wb") as out:
            # A run that fails is in its report; fix-check says it once.
            vp.cmd_run(run_args, write_atomically, stdout=out, quiet=True)
    except vp.ToolError as e:
        # The program could not be started at all (a build that made no
        # program): for the unfixed copy an error, for a fixed one a failure.
        if v.name == "before" or k > 0:
            if k > 0:
                v.failures.append("run %d: %s" % (k + 1, e))
                return
            raise
        v.start_error = str(e)
        return
    finally:
        os.chdir(saved)
    report = vp.read_json(report_path, "report")
    if k == 0:
        v.report = report
        with open(stdout_path, encoding="utf-8", errors="replace") as f:
            v.outputs["stdout"] = normalize(f.read(), [v.tree, work])
        for name in args.compare:
            try:
                mapped = map_path_text(name, root, v.tree, args.logical_root)
                with open(os.path.join(cwd, mapped), encoding="utf-8", errors="replace") as f:
                    v.outputs[name] = normalize(f.read(), [v.tree, work])
            except OSError:
                v.outputs[name] = None
    if report["program"]["status"] == "ok" and report["trace"]["status"] == "ok":
        v.times.append(time_of_report(report))
    elif k > 0:
        p = report["program"]
        v.failures.append("run %d: %s" % (k + 1, p.get("message") or
                                           report["trace"].get("message", "failed")))


def vp_args(args, findings, output, program, root, tree):
    """The arguments of `torchsync-verify run` for one run of a copy, parsed
    by run's own parser, so that its defaults hold here too."""
    p = argparse.ArgumentParser()
    vp.add_arguments(p)
    argv = ["--findings", findings, "--format", "json", "-o", output,
            "--probe", args.probe, "--timeout", repr(args.timeout),
            "--addr2line", args.addr2line]
    for x in args.exclude:
        argv += ["--exclude", map_path_text(x, root, tree, args.logical_root)]
    if args.warmup_steps is not None:
        argv += ["--warmup-steps", str(args.warmup_steps)]
    a = p.parse_args(argv)
    a.program = program
    return a


# ---------------------------------------------------------------- the report

def run_ok(v):
    return v.report is not None and v.report["program"]["status"] == "ok" and \
        v.report["trace"]["status"] == "ok"


def run_problem(v):
    if v.build is not None and v.build["exit_code"] != 0:
        return "the build failed (exit %d): %s" % (
            v.build["exit_code"], " / ".join(v.build.get("tail", [])[-3:]))
    if v.start_error:
        return v.start_error
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


def place(f):
    return "%s:%s" % (f.get("path", ""), f.get("line", 0))


def compare_variant(base, v, doc, args):
    """What changed from base to v: per finding, time, outputs."""
    rows = []
    fixed = {i for i, _, _ in v.applied}
    for i, f in enumerate(doc["findings"]):
        b = base.report["findings"][i] if run_ok(base) else None
        a = v.report["findings"][i] if v.report is not None else None
        rows.append({"index": i, "check": f["check"], "path": f.get("path", ""),
                     "line": f.get("line", 0), "fingerprint": f.get("fingerprint", ""),
                     "fixed": i in fixed,
                     "fixes": sum(1 for j, _, _ in v.applied if j == i),
                     "before": {"syncs": b["count"], "blocked_ns": b["blocked_ns"]} if b else None,
                     "after": {"syncs": a["count"], "blocked_ns": a["blocked_ns"]} if a else None})
    out = {"name": v.name, "run": run_summary(v), "findings": rows,
           "applied": [dict({"finding": i + 1, "place": place(doc["findings"][i]),
                             "description": fx.get("description", ""),
                             "keepsMeaning": bool(fx.get("keepsMeaning"))},
                            **({"dropped": dropped} if dropped else {}))
                       for i, fx, dropped in v.applied],
           "skipped": [{"finding": i + 1, "place": place(doc["findings"][i]),
                        "description": d, "reason": why} for i, d, why in v.skipped]}
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
        lines.append("before: %s" % describe_run(base, report.get("runs", 1)))
    for cmp in report["variants"]:
        lines.append("")
        lines.append("%s: %s applied, %d skipped; %s" % (
            cmp["name"], plural(len(cmp["applied"]), "fix-it"), len(cmp["skipped"]),
            describe_run(cmp["run"], report.get("runs", 1)) if cmp["applied"] else "not run"))
        for s in cmp["skipped"]:
            lines.append("  skipped: %s: %s" % (s["place"], s["reason"]))
        for a in cmp["applied"]:
            for d in a.get("dropped", []):
                lines.append("  dropped from %s: %s" % (a["place"], d))
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
                    parts.append("%s equal (%s, %s, largest relative "
                                 "difference %.2g)%s" % (
                                     c["name"], plural(c["lines"], "line"),
                                     plural(c["numbers"], "number"), c["max_rel_diff"],
                                     "; no line compared: --ignore-output matches them all"
                                     if not c["lines"] else ""))
                else:
                    parts.append("%s DIFFER%s: %s%s" % (
                        c["name"], (" at line %d" % c["line"]) if "line" in c else "",
                        c["difference"],
                        "; %d of %s beyond the tolerance, largest relative "
                        "difference %.2g" % (c["beyond_tolerance"],
                                             plural(c["numbers"], "number"),
                                             c["max_rel_diff"])
                        if c.get("numbers") else ""))
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
        if cmp.get("note"):
            lines.append("  note: " + cmp["note"])
        lines.append("  verdict: %s" % cmp["verdict"])
    lines.append("")
    lines.append("%s fix-check: %s" % (TOOL, report["summary"]))
    return "\n".join(lines) + "\n"


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def describe_run(run, runs=1):
    """The first run of a copy; with several (--runs), the line says so:
    the times compared below are the medians."""
    if not run["ok"]:
        return "FAILED: " + run["problem"]
    bits = []
    if "build" in run:
        bits.append("built in %.1f s" % run["build"]["wall_s"])
    if runs > 1:
        bits.append("run 1 of %d" % runs)
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
    p.add_argument("--build-timeout", type=float, default=3600,
                   help="seconds each build may take before it is killed (default 3600)")
    p.add_argument("--addr2line", default="addr2line", help="the addr2line to use")
    p.add_argument("--all-findings", action="store_true",
                   help="list every finding in the text report, not only the fixed ones")
    p.add_argument("--keep", metavar="DIR",
                   help="keep the copies, logs and run reports in DIR (a new folder)")
    p.add_argument("--reuse", metavar="DIR",
                   help="use the copies that an earlier run kept with --keep DIR (same "
                        "sources, findings and options): no copying, the builds only "
                        "catch up, for running the same copies with other arguments")
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
    for name, value in (("--timeout", args.timeout), ("--build-timeout", args.build_timeout)):
        if not (value > 0 and math.isfinite(value)):
            raise ToolError("%s must be a positive number of seconds" % name)
    for name, value in (("--rtol", args.rtol), ("--atol", args.atol)):
        if not (value >= 0 and math.isfinite(value)):
            raise ToolError("%s must be a number of at least 0" % name)
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
    if args.keep and args.reuse:
        raise ToolError("give --keep or --reuse, not both")
    if args.keep and os.path.exists(args.keep):
        raise ToolError("--keep %s exists: name a new folder (or --reuse it)" % args.keep)
    vp.check_outputs([("-o", args.output)], [("--findings", args.findings)])
    root = vp.choose_root(args.root, args.findings, cwd)
    args.logical_root = logical_folder(root, cwd)
    listing = tree_listing(root) if args.output or args.keep else None
    if args.keep and in_copied_tree(root, args.keep, listing):
        raise ToolError("--keep %s lies in the tree that fix-check copies (%s): the next run "
                        "would copy the copies (keep them outside the tree, or in a folder "
                        "git ignores)" % (args.keep, root))
    if args.output and in_copied_tree(root, args.output, listing):
        raise ToolError("-o %s %s the tree that fix-check copies (%s); refusing to write "
                        "there (write outside the tree, or in a folder git ignores)"
                        % (args.output, "is a file of" if os.path.lexists(args.output)
                           else "lies in", root))
    findings = vp.load_findings(args.findings)
    check_fixes(args.findings, findings)
    # What each run reads back (load_findings needs no more): the findings,
    # their lines moved in a fixed copy, and the copy as root.
    doc = {"version": 1, "findings": findings}
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

    fixable = [i for i, f in enumerate(findings) if chosen_fix(f, args.fix_notes)]
    groups = [[i] for i in fixable] if args.each else [fixable]
    # Plan every variant before anything runs: a stale findings file fails
    # at once, on one line.
    plans = [plan_edits(root, findings, g, args.fix_notes) for g in groups]

    if not fixable:
        # Nothing would differ between the two copies: build and run nothing.
        return finish(args, root, None, [], "no finding has fix-its to apply%s" % (
            "" if args.fix_notes else " (warnings only: --fix-notes adds the notes')"),
            write_atomically)
    # What the copies are made of: --reuse takes copies kept by a run with
    # the same plan only.
    files = tree_files(root)
    listing = hashlib.sha256()
    for rel in files:
        st = os.lstat(os.path.join(root, rel))
        listing.update(("%s\0%d\0%d\n" % (rel, st.st_size, st.st_mtime_ns)).encode(
            "utf-8", "surrogateescape"))
    signature = {"root": root, "fix_notes": bool(args.fix_notes), "each": bool(args.each),
                 "tree": listing.hexdigest(),
                 "edits": [{p: hashlib.sha256(fe.result()).hexdigest() if fe.edits else None
                            for p, fe in sorted(edits.items())} for edits, _, _ in plans]}
    keep = args.keep or args.reuse
    work = os.path.abspath(keep) if keep else vp.make_temporary_folder("torchsync-fix-check.")
    if args.reuse:
        try:
            with open(os.path.join(work, "fix-check.json"), encoding="utf-8") as f:
                kept = json.load(f)
        except (OSError, ValueError, RecursionError):
            raise ToolError("--reuse %s: not a folder kept by fix-check --keep" % args.reuse)
        if kept != json.loads(json.dumps(signature)):
            raise ToolError("--reuse %s: its copies were made from other sources, findings or "
                            "options (make new ones with --keep)" % args.reuse)
    elif args.keep:
        os.makedirs(work)
    try:
        base = Variant("before", os.path.join(work, "before"))
        variants = []
        for n, (g, (edits, applied, skipped)) in enumerate(zip(groups, plans)):
            name = "after" if not args.each else "fix-%d" % (n + 1)
            variants.append(Variant(name, os.path.join(work, name), edits, applied, skipped))
        for v in ([base] + variants) if not args.reuse else []:
            copy_tree(root, files, v.tree)
            write_edits(root, v.tree, v.files)
            # The folder the command runs in, even where the copy has no
            # such folder (an ignored build folder, say).
            os.makedirs(os.path.join(v.tree, rel_cwd), exist_ok=True)
        if args.keep:
            with open(os.path.join(work, "fix-check.json"), "w", encoding="utf-8") as f:
                json.dump(signature, f, indent=1, sort_keys=True)
        if args.dry_run:
            return dry_run(args, root, rel_cwd, base, variants, findings, work,
                           write_atomically)
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
            cmp = compare_variant(base, v, doc, args)
            cmp["verdict"] = verdict(cmp) if v.applied else "not run: no fix-it applied"
            note = unchanged_note(base, v, doc)
            if note:
                cmp["note"] = note
            if args.each and v.applied:
                cmp["finding"] = v.applied[0][0] + 1
            compared.append(cmp)
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)

    failed = [c for c in compared if c["verdict"] not in ("ok", "not run: no fix-it applied")]
    n_applied = sum(len(c["applied"]) for c in compared)
    if not n_applied:
        summary = "no fix-it could be applied (see the skipped ones)"
    elif failed:
        summary = "%d of %d %s FAILED: %s" % (
            len(failed), len(compared), "variants" if args.each else "runs",
            "; ".join("%s: %s" % (c["name"], c["verdict"]) for c in failed))
    else:
        summary = "%s applied%s; every fixed run ran and its outputs are equal" % (
            plural(n_applied, "fix-it"), " one finding at a time" if args.each else "")
    return finish(args, root, run_summary(base), compared, summary, write_atomically)


def unchanged_note(base, v, doc):
    """A warning for a fixed copy whose fixed findings sync exactly as
    before: most often its build did not use the copy's sources (a build
    folder or a path that still names the original tree)."""
    if not v.applied or not run_ok(base) or not run_ok(v):
        return None
    for r in (base.report, v.report):
        if r["trace"]["events"] and r["outside_user_code"]["count"] == r["trace"]["events"]:
            return ("no sync was attributed to the copy's sources: the program that ran was "
                    "not built from the copy (its debug info names another tree) or has no "
                    "debug info (-g)")
    fixed = {i for i, _, _ in v.applied}
    rows_b, rows_a = base.report["findings"], v.report["findings"]
    if any(rows_b[i]["count"] for i in fixed) and \
            all(rows_b[i]["count"] == rows_a[i]["count"] for i in fixed) and \
            base.report["trace"]["events"] == v.report["trace"]["events"]:
        return ("the fixed findings synced exactly as often as before: check that the "
                "build compiles the copy's sources (a build folder or a path in --build "
                "that names the original tree builds the unfixed code)")
    return None


def finish(args, root, before, compared, summary, write_atomically):
    """Writes the report; the exit code."""
    failed = [c for c in compared if c["verdict"] not in ("ok", "not run: no fix-it applied")]
    report = {"version": FORMAT_VERSION, "tool": {"name": TOOL, "version": vp.VERSION},
              "root": root, "command": args.program, "build": args.build,
              "fix_notes": bool(args.fix_notes), "each": bool(args.each),
              "all_findings": bool(args.all_findings), "runs": args.runs,
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


def dry_run(args, root, rel_cwd, base, variants, findings, work, write_atomically):
    """--dry-run: what would be applied, built and run (text, or JSON)."""
    plan = {"version": FORMAT_VERSION, "tool": {"name": TOOL, "version": vp.VERSION},
            "root": root, "dry_run": True, "copies": work if args.keep else None,
            "variants": []}
    for v in [base] + variants:
        cwd = os.path.join(v.tree, rel_cwd)
        entry = {"name": v.name, "folder": cwd,
                 "run": [map_path_text(a, root, v.tree, args.logical_root)
                         for a in args.program]}
        if args.build:
            entry["build"] = map_path_text(args.build, root, v.tree, args.logical_root)
        if v is not base:
            entry["applied"] = [dict({"finding": i + 1, "place": place(findings[i]),
                                      "check": findings[i]["check"],
                                      "description": fx.get("description", "")},
                                     **({"dropped": d} if d else {}))
                                for i, fx, d in v.applied]
            entry["skipped"] = [{"finding": i + 1, "place": place(findings[i]),
                                 "reason": why} for i, _, why in v.skipped]
        plan["variants"].append(entry)
    if args.format == "json":
        text = json.dumps(plan, indent=1, sort_keys=True) + "\n"
    else:
        lines = ["%s fix-check --dry-run: root %s; copies in %s" % (
            TOOL, root, work if args.keep else "a temporary folder (removed)")]
        for e in plan["variants"][1:]:
            lines.append("%s: %s, %d skipped" % (e["name"], plural(len(e["applied"]), "fix-it"),
                                                 len(e["skipped"])))
            for a in e["applied"]:
                lines.append("  %s %s: %s" % (a["place"], a["check"], a["description"][:100]))
                for d in a.get("dropped", []):
                    lines.append("    dropped: %s" % d)
            for k in e["skipped"]:
                lines.append("  skipped %s: %s" % (k["place"], k["reason"]))
        for e in plan["variants"]:
            if "build" in e:
                lines.append("%s: build in %s: %s" % (e["name"], e["folder"], e["build"]))
            lines.append("%s: run in %s: %s" % (e["name"], e["folder"],
                                                " ".join(shlex.quote(a) for a in e["run"])))
        text = "\n".join(lines) + "\n"
    if args.output:
        write_atomically(args.output, text)
    else:
        sys.stdout.write(text)
    return 0
