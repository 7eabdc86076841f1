#!/usr/bin/env python3
"""Writes docs/fix-check-results.md from the reports of gpu-check.sh's
fix-check step (fix-check.tar.gz: <name>.json per fix-check run, and
env.json with the GPU, LibTorch version and date of the run).

    fix_check_page.py --reports DIR [-o docs/fix-check-results.md]

The committed copy of the reports is runtime-verify/results/fix-check-<gpu>/.
"""

import argparse
import json
import os
import sys
import tempfile

# What each run of gpu-check.sh shows, in the order of the page.
RUNS = [
    ("step_loop-balanced", "The demo, host and GPU taking turns",
     "runtime-verify/e2e/step_loop.cpp with 2 hidden layers 2048 wide and batches of 512: "
     "each step's GPU work takes about as long as the host takes to queue it. Each step "
     "uploads a pageable batch with a blocking `to(device)` (two of them) and clips the "
     "gradient norm with `clip_grad_norm_`, whose `double` result is a host read; the "
     "device is fixed to CUDA, so all three warnings carry a fix-it that keeps the "
     "program's meaning (`--fix`). Before the fix-its, the host waits for the GPU three "
     "times a step and the GPU then waits for the host: their times add up. After them "
     "the host queues the next step while the GPU works: the step takes as long as the "
     "slower of the two."),
    ("step_loop-launch-bound", "The demo, bound by the host's launches",
     "The same program and fix-its with 2 hidden layers 256 wide and batches of 64: the "
     "GPU's work per step is a few microseconds per kernel, and the step takes as long as "
     "the host needs to launch its kernels (under the probe, which also records each "
     "CUDA call). The GPU idles most of each step whether or not the host waits for it, "
     "so removing the syncs gains little: only the round trips of the waits themselves. "
     "The gain is small and varies from call to call (1.00x to 1.14x in three calls on "
     "2026-11-25)."),
    ("step_loop-gpu-bound", "The demo, GPU-bound",
     "The same program and fix-its with 48 hidden layers 4096 wide and batches of 512: "
     "the GPU works for tens of milliseconds per step. The syncs are gone after the "
     "fix-its as before, but the loop is **not meaningfully faster**: while the host "
     "waited at each sync, the GPU was busy with work it had to do anyway, and the host "
     "queues the next step in a fraction of that time. The few percent that remain come "
     "from the upload itself (from pinned memory the copy runs faster than from pageable "
     "memory), not from the wait. Removing a sync pays only where the GPU would "
     "otherwise wait for the host."),
    ("train_classifier", "examples/train_classifier.cpp, with the notes' fix-its",
     "The example picks its device at run time, so no fix-it is on a warning; "
     "`--fix-notes` applies the notes' fix-its: the two batch uploads become "
     "`non_blocking` and the finiteness `TORCH_CHECK` a device-side assert. The "
     "example's other syncs (`loss.item()` for the running loss and early stopping, "
     "accuracy counts) have no fix-it and stay, so the loop is barely faster. It marks "
     "no steps: timed by the whole run, CUDA's start included."),
    ("inference_server", "examples/inference_server.cpp",
     "None of its findings has a fix-it, not even on a note: `synchronize()` around "
     "each request is a deliberate wait, and the host reads of the result are what "
     "the server returns. fix-check says so and builds and runs nothing."),
]


def ms(x):
    return "%.3f" % x


def row_of(name, title, report):
    if not report.get("variants"):
        return "| %s | - | - | - | - | %s |" % (title, report["summary"])
    v = report["variants"][0]
    t = v.get("time", {})
    unit = t.get("unit", "-")
    syncs = v.get("syncs", {})
    outputs = v.get("outputs", {})
    return "| %s | %s | %s | %s | %s | %s |" % (
        title,
        "%d -> %d" % (syncs.get("before", 0), syncs.get("after", 0)) if syncs else "-",
        ("%s -> %s ms per step" % (ms(t["before_ms"]), ms(t["after_ms"])) if unit == "step"
         else "%.2f -> %.2f s per run" % (t["before_ms"] / 1000, t["after_ms"] / 1000))
        if "before_ms" in t else "-",
        "%.2fx" % t["speedup"] if "speedup" in t else "-",
        "equal" if outputs.get("equal") else "DIFFER" if outputs else "-",
        v["verdict"])


def section(name, title, text, report):
    out = ["## %s" % title, "", text, ""]
    out.append("```")
    runs = (report.get("variants") or [{}])[0].get("time", {}).get("runs", 1)
    out.append("torchsync-verify fix-check %s%s%s-- %s" % (
        "--fix-notes " if report.get("fix_notes") else "",
        "--runs %d " % runs if runs > 1 else "",
        "--build '...' " if report.get("build") else "",
        " ".join(report["command"])))
    out.append("```")
    out.append("")
    if not report.get("variants"):
        out += ["Result: " + report["summary"] + ".", ""]
        return out
    before = report["before"]
    v = report["variants"][0]
    steps_b, steps_a = before.get("steps"), v["run"].get("steps")
    t = v.get("time", {})
    runs = t.get("runs", 1)
    of_runs = " (medians of %d runs of each copy, alternating)" % runs if runs > 1 else ""
    if t.get("unit") == "step" and steps_b and steps_a:
        out.append("Time per step, %s clock, the last %d of the %d steps between %d marks (%d "
                   "left out as warm-up)%s: **%s ms before, %s ms after: %.2fx**." % (
                       "GPU" if steps_b["clock"] == "gpu" else "host", steps_b["timed"],
                       steps_b["marks"] - 1, steps_b["marks"], steps_b["warmup"], of_runs,
                       ms(t["before_ms"]), ms(t["after_ms"]), t["speedup"]))
        if "gpu_ms" in steps_b and "gpu_ms" in steps_a:
            out.append("In the first run of each, on the host clock: %s ms before, %s ms "
                       "after; on the GPU clock: %s ms before, %s ms after." % (
                           ms(steps_b["host_ms"]), ms(steps_a["host_ms"]),
                           ms(steps_b["gpu_ms"]), ms(steps_a["gpu_ms"])))
    elif t.get("unit") == "run":
        out.append("Whole run (no step marks)%s: **%s s before, %s s after: %.2fx**." % (
            of_runs, "%.2f" % (t["before_ms"] / 1000), "%.2f" % (t["after_ms"] / 1000),
            t["speedup"]))
    out.append("Syncs in the whole run: %d before, %d after; host time blocked %s ms "
               "before, %s ms after." % (
                   before["trace"]["events"], v["run"]["trace"]["events"],
                   ms(before["trace"]["blocked_ns"] / 1e6),
                   ms(v["run"]["trace"]["blocked_ns"] / 1e6)))
    o = v.get("outputs", {})
    for c in o.get("compared", []):
        out.append("Outputs (%s, rtol %g): %s." % (
            c["name"], o["rtol"],
            "equal, %d lines with %d numbers, largest relative difference %.2g" % (
                c["lines"], c["numbers"], c["max_rel_diff"]) if c["equal"]
            else "DIFFER: " + c.get("difference", "")))
    out.append("")
    out.append("| fix-it applied to | check | syncs before | after | blocked ms before | after |")
    out.append("|---|---|---|---|---|---|")
    for f in v["findings"]:
        if not f["fixed"]:
            continue
        b, a = f["before"] or {}, f["after"] or {}
        out.append("| `%s:%d` | %s | %s | %s | %s | %s |" % (
            f["path"], f["line"], f["check"].replace("torchsync-", ""),
            b.get("syncs", "-"), a.get("syncs", "-"),
            ms(b["blocked_ns"] / 1e6) if b else "-", ms(a["blocked_ns"] / 1e6) if a else "-"))
    out.append("")
    out.append("Verdict: %s." % v["verdict"])
    out.append("")
    return out


def render(reports, env):
    lines = [
        "# fix-check results",
        "",
        "<!-- Generated by runtime-verify/e2e/fix_check_page.py from gpu-check.sh's "
        "fix-check reports; do not edit. -->",
        "",
        "What torchsync's fix-its change on a real GPU, measured with "
        "[`torchsync-verify fix-check`](fix-check.md) by "
        "`runtime-verify/gpu-check.sh` (step `fix-check`): each program's committed "
        "findings (`runtime-verify/e2e/*.findings.json`) have their fix-its applied to a "
        "copy of the checkout; the fixed and the unfixed copy are built with `-g -O1` and "
        "run under the probe, one after the other. The reports are in "
        "`%s/`." % env.get("folder", "runtime-verify/results/fix-check"),
        "",
        "Syncs left after the fix-its are those of findings without one: in the demo, "
        "the checksums it prints after the loop. Each time is a median of three runs of "
        "each copy, alternating; the demo's steps are timed with `torchsync::mark_step()` "
        "on the GPU clock.",
        "",
        "- GPU: %s" % env.get("gpu", "?"),
        "- LibTorch: %s" % env.get("libtorch", "?"),
        "- CUDA: %s" % env.get("cuda", "?"),
        "- Date: %s" % env.get("date", "?"),
        "",
        "| run | syncs (whole run) | time | speedup | outputs | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for name, title, _ in RUNS:
        if name in reports:
            lines.append(row_of(name, title, reports[name]))
    lines.append("")
    for name, title, text in RUNS:
        if name in reports:
            lines += section(name, title, text, reports[name])
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", required=True, help="folder with <name>.json and env.json")
    ap.add_argument("--folder", help="where the reports are committed, for the page's text")
    ap.add_argument("-o", dest="output", help="write here (atomically), not stdout")
    args = ap.parse_args(argv)
    reports = {}
    for name, _, _ in RUNS:
        path = os.path.join(args.reports, name + ".json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                reports[name] = json.load(f)
    if not reports:
        sys.exit("fix_check_page: no fix-check report in %s" % args.reports)
    env = {}
    if os.path.exists(os.path.join(args.reports, "env.json")):
        with open(os.path.join(args.reports, "env.json"), encoding="utf-8") as f:
            env = json.load(f)
    if args.folder:
        env["folder"] = args.folder
    text = render(reports, env)
    if not args.output:
        sys.stdout.write(text)
        return 0
    d = os.path.dirname(os.path.abspath(args.output))
    fd, tmp = tempfile.mkstemp(prefix=".fix-check-results.", dir=d)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
