//===--- TorchSyncCheck.h - Base class of the torchsync checks --*- C++ -*-===//
//
// Part of torchsync. What every check shares: the options and analyses of
// SyncContext, the preprocessor hook that starts a translation unit, and the
// shape of a finding (the warning, why the place is hot, the device it
// assumes, and which fix-its go on the warning and which on notes). A check
// derives from TorchSyncCheck and keeps only its matchers and its catalog
// knowledge.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_TORCHSYNCCHECK_H
#define TORCHSYNC_UTILS_TORCHSYNCCHECK_H

#include "SyncContext.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "program/Facts.h"
#include "program/Index.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace clang::tidy::torchsync {

class TorchSyncCheck;

/// One finding, emitted when the report goes out of scope, in this order:
/// the warning with the fix-its that keep the program's meaning (applied by
/// `--fix`), the note that names the CUDA calls the host waits in (waitsIn),
/// the note that says why the place is hot, then the notes in the order they
/// were added, each with the fix-its that change the meaning (applied only
/// by `--fix-notes`).
///
/// A warning says what happens and then what to do, in one sentence (README,
/// "Adding a check"): "'item<float>()' waits for the GPU to read 'loss' if it
/// is on CUDA; keep it on the device or read it every N steps". The CUDA
/// calls go on waitsIn's note.
///
/// While a report is open no other diagnostic may be started (clang allows
/// one in flight): compute what the notes need, then add them.
class SyncReport {
public:
  SyncReport(const SyncReport &) = delete;
  SyncReport &operator=(const SyncReport &) = delete;
  ~SyncReport();

  /// Starts the warning at \p Loc; stream its arguments into the result.
  /// A report has one warning.
  const DiagnosticBuilder &warning(SourceLocation Loc, StringRef Message);

  /// Fix-its that keep the program's meaning: they go on the warning.
  SyncReport &fix(llvm::ArrayRef<FixItHint> Fixes);
  SyncReport &fix(const std::optional<FixItHint> &Fix);
  SyncReport &fix(const FixItHint &Fix) { return fix(llvm::ArrayRef(Fix)); }

  /// Fix-its that change the meaning: they go on a note at \p Loc (the
  /// warning's place when invalid) that says what changes. Nothing is added
  /// when there is no fix-it.
  SyncReport &fixOnNote(llvm::ArrayRef<FixItHint> Fixes, std::string Note,
                        SourceLocation Loc = SourceLocation());
  SyncReport &fixOnNote(const std::optional<FixItHint> &Fix, std::string Note,
                        SourceLocation Loc = SourceLocation());
  SyncReport &fixOnNote(const FixItHint &Fix, std::string Note,
                        SourceLocation Loc = SourceLocation()) {
    return fixOnNote(llvm::ArrayRef(Fix), std::move(Note), Loc);
  }

  /// The split decided at the call: on the warning when \p KeepsMeaning,
  /// else on the note \p Note.
  SyncReport &fixOrNote(bool KeepsMeaning, llvm::ArrayRef<FixItHint> Fixes,
                        std::string Note);

  /// A note without a fix-it (a secondary place, or why there is no fix).
  SyncReport &note(SourceLocation Loc, std::string Note);

  /// The CUDA calls the host waits in (\p Path, "c10::cuda::memcpy_and_sync
  /// (cudaMemcpyAsync + cudaStreamSynchronize)"): the first note, at the
  /// warning's place, "the host waits in <Path>".
  SyncReport &waitsIn(llvm::StringRef Path);

private:
  friend class TorchSyncCheck;
  SyncReport(TorchSyncCheck &Check, const HotReason &Hot)
      : Check(Check), Hot(Hot) {}

  struct Note {
    SourceLocation Loc;
    std::string Text;
    llvm::SmallVector<FixItHint, 2> Fixes;
  };

  TorchSyncCheck &Check;
  HotReason Hot;
  SourceLocation WarningLoc;
  std::optional<DiagnosticBuilder> Warning;
  std::string WaitPath;
  llvm::SmallVector<Note, 2> Notes;
};

/// The base of every torchsync check, in the manner of clang-tidy's
/// NoexceptFunctionBaseCheck: it owns what the checks share and leaves them
/// their matchers (registerCheckMatchers) and the decision and wording of
/// their findings (check).
class TorchSyncCheck : public ClangTidyCheck {
public:
  TorchSyncCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Sync(Options), TidyContext(Context) {}

  /// C++14 and later: LibTorch 1.x builds with -std=c++14, and the checks
  /// and their fix-its use nothing newer.
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus14;
  }
  /// Starts a translation unit: its version and analyses are computed anew.
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) final;
  /// The translation unit's matcher that limits what the matchers traverse
  /// (limitTraversal), then the check's own (registerCheckMatchers).
  void registerMatchers(ast_matchers::MatchFinder *Finder) final;
  /// Stores the shared options (docs/options.md), then the check's own
  /// through storeCheckOptions().
  void storeOptions(ClangTidyOptions::OptionMap &Opts) final;
  /// Each match starts without pending device assumptions (assumeCuda),
  /// then goes to check().
  void run(const ast_matchers::MatchFinder::MatchResult &Result) final {
    if (Result.Nodes.getNodeAs<TranslationUnitDecl>(TranslationUnitId)) {
      limitTraversal(*Result.Context);
      return;
    }
    if (ProblemInFile)
      reportProblemInFile(*Result.Context);
    if (leftToInstantiations(Result))
      return;
    Pending = PendingAssumptions();
    MatchFacts = nullptr;
    if (Sync.recordsFacts() && Result.Context) {
      MatchFacts = Sync.devices(*Result.Context).recorder();
      if (MatchFacts)
        MatchFacts->startMatch();
    }
    check(Result);
  }

protected:
  /// The check's matchers.
  virtual void registerCheckMatchers(ast_matchers::MatchFinder *Finder) = 0;
  /// Stores the options a check reads itself, besides the shared ones.
  virtual void storeCheckOptions(ClangTidyOptions::OptionMap &Opts) {}

  /// Starts a finding at a place that is hot for the reason \p Hot (from
  /// Sync.hotReason(), or AlwaysReported for checks about correctness).
  SyncReport reportSync(const HotReason &Hot) { return SyncReport(*this, Hot); }

  /// The reason of a finding that is reported wherever it is.
  static const HotReason AlwaysReported;

  /// The device wording of a finding on a tensor with device \p D: empty
  /// where it is proven CUDA, else the assumption it rests on,
  /// " if 'x' is on CUDA", the same words whether the device is unknown or
  /// chosen at run time (one wording per fact). In a whole-project run the
  /// assumption becomes the next finding's device condition (assumeCuda).
  /// \p Named: the message has just named the tensor, so the wording is
  /// " if it is on CUDA".
  std::string ifCuda(const Expr *Tensor, Device D, const ASTContext &Ctx,
                     bool Named = false);
  /// The same for several tensors or a described \p Subject:
  /// " if 'params' are on CUDA", " if its parameters are on CUDA".
  std::string ifCudaTensors(StringRef Subject, Device D);
  /// The same for a device spec \p Spec (a Device, DeviceType or
  /// TensorOptions) with value \p D, with \p Predicate "is CUDA" or
  /// "names CUDA": " if 'dev' is CUDA".
  std::string ifCudaDevice(const Expr *Spec, Device D, const ASTContext &Ctx,
                           StringRef Predicate = "is CUDA");

  /// Where findings record their conditions, records that the next finding
  /// rests on \p Tensor (a tensor, tensor list or device expression; null
  /// when there is no one expression) being on a CUDA device: the finding
  /// is dropped in a program that never reaches CUDA, and, when \p Tensor
  /// is CPU as soon as the parameters and user functions it depends on are,
  /// unless one of them may be non-CPU. Nothing in per-file runs. Every
  /// part of a finding's condition is recorded before its warning starts
  /// (SyncReport::warning decides it there): compute ifCuda() and the like
  /// into a variable first, never inside the warning's `<<` chain.
  void assumeCuda(const Expr *Tensor, const ASTContext &Ctx);

  SyncContext Sync;

private:
  friend class SyncReport;
  static constexpr char TranslationUnitId[] = "torchsync-translation-unit";
  /// In an editor (reportSummaryProblemsInMainFile), what is wrong with the
  /// summary file of this translation unit, reported at the start of the
  /// main file on the first match of any torchsync check (a file where none
  /// matches has no finding that facts could change).
  std::optional<std::pair<std::string, DiagnosticIDs::Level>> ProblemInFile;
  void reportProblemInFile(ASTContext &Ctx);
  /// Where clang-tidy traverses the whole translation unit (the plugin),
  /// limits the traversal to the top-level declarations outside system
  /// headers, as soon as the matchers meet the TranslationUnitDecl and
  /// before they visit what it contains (the AST's traversal scope). A
  /// translation unit on a precompiled <torch/torch.h> is otherwise read
  /// back whole from it: the plugin took 6.2 s on a file the driver, whose
  /// scope is the user's code from the start, analyzed in 2.3 s. Nothing a
  /// check reports is lost: no check reports in a system header unless
  /// `--system-headers` is given, and then the scope stays whole. The
  /// driver's and clangd's scopes, already limited, are left as they are.
  void limitTraversal(ASTContext &Ctx) const;
  /// True when the match is in a template's own body and the template has
  /// instantiations, which the matchers visit too: the finding is reported
  /// from them, with the types known (Templates.h).
  static bool
  leftToInstantiations(const ast_matchers::MatchFinder::MatchResult &Result);
  /// The note that says why the place is hot, where one helps (a call from
  /// a loop, a HotFunctions entry).
  void noteHotReason(const HotReason &R);
  /// The condition of the finding being reported at \p Loc for the reason
  /// \p R: its function's hotness, its device assumptions (assumeCuda), the
  /// facts that made its tensor a host tensor.
  Condition pendingCondition(const HotReason &R, SourceLocation Loc) const;
  /// With a summary file, whether the finding with the condition
  /// pendingCondition(R, Loc) holds in the program (program/Index.h), and
  /// the notes that explain it, for noteProgramFacts(); true with no notes
  /// where there is no summary file or no condition.
  bool decideNow(const HotReason &R, SourceLocation Loc);
  /// In a whole-project run, the note that carries the condition of the
  /// finding just emitted at \p Loc to the driver (Condition::toNote);
  /// forgets the pending device assumptions either way.
  void noteCondition(const HotReason &R, SourceLocation Loc, bool Emitted);
  /// With a summary file, the notes decideNow() found for the finding just
  /// emitted: where its function is hot, which call passes a CUDA tensor,
  /// after the finding's own notes as the driver adds them.
  void noteProgramFacts();

  /// The device assumptions of the finding being built (assumeCuda).
  struct PendingAssumptions {
    bool Cuda = false;
    /// Some assumption does not depend on whole-program facts.
    bool Unconditional = false;
    std::vector<ProgramFact> Facts;
  } Pending;
  /// The facts of this match's translation unit in a whole-project run:
  /// where the analysis took a tensor to be a host tensor on conditions
  /// (Recorder::assumeHost).
  Recorder *MatchFacts = nullptr;
  /// The notes of the decision on the finding being reported
  /// (decideNow), for noteProgramFacts.
  std::vector<FactNote> DecidedNotes;
  ClangTidyContext *TidyContext;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_UTILS_TORCHSYNCCHECK_H
