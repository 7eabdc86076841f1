//===--- Findings.cpp - Findings of a run, with places and fingerprints ---===//
//
// Part of torchsync. See Findings.h.
//
//===----------------------------------------------------------------------===//

#include "Findings.h"
#include "InputFiles.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang::tidy;

namespace torchsync {

std::string absoluteFilePath(llvm::StringRef File, llvm::StringRef BuildDir) {
  llvm::SmallString<256> Abs;
  if (llvm::sys::path::is_absolute(File) || BuildDir.empty()) {
    Abs = File;
    llvm::sys::fs::make_absolute(Abs);
  } else {
    Abs = BuildDir;
    llvm::sys::path::append(Abs, File);
  }
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

namespace {

/// UTF-16 code units in a stretch of UTF-8 text: one per code point, two
/// for code points outside the basic plane (4-byte sequences).
unsigned utf16Length(llvm::StringRef Text) {
  unsigned Units = 0;
  for (unsigned char C : Text) {
    if ((C & 0xC0) == 0x80)
      continue; // continuation byte
    Units += C >= 0xF0 ? 2 : 1;
  }
  return Units;
}

/// The source line with surrounding blanks dropped and inner runs of blanks
/// collapsed to one space, so that re-indenting does not change it.
std::string normalizeLine(llvm::StringRef Line) {
  std::string Out;
  bool Blank = false;
  for (char C : Line.trim()) {
    if (llvm::isSpace(C)) {
      Blank = true;
      continue;
    }
    if (Blank)
      Out += ' ';
    Blank = false;
    Out += C;
  }
  return Out;
}

std::string fingerprint(llvm::StringRef Check, llvm::StringRef Path,
                        llvm::StringRef Line, unsigned Occurrence) {
  llvm::SHA256 Hash;
  for (llvm::StringRef Part :
       {llvm::StringRef("torchsync/v1"), Check, Path, Line}) {
    Hash.update(Part);
    Hash.update(llvm::StringRef("\0", 1));
  }
  Hash.update(std::to_string(Occurrence));
  // 128 bits are plenty to tell findings apart; shorter keys read better.
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 32);
}

} // namespace

const SourceFiles::Text *SourceFiles::get(llvm::StringRef AbsolutePath) {
  auto [It, Inserted] = Cache.try_emplace(AbsolutePath);
  if (Inserted && !isRegularFile(AbsolutePath)) {
    // A report may name anything; /dev/zero would be read without end and a
    // FIFO would block. Such a file has no lines or columns.
    if (llvm::sys::fs::exists(AbsolutePath))
      llvm::errs() << "torchsync: warning: '" << AbsolutePath
                   << "' is not a regular file; it is not read (its places "
                      "have no line or column)\n";
  } else if (Inserted) {
    auto Buffer = llvm::MemoryBuffer::getFile(AbsolutePath, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (Buffer) {
      Text T;
      T.Buffer = std::move(*Buffer);
      llvm::StringRef Data = T.Buffer->getBuffer();
      T.LineStarts.push_back(0);
      for (size_t I = 0; I < Data.size(); ++I)
        if (Data[I] == '\n')
          T.LineStarts.push_back(I + 1);
      It->second = std::move(T);
    }
  }
  return It->second ? &*It->second : nullptr;
}

Place SourceFiles::fileOnly(llvm::StringRef File, llvm::StringRef Base) const {
  Place P;
  if (File.empty())
    return P;
  P.File = absoluteFilePath(File, Base);
  P.Path = relativePath(P.File);
  return P;
}

Place SourceFiles::place(llvm::StringRef File, unsigned Offset,
                         llvm::StringRef BuildDir) {
  Place P = fileOnly(File, BuildDir);
  if (P.File.empty())
    return P;
  P.Offset = Offset;
  const Text *T = get(P.File);
  if (!T || Offset > T->Buffer->getBufferSize())
    return P;
  auto Next = llvm::upper_bound(T->LineStarts, Offset);
  unsigned LineStart = *std::prev(Next);
  P.Line = std::distance(T->LineStarts.begin(), Next);
  P.Column = Offset - LineStart + 1;
  P.Utf16Column =
      utf16Length(T->Buffer->getBuffer().slice(LineStart, Offset)) + 1;
  return P;
}

Place SourceFiles::placeAt(llvm::StringRef File, unsigned Line,
                           unsigned Column) {
  Place P = fileOnly(File, Root);
  if (P.File.empty())
    return P;
  P.Line = Line;
  P.Column = Column;
  const Text *T = get(P.File);
  if (!T || Line == 0 || Line > T->LineStarts.size())
    return P;
  llvm::StringRef Data = T->Buffer->getBuffer();
  unsigned LineStart = T->LineStarts[Line - 1];
  llvm::StringRef LineText = Data.drop_front(LineStart).split('\n').first;
  unsigned Bytes = std::min<unsigned>(Column ? Column - 1 : 0, LineText.size());
  P.Offset = LineStart + Bytes;
  if (Column)
    P.Utf16Column = utf16Length(LineText.take_front(Bytes)) + 1;
  return P;
}

llvm::StringRef SourceFiles::lineText(const Place &P) {
  const Text *T = P.known() ? get(P.File) : nullptr;
  if (!T || P.Line > T->LineStarts.size())
    return "";
  llvm::StringRef Data = T->Buffer->getBuffer();
  unsigned Begin = T->LineStarts[P.Line - 1];
  return Data.drop_front(Begin).split('\n').first.rtrim('\r');
}

std::optional<std::string> pathUnder(llvm::StringRef AbsolutePath,
                                     llvm::StringRef Dir) {
  llvm::SmallString<256> Path(AbsolutePath);
  if (llvm::sys::path::replace_path_prefix(Path, Dir, "")) {
    llvm::StringRef Rest = Path;
    if (Rest.empty() || llvm::sys::path::is_separator(Rest.front())) {
      Rest = Rest.ltrim("/\\");
      return llvm::sys::path::convert_to_slash(Rest);
    }
  }
  return std::nullopt;
}

std::string SourceFiles::relativePath(llvm::StringRef AbsolutePath) const {
  return pathUnder(AbsolutePath, Root).value_or(std::string(AbsolutePath));
}

std::string findRoot(llvm::StringRef Explicit) {
  llvm::SmallString<256> Dir(Explicit);
  if (Dir.empty()) {
    llvm::sys::fs::current_path(Dir);
    for (llvm::StringRef Up = Dir; !Up.empty();
         Up = llvm::sys::path::parent_path(Up)) {
      llvm::SmallString<256> Git(Up);
      llvm::sys::path::append(Git, ".git");
      if (llvm::sys::fs::exists(Git)) {
        Dir = Up.str();
        break;
      }
    }
  }
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  while (Dir.size() > 1 && llvm::sys::path::is_separator(Dir.back()))
    Dir.pop_back();
  return std::string(Dir);
}

void removeDuplicates(std::vector<Finding> &Findings) {
  std::set<std::tuple<std::string, std::string, unsigned, std::string>> Seen;
  llvm::erase_if(Findings, [&](const Finding &F) {
    return !Seen.insert({F.Check, F.Where.File, F.Where.Offset, F.Message})
                .second;
  });
}

const FixIt *warningFix(const Finding &F) {
  return !F.Fixes.empty() && F.Fixes.front().KeepsMeaning ? &F.Fixes.front()
                                                          : nullptr;
}

const FixIt *chosenFix(const Finding &F, bool FromNotes) {
  if (const FixIt *Fix = warningFix(F))
    return Fix;
  if (!FromNotes)
    return nullptr;
  // Two notes with fix-its are two alternatives: neither is chosen.
  const FixIt *Chosen = nullptr;
  for (const Note &N : F.Notes)
    if (N.Fix) {
      if (Chosen)
        return nullptr;
      Chosen = &F.Fixes[*N.Fix];
    }
  return Chosen;
}

Finding makeFinding(ClangTidyError E, llvm::StringRef TranslationUnit,
                    SourceFiles &Sources) {
  const std::string &BuildDir = E.BuildDirectory;
  Finding F;
  // A whole-project run's condition travels as a note of the finding; it
  // is taken off here, before anything reports the notes.
  llvm::erase_if(E.Notes, [&](const clang::tooling::DiagnosticMessage &N) {
    std::optional<clang::tidy::torchsync::Condition> C =
        clang::tidy::torchsync::Condition::fromNote(N.Message);
    if (!C)
      return false;
    F.Condition = std::move(*C);
    return true;
  });
  F.TranslationUnit = TranslationUnit.str();
  F.Check = E.DiagnosticName;
  F.Aliases = E.EnabledDiagnosticAliases;
  F.WarningAsError = E.IsWarningAsError;
  F.Severity = E.DiagLevel == ClangTidyError::Error || E.IsWarningAsError
                   ? "error"
                   : "warning";
  F.Message = E.Message.Message;
  F.Where = Sources.place(E.Message.FilePath, E.Message.FileOffset, BuildDir);

  auto RangesOf = [&](const clang::tooling::DiagnosticMessage &M) {
    std::vector<Range> Ranges;
    for (const clang::tooling::FileByteRange &R : M.Ranges)
      Ranges.push_back(
          {Sources.place(R.FilePath, R.FileOffset, BuildDir),
           Sources.place(R.FilePath, R.FileOffset + R.Length, BuildDir)});
    return Ranges;
  };
  F.Ranges = RangesOf(E.Message);
  for (const Range &R : F.Ranges) {
    // The highlighted range around the finding's place says where it ends.
    if (R.End.Offset > R.Begin.Offset && R.Begin.Offset <= F.Where.Offset &&
        F.Where.Offset < R.End.Offset && R.Begin.File == F.Where.File) {
      F.End = R.End;
      break;
    }
  }

  auto AddFix = [&](const llvm::StringMap<clang::tooling::Replacements> &Fix,
                    llvm::StringRef Description,
                    bool KeepsMeaning) -> std::optional<size_t> {
    FixIt FI;
    FI.Description = Description.str();
    FI.KeepsMeaning = KeepsMeaning;
    // StringMap order is unspecified; reports list files in name order.
    std::vector<llvm::StringRef> Files;
    for (const auto &Entry : Fix)
      Files.push_back(Entry.getKey());
    llvm::sort(Files);
    for (llvm::StringRef File : Files)
      for (const clang::tooling::Replacement &R : Fix.find(File)->second)
        if (R.isApplicable())
          FI.Edits.push_back(
              {Sources.place(R.getFilePath(), R.getOffset(), BuildDir),
               Sources.place(R.getFilePath(), R.getOffset() + R.getLength(),
                             BuildDir),
               R.getReplacementText().str()});
    if (FI.Edits.empty())
      return std::nullopt;
    F.Fixes.push_back(std::move(FI));
    return F.Fixes.size() - 1;
  };
  AddFix(E.Message.Fix, E.Message.Message, /*KeepsMeaning=*/true);
  for (const clang::tooling::DiagnosticMessage &N : E.Notes)
    F.Notes.push_back(
        {N.Message, Sources.place(N.FilePath, N.FileOffset, BuildDir),
         RangesOf(N), AddFix(N.Fix, N.Message, /*KeepsMeaning=*/false)});
  return F;
}

void assignFingerprints(llvm::MutableArrayRef<Finding> Findings,
                        SourceFiles &Sources) {
  // Occurrence indexes count identical (check, path, line text) keys in
  // source order, so that two equal lines in one file stay apart while a
  // finding that only moved keeps its fingerprint.
  std::map<std::tuple<std::string, std::string, std::string>,
           std::vector<std::pair<unsigned, size_t>>>
      Groups;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    Groups[{F.Check, F.Where.Path, normalizeLine(Sources.lineText(F.Where))}]
        .push_back({F.Where.Offset, I});
  }
  for (auto &[Key, Members] : Groups) {
    llvm::sort(Members); // (offset, index) pairs are unique
    for (unsigned N = 0; N < Members.size(); ++N)
      Findings[Members[N].second].Fingerprint =
          fingerprint(std::get<0>(Key), std::get<1>(Key), std::get<2>(Key), N);
  }
}

} // namespace torchsync
