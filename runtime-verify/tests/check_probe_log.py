#!/usr/bin/env python3
"""Checks a libtorchsync-probe JSON-lines log written while ProbeCheck ran
with --calls-only (through CUDA_INJECTION64_PATH or LD_PRELOAD).

    check_probe_log.py LOG [--expect kind=N ...]

Every line must be valid JSON; there must be a start and a summary line and
no error line; the sync events per kind must match the expected counts
(default: what ProbeCheck --calls-only does). Exit 0 if so, 1 otherwise.
"""
import argparse
import collections
import json
import sys

DEFAULT = {"blocking_memcpy": 1, "pageable_memcpy": 1, "stream_sync": 1,
           "event_sync": 1, "context_sync": 2, "free": 3}


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--expect", action="append", default=[],
                    help="kind=count (replaces the default expectations)")
    a = ap.parse_args(argv)
    expect = dict(DEFAULT)
    if a.expect:
        expect = {k: int(v) for k, v in (e.split("=", 1) for e in a.expect)}
    problems, kinds, types = [], collections.Counter(), collections.Counter()
    stacks = {}
    try:
        lines = open(a.log, encoding="utf-8").read().splitlines()
    except OSError as e:
        print("check_probe_log: cannot read %s: %s" % (a.log, e.strerror))
        return 1
    for n, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except ValueError as e:
            problems.append("line %d is not JSON: %s" % (n, e))
            continue
        types[rec.get("type")] += 1
        if rec.get("type") == "stack":
            if rec.get("id") in stacks:
                problems.append("line %d: stack %s written twice" % (n, rec.get("id")))
            stacks[rec.get("id")] = rec.get("frames")
        if rec.get("type") == "sync":
            kinds[rec["kind"]] += 1
            stack = rec.get("stack") if "stack" in rec else stacks.get(rec.get("stack_id"))
            if not stack:
                problems.append("line %d: sync event without a stack" % n)
        if rec.get("type") in ("error", "fatal"):
            problems.append("line %d: %s" % (n, line))
    for t in ("start", "summary"):
        if types[t] != 1:
            problems.append("%d %s lines, want 1" % (types[t], t))
    for k in sorted(set(expect) | set(kinds)):
        if kinds[k] != expect.get(k, 0):
            problems.append("%s: %d events, want %d" % (k, kinds[k], expect.get(k, 0)))
    summary = ", ".join("%s=%d" % kv for kv in sorted(kinds.items()))
    if problems:
        print("check_probe_log: FAILED %s: %s (seen: %s)" % (a.log, "; ".join(problems), summary))
        return 1
    print("check_probe_log: ok %s (%s)" % (a.log, summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
