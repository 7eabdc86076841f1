#!/usr/bin/env python3
"""Validates a torchsync report against its JSON schema.

    validate_report.py --sarif SCHEMA.json REPORT.sarif
    validate_report.py --json  SCHEMA.json REPORT.json

SARIF reports are checked against the SARIF 2.1.0 schema
(test/Inputs/sarif/), JSON reports against docs/json-format.schema.json.
Prints "valid" and exits 0, or prints the first problem on one line and
exits 1 (2 when the files cannot be read). Needs python3-jsonschema.
"""

import argparse
import json
import sys

import jsonschema


def main():
    parser = argparse.ArgumentParser()
    kind = parser.add_mutually_exclusive_group(required=True)
    kind.add_argument("--sarif", action="store_true")
    kind.add_argument("--json", action="store_true")
    parser.add_argument("schema")
    parser.add_argument("report")
    args = parser.parse_args()
    try:
        with open(args.schema, encoding="utf-8") as f:
            schema = json.load(f)
        with open(args.report, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print(f"validate_report: {e}")
        return 2
    # The SARIF schema is draft-04, ours draft-07: let $schema pick.
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    errors = sorted(validator_class(schema).iter_errors(report),
                    key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(top)"
        print(f"invalid: {where}: {first.message}")
        return 1
    if args.sarif and report.get("version") != "2.1.0":
        print("invalid: version is not 2.1.0")
        return 1
    print("valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
