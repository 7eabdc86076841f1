#!/usr/bin/env python3
"""Checks of the docs that keep them true to the tree (test/docs/*.test).

  links        every relative link of README.md and docs/**/*.md names a file
               or folder that exists, and every #anchor a heading of the page
               it points into, by GitHub's rules for heading anchors
  packages     the packages that README.md says .ci/setup.sh installs are the
               packages of setup.sh's `packages` array
  ci-command   README.md's test command (its second sh block) is a line of
               .ci/run, word for word
  checks-config  every `Checks:` of a `.clang-tidy` that README.md and
               docs/**/*.md show (in code), and every `--checks=` given to
               clang-tidy, starts with -*: stock clang-tidy-19 with the plugin
               otherwise runs its default clang-analyzer-* checks too

Each prints one line per problem ("path:line: ...") and exits 1 if there is
one; --root names the tree (default: the checkout this file is in).
"""

import argparse
import os
import re
import sys
import unicodedata

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
# [text](target) and ![alt](target), the target optionally <...> and with a
# "title"; the text may run over lines and hold one level of brackets.
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*(<[^>]*>|[^\s()]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)", re.M)
HTML_ANCHOR = re.compile(r"<a\s[^>]*\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HTML_TAG = re.compile(r"<[^>]+>")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")  # http:, mailto:, file:


def slug(text):
    """The anchor GitHub gives a heading whose rendered text is `text`:
    lowercase, punctuation and symbols dropped except - and _, each space a -
    (github-slugger)."""
    out = []
    for ch in text.lower():
        if ch == " " or ch in "-_":
            out.append("-" if ch == " " else ch)
        elif ch.isascii():
            if ch.isalnum():
                out.append(ch)
        elif unicodedata.category(ch)[0] in "LNM":
            out.append(ch)
    return "".join(out)


def rendered(heading):
    """The text of a heading as GitHub renders it: code spans keep their
    content, links and images their text, HTML tags and emphasis go."""
    parts = []
    last = 0
    for m in CODE_SPAN.finditer(heading):
        parts.append(inline_text(heading[last:m.start()]))
        parts.append(m.group(2).strip() if m.group(2).strip() else m.group(2))
        last = m.end()
    parts.append(inline_text(heading[last:]))
    return "".join(parts).strip()


def inline_text(text):
    text = LINK.sub(lambda m: m.group(1), text)
    text = HTML_TAG.sub("", text)
    # _emphasis_ and __strong__ (an underscore inside a word stays); * goes
    # with the other punctuation anyway.
    return re.sub(r"(?<![\w])(_{1,2})(?=\S)(.+?)(?<=\S)\1(?![\w])", r"\2", text)


class Page:
    """A markdown file: its anchors and its prose (code blocks blanked, so
    that line numbers stay)."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        self.anchors = set()
        occurrences = {}
        prose = []
        fence = None
        previous = ""  # the paragraph line a setext underline would make a heading
        for line in lines:
            m = FENCE.match(line)
            if fence:
                if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                        and not line.strip()[len(m.group(1)):].strip():
                    fence = None
                prose.append("")
                previous = ""
                continue
            if m:
                fence = m.group(1)
                prose.append("")
                previous = ""
                continue
            heading = None
            a = ATX.match(line)
            s = SETEXT.match(line)
            if a:
                heading = a.group(2) or ""
            elif s and previous and not re.match(r"\s*([|>*+-]|\d+[.)])", previous):
                heading = previous
            if heading is not None:
                self.add_anchor(slug(rendered(heading)), occurrences)
                previous = ""
            else:
                previous = line if line.strip() else ""
            for anchor in HTML_ANCHOR.findall(line):
                self.anchors.add(anchor)
            prose.append(line)
        self.prose = "\n".join(prose)

    def add_anchor(self, base, occurrences):
        # github-slugger: a repeated slug gets -1, -2, ... (skipping any that
        # an earlier heading already has).
        name = base
        while name in occurrences:
            occurrences[base] += 1
            name = "%s-%d" % (base, occurrences[base])
        occurrences[name] = 0
        self.anchors.add(name)

    def links(self):
        """(line, target) of every link and reference definition in prose."""
        # Code spans are replaced by as many placeholder characters, so that
        # a link's text may hold code but a code span holds no link.
        text = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", "x", m.group(0)), self.prose)
        found = []
        for m in LINK.finditer(text):
            found.append((text.count("\n", 0, m.start(2)) + 1, m.group(2)))
        for m in REF_DEF.finditer(text):
            found.append((text.count("\n", 0, m.start(1)) + 1, m.group(1)))
        return [(line, t[1:-1] if t.startswith("<") else t) for line, t in found]


def markdown_files(root):
    files = [os.path.join(root, "README.md")]
    for folder, dirs, names in os.walk(os.path.join(root, "docs")):
        dirs.sort()
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".md")]
    return [f for f in files if os.path.isfile(f)]


def check_links(root):
    pages = {}

    def page(path):
        if path not in pages:
            pages[path] = Page(path)
        return pages[path]

    problems = []
    for path in markdown_files(root):
        rel = os.path.relpath(path, root)
        for line, target in page(path).links():
            if EXTERNAL.match(target):
                continue
            file_part, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            where = "%s:%d: link '%s'" % (rel, line, target)
            if not os.path.exists(dest):
                problems.append("%s: no file %s" % (where, os.path.relpath(dest, root)))
            elif anchor:
                if not dest.endswith(".md") or os.path.isdir(dest):
                    # GitHub's line anchors of a source file: #L10, #L10-L20.
                    if not re.fullmatch(r"L\d+(-L\d+)?", anchor) or os.path.isdir(dest):
                        problems.append("%s: an anchor into a file that is not markdown" % where)
                elif anchor not in page(dest).anchors:
                    problems.append("%s: no heading of %s has the anchor #%s" %
                                    (where, os.path.relpath(dest, root), anchor))
    return problems


def sh_blocks(text):
    return re.findall(r"^```(?:sh|bash|console)\n(.*?)^```", text, re.S | re.M)


def check_packages(root):
    with open(os.path.join(root, ".ci", "setup.sh"), encoding="utf-8") as f:
        setup = f.read()
    m = re.search(r"^packages=\((.*?)\)", setup, re.S | re.M)
    if not m:
        return [".ci/setup.sh: no packages=(...) array"]
    wanted = re.sub(r"#[^\n]*", "", m.group(1)).split()
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    m = re.search(r"`\.ci/setup\.sh` installs what is missing from Debian's archive \((.*?)\) with `apt-get`",
                  readme, re.S)
    if not m:
        return ["README.md: no sentence \"`.ci/setup.sh` installs what is missing from "
                "Debian's archive (...) with `apt-get`\""]
    listed = re.findall(r"`([^`]+)`", m.group(1))
    problems = []
    for p in wanted:
        if p not in listed:
            problems.append("README.md: .ci/setup.sh installs %s, the README does not name it" % p)
    for p in listed:
        if p not in wanted:
            problems.append("README.md: names %s, which .ci/setup.sh does not install" % p)
    if not problems and listed != wanted:
        problems.append("README.md: the packages are not in .ci/setup.sh's order (%s)" % " ".join(wanted))
    return problems


def check_ci_command(root):
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        blocks = sh_blocks(f.read())
    if len(blocks) < 2:
        return ["README.md: fewer than two sh blocks (the demo, then the test command)"]
    command = blocks[1].strip()
    if "\n" in command:
        return ["README.md: the test command (the second sh block) is more than one line"]
    with open(os.path.join(root, ".ci", "run"), encoding="utf-8") as f:
        run = [l.strip() for l in f.read().split("\n")]
    if command not in run:
        return [".ci/run: no line is the README's test command: %s" % command]
    return []


def code_regions(path):
    """(line, text) of each fenced code block and each code span of prose."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    regions = []
    fence = None
    for number, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[1][0] and len(m.group(1)) >= len(fence[1]):
                regions.append((fence[0], "\n".join(fence[2])))
                fence = None
            else:
                fence[2].append(line)
        elif m:
            fence = (number + 1, m.group(1), [])
        else:
            regions += [(number, c.group(2)) for c in CODE_SPAN.finditer(line)]
    return regions


def check_checks_config(root):
    problems = []
    for path in markdown_files(root):
        rel = os.path.relpath(path, root)
        for first, code in code_regions(path):
            uses_clang_tidy = "clang-tidy" in code or "CLANG_TIDY" in code
            for m in re.finditer(r"\bChecks:[ \t]*(['\"]?)([^'\"\n]*)|--checks=(['\"]?)([^'\";\s]*)", code):
                value = m.group(2) if m.group(0).startswith("Checks") else m.group(4)
                if m.group(0).startswith("--checks") and not uses_clang_tidy:
                    continue  # the driver's --checks adds to its -*,torchsync-*
                if value.startswith("<"):
                    continue  # a placeholder, as in --checks=<globs>
                if not value.replace(" ", "").startswith("-*"):
                    line = first + code.count("\n", 0, m.start())
                    quote = m.group(1) or m.group(3) or ""
                    problems.append("%s:%d: %s%s does not start with -* (clang-tidy-19 would "
                                    "also run its default checks)" % (rel, line, m.group(0), quote))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=["links", "packages", "ci-command", "checks-config"])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    args = parser.parse_args()
    check = {"links": check_links, "packages": check_packages, "ci-command": check_ci_command,
             "checks-config": check_checks_config}[args.what]
    problems = check(os.path.abspath(args.root))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
