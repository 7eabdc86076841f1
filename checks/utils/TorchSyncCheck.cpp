//===--- TorchSyncCheck.cpp - Base class of the torchsync checks ----------===//

#include "TorchSyncCheck.h"
#include "TorchApi.h"

namespace clang::tidy::torchsync {

const HotReason TorchSyncCheck::AlwaysReported{HotReason::Everywhere,
                                               SourceLocation(), ""};

void TorchSyncCheck::registerPPCallbacks(const SourceManager &,
                                         Preprocessor *PP, Preprocessor *) {
  Sync.startTranslationUnit(PP);
}

void TorchSyncCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Sync.store(Options, Opts);
  storeCheckOptions(Opts);
}

std::string TorchSyncCheck::ifCuda(const Expr *Tensor, Device D,
                                   const ASTContext &Ctx) {
  if (D == Device::CUDA)
    return "";
  if (D == Device::Runtime)
    return " if '" + exprText(Tensor, Ctx) +
           "' is on a CUDA device (chosen at run time)";
  return " if '" + exprText(Tensor, Ctx) + "' is a CUDA tensor";
}

std::string TorchSyncCheck::ifCudaTensors(StringRef Subject, Device D) {
  if (D == Device::CUDA)
    return "";
  if (D == Device::Runtime)
    return (" if " + Subject + " are on a CUDA device (chosen at run time)")
        .str();
  return (" if " + Subject + " are CUDA tensors").str();
}

std::string TorchSyncCheck::ifCudaDevice(const Expr *Spec, Device D,
                                         const ASTContext &Ctx,
                                         StringRef Predicate) {
  if (D == Device::CUDA)
    return "";
  return (D == Device::Runtime ? " when '" : " if '") + exprText(Spec, Ctx) +
         "' " + Predicate.str();
}

void TorchSyncCheck::noteHotReason(const HotReason &R) {
  switch (R.Kind) {
  case HotReason::CalledFromLoop:
    diag(R.Loc, "'%0' is called on a hot path here", DiagnosticIDs::Note)
        << R.Callee;
    break;
  case HotReason::HotFunction:
    diag(R.Loc, "'%0' is listed in the HotFunctions option",
         DiagnosticIDs::Note)
        << R.Callee;
    break;
  case HotReason::Loop:
  case HotReason::Forward:
  case HotReason::Everywhere:
    break;
  }
}

const DiagnosticBuilder &SyncReport::warning(SourceLocation Loc,
                                             StringRef Message) {
  assert(!Warning && "a report has one warning");
  WarningLoc = Loc;
  Warning.emplace(Check.diag(Loc, Message));
  return *Warning;
}

SyncReport &SyncReport::fix(llvm::ArrayRef<FixItHint> Fixes) {
  assert(Warning && "fix-its go on the warning: start it first");
  for (const FixItHint &Fix : Fixes)
    *Warning << Fix;
  return *this;
}

SyncReport &SyncReport::fix(const std::optional<FixItHint> &Fix) {
  return Fix ? fix(llvm::ArrayRef(*Fix)) : *this;
}

SyncReport &SyncReport::fixOnNote(llvm::ArrayRef<FixItHint> Fixes,
                                  std::string Text, SourceLocation Loc) {
  if (!Fixes.empty())
    Notes.push_back(Note{Loc, std::move(Text), {Fixes.begin(), Fixes.end()}});
  return *this;
}

SyncReport &SyncReport::fixOnNote(const std::optional<FixItHint> &Fix,
                                  std::string Text, SourceLocation Loc) {
  return Fix ? fixOnNote(llvm::ArrayRef(*Fix), std::move(Text), Loc) : *this;
}

SyncReport &SyncReport::fixOrNote(bool KeepsMeaning,
                                  llvm::ArrayRef<FixItHint> Fixes,
                                  std::string Text) {
  return KeepsMeaning ? fix(Fixes) : fixOnNote(Fixes, std::move(Text));
}

SyncReport &SyncReport::note(SourceLocation Loc, std::string Text) {
  Notes.push_back(Note{Loc, std::move(Text), {}});
  return *this;
}

SyncReport::~SyncReport() {
  if (!Warning)
    return;        // Nothing was found after all.
  Warning.reset(); // Emits it: notes attach to the last warning.
  Check.noteHotReason(Hot);
  for (const Note &N : Notes) {
    // The text is final: pass it as an argument so that no '%' in it is
    // read as a format directive.
    auto D = Check.diag(N.Loc.isValid() ? N.Loc : WarningLoc, "%0",
                        DiagnosticIDs::Note)
             << N.Text;
    for (const FixItHint &Fix : N.Fixes)
      D << Fix;
  }
}

} // namespace clang::tidy::torchsync
