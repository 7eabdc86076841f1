#!/usr/bin/env python3
"""Creates a new torchsync check, or completes the registered ones, from
checks/Checks.def, the check registry.

  python3 checks/add_check.py <kebab-name> "<summary sentence>"
  python3 checks/add_check.py              # complete every registered check
  options: --dry-run (print what would change, write nothing), --root DIR

With a name, the check is added to checks/Checks.def (kept sorted) unless it
is there already with the same summary. Then, for every registered check,
whatever is missing is created:

  checks/<Name>Check.h/.cpp        the check on the TorchSyncCheck base class
  checks/CMakeLists.txt            its source in TORCHSYNC_CHECK_SOURCES
  checks/TorchSyncTidyModule.cpp   the include of its header
  test/checks/<name>.cpp           its lit test
  docs/checks/<name>.md            its docs page
  runtime-verify/snippets/<name>/pairs.cpp
                                   its snippet pair stub (registers no pair)
  docs/ReleaseNotes.md             a "New check" line at the end of the
                                   unreleased list

and docs/checks/list.md and the shared-options table of every page are
regenerated (docs/gen_check_list.py). Existing files are never overwritten, so
a second run changes nothing. Everything is computed before anything is
written; on an error nothing is written, and each file is replaced
atomically. The new check matches nothing until its matchers are written:
the FIXME comments say what to fill in, and until they are filled in the
gate fails: the generated test expects a warning the check does not give,
and docs/gen_check_list.py --check (test/docs/consistency.test) refuses a
docs page or test that still says FIXME and a snippet stub that registers
no pair.

Exit codes: 0 done (or nothing to do), 2 bad arguments or a registry, list
or file that cannot be read, edited or written (one line on stderr).
"""

import argparse
import importlib.util
import os
import re
import sys
import tempfile
import textwrap
from pathlib import Path

TOOL = "add_check.py"
NAME_RE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


class GenError(Exception):
    pass


def load_gen_check_list():
    """docs/gen_check_list.py of this checkout: the registry parser and the
    generated docs."""
    path = Path(__file__).resolve().parent.parent / "docs" / "gen_check_list.py"
    spec = importlib.util.spec_from_file_location("gen_check_list", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = load_gen_check_list()


def camel(kebab):
    return "".join(part.capitalize() for part in kebab.split("-"))


def banner(left, right):
    """An LLVM file banner line of 80 columns."""
    fill = 80 - len(left) - len(right)
    return left + "-" * max(fill, 1) + right


def doc_comment(text, indent=""):
    return "\n".join(indent + "/// " + line
                     for line in textwrap.wrap(text, 76 - len(indent)))


# ---- Templates ------------------------------------------------------------


def header_text(cls, name, summary):
    guard = "TORCHSYNC_%sCHECK_H" % cls.upper()
    return f"""\
{banner("//===--- %sCheck.h - torchsync-%s " % (cls, name), "*- C++ -*-===//")}

#ifndef {guard}
#define {guard}

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {{

{doc_comment(summary)}
///
/// For the user-facing documentation see docs/checks/{name}.md.
class {cls}Check : public TorchSyncCheck {{
public:
  {cls}Check(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
}};

}} // namespace clang::tidy::torchsync

#endif // {guard}
"""


def source_text(cls, name):
    return f"""\
{banner("//===--- %sCheck.cpp - torchsync-%s " % (cls, name), "===//")}

#include "{cls}Check.h"
#include "utils/TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {{

static constexpr char CallId[] = "call";

{cls}Check::{cls}Check(StringRef Name, ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {{}}

void {cls}Check::registerCheckMatchers(MatchFinder *Finder) {{
  // FIXME: match the calls that sync, cheaply by canonical name, and bind
  // them to CallId; precede each addMatcher with a comment showing the
  // source shape it matches.
  (void)Finder;
}}

void {cls}Check::check(const MatchFinder::MatchResult &Result) {{
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  if (!Call)
    return;
  ASTContext &Ctx = *Result.Context;
  // FIXME: the tensor whose device decides whether the call syncs.
  const Expr *Tensor = Call;
  Device D = Sync.devices(Ctx).ofTensor(Tensor);
  if (!Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;
  // FIXME: one sentence, what waits for the GPU and then what to do
  // (README, "Adding a check"); the CUDA calls go on waitsIn's note.
  // Fix-its that keep the meaning go on the warning (SyncReport::fix), the
  // others on a note (SyncReport::fixOnNote).
  std::string IfCuda = ifCuda(Tensor, D, Ctx); // Before the warning starts.
  SyncReport Report = reportSync(*Hot);
  Report.warning(Call->getExprLoc(), "'%0' waits for the GPU%1; FIXME")
      << exprText(Call, Ctx) << IfCuda;
  Report.waitsIn("FIXME");
}}

}} // namespace clang::tidy::torchsync
"""


def test_text(name):
    return f"""\
// RUN: %check_torchsync %s {name} %t
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

// FIXME: each call the check reports, in a loop, with its CHECK-MESSAGES
// line under it (test/checks/host-read.cpp shows the form). Until then the
// line below fails this test: nothing here syncs, and the check reports
// nothing yet. Replace it with a call the check reports.
void positivePlaceholder(torch::Tensor x, int steps) {{
  for (int step = 0; step < steps; ++step)
    x = x + 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:{{{{[0-9]+}}}}: warning: {{{{.*}}}} [torchsync-{name}]
}}

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

void cpuOnly(int steps) {{
  auto t = torch::ones({{4}});
  for (int step = 0; step < steps; ++step)
    t = t + 1;
}}

// ---- Macros and templates: reported, never fixed ---------------------------
"""


def page_text(name, summary):
    return f"""\
# torchsync-{name}

{summary}

## Why it syncs

FIXME: the CUDA wait the call ends in, with the catalog rows it covers.

## Example

FIXME: the flagged code and the rewrite.

## Fix-its

FIXME: what `--fix` changes (keeps the meaning), what notes offer
(`--fix-notes`, they change it), and when a fix is withheld.

## Options

{GEN.render_options(name)}
## Limitations

## Measured cost on a GPU

Not measured yet: the runtime verifier (runtime-verify/) will fill this section.
"""


def snippet_text(cls, name):
    fn = cls[0].lower() + cls[1:] + "Pairs"
    return f"""\
{banner("//===--- %s pairs " % name, "===//")}
//
// Purpose: FIXME: the catalog rows torchsync-{name} covers, as pairs of the
// code it flags and the rewrite it suggests, computing the same outputs
// (see ../../catalog/Catalog.h, and ../clip-grad-norm/pairs.cpp for a pair).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

using namespace torchsync::catalog;

/// FIXME: one Pair per catalog row; none yet.
static std::vector<Pair> {fn}() {{ return {{}}; }}

TORCHSYNC_SNIPPETS({fn});
"""


def release_line(name, summary):
    return "- New check [torchsync-%s](checks/%s.md): %s" % (name, name, summary)


# ---- Edits of shared files --------------------------------------------------


def registry_entry(cls, name, summary):
    escaped = summary.replace("\\", "\\\\").replace('"', '\\"')
    chunks = textwrap.wrap(escaped, 58, drop_whitespace=False,
                           break_long_words=False, break_on_hyphens=False)
    # Keep the spaces at the end of a chunk, never at the start of the next.
    fixed = []
    for chunk in chunks:
        if fixed and chunk.startswith(" "):
            fixed[-1] += " "
            chunk = chunk.lstrip(" ")
        if chunk:
            fixed.append(chunk)
    return 'TORCHSYNC_CHECK(%s, "%s",\n%s)\n' % (
        cls, name, "\n".join('                "%s"' % c for c in fixed))


def add_to_registry(text, cls, name, summary):
    """Checks.def with the entry for \\p name inserted in name order."""
    entry = registry_entry(cls, name, summary)
    starts = [m.start() for m in re.finditer(r"^TORCHSYNC_CHECK\(", text, re.M)]
    names = [re.match(r'TORCHSYNC_CHECK\(\w+,\s*"([^"]+)"', text[s:]).group(1)
             for s in starts]
    for start, other in zip(starts, names):
        if other > name:
            return text[:start] + entry + text[start:]
    # After the last entry.
    end = re.compile(r'"\s*\)[ \t]*\n').search(text, starts[-1]) \
        if starts else None
    if not end:
        raise GenError("checks/Checks.def: cannot find where entries go")
    return text[:end.end()] + entry + text[end.end():]


def insert_sorted_line(text, line, pattern, what):
    """\\p text with \\p line inserted before the first line matching
    \\p pattern that sorts after it (after the last such line otherwise);
    unchanged when \\p line is there. The other lines keep their order."""
    lines = text.split("\n")
    if line in lines:
        return text
    matches = [i for i, l in enumerate(lines) if re.fullmatch(pattern, l)]
    if not matches:
        raise GenError("cannot find %s" % what)
    for i in matches:
        if lines[i] > line:
            lines.insert(i, line)
            break
    else:
        lines.insert(matches[-1] + 1, line)
    return "\n".join(lines)


def add_release_line(text, line):
    """The release notes with \\p line appended at the end of the list under
    the unreleased heading."""
    m = re.search(r"^## .*\(unreleased\)\n", text, re.M)
    if not m:
        raise GenError("docs/ReleaseNotes.md: no '## ... (unreleased)' section")
    nxt = re.search(r"^## ", text[m.end():], re.M)
    end = m.end() + nxt.start() if nxt else len(text)
    section = text[m.end():end].rstrip("\n")
    rest = text[end:]
    return (text[:m.end()] + section + "\n" + line + "\n" +
            ("\n" + rest if rest else ""))


# ---- The plan ---------------------------------------------------------------


class Plan:
    """The files to write, computed in full before anything is written."""

    def __init__(self, root):
        self.root = root
        self.texts = {}  # relative path -> new text
        self.created = set()

    def current(self, rel):
        if rel in self.texts:
            return self.texts[rel]
        path = self.root / rel
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as e:
            raise GenError("cannot read %s: %s" % (rel, getattr(e, "strerror", e)))

    def exists(self, rel):
        return rel in self.texts or (self.root / rel).exists()

    def create(self, rel, text):
        if not self.exists(rel):
            self.texts[rel] = text
            self.created.add(rel)

    def update(self, rel, text):
        if self.current(rel) is None:
            raise GenError("%s is missing" % rel)
        if text != self.current(rel):
            self.texts[rel] = text

    def changes(self):
        """[(relative path, text)] that differ from the files."""
        out = []
        for rel, text in sorted(self.texts.items()):
            path = self.root / rel
            try:
                old = path.read_text(encoding="utf-8")
            except OSError:
                old = None
            if old != text:
                out.append((rel, text))
        return out


def make_plan(root, new_check):
    plan = Plan(root)
    def_rel = "checks/Checks.def"
    registry = plan.current(def_rel)
    if registry is None:
        raise GenError("%s is missing" % def_rel)
    try:
        checks = GEN.parse_registry(root / def_rel)
    except GEN.RegistryError as e:
        raise GenError(str(e))

    if new_check:
        cls, name, summary = new_check
        known = {c[1]: c for c in checks}
        if name in known:
            if known[name] != new_check:
                raise GenError("torchsync-%s is registered with another class "
                               "or summary in %s" % (name, def_rel))
        else:
            if any(c[0] == cls for c in checks):
                raise GenError("class %sCheck is taken in %s" % (cls, def_rel))
            plan.update(def_rel, add_to_registry(registry, cls, name, summary))
            try:
                checks = GEN.parse_registry_text(plan.current(def_rel), def_rel)
            except GEN.RegistryError as e:
                raise GenError("the new entry does not parse: %s" % e)
            if (cls, name, summary) not in checks:
                raise GenError("the new entry does not read back: use a "
                               "plainer summary")

    for cls, name, summary in checks:
        plan.create("checks/%sCheck.h" % cls, header_text(cls, name, summary))
        plan.create("checks/%sCheck.cpp" % cls, source_text(cls, name))
        plan.create("test/checks/%s.cpp" % name, test_text(name))
        plan.create("docs/checks/%s.md" % name, page_text(name, summary))
        snippets = root / "runtime-verify" / "snippets" / name
        if not GEN.has_snippet_pair(snippets):
            plan.create("runtime-verify/snippets/%s/pairs.cpp" % name,
                        snippet_text(cls, name))

        for path, line, pattern, what in (
                ("checks/CMakeLists.txt", "  %sCheck.cpp" % cls,
                 r"  \w+Check\.cpp", "the check sources"),
                ("checks/TorchSyncTidyModule.cpp",
                 '#include "%sCheck.h"' % cls, r'#include "\w+Check\.h"',
                 "the check includes")):
            text = plan.current(path)
            if text is None:
                raise GenError("%s is missing" % path)
            plan.update(path, insert_sorted_line(
                text, line, pattern, "%s in %s" % (what, path)))

        notes = "docs/ReleaseNotes.md"
        text = plan.current(notes)
        if text is None:
            raise GenError("%s is missing" % notes)
        if "[torchsync-%s](checks/%s.md)" % (name, name) not in text:
            plan.update(notes, add_release_line(text, release_line(name, summary)))

    # Generated docs, from the registry as it will be.
    plan.texts["docs/checks/list.md"] = GEN.render(checks)
    for _, name, _ in checks:
        rel = "docs/checks/%s.md" % name
        page = plan.current(rel)
        new_page = GEN.with_options(page, name)
        if new_page is None:
            raise GenError("%s has no \"## Options\" section for the shared "
                           "options table" % rel)
        plan.texts[rel] = new_page
    return plan


def write_all(root, changes):
    """Writes every file through a temporary sibling, then renames them all:
    a failure before the renames leaves every file as it was."""
    temps = []
    try:
        for rel, text in changes:
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".",
                                       dir=path.parent)
            temps.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            if path.exists():
                os.chmod(tmp, path.stat().st_mode & 0o7777)
            else:
                os.chmod(tmp, 0o644)
        for tmp, path in temps:
            os.replace(tmp, path)
    except OSError as e:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)
        raise GenError("cannot write %s: %s" % (e.filename or root, e.strerror))


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] + " " + __doc__.splitlines()[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", nargs="?", help="kebab-case check name, "
                        "without the torchsync- prefix")
    parser.add_argument("summary", nargs="?",
                        help="one sentence: what the check finds")
    parser.add_argument("--dry-run", action="store_true",
                        help="print what would be created or changed; "
                             "write nothing")
    parser.add_argument("--root", type=Path,
                        default=Path(__file__).resolve().parent.parent,
                        help="repository root (default: the parent of checks/)")
    args = parser.parse_args(argv)

    new_check = None
    if args.name is not None:
        if args.summary is None or not args.summary.strip():
            parser.error("a new check needs a summary sentence")
        if not NAME_RE.fullmatch(args.name):
            parser.error("'%s' is not a kebab-case name (e.g. host-read)"
                         % args.name)
        name = args.name[len(GEN.PREFIX):] if args.name.startswith(
            GEN.PREFIX) else args.name
        summary = " ".join(args.summary.split())
        if not summary.endswith("."):
            summary += "."
        new_check = (camel(name), name, summary)

    try:
        plan = make_plan(args.root, new_check)
        changes = plan.changes()
        if args.dry_run:
            for rel, _ in changes:
                print("%s: would %s %s" % (
                    TOOL, "create" if rel in plan.created else "update", rel))
            if not changes:
                print("%s: nothing to do" % TOOL)
            return 0
        write_all(args.root, changes)
    except GenError as e:
        print("%s: error: %s" % (TOOL, e), file=sys.stderr)
        return 2
    for rel, _ in changes:
        print("%s: %s %s" % (TOOL, "created" if rel in plan.created
                             else "updated", rel))
    if not changes:
        print("%s: nothing to do" % TOOL)
    elif new_check:
        print("%s: now write the matchers, tests and docs of torchsync-%s "
              "(see the FIXME comments)" % (TOOL, new_check[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
