#!/usr/bin/env python3
"""Generates docs/checks/list.md from checks/Checks.def, the check registry.

    python3 docs/gen_check_list.py           # write docs/checks/list.md
    python3 docs/gen_check_list.py --check   # exit 1 if it is stale, or a
                                             # check lacks its docs, test or
                                             # runtime snippet pair

Each registry entry reads TORCHSYNC_CHECK(Class, "kebab-name", "summary"),
where the summary may be split into adjacent string literals over several
lines. Exit codes: 0 up to date (or written), 1 stale or incomplete (--check),
2 the registry cannot be read. Problems are reported on one line.
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

PREFIX = "torchsync-"
MACRO = "TORCHSYNC_CHECK"


class RegistryError(Exception):
    pass


def tokenize(text):
    """Identifiers, string literals and punctuation of a C++ file; comments
    and preprocessor lines are skipped."""
    tokens = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if at_line_start and c == "#":
            # A directive, continued by backslash-newlines.
            while i < n and text[i] != "\n":
                i += 2 if text.startswith("\\\n", i) else 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise RegistryError("unterminated comment")
            i = end + 2
            continue
        if c == '"':
            j, value = i + 1, []
            while True:
                if j >= n or text[j] == "\n":
                    raise RegistryError("unterminated string literal on line %d"
                                        % (text.count("\n", 0, i) + 1))
                if text[j] == '"':
                    break
                if text[j] == "\\" and j + 1 < n:
                    esc = text[j + 1]
                    value.append({"n": "\n", "t": "\t"}.get(esc, esc))
                    j += 2
                    continue
                value.append(text[j])
                j += 1
            tokens.append(("str", "".join(value), text.count("\n", 0, i) + 1))
            i = j + 1
            continue
        if c.isalnum() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            tokens.append(("id", text[i:j], text.count("\n", 0, i) + 1))
            i = j
            continue
        tokens.append(("punct", c, text.count("\n", 0, i) + 1))
        i += 1
    return tokens


def parse_registry(path):
    """[(class, name, summary)] in registry order."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise RegistryError("cannot read %s: %s" % (path, e.strerror))
    toks = tokenize(text)
    checks, i = [], 0

    def expect(kind, value=None):
        nonlocal i
        if i >= len(toks) or toks[i][0] != kind or (
                value is not None and toks[i][1] != value):
            line = toks[i][2] if i < len(toks) else toks[-1][2]
            raise RegistryError("%s:%d: malformed %s entry" % (path, line, MACRO))
        i += 1
        return toks[i - 1][1]

    def strings():
        nonlocal i
        parts = [expect("str")]
        while i < len(toks) and toks[i][0] == "str":
            parts.append(toks[i][1])
            i += 1
        return "".join(parts)

    while i < len(toks):
        if toks[i][:2] != ("id", MACRO):
            i += 1
            continue
        i += 1
        expect("punct", "(")
        cls = expect("id")
        expect("punct", ",")
        name = strings()
        expect("punct", ",")
        summary = " ".join(strings().split())
        expect("punct", ")")
        checks.append((cls, name, summary))
    if not checks:
        raise RegistryError("%s: no %s entries" % (path, MACRO))
    names = [c[1] for c in checks]
    dups = sorted({n for n in names if names.count(n) > 1})
    if dups:
        raise RegistryError("%s: check %s registered twice" % (path, dups[0]))
    return checks


def has_snippet_pair(folder):
    """A snippet folder holds at least one source that registers pairs with
    TORCHSYNC_SNIPPETS (runtime-verify/catalog/Catalog.h)."""
    try:
        sources = sorted(folder.glob("*.cpp"))
    except OSError:
        return False
    for src in sources:
        try:
            if "TORCHSYNC_SNIPPETS(" in src.read_text(encoding="utf-8"):
                return True
        except (OSError, UnicodeDecodeError):
            continue
    return False


def render(checks):
    lines = [
        "# torchsync checks",
        "",
        "<!-- Generated by docs/gen_check_list.py from checks/Checks.def;"
        " do not edit. -->",
        "",
        "| Check | Summary |",
        "|---|---|",
    ]
    for _, name, summary in sorted(checks, key=lambda c: c[1]):
        lines.append("| [%s%s](%s.md) | %s |"
                     % (PREFIX, name, name, summary.replace("|", "\\|")))
    return "\n".join(lines) + "\n"


def write_atomically(path, text):
    """Never leaves a half-written file: write a sibling, then rename."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="verify instead of writing: exit 1 if "
                             "docs/checks/list.md is stale or a check lacks "
                             "docs/checks/<name>.md, test/checks/<name>.cpp or "
                             "a runtime-verify/snippets/<name>/ pair")
    parser.add_argument("--root", type=Path,
                        default=Path(__file__).resolve().parent.parent,
                        help="repository root (default: the parent of docs/)")
    args = parser.parse_args(argv)
    root = args.root
    out = root / "docs" / "checks" / "list.md"
    try:
        checks = parse_registry(root / "checks" / "Checks.def")
    except RegistryError as e:
        print("gen_check_list: error: %s" % e, file=sys.stderr)
        return 2
    text = render(checks)

    if not args.check:
        try:
            write_atomically(out, text)
        except OSError as e:
            print("gen_check_list: error: cannot write %s: %s"
                  % (out, e.strerror), file=sys.stderr)
            return 2
        return 0

    problems = []
    try:
        current = out.read_text(encoding="utf-8")
    except OSError:
        current = None
    if current != text:
        problems.append("docs/checks/list.md is %s (run python3 "
                        "docs/gen_check_list.py)"
                        % ("missing" if current is None else "stale"))
    for _, name, _ in checks:
        for rel in ("docs/checks/%s.md" % name, "test/checks/%s.cpp" % name):
            if not (root / rel).is_file():
                problems.append("%s%s lacks %s" % (PREFIX, name, rel))
        if not has_snippet_pair(root / "runtime-verify" / "snippets" / name):
            problems.append("%s%s lacks a snippet pair in runtime-verify/snippets/%s/"
                            % (PREFIX, name, name))
    if problems:
        print("gen_check_list: " + "; ".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
