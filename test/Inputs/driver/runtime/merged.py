"""Prints what merge-runtime.test checks of a JSON report (a file, or - for
standard input): per finding its path, line and rank ("-" when it carries no
measurements), sorted; then the top-level "runtime" object's report name,
denominator and number of unpredicted places, when there is one."""
import json
import sys

report = json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1], encoding="utf-8"))
rows = []
for f in report["findings"]:
    rank = f["runtime"]["rank"] if "runtime" in f else "-"
    rows.append((f["path"], f["line"], str(rank)))
for path, line, rank in sorted(rows):
    print(path, line, rank)
if "runtime" in report:
    r = report["runtime"]
    print("runtime", r["report"], r["userBlockedNs"], len(r["unpredicted"]), "unpredicted")
