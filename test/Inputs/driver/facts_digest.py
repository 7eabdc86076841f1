"""Prints a summary file (docs/options.md, "Summary file") one fact a line,
files by base name, sorted, for FileCheck:
    facts 1 complete=True reachesCuda=True
    file main.cpp hash=32
    hot step from=main.cpp | 'step' is called in a loop here @main.cpp
    parameter encode 0 cpu from=codec.cpp,main.cpp
"""
import json, os, sys

with open(sys.argv[1]) as f:
    facts = json.load(f)
base = os.path.basename
print("facts %d complete=%s reachesCuda=%s" % (
    facts["torchsync-facts"], facts["complete"], facts["reachesCuda"]))
lines = []
for path, digest in facts["files"].items():
    lines.append("file %s hash=%d" % (base(path), len(digest)))
for fact in facts["facts"]:
    where = [fact["name"]]
    if fact["kind"] == "parameter":
        where.append(str(fact["index"]))
    if fact["kind"] != "hot":
        where.append(fact["device"])
    line = "%s %s from=%s" % (fact["kind"], " ".join(where),
                              ",".join(base(p) for p in fact["from"]))
    for note in fact["notes"]:
        line += " | %s @%s" % (note["text"], base(note["file"]))
    lines.append(line)
print("\n".join(sorted(lines)))
