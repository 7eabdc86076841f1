#!/usr/bin/env python3
"""The probe's cost per sync, on a CUDA machine: builds libtorchsync-probe.so
(runtime-verify/, into build-gpu/ as gpu-check.sh does) and sync_bench.cpp
against PyTorch's LibTorch, then runs sync_bench side by side without the
probe and under it (CUDA_INJECTION64_PATH), for several syncs per step.

    python3 bench/probe/run.py [--out DIR] [--old-probe-src DIR]

--old-probe-src: a runtime-verify/ tree of an earlier probe, built and run
the same way for comparison (a few steps only: the old probe took ~10 ms a
sync). Writes DIR/probe-bench.json and DIR/probe-bench.md (default
bench/probe/results).

The overhead per sync is (time under the probe - time alone) / .item()
calls; each .item() is one device-to-host cudaMemcpyAsync (into pinned
memory in LibTorch 2.x: not a recorded sync) and one stream synchronize (the
recorded one). The trace's summary gives the exact event count and the
probe's own profile: time spent recording on the program's thread, the
backtraces taken, symbolizing and formatting on the writer thread. A row with
no syncs per step (the same 10000 steps as N = 1) gives what the probe costs
a step that does not sync: CUPTI's callbacks and memcpy activity tracing on
the step's other CUDA calls, a cost that the N = 1 row's per-sync figure
includes.
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def sh(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def torch_info():
    out = subprocess.run([sys.executable, "-c", "import torch; print(torch.utils.cmake_prefix_path); "
                          "print(torch.__version__); print(torch.version.cuda)"],
                         check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout
    prefix, version, cuda = out.split()
    return prefix, version, cuda


def cuda_flags():
    """As gpu-check.sh finds the CUDA toolkit."""
    root = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    if not os.path.exists(os.path.join(root, "bin", "nvcc")):
        import shutil
        nvcc = shutil.which("nvcc")
        root = os.path.dirname(os.path.dirname(nvcc)) if nvcc else root
    return ["-DCUDAToolkit_ROOT=" + root,
            "-DCMAKE_CUDA_COMPILER=" + os.path.join(root, "bin", "nvcc")]


def build_probe(src, build, prefix):
    sh(["cmake", "-S", src, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
        "-DCMAKE_PREFIX_PATH=" + prefix] + cuda_flags(), stdout=subprocess.DEVNULL)
    sh(["ninja", "-C", build, "torchsync-probe"], stdout=subprocess.DEVNULL)
    return os.path.join(build, "lib", "libtorchsync-probe.so")


def run_bench(exe, steps, syncs, probe=None, trace=None):
    env = dict(os.environ)
    if probe:
        env["CUDA_INJECTION64_PATH"] = probe
        env["TORCHSYNC_PROBE_OUT"] = trace
    out = subprocess.run([exe, str(steps), str(syncs)], env=env, check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    res = json.loads(out.strip().splitlines()[-1])
    if probe:
        summary = None
        with open(trace) as f:
            for line in f:
                if '"type":"summary"' in line:
                    summary = json.loads(line)
        res["probe_summary"] = summary
    return res


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--old-probe-src")
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    prefix, torch_version, cuda = torch_info()
    gpu = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         stdout=subprocess.PIPE, universal_newlines=True).stdout.strip()
    probe = build_probe(os.path.join(REPO, "runtime-verify"),
                        os.environ.get("TORCHSYNC_GPU_BUILD", os.path.join(REPO, "build-gpu")),
                        prefix)
    old = build_probe(a.old_probe_src, os.path.join(REPO, "build-gpu-old"), prefix) \
        if a.old_probe_src else None
    bb = os.path.join(REPO, "build-bench")
    sh(["cmake", "-S", HERE, "-B", bb, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
        "-DCMAKE_PREFIX_PATH=" + prefix] + cuda_flags(), stdout=subprocess.DEVNULL)
    sh(["ninja", "-C", bb], stdout=subprocess.DEVNULL)
    exe = os.path.join(bb, "sync_bench")
    trace = os.path.join(bb, "trace.jsonl")

    rows = []
    # (syncs per step, steps): the same 10000 .item() calls for each.
    configs = [(1, 10000), (10, 1000), (100, 100), (0, 10000)]
    for syncs, steps in configs:
        alone = [run_bench(exe, steps, syncs) for _ in range(a.repeats)]
        under = [run_bench(exe, steps, syncs, probe, trace) for _ in range(a.repeats)]
        rows.append(summarize("new", syncs, steps, alone, under))
        print(json.dumps(rows[-1]), flush=True)
    if old:
        syncs, steps = 10, 20
        alone = [run_bench(exe, steps, syncs) for _ in range(a.repeats)]
        under = [run_bench(exe, steps, syncs, old, trace) for _ in range(a.repeats)]
        rows.append(summarize("old", syncs, steps, alone, under))
        print(json.dumps(rows[-1]), flush=True)
    doc = {"date": datetime.date.today().isoformat(), "gpu": gpu, "libtorch": torch_version,
           "cuda": cuda, "rows": rows}
    with open(os.path.join(a.out, "probe-bench.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    md = render(doc)
    with open(os.path.join(a.out, "probe-bench.md"), "w") as f:
        f.write(md)
    print(md)
    return 0


def summarize(which, syncs, steps, alone, under):
    t_alone = statistics.median(r["seconds"] for r in alone)
    t_under = statistics.median(r["seconds"] for r in under)
    calls = syncs * steps
    s = under[len(under) // 2]["probe_summary"] or {}
    events = s.get("events", 0)
    row = {"probe": which, "syncs_per_step": syncs, "steps": steps, "item_calls": calls,
           "alone_s": round(t_alone, 4), "probe_s": round(t_under, 4),
           "slowdown": round(t_under / t_alone, 3),
           "us_per_item_call": round(1e6 * (t_under - t_alone) / calls, 2) if calls else None,
           "us_per_step": round(1e6 * (t_under - t_alone) / steps, 2),
           "events": events,
           "us_per_event": round(1e6 * (t_under - t_alone) / events, 2) if events else None,
           # The noise: each run under the probe against the median alone.
           "us_per_item_call_range": [round(1e6 * (t - t_alone) / calls, 1) for t in (
               min(r["seconds"] for r in under), max(r["seconds"] for r in under))]
           if calls else None,
           "alone_runs_s": [r["seconds"] for r in alone],
           "probe_runs_s": [r["seconds"] for r in under]}
    for k in ("stacks", "stack_captures", "record_ns", "symbolize_ns", "format_ns", "batches"):
        if k in s:
            row[k] = s[k]
    if events and "record_ns" in s:
        row["record_us_per_event"] = round(s["record_ns"] / 1000.0 / events, 2)
    if events and "stack_captures" in s:
        row["captures_per_event"] = round(s["stack_captures"] / events, 2)
    if s.get("stacks") and "symbolize_ns" in s:
        row["symbolize_us_per_stack"] = round(s["symbolize_ns"] / 1000.0 / s["stacks"], 1)
    return row


def render(doc):
    lines = ["# The probe's cost per sync", "",
             "Measured on %s, LibTorch %s (CUDA %s), %s, by `python3 bench/probe/run.py`."
             % (doc["gpu"], doc["libtorch"], doc["cuda"], doc["date"]), "",
             "| probe | syncs/step | .item() calls | alone s | under the probe s | slowdown "
             "| us per step | us per .item() | range of runs | events | us per event | recording us/event "
             "| backtraces/event | unique stacks | symbolizing us/stack |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in doc["rows"]:
        rng = r.get("us_per_item_call_range")
        per_call = r["us_per_item_call"]
        lines.append("| %s | %d | %d | %.3f | %.3f | %.2fx | %.1f | %s | %s | %d | %s | %s | %s | %s | %s |" % (
            r["probe"], r["syncs_per_step"], r["item_calls"], r["alone_s"], r["probe_s"],
            r["slowdown"], r.get("us_per_step", 0), "-" if per_call is None else "%.1f" % per_call,
            "%s-%s" % tuple(rng) if rng else "-",
            r["events"], r["us_per_event"],
            r.get("record_us_per_event", "-"), r.get("captures_per_event", "-"),
            r.get("stacks", "-"),
            r.get("symbolize_us_per_stack", "-")))
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
