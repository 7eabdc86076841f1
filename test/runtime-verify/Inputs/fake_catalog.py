#!/usr/bin/env python3
"""Stands in for torchsync-catalog on machines without a GPU: the same
command line, synthetic results. Pairs: fake/sync (a sync removed by the
rewrite), fake/lookalike (no sync in either), fake/unexpected (the rewrite
still syncs), fake/crash (SIGSEGV), fake/hang (sleeps), fake/cuda-error."""
import json
import os
import signal
import sys
import time

PAIRS = ["fake/sync", "fake/lookalike", "fake/unexpected", "fake/crash", "fake/hang",
         "fake/cuda-error"]


def variant(role, expect, syncs, ms, dm):
    kinds = {"stream_sync": syncs} if syncs else {}
    return {"role": role, "code": role + " code", "expect": expect,
            "tracer": {"syncs": syncs, "kinds": kinds, "blocked_us": 12.5 * syncs, "events": []},
            "debug_mode": {"warnings": dm, "error_thrown": dm > 0, "error": ""},
            "verdict": "as expected" if (syncs > 0) == (expect == "sync") else "UNEXPECTED",
            "timing": {"median_ms": ms, "min_ms": ms, "max_ms": ms, "samples": 15,
                       "iters_per_sample": 10, "warmup": 3}}


def main(argv):
    args = dict(zip(argv[::2], argv[1::2])) if "--describe" not in argv else {}
    if "--describe" in argv:
        print(json.dumps([{"pair": p, "check": p.split("/")[0], "name": p.split("/")[1],
                           "rows": "Z9", "what": "w", "no_sync_case": p == "fake/lookalike",
                           "flagged_code": "x.item() | y", "rewrite_code": "x",
                           "flagged_expect": "sync", "rewrite_expect": "none",
                           "note": ""} for p in PAIRS]))
        return 0
    pair = args["--only"]
    env = {"gpu": "Fake GPU", "libtorch": "9.9.9", "cuda_runtime": 13000, "cuda_driver": 13000}
    if pair.endswith("crash"):
        os.kill(os.getpid(), signal.SIGSEGV)
    if pair.endswith("hang"):
        time.sleep(60)
    if pair.endswith("cuda-error"):
        res = {"pair": pair, "status": "cuda-error",
               "message": "CUDA error: device-side assert triggered\nmore"}
        rc = 3
    else:
        f = variant("flagged", "none" if pair == "fake/lookalike" else "sync",
                    0 if pair == "fake/lookalike" else 1, 2.0, 0 if pair == "fake/lookalike" else 1)
        r = variant("rewrite", "none", 1 if pair == "fake/unexpected" else 0, 1.0, 0)
        res = {"pair": pair, "environment": env, "variants": [f, r],
               "outputs": {"equal": True, "trials": 3, "max_abs_diff": 0.0,
                           "differed_by_design": 0, "detail": ""}, "status": "ok"}
        rc = 0
    with open(args["--json"], "w") as fh:
        json.dump(res, fh)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
