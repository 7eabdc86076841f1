"""Prints what program-shared-line.test checks of a torchsync-verify JSON
report: per finding its verdict, own syncs and shared ones (count/blocked
ns), per shared group its findings and callees, and whether every sync of
the trace is counted once (in syncs and in blocked time)."""

import json
import sys


def main(path):
    r = json.load(open(path, encoding="utf-8"))
    for f in r["findings"]:
        s = f.get("shared")
        print("finding %d:%d %s own %d/%d shared %s" % (
            f["line"], f.get("column", 0), f["verdict"], f["count"], f["blocked_ns"],
            "%d/%d with %s" % (s["count"], s["blocked_ns"], s["with"]) if s else "-"))
    for g in r["shared"]:
        print("shared %d %s %d/%d %s" % (
            g["line"], g["findings"], g["count"], g["blocked_ns"],
            [(c["callee"], c["count"], c["blocked_ns"]) for c in g["callees"]]))
    parts = r["findings"] + r["shared"] + r["unpredicted"] + [r["outside_user_code"]]
    print("each sync once: %d = %d, %d = %d" % (
        r["trace"]["events"], sum(p["count"] for p in parts),
        r["trace"]["blocked_ns"], sum(p["blocked_ns"] for p in parts)))


if __name__ == "__main__":
    main(sys.argv[1])
