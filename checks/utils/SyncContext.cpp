//===--- SyncContext.cpp - Per-check analysis state -----------------------===//

#include "SyncContext.h"
#include "program/Index.h"
#include "program/Serialization.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::torchsync {

void SyncContext::startTranslationUnit(const Preprocessor *PP) {
  this->PP = PP;
  Version.reset();
  State.reset();
  Summary.reset();
  Problems = SummaryProblems();
  if (!PP || Opts.RecordFacts || Opts.NoSummaryFile)
    return;
  const SourceManager &SM = PP->getSourceManager();
  llvm::ErrorOr<std::string> Dir =
      SM.getFileManager().getVirtualFileSystem().getCurrentWorkingDirectory();
  std::string Path = indexFileFor(Opts.SummaryFile, Dir ? *Dir : "");
  if (Path.empty()) {
    if (Opts.SummaryFile.empty())
      Problems.Missing = missingIndexFileFor(Dir ? *Dir : "");
    return;
  }
  std::string MainFile;
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    MainFile = Main->getFileEntry().tryGetRealPathName().str();
  // The text parsed: in the editor, the unsaved buffer.
  std::string MainHash = factsContentHash(SM.getBufferData(SM.getMainFileID()));
  Problems.SummaryFile = Path;
  llvm::Expected<std::shared_ptr<const Index>> Loaded =
      Index::load(Path, MainFile, MainHash);
  if (!Loaded) {
    Problems.Error = llvm::toString(Loaded.takeError());
    return;
  }
  // The default summary file is about the project of its compile
  // database: a file it does not name (not part of that project, or new
  // since) keeps the per-file rules.
  if (Opts.SummaryFile.empty() && !(*Loaded)->describesMainFile()) {
    Problems = SummaryProblems();
    return;
  }
  Summary = std::move(*Loaded);
  Problems.StaleFiles = Summary->staleFiles();
}

SyncContext::TUAnalyses &SyncContext::analyses(ASTContext &Ctx) {
  if (!State || State->Ctx != &Ctx)
    State = std::make_unique<TUAnalyses>(Ctx, Opts, recordsFacts());
  return *State;
}

std::optional<HotReason> SyncContext::hotReason(const Stmt *S,
                                                ASTContext &Ctx) {
  if (std::optional<HotReason> R = analyses(Ctx).HotPaths.classify(S)) {
    // Reported wherever it is: no condition on the function's hotness.
    if (R->conditional() && Opts.ReportOutsideLoops)
      return HotReason{HotReason::Everywhere, SourceLocation(), "", ""};
    return R;
  }
  if (Opts.ReportOutsideLoops)
    return HotReason{HotReason::Everywhere, SourceLocation(), ""};
  return std::nullopt;
}

TorchVersion SyncContext::version() {
  if (!Version)
    Version = PP ? detectTorchVersion(*PP) : TorchVersion();
  return *Version;
}

} // namespace clang::tidy::torchsync
