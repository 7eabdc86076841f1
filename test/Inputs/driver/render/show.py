"""Prints what render-sarif.test checks of a SARIF log (a file, or - for
standard input): the run's column kind, root, extension and invocation, then
per result its rule, level, place, message, properties, rank, fingerprint,
notes' regions and fix-its' deleted regions, then the rules that are not checks."""
import json
import sys

log = json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1], encoding="utf-8"))
run = log["runs"][0]


def dump(v):
    return json.dumps(v, sort_keys=True)


print("columnKind", run["columnKind"])
print("root", run["originalUriBaseIds"]["%SRCROOT%"]["uri"])
for e in run["tool"].get("extensions", []):
    print("extension", e["name"], e.get("version"), e["informationUri"])
for i in run.get("invocations", []):
    print("invocation", i["executionSuccessful"], dump(i["properties"]))
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    print("result", r["ruleId"], r["level"], loc["artifactLocation"]["uri"], dump(loc["region"]))
    print("  message", r["message"]["text"])
    if "properties" in r:
        print("  properties", dump(r["properties"]))
    if "rank" in r:
        print("  rank", r["rank"])
    if "partialFingerprints" in r:
        print("  fingerprint", r["partialFingerprints"]["torchsyncFingerprint/v1"])
    for n in r.get("relatedLocations", []):
        print("  note", dump(n["physicalLocation"]["region"]))
    for f in r.get("fixes", []):
        for c in f["artifactChanges"]:
            for d in c["replacements"]:
                print("  fix", dump(d["deletedRegion"]))
for rule in run["tool"]["driver"]["rules"]:
    if not rule["id"].startswith("torchsync-") or rule["id"].startswith("torchsync-verify"):
        print("rule", rule["id"], rule.get("name"), rule.get("helpUri"))
