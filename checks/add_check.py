#!/usr/bin/env python3
"""Scaffolds a new torchsync check in one go.

  python3 checks/add_check.py <kebab-name> "<summary sentence>"

Creates checks/<Name>Check.h/.cpp, registers the check in checks/Checks.def
and checks/CMakeLists.txt, and writes test/checks/<name>.cpp and
docs/checks/<name>.md to fill in; then regenerates docs/checks/list.md.
The new check matches nothing until its matchers are written, and its test
fails until it has expectations: both are meant to be edited.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def camel(kebab):
    return "".join(part.capitalize() for part in kebab.split("-"))


def write_new(path, text):
    if os.path.exists(path):
        sys.exit("add_check.py: %s already exists" % os.path.relpath(path, ROOT))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    if len(sys.argv) != 3 or not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", sys.argv[1]):
        sys.exit(__doc__)
    name, summary = sys.argv[1], sys.argv[2].strip()
    if not summary.endswith("."):
        summary += "."
    cls = camel(name)
    guard = "TORCHSYNC_%sCHECK_H" % cls.upper()
    wrapped = "\n".join("/// " + l.rstrip() for l in re.findall(r".{1,72}(?:\s+|$)", summary))

    write_new(os.path.join(ROOT, "checks", cls + "Check.h"), f"""\
//===--- {cls}Check.h - torchsync-{name} ---*- C++ -*-===//

#ifndef {guard}
#define {guard}

#include "utils/SyncContext.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torchsync {{

{wrapped.rstrip()}
///
/// For the user-facing documentation see docs/checks/{name}.md.
class {cls}Check : public ClangTidyCheck {{
public:
  {cls}Check(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {{
    return LangOpts.CPlusPlus17;
  }}
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  SyncContext Sync;
}};

}} // namespace clang::tidy::torchsync

#endif // {guard}
""")
    write_new(os.path.join(ROOT, "checks", cls + "Check.cpp"), f"""\
//===--- {cls}Check.cpp - torchsync-{name} ---===//

#include "{cls}Check.h"
#include "utils/FixIts.h"
#include "utils/TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {{

static constexpr char CallId[] = "call";

{cls}Check::{cls}Check(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Sync(Options) {{}}

void {cls}Check::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                     Preprocessor *) {{
  Sync.startTranslationUnit(PP);
}}

void {cls}Check::registerMatchers(MatchFinder *Finder) {{
  // FIXME: write the matchers (cheap, by canonical name), each preceded by a
  // comment showing the source shape it matches.
  (void)Finder;
}}

void {cls}Check::check(const MatchFinder::MatchResult &Result) {{
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  if (!Call)
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, *Result.Context);
  if (!Hot)
    return;
  diag(Call->getExprLoc(), "FIXME: describe the sync");
  Sync.noteHotReason(*this, *Hot);
}}

void {cls}Check::storeOptions(ClangTidyOptions::OptionMap &Opts) {{
  Sync.store(Options, Opts);
}}

}} // namespace clang::tidy::torchsync
""")
    write_new(os.path.join(ROOT, "test", "checks", name + ".cpp"), f"""\
// RUN: %check_torchsync %s {name} %t
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

// ---- Macros and templates: reported, never fixed ---------------------------
""")
    write_new(os.path.join(ROOT, "docs", "checks", name + ".md"), f"""\
# torchsync-{name}

{summary}

## Why it syncs

## Example

## Fix-its

## Options

| Option | Default | Meaning |
|---|---|---|
| `HotFunctions` | `''` | Semicolon-separated functions whose bodies count as hot. |
| `ReportOutsideLoops` | `false` | Report outside hot paths too. |
| `UnknownDevice` | `report` | `report` or `ignore` tensors whose device is not known. |

## Limitations

## Measured cost on a GPU

Not measured yet: the runtime verifier (runtime-verify/) will fill this section.
""")

    # Registration: Checks.def (kept sorted) and the CMake source list.
    def_path = os.path.join(ROOT, "checks", "Checks.def")
    text = open(def_path, encoding="utf-8").read()
    chunks = re.findall(r".{1,58}(?:\s+|$)", summary.replace('"', '\\"'))
    entry = 'TORCHSYNC_CHECK(%s, "%s",\n%s)\n' % (
        cls, name, "\n".join('                "%s"' % c for c in chunks))
    entries = re.findall(r"TORCHSYNC_CHECK\(\w+, \"[^\"]+\",(?:\s*\"(?:[^\"\\]|\\.)*\")+\)\n", text)
    first = text.index(entries[0])
    last = text.index(entries[-1]) + len(entries[-1])
    entries = sorted(entries + [entry], key=lambda e: re.search(r'"([^"]+)"', e).group(1))
    text = text[:first] + "".join(entries) + text[last:]
    open(def_path, "w", encoding="utf-8").write(text)

    cmake_path = os.path.join(ROOT, "checks", "CMakeLists.txt")
    text = open(cmake_path, encoding="utf-8").read()
    block = re.search(r"set\(TORCHSYNC_CHECK_SOURCES\n(.*?)\)", text, re.S)
    sources = block.group(1).split("\n")
    sources = [s for s in sources if s.strip()] + ["  %sCheck.cpp" % cls]
    sources = sorted(set(sources), key=lambda s: (s.strip().startswith("utils/"), s.strip()))
    text = text[:block.start(1)] + "\n".join(sources) + "\n" + text[block.end(1):]
    open(cmake_path, "w", encoding="utf-8").write(text)

    module = os.path.join(ROOT, "checks", "TorchSyncTidyModule.cpp")
    text = open(module, encoding="utf-8").read()
    include = '#include "%sCheck.h"\n' % cls
    includes = re.findall(r'#include "\w+Check\.h"\n', text)
    start = text.index(includes[0])
    end = text.index(includes[-1]) + len(includes[-1])
    text = text[:start] + "".join(sorted(set(includes + [include]))) + text[end:]
    open(module, "w", encoding="utf-8").write(text)

    subprocess.run([sys.executable, os.path.join(ROOT, "docs", "gen_check_list.py")], check=True)
    print("add_check.py: created torchsync-%s (%sCheck); now write its matchers, "
          "tests and docs" % (name, cls))


if __name__ == "__main__":
    main()
