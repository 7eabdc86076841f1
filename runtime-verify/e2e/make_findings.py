#!/usr/bin/env python3
"""Writes (or checks) the committed torchsync findings of the example programs
that the GPU machine reconciles in program mode (gpu-check.sh, step
"program-mode"). torchsync needs LLVM, which the GPU machine lacks, so the
findings are made here and committed.

    make_findings.py --torchsync build/bin/torchsync --root REPO [--check] -- FLAGS...

FLAGS are the compiler arguments torchsync parses the examples with (the test
suite passes the real LibTorch headers; runtime-verify/include is added).
Each program of EXAMPLES (examples/<name>.cpp, and fix-check's demo
runtime-verify/e2e/step_loop.cpp) gets runtime-verify/e2e/<name>.findings.json: torchsync's JSON report with
the fields that depend on the checkout made neutral (root is ".", each
"file" is its root-relative "path", the tool version is "(any)"), so that
the files do not change between machines and still validate against
docs/json-format.schema.json. With --check nothing is written; exit 1 and a line per stale file
when a committed file differs from a fresh run.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

# Each program and its source, relative to the repository root: the examples
# that program mode reconciles, and fix-check's demo.
EXAMPLES = {"train_classifier": "examples/train_classifier.cpp",
            "inference_server": "examples/inference_server.cpp",
            "step_loop": "runtime-verify/e2e/step_loop.cpp"}


def neutral(doc):
    """The report with the fields that depend on the checkout made neutral."""
    def strip(obj):
        if isinstance(obj, dict):
            # "file" is absolute; with root "." the relative path names it.
            return {k: strip(obj["path"] if k == "file" and "path" in obj else v)
                    for k, v in obj.items()}
        if isinstance(obj, list):
            return [strip(v) for v in obj]
        return obj
    doc = strip(doc)
    doc["root"] = "."
    doc["tool"] = {"name": doc["tool"]["name"], "version": "(any)"}
    return doc


def normalized(doc):
    """neutral(), as the committed text."""
    return json.dumps(neutral(doc), indent=1, sort_keys=True) + "\n"


def findings_of(torchsync, root, example, flags):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "f.json")
        cmd = [torchsync, "--root=" + root, "--format=json", "--fail-on=none", "-o", out,
               os.path.join(root, EXAMPLES[example]), "--"] + flags + [
                   # torchsync/step.h, for the programs that mark their steps.
                   "-I" + os.path.join(root, "runtime-verify", "include")]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)
        if proc.returncode != 0:
            sys.exit("make_findings: %s failed (exit %d): %s" % (
                " ".join(cmd), proc.returncode, proc.stdout.strip()[-300:]))
        with open(out, encoding="utf-8") as f:
            return normalized(json.load(f))


def main(argv):
    if "--" in argv:
        at = argv.index("--")
        argv, flags = argv[:at], argv[at + 1:]
    else:
        flags = []
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--torchsync", required=True)
    ap.add_argument("--root", required=True, help="the repository root")
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    args = ap.parse_args(argv)
    root = os.path.realpath(args.root)
    stale = []
    for example in EXAMPLES:
        text = findings_of(args.torchsync, root, example, flags)
        path = os.path.join(root, "runtime-verify", "e2e", example + ".findings.json")
        if args.check:
            try:
                with open(path, encoding="utf-8") as f:
                    committed = f.read()
            except OSError:
                committed = None
            if committed != text:
                stale.append(os.path.relpath(path, root))
            continue
        fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", dir=os.path.dirname(path))
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
        print("make_findings: wrote %s (%d findings)" % (
            os.path.relpath(path, root), len(json.loads(text)["findings"])))
    for path in stale:
        print("make_findings: %s is stale: run runtime-verify/e2e/make_findings.py "
              "(see its header) and commit the result" % path)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
