#!/usr/bin/env python3
"""Runs torchsync on each public program of bench/public and writes
results/<program>.findings.json (the input of `torchsync-verify run` on the
GPU machine and of coverage.py).

    findings.py [--torchsync build/bin/torchsync] [--build bench/public/build]
                [--out bench/public/results] [--only NAME] [-- EXTRA TORCHSYNC ARGS]

--build is a CMake build folder of bench/public/CMakeLists.txt configured
with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON (Debian's LibTorch here). Each
program is analyzed with its checkout as --root (src/examples,
src/pytorch-cpp), so finding paths are the upstream repository's paths, the
same the verifier reports with that --root. Like
runtime-verify/e2e/make_findings.py, the report is made independent of the
checkout's place: root ".", each "file" its root-relative "path", the tool
version "(any)".
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "runtime-verify", "e2e"))
import prepare  # noqa: E402
from make_findings import neutral  # noqa: E402


def sources_of(build, root, folder):
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    prefix = os.path.normpath(os.path.join(root, folder)) + os.sep
    # Not the CUDA files (.cu): nvcc's command lines, and in these programs
    # kernels and their launchers, with no host wait.
    return sorted(e["file"] for e in entries if os.path.realpath(e["file"]).startswith(prefix)
                  and not e["file"].endswith(".cu"))


def with_headers_211(build, include):
    """A compile database (in a temporary folder) like build's, with
    Debian's LibTorch include folder replaced by LibTorch 2.11's and the CUDA
    toolkit's headers, which 2.11's c10/cuda headers include."""
    api = os.path.join(include, "torch", "csrc", "api", "include")
    if not os.path.isfile(os.path.join(api, "torch", "torch.h")):
        sys.exit("findings: no LibTorch 2.11 headers in %s (build torchsync first)" % include)
    flags = "-isystem %s -isystem %s -isystem /usr/local/cuda/include" % (include, api)
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    for e in entries:
        e["command"] = e["command"].replace("-isystem /usr/include/torch/csrc/api/include", flags)
    out = tempfile.mkdtemp(prefix="torchsync-public-211.")
    with open(os.path.join(out, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(entries, f, indent=1)
    return out


def main(argv):
    extra = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1:]
    repo = os.path.dirname(os.path.dirname(HERE))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--torchsync", default=os.path.join(repo, "build", "bin", "torchsync"))
    ap.add_argument("--build", default=os.path.join(HERE, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--only", action="append")
    ap.add_argument("--headers", choices=("1.13", "2.11"), default="1.13",
                    help="the LibTorch headers to parse with: the build's (Debian's 1.13), or "
                    "2.11's, which torchsync's build unpacks (build/test/libtorch-2.11), in "
                    "their place: what the GPU machine builds the programs against")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    if args.headers == "2.11":
        args.build = with_headers_211(args.build, os.path.join(
            repo, "build", "test", "libtorch-2.11", "include"))
    for p in prepare.PROGRAMS:
        if args.only and p["name"] not in args.only:
            continue
        root = os.path.realpath(os.path.join(prepare.SRC, p["checkout"]))
        files = sources_of(args.build, root, p["dir"])
        if not files:
            sys.exit("findings: no compile command for %s under %s" % (p["name"], root))
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "f.json")
            cmd = [args.torchsync, "--root=" + root, "--format=json", "--fail-on=none",
                   "--no-cache", "--quiet", "-p", args.build, "-o", out] + extra + files
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  universal_newlines=True)
            if proc.returncode != 0:
                sys.exit("findings: %s failed (exit %d): %s" % (
                    " ".join(cmd), proc.returncode, proc.stdout.strip()[-500:]))
            with open(out, encoding="utf-8") as f:
                doc = neutral(json.load(f))
        dest = os.path.join(args.out, p["name"] + ".findings.json")
        with open(dest, "w", encoding="utf-8") as f:
            f.write(json.dumps(doc, indent=1, sort_keys=True) + "\n")
        print("%s: %d findings -> %s" % (p["name"], len(doc["findings"]),
                                         os.path.relpath(dest)))


if __name__ == "__main__":
    main(sys.argv[1:])
