//===--- WholeProgram.cpp - Findings decided over the whole program -------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "WholeProgram.h"
#include "SafeWrite.h"
#include "program/JsonDepth.h"
#include "program/Serialization.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace torchsync {

using namespace clang::tidy::torchsync;

Index resolveProgram(std::vector<std::pair<std::string, Summary>> Summaries,
                     bool Complete) {
  llvm::sort(Summaries,
             [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<Summary> Ordered;
  for (auto &Entry : Summaries)
    Ordered.push_back(std::move(Entry.second));
  return Index::resolve(std::move(Ordered), Complete);
}

namespace {
void addNote(Finding &F, const FactNote &N, SourceFiles &Sources) {
  if (N.File.empty())
    return;
  F.Notes.push_back({N.Text, Sources.place(N.File, N.Offset, ""), {}, {}});
}
} // namespace

void decideFindings(const Index &Program, std::vector<Finding> &Findings,
                    SourceFiles &Sources) {
  std::vector<Finding> Kept;
  for (Finding &F : Findings) {
    if (F.Condition) {
      Decision D = Program.decide(*F.Condition);
      if (!D.Holds)
        continue;
      for (const FactNote &N : D.Notes)
        addNote(F, N, Sources);
      F.Condition.reset();
    }
    Kept.push_back(std::move(F));
  }
  Findings = std::move(Kept);
}

std::string defaultFactsPath(llvm::StringRef BuildDir) {
  return factsFileBeside(BuildDir);
}

llvm::Error checkFactsOutput(llvm::StringRef Path) {
  if (!llvm::sys::fs::exists(Path))
    return llvm::Error::success();
  auto Refuse = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "summary file '" + Path + "' " + Why +
                                       "; it is not overwritten");
  };
  if (!llvm::sys::fs::is_regular_file(Path))
    return Refuse("is not a regular file");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return Refuse("cannot be read: " + Buffer.getError().message());
  llvm::Expected<llvm::json::Value> Parsed =
      parseJsonBounded((*Buffer)->getBuffer());
  if (!Parsed)
    return Refuse("is not JSON (" + llvm::toString(Parsed.takeError()) + ")");
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root || !Root->getInteger("torchsync-facts"))
    return Refuse("is not a torchsync summary file");
  return llvm::Error::success();
}

llvm::Error writeFactsFile(llvm::StringRef Path, FactsFile Facts) {
  for (auto &[File, Hash] : Facts.Files) {
    if (!Hash.empty())
      continue; // The text the analysis read (D15).
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFile(File, /*IsText=*/false);
    // A file that cannot be read gets no hash: its facts are stale.
    Hash = Buffer ? factsContentHash((*Buffer)->getBuffer()) : "";
  }
  std::string Text = factsToJson(Facts);
  if (llvm::Error E =
          writeOutputFile(Path, [&](llvm::raw_ostream &OS) { OS << Text; }))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write summary file '" + Path +
                                       "': " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

} // namespace torchsync
