//===--- Gate.cpp - What a CI gate lets through: baselines, changed lines -===//
//
// Part of torchsync. See Gate.h.
//
//===----------------------------------------------------------------------===//

#include "Gate.h"
#include "InputFiles.h"
#include "SafeWrite.h"
#include "program/JsonDepth.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace json = llvm::json;

namespace torchsync {

llvm::Expected<llvm::StringSet<>> readBaseline(llvm::StringRef Path) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError("cannot read baseline '" + Path +
                                   "': " + Why);
  };
  auto Buffer = readInputFile(Path);
  if (!Buffer)
    return Fail(llvm::toString(Buffer.takeError()));
  llvm::Expected<json::Value> Parsed =
      clang::tidy::torchsync::parseJsonBounded((*Buffer)->getBuffer());
  if (!Parsed)
    return Fail("invalid JSON: " + llvm::toString(Parsed.takeError()));
  const json::Object *Top = Parsed->getAsObject();
  if (!Top || Top->getInteger("version") != BaselineVersion)
    return Fail("not a version " + llvm::Twine(BaselineVersion) +
                " torchsync baseline");
  const json::Array *Findings = Top->getArray("findings");
  if (!Findings)
    return Fail("'findings' is not an array");
  llvm::StringSet<> Known;
  for (const json::Value &F : *Findings) {
    const json::Object *O = F.getAsObject();
    std::optional<llvm::StringRef> Print =
        O ? O->getString("fingerprint") : std::nullopt;
    if (!Print)
      return Fail("a finding without a 'fingerprint' string");
    Known.insert(*Print);
  }
  return Known;
}

llvm::Error writeBaseline(llvm::StringRef Path,
                          llvm::ArrayRef<Finding> Findings) {
  json::Array All;
  for (const Finding &F : Findings)
    All.push_back(json::Object{{"fingerprint", F.Fingerprint},
                               {"check", F.Check},
                               {"path", F.Where.Path},
                               {"line", F.Where.Line},
                               {"message", F.Message}});
  json::Value Baseline = json::Object{{"version", BaselineVersion},
                                      {"tool", "torchsync"},
                                      {"findings", std::move(All)}};
  if (llvm::Error E = writeOutputFile(Path, [&](llvm::raw_ostream &OS) {
        OS << llvm::formatv("{0:2}", Baseline) << "\n";
      }))
    return llvm::createStringError("cannot write baseline '" + Path +
                                   "': " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

bool ChangedLines::contains(llvm::StringRef File, unsigned Line) const {
  auto It = Ranges.find(File);
  if (It == Ranges.end())
    return false;
  return llvm::any_of(It->second, [&](const std::pair<unsigned, unsigned> &R) {
    return R.first <= Line && Line <= R.second;
  });
}

namespace {

/// Undoes git's quoting of unusual paths: "a\tb" with C escapes.
std::string unquotePath(llvm::StringRef Path) {
  if (Path.size() < 2 || !Path.starts_with("\"") || !Path.ends_with("\""))
    return Path.str();
  Path = Path.drop_front().drop_back();
  std::string Out;
  for (size_t I = 0; I < Path.size(); ++I) {
    if (Path[I] != '\\' || I + 1 == Path.size()) {
      Out += Path[I];
      continue;
    }
    char C = Path[++I];
    if (C >= '0' && C <= '7' && I + 2 < Path.size()) {
      unsigned Value = 0;
      Path.substr(I, 3).getAsInteger(8, Value);
      Out += static_cast<char>(Value);
      I += 2;
      continue;
    }
    switch (C) {
    case 'n':
      Out += '\n';
      break;
    case 't':
      Out += '\t';
      break;
    case 'a':
      Out += '\a';
      break;
    case 'b':
      Out += '\b';
      break;
    case 'f':
      Out += '\f';
      break;
    case 'r':
      Out += '\r';
      break;
    case 'v':
      Out += '\v';
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

/// Reads "N" or "N,M" of a hunk header.
bool parseRange(llvm::StringRef Text, unsigned &Start, unsigned &Count) {
  auto [First, Second] = Text.split(',');
  Count = 1;
  if (First.getAsInteger(10, Start))
    return false;
  return !Text.contains(',') || !Second.getAsInteger(10, Count);
}

} // namespace

llvm::Expected<ChangedLines> parseUnifiedDiff(llvm::StringRef Text,
                                              llvm::StringRef Root) {
  ChangedLines Changed;
  std::optional<std::string> File; // "" for a deleted file
  bool SawHeader = false;
  unsigned OldLeft = 0, NewLeft = 0, LineNo = 0;
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError("line " + llvm::Twine(LineNo) + ": " + Why);
  };
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  if (!Lines.empty() && Lines.back().empty())
    Lines.pop_back();
  for (llvm::StringRef Line : Lines) {
    ++LineNo;
    Line.consume_back("\r");
    if (OldLeft || NewLeft) {
      char Kind = Line.empty() ? ' ' : Line.front();
      if (Kind == ' ' || Kind == '-') {
        if (!OldLeft)
          return Fail("the hunk has more old lines than its header says");
        --OldLeft;
      }
      if (Kind == ' ' || Kind == '+') {
        if (!NewLeft)
          return Fail("the hunk has more new lines than its header says");
        --NewLeft;
      }
      if (Kind != ' ' && Kind != '-' && Kind != '+' && Kind != '\\')
        return Fail("the hunk ends before the line count of its header");
      continue;
    }
    if (Line.starts_with("+++ ")) {
      llvm::StringRef Path = Line.drop_front(4);
      if (!Path.starts_with("\""))
        Path = Path.split('\t').first; // diff -u appends a timestamp
      std::string Name = unquotePath(Path.rtrim());
      SawHeader = true;
      if (Name == "/dev/null") {
        File = "";
        continue;
      }
      llvm::StringRef Rel = Name;
      Rel.consume_front("b/");
      llvm::SmallString<256> Abs;
      if (llvm::sys::path::is_absolute(Rel)) {
        Abs = Rel;
      } else {
        Abs = Root;
        llvm::sys::path::append(Abs, Rel);
      }
      llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      File = std::string(Abs);
      Changed.Ranges[*File]; // a file with only deletions is still known
      continue;
    }
    if (Line.starts_with("@@")) {
      // @@ -a[,b] +c[,d] @@ optional section heading
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      Line.split(Parts, ' ', /*MaxSplit=*/3, /*KeepEmpty=*/false);
      unsigned OldStart, NewStart;
      if (Parts.size() < 4 || Parts[0] != "@@" ||
          !Parts[1].consume_front("-") || !Parts[2].consume_front("+") ||
          !Parts[3].starts_with("@@") ||
          !parseRange(Parts[1], OldStart, OldLeft) ||
          !parseRange(Parts[2], NewStart, NewLeft))
        return Fail("malformed hunk header '" + Line + "'");
      if (!File)
        return Fail("a hunk before any '+++' file header");
      if (NewLeft && !File->empty())
        Changed.Ranges[*File].push_back({NewStart, NewStart + NewLeft - 1});
      continue;
    }
    // Other lines (diff --git, index, ---, mode changes, renames, binary
    // notices) say nothing about changed lines.
  }
  if (OldLeft || NewLeft)
    return Fail("the diff ends inside a hunk");
  if (!SawHeader && !llvm::StringRef(Text).trim().empty())
    return llvm::createStringError("not a unified diff (no '+++' file header)");
  return Changed;
}

llvm::Expected<ChangedLines> changedLinesSince(llvm::StringRef Rev,
                                               llvm::StringRef Root) {
  // git would read such a revision as an option (--output=FILE writes
  // FILE); --end-of-options below makes sure of it for any revision.
  if (Rev.starts_with("-"))
    return llvm::createStringError("invalid --diff revision '" + Rev +
                                   "': a revision cannot start with '-'");
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return llvm::createStringError("--diff needs git, which is not on PATH");
  llvm::SmallString<128> OutPath, ErrPath;
  for (auto *Path : {&OutPath, &ErrPath})
    if (std::error_code EC =
            llvm::sys::fs::createTemporaryFile("torchsync-diff", "txt", *Path))
      return llvm::createStringError(EC, "cannot create a temporary file");
  llvm::FileRemover RemoveOut(OutPath), RemoveErr(ErrPath);
  // Fixed prefixes and no external diff tools, whatever the user's git
  // configuration says; paths relative to the root.
  llvm::SmallVector<llvm::StringRef, 16> Args = {"git",
                                                 "-C",
                                                 Root,
                                                 "diff",
                                                 "-U0",
                                                 "--no-color",
                                                 "--no-ext-diff",
                                                 "--src-prefix=a/",
                                                 "--dst-prefix=b/",
                                                 "--relative",
                                                 "--end-of-options",
                                                 Rev,
                                                 "--"};
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""),
                                                OutPath.str(), ErrPath.str()};
  std::string ErrMsg;
  int Status = llvm::sys::ExecuteAndWait(*Git, Args, std::nullopt, Redirects,
                                         /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &ErrMsg);
  if (Status != 0) {
    std::string Why = ErrMsg;
    if (auto Err = llvm::MemoryBuffer::getFile(ErrPath)) {
      llvm::StringRef First = (*Err)->getBuffer().trim().split('\n').first;
      if (!First.empty())
        Why = First.str();
    }
    return llvm::createStringError("'git diff " + Rev + "' failed" +
                                   (Why.empty() ? "" : ": " + Why));
  }
  auto Out = llvm::MemoryBuffer::getFile(OutPath);
  if (!Out)
    return llvm::createStringError(Out.getError(),
                                   "cannot read the output of git diff");
  llvm::Expected<ChangedLines> Changed =
      parseUnifiedDiff((*Out)->getBuffer(), Root);
  if (!Changed)
    return llvm::createStringError("cannot read the output of 'git diff " +
                                   Rev +
                                   "': " + llvm::toString(Changed.takeError()));
  return Changed;
}

llvm::Expected<ChangedLines> readChangedLines(llvm::StringRef Base,
                                              llvm::StringRef Root) {
  if (Base.empty())
    return llvm::createStringError("--diff needs a git revision, or '-' "
                                   "for a diff on standard input");
  if (Base != "-")
    return changedLinesSince(Base, Root);
  auto Stdin = llvm::MemoryBuffer::getSTDIN();
  if (!Stdin)
    return llvm::createStringError("cannot read standard input: " +
                                   Stdin.getError().message());
  llvm::Expected<ChangedLines> Changed =
      parseUnifiedDiff((*Stdin)->getBuffer(), Root);
  if (!Changed)
    return llvm::createStringError("cannot read the diff on standard input: " +
                                   llvm::toString(Changed.takeError()));
  return Changed;
}

std::optional<FailOn> parseFailOn(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<FailOn>>(Name)
      .Case("warning", FailOn::Warning)
      .Case("error", FailOn::Error)
      .Case("none", FailOn::None)
      .Default(std::nullopt);
}

GateResult applyGate(std::vector<Finding> Findings, const GateSettings &G) {
  GateResult R;
  for (Finding &F : Findings) {
    if (G.Baseline && G.Baseline->contains(F.Fingerprint))
      ++R.InBaseline;
    else if (G.Changed && !G.Changed->contains(F.Where.File, F.Where.Line))
      ++R.OutsideDiff;
    else
      R.Reported.push_back(std::move(F));
  }
  return R;
}

void printSummary(llvm::raw_ostream &OS, const GateResult &R,
                  size_t FilesWithFindings, size_t NumFiles,
                  size_t Suppressed) {
  auto Plural = [](size_t N) { return N == 1 ? "" : "s"; };
  OS << "torchsync: " << R.Reported.size() << " finding"
     << Plural(R.Reported.size()) << " in ";
  // "2 of 4 files" when only some of the analyzed files have findings.
  if (FilesWithFindings && FilesWithFindings != NumFiles)
    OS << FilesWithFindings << " of ";
  OS << NumFiles << " file" << Plural(NumFiles);
  llvm::SmallVector<std::string, 3> Held;
  if (R.InBaseline)
    Held.push_back(std::to_string(R.InBaseline) + " more in the baseline");
  if (R.OutsideDiff)
    Held.push_back(std::to_string(R.OutsideDiff) + " more outside the diff");
  if (Suppressed)
    Held.push_back(std::to_string(Suppressed) + " suppressed by NOLINT");
  if (!Held.empty())
    OS << " (" << llvm::join(Held, ", ") << ")";
  OS << "\n";
}

bool failsGate(const Finding &F, FailOn Level) {
  switch (Level) {
  case FailOn::Warning:
    return true;
  case FailOn::Error:
    return F.Severity == "error";
  case FailOn::None:
    return false;
  }
  return true;
}

} // namespace torchsync
