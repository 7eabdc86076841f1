//===--- FixApply.cpp - Applying the fix-its of findings ------------------===//
//
// Part of torchsync. See FixApply.h.
//
//===----------------------------------------------------------------------===//

#include "FixApply.h"
#include "Findings.h"
#include "SafeWrite.h"
#include "clang/Format/Format.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;

namespace torchsync {

void FixPlan::add(Finding &F) {
  if (F.FromBrokenUnit)
    return;
  const FixIt *Chosen = chosenFix(F, FromNotes);
  if (!Chosen)
    return;
  // A fix-it is applied whole or not at all when it touches a file that
  // must stay as it is.
  for (const Edit &E : Chosen->Edits)
    if (Avoided.contains(E.Begin.File))
      return;
  for (const Edit &E : Chosen->Edits) {
    ++Total;
    const std::string &File = E.Begin.File;
    tooling::Replacement Abs(File, E.Begin.Offset,
                             E.End.Offset - E.Begin.Offset, E.Text);
    tooling::Replacements &Set = ByFile[File];
    bool Fits = true;
    if (llvm::Error Err = Set.add(Abs)) {
      llvm::consumeError(std::move(Err));
      // An edit of text that an earlier replacement kept the same length
      // still applies at its shifted place, as in clang-tidy.
      unsigned Begin = Set.getShiftedCodePosition(Abs.getOffset());
      unsigned End =
          Set.getShiftedCodePosition(Abs.getOffset() + Abs.getLength());
      Fits = End - Begin == Abs.getLength();
      if (Fits)
        Set = Set.merge(tooling::Replacements(tooling::Replacement(
            File, Begin, End - Begin, Abs.getReplacementText())));
    }
    Applied += Fits;
    F.AppliedFixes.push_back({E.Begin, Fits});
  }
}

std::vector<std::string> FixPlan::files() const {
  std::vector<std::string> Files;
  for (const auto &Entry : ByFile)
    if (!Entry.second.empty())
      Files.push_back(Entry.getKey().str());
  llvm::sort(Files);
  return Files;
}

llvm::Error
FixPlan::write(llvm::function_ref<std::string(llvm::StringRef)> StyleFor) {
  // Every file is checked first, so that a read-only one stops the run
  // before any file is changed.
  std::vector<std::pair<std::string, std::string>> Writes;
  for (const std::string &File : files()) {
    if (llvm::Error E = checkWritable(File))
      return E;
    const tooling::Replacements &Set = ByFile.find(File)->second;
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!Buffer)
      return llvm::createStringError("cannot read '" + File + "' to fix it: " +
                                     Buffer.getError().message());
    llvm::StringRef Code = (*Buffer)->getBuffer();
    // As clang-tidy does: drop what the edits leave dangling (empty
    // initializer lists, commas) and format the changed lines, in the
    // file's style ("none", the default, formats nothing).
    tooling::Replacements Final = Set;
    llvm::Expected<format::FormatStyle> Style =
        format::getStyle(StyleFor(File), File, "none");
    if (Style) {
      if (auto Cleaned = format::cleanupAroundReplacements(Code, Final, *Style))
        Final = std::move(*Cleaned);
      else
        llvm::consumeError(Cleaned.takeError());
      if (auto Formatted = format::formatReplacements(Code, Final, *Style))
        Final = std::move(*Formatted);
      else
        llvm::consumeError(Formatted.takeError());
    } else {
      llvm::consumeError(Style.takeError());
    }
    llvm::Expected<std::string> Fixed =
        tooling::applyAllReplacements(Code, Final);
    if (!Fixed)
      return llvm::createStringError("cannot apply the fixes to '" + File +
                                     "': " + llvm::toString(Fixed.takeError()));
    if (*Fixed != Code)
      Writes.push_back({File, std::move(*Fixed)});
  }
  for (const auto &[File, Text] : Writes)
    if (llvm::Error E = writeSourceFile(File, Text))
      return E;
  return llvm::Error::success();
}

} // namespace torchsync
