#!/usr/bin/env python3
"""Generates checks/ops/OpTable.inc, the operator table the checks read.

Inputs: checks/ops/facts.yaml (torchsync's rows) and ATen's
native_functions.yaml and tags.yaml of one PyTorch release (the folder given
with --aten; ../shared/libtorch-2.11/ holds 2.11's). The generator fails,
naming the problem, when:
  - an operator that ATen tags dynamic_output_shape or data_dependent_output
    has no row in facts.yaml (a new release tagged a new op: add its row);
  - a row names an operator, an overload or a schema argument that
    native_functions.yaml does not have;
  - a row that says the op waits names no evidence, or its snippet pair is
    not in runtime-verify/snippets/<check>/pairs.cpp, or has no measured
    result under runtime-verify/results/ in which the flagged code waited.

  gen_op_table.py --aten DIR --source-version 2.11.0          (rewrite)
  gen_op_table.py --aten DIR --source-version 2.11.0 --check  (compare)
"""

import argparse
import glob
import hashlib
import json
import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAGS = ("dynamic_output_shape", "data_dependent_output")
EFFECTS = {"host-read": "HostRead", "output-size": "OutputSize", "none": "None"}


class Failure(Exception):
    pass


def read_aten(folder):
    """{(name, overload): (schema, tags)} from native_functions.yaml."""
    path = os.path.join(folder, "native_functions.yaml")
    tags_path = os.path.join(folder, "tags.yaml")
    for p in (path, tags_path):
        if not os.path.isfile(p):
            raise Failure(f"{p}: not found")
    known_tags = {t["tag"] for t in yaml.safe_load(open(tags_path)) if "tag" in t}
    ops = {}
    for entry in yaml.safe_load(open(path)):
        func = entry["func"]
        head = func.split("(", 1)[0]
        name, _, overload = head.partition(".")
        tags = entry.get("tags", [])
        tags = [tags] if isinstance(tags, str) else list(tags)
        for t in tags:
            if t not in known_tags:
                raise Failure(f"{path}: {head} has tag {t}, which tags.yaml does not define")
        ops[(name, overload)] = (func, tags)
        # The out= variants ATen's code generator adds (`autogen: op.out`):
        # declared in the headers, with no schema of their own here.
        for generated in str(entry.get("autogen", "")).split(","):
            g_name, _, g_overload = generated.strip().partition(".")
            if g_name:
                ops.setdefault((g_name, g_overload), (None, []))
    digest = hashlib.sha256()
    for p in (path, tags_path):
        digest.update(open(p, "rb").read())
    return ops, digest.hexdigest()[:16]


def schema_args(schema):
    """Argument names of a schema "name(Tensor self, *, int? dim=None) -> ..."."""
    inner = schema.split("(", 1)[1].rsplit(") ->", 1)[0]
    names = []
    for part in inner.split(","):
        part = part.strip()
        if not part or part == "*":
            continue
        names.append(part.split("=", 1)[0].split()[-1])
    return names


def first_tensor_arg(schema):
    inner = schema.split("(", 1)[1].rsplit(") ->", 1)[0]
    for part in inner.split(","):
        words = part.strip().split("=", 1)[0].split()
        if len(words) == 2 and re.match(r"Tensor(\(\w!?\))?$", words[0]):
            return words[1]
    return None


def measured_pairs(root):
    """Pair ids whose flagged code was seen waiting in a committed result."""
    seen = set()
    for path in glob.glob(os.path.join(root, "runtime-verify", "results", "**", "*.json"),
                          recursive=True):
        try:
            data = json.load(open(path))
        except (OSError, ValueError):
            continue
        results = data.get("results") if isinstance(data, dict) else None
        for r in results if isinstance(results, list) else [data]:
            if not isinstance(r, dict) or r.get("status") != "ok":
                continue
            for v in r.get("variants", []):
                if v.get("role") == "flagged" and v.get("expect") == "sync" and \
                        (v.get("tracer") or {}).get("events"):
                    seen.add(r.get("pair"))
    return seen


def snippet_pairs(root, check):
    path = os.path.join(root, "runtime-verify", "snippets", check, "pairs.cpp")
    if not os.path.isfile(path):
        return set()
    return set(re.findall(r'P\.Name = "([^"]+)";', open(path).read()))


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build(args):
    facts_path = args.facts
    try:
        facts = yaml.safe_load(open(facts_path))
    except (OSError, yaml.YAMLError) as e:
        raise Failure(f"{facts_path}: cannot read: {e}".splitlines()[0])
    aten, digest = read_aten(args.aten)
    by_name = {}
    for (name, overload) in aten:
        by_name.setdefault(name, []).append(overload)
    measured = measured_pairs(ROOT)
    rows, covered = [], set()
    for i, row in enumerate(facts.get("ops", [])):
        where = f"{facts_path}: row {i + 1} ({row.get('op')})"
        op = row.get("op", "")
        if not op.startswith("aten::"):
            raise Failure(f"{where}: op must be aten::<name>")
        name = op[len("aten::"):]
        if name not in by_name:
            raise Failure(f"{where}: native_functions.yaml has no operator {name}")
        overload = row.get("overload")
        overloads = [overload] if overload is not None else by_name[name]
        for o in overloads:
            if (name, o) not in aten:
                raise Failure(f"{where}: native_functions.yaml has no overload {name}.{o}")
        effect = row.get("effect")
        if effect not in EFFECTS:
            raise Failure(f"{where}: effect must be one of {', '.join(EFFECTS)}")
        check = row.get("check", "")
        if not os.path.isfile(os.path.join(ROOT, "docs", "checks", check + ".md")):
            raise Failure(f"{where}: no check named {check!r} (docs/checks/{check}.md)")
        # Arguments the row names exist in every overload it covers.
        when = (row.get("when") or "").split()
        if when and when[0] not in ("bool-index", "absent", "equals"):
            raise Failure(f"{where}: when must be bool-index, absent or equals")
        if when and len(when) != (3 if when[0] == "equals" else 2):
            raise Failure(f"{where}: when {when[0]} takes {'2' if when[0] == 'equals' else '1'} argument(s)")
        for o in overloads:
            if aten[(name, o)][0] is None:
                continue
            names = schema_args(aten[(name, o)][0])
            for arg in ([row["tensor"]] if row.get("tensor") else []) + when[1:2]:
                if arg not in names:
                    raise Failure(f"{where}: {name}.{o or '(default)'} has no argument {arg}")
        if effect != "none":
            evidence = row.get("evidence", "")
            if "/" not in evidence:
                raise Failure(f"{where}: a row that waits names its evidence, a snippet pair check/name")
            ev_check, ev_name = evidence.split("/", 1)
            if ev_name not in snippet_pairs(ROOT, ev_check):
                raise Failure(f"{where}: no snippet pair {evidence} in runtime-verify/snippets/{ev_check}/pairs.cpp")
            if evidence not in measured:
                raise Failure(f"{where}: no measured result for {evidence} under runtime-verify/results/ "
                              "in which the flagged code waited (run the catalog on the GPU)")
        for o in overloads:
            tags = [t for t in aten[(name, o)][1] if t in TAGS]
            covered.add((name, o))
            schema = aten[(name, o)][0] or aten.get((name, ""), ("",))[0] or ""
            rows.append((name, o, effect, check, row.get("tensor") or first_tensor_arg(schema) or "",
                         when, row, " ".join(tags) or "torchsync"))
    missing = sorted(f"{n}.{o}" if o else n for (n, o), (_, tags) in aten.items()
                     if any(t in TAGS for t in tags) and (n, o) not in covered)
    if missing:
        raise Failure(f"{facts_path}: no row for the tagged operator(s) {', '.join(missing)}")

    out = []
    out.append("//===--- OpTable.inc - Generated by checks/ops/gen_op_table.py -----------===//")
    out.append("//")
    out.append("// Do not edit: generated from checks/ops/facts.yaml and ATen's")
    out.append(f"// native_functions.yaml and tags.yaml of PyTorch {args.source_version}")
    out.append(f"// (sha256 of both, first 16 digits: {digest}).")
    out.append("//")
    out.append("// TORCHSYNC_OP(Name, Overload, Effect, Check, Tensor, When, WhenArg,")
    out.append("//              WhenValue, Row, Evidence, Calls, Versions, Source, Schema)")
    out.append("// TORCHSYNC_COMPILED(Function, Name, Overload, Schema)")
    out.append("//")
    out.append("//===----------------------------------------------------------------------===//")
    out.append("")
    out.append(f"TORCHSYNC_OP_TABLE_SOURCE({c_string(args.source_version)}, {c_string(digest)})")
    for name, o, effect, check, tensor, when, row, source in sorted(rows, key=lambda r: (r[0], r[1])):
        when_kind = {"": "Always", "bool-index": "BoolIndex", "absent": "Absent",
                     "equals": "Equals"}[when[0] if when else ""]
        out.append("TORCHSYNC_OP({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},\n"
                   "             {})".format(
                       c_string("aten::" + name), c_string(o), EFFECTS[effect], c_string(check),
                       c_string(tensor), when_kind, c_string(when[1] if len(when) > 1 else ""),
                       when[2] if len(when) > 2 else "0", c_string(row.get("row", "")),
                       c_string(row.get("evidence", "")), c_string(row.get("calls", "")),
                       c_string(str(row.get("versions", "1.13-2.11"))), c_string(source),
                       c_string(aten[(name, o)][0] or "")))
    for i, row in enumerate(facts.get("compiled", [])):
        op = row.get("op", "")
        name, _, o = op[len("aten::"):].partition(".")
        if not (aten.get((name, o)) or (None,))[0]:
            raise Failure(f"{facts_path}: compiled row {i + 1}: native_functions.yaml has no operator {op}")
        out.append("TORCHSYNC_COMPILED({}, {}, {}, {})".format(
            c_string(row["function"]), c_string("aten::" + name), c_string(o),
            c_string(aten[(name, o)][0])))
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--aten", required=True,
                        help="folder with native_functions.yaml and tags.yaml")
    parser.add_argument("--source-version", required=True,
                        help="the PyTorch release those files come from, e.g. 2.11.0")
    parser.add_argument("--facts", default=os.path.join(ROOT, "checks", "ops", "facts.yaml"))
    parser.add_argument("--output", default=os.path.join(ROOT, "checks", "ops", "OpTable.inc"))
    parser.add_argument("--check", action="store_true",
                        help="fail if the output differs from what it generates")
    args = parser.parse_args()
    try:
        text = build(args)
    except Failure as e:
        print(f"gen_op_table.py: {e}", file=sys.stderr)
        return 2
    if args.check:
        current = open(args.output).read() if os.path.isfile(args.output) else ""
        if current != text:
            print(f"gen_op_table.py: {args.output} is not what checks/ops/facts.yaml and "
                  f"{args.aten} generate: run checks/ops/gen_op_table.py", file=sys.stderr)
            return 1
        return 0
    tmp = args.output + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
