//===--- TorchSyncCheck.cpp - Base class of the torchsync checks ----------===//

#include "TorchSyncCheck.h"
#include "SharedAnalyses.h"
#include "Templates.h"
#include "TorchApi.h"
#include "TorchSyncEditor.h"
#include "program/Index.h"
#include "program/Recorder.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <atomic>
#include <mutex>
#include <utility>

namespace clang::tidy::torchsync {

const HotReason TorchSyncCheck::AlwaysReported{HotReason::Everywhere,
                                               SourceLocation(), ""};

namespace {
std::atomic<bool> ProblemsInMainFile{false};
} // namespace

void reportSummaryProblemsInMainFile() { ProblemsInMainFile = true; }

void TorchSyncCheck::registerPPCallbacks(const SourceManager &,
                                         Preprocessor *PP, Preprocessor *) {
  Sync.startTranslationUnit(PP);
  // Once per process and problem, whichever check reads the file first.
  static std::mutex Lock;
  static llvm::StringSet<> Reported;
  const SyncContext::SummaryProblems &P = Sync.summaryProblems();
  std::string Message;
  DiagnosticIDs::Level Level = DiagnosticIDs::Warning;
  if (P.Error) {
    Message = *P.Error + "; the checks use the per-file rules";
    Level = DiagnosticIDs::Error;
  } else if (!P.StaleFiles.empty()) {
    Message = "summary file '" + P.SummaryFile +
              "' is stale: " + llvm::join(P.StaleFiles, ", ") +
              (P.StaleFiles.size() == 1 ? " has" : " have") +
              " changed since it was written; the facts that come from " +
              (P.StaleFiles.size() == 1 ? "it" : "them") +
              " are not used (run torchsync -p <build-dir> again)";
  } else if (!P.Missing.empty()) {
    llvm::StringRef Build = llvm::sys::path::parent_path(P.Missing);
    Message = "no summary file '" + P.Missing +
              "': the checks use the per-file rules and miss the syncs that "
              "rest on other files (a loop that calls the function, a CUDA "
              "tensor passed to it, a registration); run 'torchsync -p " +
              Build.str() +
              "' first to write it, or set the option SummaryFile to 'none' "
              "for the per-file rules without this warning";
  } else {
    ProblemInFile.reset();
    return;
  }
  if (ProblemsInMainFile) {
    ProblemInFile.emplace(std::move(Message), Level);
    return;
  }
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Reported.insert(Message).second)
      return;
  }
  configurationDiag("%0", Level) << Message;
}

void TorchSyncCheck::reportProblemInFile(ASTContext &Ctx) {
  auto [Message, Level] = std::move(*ProblemInFile);
  ProblemInFile.reset();
  if (std::exchange(SharedAnalyses::of(Ctx).summaryProblemsReported(), true))
    return;
  // Under a name of its own: the problem is no check's (the editor links
  // it to the summary file's documentation).
  const SourceManager &SM = Ctx.getSourceManager();
  TidyContext->diag(SummaryFileDiagnostic,
                    SM.getLocForStartOfFile(SM.getMainFileID()), "%0", Level)
      << Message;
}

void TorchSyncCheck::registerMatchers(ast_matchers::MatchFinder *Finder) {
  Finder->addMatcher(
      ast_matchers::translationUnitDecl().bind(TranslationUnitId), this);
  registerCheckMatchers(Finder);
}

void TorchSyncCheck::limitTraversal(ASTContext &Ctx) const {
  std::vector<Decl *> Current = Ctx.getTraversalScope();
  if (Current.size() != 1 || !isa<TranslationUnitDecl>(Current.front()) ||
      TidyContext->getOptions().SystemHeaders.value_or(false))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation Loc = D->getLocation();
    if (Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      continue;
    Scope.push_back(D);
  }
  Ctx.setTraversalScope(Scope);
}

bool TorchSyncCheck::leftToInstantiations(
    const ast_matchers::MatchFinder::MatchResult &Result) {
  if (!Result.Context)
    return false;
  for (const auto &[Id, Node] : Result.Nodes.getMap())
    if (Node.get<Stmt>() || Node.get<Decl>())
      return torchsync::leftToInstantiations(Node, *Result.Context);
  return false;
}

void TorchSyncCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Sync.store(Options, Opts);
  storeCheckOptions(Opts);
}

std::string TorchSyncCheck::ifCuda(const Expr *Tensor, Device D,
                                   const ASTContext &Ctx, bool Named) {
  if (D == Device::CUDA)
    return "";
  assumeCuda(Tensor, Ctx);
  if (Named)
    return " if it is on CUDA";
  return " if '" + exprText(Tensor, Ctx) + "' is on CUDA";
}

std::string TorchSyncCheck::ifCudaTensors(StringRef Subject, Device D) {
  if (D == Device::CUDA)
    return "";
  if (Sync.recordsFacts()) {
    Pending.Cuda = true;
    Pending.Unconditional = true;
  }
  return (" if " + Subject + " are on CUDA").str();
}

void TorchSyncCheck::assumeCuda(const Expr *Tensor, const ASTContext &Ctx) {
  if (!Sync.recordsFacts())
    return;
  Pending.Cuda = true;
  if (!Tensor) {
    Pending.Unconditional = true;
    return;
  }
  // If the tensor is CPU when every fact is, the finding stands only if one
  // of the facts consulted may be non-CPU.
  std::optional<std::vector<ProgramFact>> Facts =
      DeviceInference::ifEveryFactCpu(
          const_cast<ASTContext &>(Ctx), [&](DeviceInference &DI) {
            return isTensorType(Tensor->getType()) ? DI.ofTensor(Tensor)
                   : isTensorListType(Tensor->getType())
                       ? DI.ofTensorList(Tensor)
                       : DI.ofDeviceSpec(Tensor);
          });
  if (!Facts) {
    Pending.Unconditional = true;
    return;
  }
  for (const ProgramFact &F : *Facts)
    if (!llvm::is_contained(Pending.Facts, F))
      Pending.Facts.push_back(F);
}

Condition TorchSyncCheck::pendingCondition(const HotReason &R,
                                           SourceLocation Loc) const {
  Condition C;
  if (!Sync.recordsFacts())
    return C;
  if (R.conditional())
    C.Hot.push_back({ProgramFact::Hot, R.Usr, 0, R.Callee});
  if (!Pending.Unconditional)
    C.Devices = Pending.Facts;
  if (MatchFacts)
    C.Host = MatchFacts->hostAssumptionsAt(Loc);
  C.Cuda = Pending.Cuda;
  return C;
}

bool TorchSyncCheck::decideNow(const HotReason &R, SourceLocation Loc) {
  DecidedNotes.clear();
  const Index *Program = Sync.program();
  if (!Program)
    return true;
  Condition C = pendingCondition(R, Loc);
  if (C.empty())
    return true;
  Decision D = Program->decide(C);
  DecidedNotes = std::move(D.Notes);
  return D.Holds;
}

void TorchSyncCheck::noteCondition(const HotReason &R, SourceLocation Loc,
                                   bool Emitted) {
  // Only the driver's route sends it; the plugin's decided it in decideNow.
  if (Emitted && Sync.sendsConditions())
    if (Condition C = pendingCondition(R, Loc); !C.empty())
      diag(Loc, "%0", DiagnosticIDs::Note) << C.toNote();
  Pending = PendingAssumptions();
}

std::string TorchSyncCheck::ifCudaDevice(const Expr *Spec, Device D,
                                         const ASTContext &Ctx,
                                         StringRef Predicate) {
  if (D == Device::CUDA)
    return "";
  assumeCuda(Spec, Ctx);
  return " if '" + exprText(Spec, Ctx) + "' " + Predicate.str();
}

void TorchSyncCheck::noteProgramFacts() {
  std::vector<FactNote> Notes = std::move(DecidedNotes);
  DecidedNotes.clear();
  if (Notes.empty() || !Sync.astContext())
    return;
  SourceManager &SM = Sync.astContext()->getSourceManager();
  for (const FactNote &N : Notes) {
    // The place in another file: loaded into this translation unit's
    // source manager, as a header it does not include.
    llvm::Expected<FileEntryRef> File = SM.getFileManager().getFileRef(N.File);
    if (!File) {
      llvm::consumeError(File.takeError());
      continue;
    }
    FileID FID = SM.getOrCreateFileID(*File, SrcMgr::C_User);
    std::optional<llvm::MemoryBufferRef> Buffer =
        SM.getBufferOrNone(FID, SourceLocation());
    if (FID.isInvalid() || !Buffer || N.Offset > Buffer->getBufferSize())
      continue;
    diag(SM.getComposedLoc(FID, N.Offset), "%0", DiagnosticIDs::Note) << N.Text;
  }
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
  case HotReason::EntryPoint:
    diag(R.Loc,
         "'%0' is registered as %select{an operator|an operator|a Python "
         "function|an autograd function|an entry point (EntryPoints "
         "option)|an exported C function}1 here",
         DiagnosticIDs::Note)
        << R.Callee << static_cast<unsigned>(R.Registration);
    break;
  case HotReason::Loop:
  case HotReason::Forward:
  case HotReason::Everywhere:
  case HotReason::IfHot: // The index adds where the function is hot.
    break;
  }
}

const DiagnosticBuilder &SyncReport::warning(SourceLocation Loc,
                                             StringRef Message) {
  assert(!Warning && "a report has one warning");
  WarningLoc = Loc;
  // With a summary file the finding's condition is decided here, as the
  // driver decides it: one that does not hold in the program is started at
  // the Ignored level, which drops it with its notes and fix-its.
  Warning.emplace(Check.diag(Loc, Message,
                             Check.decideNow(Hot, Loc)
                                 ? DiagnosticIDs::Warning
                                 : DiagnosticIDs::Ignored));
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

SyncReport &SyncReport::waitsIn(llvm::StringRef Path) {
  WaitPath = Path.str();
  return *this;
}

SyncReport::~SyncReport() {
  if (!Warning) {
    Check.noteCondition(Hot, WarningLoc, /*Emitted=*/false);
    return; // Nothing was found after all.
  }
  Warning.reset(); // Emits it: notes attach to the last warning.
  if (!WaitPath.empty())
    Check.diag(WarningLoc, "the host waits in %0", DiagnosticIDs::Note)
        << WaitPath;
  Check.noteHotReason(Hot);
  Check.noteCondition(Hot, WarningLoc, /*Emitted=*/true);
  for (const Note &N : Notes) {
    // The text is final: pass it as an argument so that no '%' in it is
    // read as a format directive.
    SourceLocation Loc = N.Loc.isValid() ? N.Loc : WarningLoc;
    // clangd (the only client with self-contained diagnostics) turns a
    // note with fix-its into a fix of the warning titled with the note and
    // shows it nowhere else: the same note without them keeps its place
    // among the warning's related information.
    if (!N.Fixes.empty() && Check.areDiagsSelfContained())
      Check.diag(Loc, "%0", DiagnosticIDs::Note) << N.Text;
    auto D = Check.diag(Loc, "%0", DiagnosticIDs::Note) << N.Text;
    for (const FixItHint &Fix : N.Fixes)
      D << Fix;
  }
  Check.noteProgramFacts();
}

} // namespace clang::tidy::torchsync
