#!/usr/bin/env python3
"""Applies torchsync's fixes to a set of files and checks that they settle.

Usage: fix_rounds.py --torchsync=BIN [--config=YAML] [--pch=PCH]
                     [--fix-notes] DIR -- <compiler flags>

DIR holds copies of the inputs (*.cpp); they are fixed in place. PCH, when
given, is a precompiled <torch/torch.h> built with exactly the flags after
`--`: the files that qualify for it (test/check_torchsync.py's
torch_include_first) are parsed on it, the others as they are. Both rounds
then run on a compile database that says which file gets it, with the
per-file rules that files after `--` get.

1. Round 1: `torchsync --fix` (or `--fix-notes`) over every file, recording
   the findings it reports (file, line, check) on the original text.
2. Round 2 on the fixed files compiles every file round 1 changed (the
   driver exits with 2 on a file that does not compile) and must change
   nothing: fixing takes exactly one round.
4. No fix creates a finding of another check. Round 2's findings are on the
   fixed text; each fixed line is mapped back to the original with difflib:
   an unchanged line maps to itself, a changed or inserted line to the
   original lines of its changed block (for a pure insertion, the original
   line it was inserted before, i.e. the statement the fix is about). A
   round-2 finding of check C is new when C reported nothing on any of those
   original lines in round 1. Comparing by statement this way needs no
   knowledge of the fixes themselves; a finding that only moved inside a
   rewritten block is not flagged, and one on a line a fix created or
   changed is flagged unless the same check fired there before.
"""

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import tempfile
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir))
from check_torchsync import torch_include_first  # noqa: E402

FINDING = re.compile(r"^(?P<file>.*?):(?P<line>\d+):\d+: warning: .*"
                     r"\[(?P<checks>torchsync-[^\]]*)\]\s*$")


def fail(message):
    sys.stderr.write("fix_rounds.py: FAIL: " + message + "\n")
    sys.exit(1)


def write_database(args, texts, flags, db_dir):
    """compile_commands.json in db_dir: every file of texts (path -> its
    text) with flags, and the -include-pch of --pch for those that
    qualify."""
    entries = []
    for f, text in sorted(texts.items()):
        f = os.path.abspath(f)
        extra = ["-include-pch", args.pch] if torch_include_first(text) else []
        entries.append({"directory": os.path.dirname(f), "file": f,
                        "arguments": ["clang++"] + flags + extra + ["-c", f]})
    with open(os.path.join(db_dir, "compile_commands.json"), "w") as out:
        json.dump(entries, out, indent=1)


def run_fix(args, files, flags, cache_dir, db_dir=None):
    # Both rounds share a fresh result cache: a file that round 1 left as it
    # was is not parsed again (the cache key covers its bytes, everything it
    # includes, the flags and the configuration), which keeps the real-header
    # rounds affordable.
    cmd = [args.torchsync, "--cache-dir=" + cache_dir, "--quiet",
           "--fix-notes" if args.fix_notes else "--fix"]
    if args.config:
        cmd.append("--config=" + args.config)
    if db_dir:
        # Files after `--` get the per-file rules; a database would bring
        # in the whole-program facts (docs/options.md), so they are off.
        cmd += ["-p", db_dir, "--whole-program=off",
                "--root=" + os.path.dirname(os.path.abspath(files[0]))]
        tail = files
    else:
        tail = files + ["--"] + flags
    proc = subprocess.run(cmd + tail, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    if proc.returncode not in (0, 1):
        fail("torchsync exited with %d:\n%s" % (proc.returncode, proc.stdout))
    found = {}
    for line in proc.stdout.splitlines():
        m = FINDING.match(line)
        if not m:
            continue
        name = os.path.basename(m.group("file"))
        for check in m.group("checks").split(","):
            found.setdefault(name, set()).add((int(m.group("line")),
                                               check.strip()))
    return found


def line_map(old_lines, new_lines):
    """For each 1-based line of new_lines, the set of 1-based old lines."""
    mapping = {}
    sm = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            for k in range(j2 - j1):
                mapping[j1 + k + 1] = {i1 + k + 1}
        elif tag in ("replace", "insert"):
            olds = set(range(i1 + 1, i2 + 1)) or {i1 + 1}
            for j in range(j1, j2):
                mapping[j + 1] = olds
    return mapping


def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        i = argv.index("--")
        argv, flags = argv[:i], argv[i + 1:]
    parser = argparse.ArgumentParser()
    parser.add_argument("--torchsync", required=True)
    parser.add_argument("--config", default=None)
    parser.add_argument("--fix-notes", action="store_true")
    parser.add_argument("--pch", default="")
    parser.add_argument("dir")
    args = parser.parse_args(argv)

    files = sorted(os.path.join(args.dir, f) for f in os.listdir(args.dir)
                   if f.endswith(".cpp"))
    read = lambda f: open(f, encoding="utf-8", newline="").read()
    original = {f: read(f) for f in files}

    cache_dir = tempfile.mkdtemp(prefix="fix-rounds-cache-")
    db_dir = None
    if args.pch:
        db_dir = os.path.join(cache_dir, "db")
        os.makedirs(db_dir)
        write_database(args, original, flags, db_dir)
    first = run_fix(args, files, flags, cache_dir, db_dir)
    once = {f: read(f) for f in files}
    changed = [f for f in files if once[f] != original[f]]

    # Round 2 parses every file round 1 changed (their bytes changed, so the
    # cache misses) and exits with 2 on a file that does not compile, which
    # run_fix fails on: that is the compile of the fixed files. A file round
    # 1 left unchanged compiled in round 1.
    second = run_fix(args, files, flags, cache_dir, db_dir)
    shutil.rmtree(cache_dir, ignore_errors=True)
    twice = {f: read(f) for f in files}
    for f in files:
        if twice[f] != once[f]:
            diff = "".join(difflib.unified_diff(
                once[f].splitlines(True), twice[f].splitlines(True),
                "round 1", "round 2"))
            fail("%s: a second round changed the file:\n%s" % (f, diff))

    problems = []
    for f in files:
        name = os.path.basename(f)
        before = first.get(name, set())
        mapping = line_map(original[f].splitlines(), once[f].splitlines())
        for line, check in sorted(second.get(name, set())):
            olds = mapping.get(line, {line})
            if not any((old, check) in before for old in olds):
                problems.append("%s:%d: %s (fixed text: %s)" % (
                    name, line, check, once[f].splitlines()[line - 1].strip()))
    if problems:
        fail("the fixes created findings that were not there before:\n  " +
             "\n  ".join(problems))
    print("fix_rounds.py: PASS: %d files, %d changed in round 1, none in round 2"
          % (len(files), len(changed)))


if __name__ == "__main__":
    main()
