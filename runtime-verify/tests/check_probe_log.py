#!/usr/bin/env python3
"""Checks a libtorchsync-probe JSON-lines log written while ProbeCheck ran
with --calls-only (through CUDA_INJECTION64_PATH or LD_PRELOAD).

    check_probe_log.py LOG [--expect kind=N ...] [--steps N] [--untimed-steps K]

Every line must be valid JSON; there must be a start and a summary line and
no error line; the sync events per kind must match the expected counts
(default: what ProbeCheck --calls-only does). The step marks: N "step"
records (default 3, ProbeCheck's, or 0 with --expect), numbered 1..N in file order, their host
times increasing and in order with the sync events around them (memcpys
excepted: they are written when classified); one "step_gpu" record with N
times, null for the first K marks (made before CUDA started: no event), 0
for the first timed one, never decreasing. Exit 0 if so, 1 otherwise.
"""
import argparse
import collections
import json
import sys

DEFAULT = {"blocking_memcpy": 1, "pageable_memcpy": 1, "stream_sync": 1,
           "event_sync": 1, "context_sync": 2, "free": 3}


def check_steps(steps, gpu, ordered, want, untimed):
    """The step and step_gpu records against the marks the program made."""
    problems = []
    numbers = [s.get("n") for s in steps]
    if numbers != list(range(1, want + 1)):
        problems.append("step records numbered %s, want 1..%d" % (numbers, want))
    # Each step lies between the (non-memcpy) syncs written around it.
    for (la, _, a1, wa, sa), (lb, b0, _, wb, sb) in zip(ordered, ordered[1:]):
        if (sa or sb) and b0 < a1:
            problems.append("line %d (%s) starts before line %d (%s) ended"
                            % (lb, wb, la, wa))
    if want == 0:
        if gpu:
            problems.append("a step_gpu record without step marks")
        return problems
    if len(gpu) != 1:
        return problems + ["%d step_gpu records, want 1" % len(gpu)]
    ms = gpu[0]
    if not isinstance(ms, list) or len(ms) != want:
        return problems + ["step_gpu elapsed_ms %s: want %d times" % (ms, want)]
    if any(v is not None for v in ms[:untimed]):
        problems.append("step_gpu %s: want null for the first %d marks" % (ms, untimed))
    timed = ms[untimed:]
    if any(v is None for v in timed) or timed[0] != 0 or \
            any(b < a for a, b in zip(timed, timed[1:])):
        problems.append("step_gpu %s: want 0 then nondecreasing times" % ms)
    return problems


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--expect", action="append", default=[],
                    help="kind=count (replaces the default expectations)")
    ap.add_argument("--steps", type=int,
                    help="step marks expected (default: 3, ProbeCheck's, without --expect; "
                         "0 with it)")
    ap.add_argument("--untimed-steps", type=int, default=0,
                    help="the first K marks have no GPU time (null)")
    a = ap.parse_args(argv)
    expect = dict(DEFAULT)
    if a.steps is None:
        a.steps = 0 if a.expect else 3
    if a.expect:
        expect = {k: int(v) for k, v in (e.split("=", 1) for e in a.expect)}
    problems, kinds, types = [], collections.Counter(), collections.Counter()
    stacks = {}
    try:
        lines = open(a.log, encoding="utf-8").read().splitlines()
    except OSError as e:
        print("check_probe_log: cannot read %s: %s" % (a.log, e.strerror))
        return 1
    steps, gpu, ordered = [], [], []
    for n, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except ValueError as e:
            problems.append("line %d is not JSON: %s" % (n, e))
            continue
        types[rec.get("type")] += 1
        if rec.get("type") == "step":
            steps.append(rec)
            t = rec.get("t_ns", 0)
            ordered.append((n, t, t, "step %s" % rec.get("n"), True))
        if rec.get("type") == "step_gpu":
            gpu.append(rec.get("elapsed_ms"))
        if rec.get("type") == "sync" and "memcpy" not in rec.get("kind", "") and \
                "start_ns" in rec and "end_ns" in rec:
            ordered.append((n, rec["start_ns"], rec["end_ns"], rec.get("api"), False))
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
    problems += check_steps(steps, gpu, ordered, a.steps, a.untimed_steps)
    summary = ", ".join("%s=%d" % kv for kv in sorted(kinds.items()))
    summary += ", steps=%d" % len(steps)
    if problems:
        print("check_probe_log: FAILED %s: %s (seen: %s)" % (a.log, "; ".join(problems), summary))
        return 1
    print("check_probe_log: ok %s (%s)" % (a.log, summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
