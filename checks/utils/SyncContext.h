//===--- SyncContext.h - Per-check analysis state ---------------*- C++ -*-===//
//
// Part of torchsync. What every check needs to decide whether a sync is a
// finding: the shared options, the device and hot-path analyses of the
// current translation unit, and the LibTorch version. Every check owns one
// through its base class, TorchSyncCheck.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_SYNCCONTEXT_H
#define TORCHSYNC_UTILS_SYNCCONTEXT_H

#include "DeviceInference.h"
#include "HotPath.h"
#include "SyncOptions.h"
#include "TorchVersion.h"
#include "program/Recorder.h"
#include <memory>

namespace clang {
class Preprocessor;
namespace tidy::torchsync {

class Index;

class SyncContext {
public:
  explicit SyncContext(ClangTidyCheck::OptionsView &Options) : Opts(Options) {}

  const SyncOptions &options() const { return Opts; }
  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Map) const {
    Opts.store(Options, Map);
  }

  /// Forgets the previous translation unit's analyses, and reads the
  /// summary file of this one (`SummaryFile`, program/Index.h) unless the
  /// driver runs the checks.
  void startTranslationUnit(const Preprocessor *PP);

  /// What reading the summary file of this translation unit found wrong:
  /// the summary file cannot be used (the per-file rules apply), or files
  /// whose facts are dropped because they changed since it was written.
  struct SummaryProblems {
    std::optional<std::string> Error;
    std::string SummaryFile;
    std::vector<std::string> StaleFiles;
    /// The summary file that the default SummaryFile looked for and did not
    /// find next to a compile database of several files.
    std::string Missing;
  };
  const SummaryProblems &summaryProblems() const { return Problems; }

  DeviceInference &devices(ASTContext &Ctx) { return analyses(Ctx).Devices; }

  /// True where findings record the whole-program facts they depend on
  /// (program/Recorder.h): the driver's whole-project pass, and the plugin and
  /// the editor with a summary file.
  bool recordsFacts() const { return Opts.RecordFacts || Summary; }
  /// True in the driver's whole-project pass: each finding's condition goes
  /// to the driver in a note, and the driver decides it over the program.
  bool sendsConditions() const { return Opts.RecordFacts; }
  /// With a summary file (the plugin and the editor): the program's index,
  /// which decides each finding's condition as the driver's does; else null.
  const Index *program() const { return Summary.get(); }
  /// The translation unit whose analyses are made, if any.
  ASTContext *astContext() const { return State ? State->Ctx : nullptr; }

  /// Why \p S counts as hot, honouring `ReportOutsideLoops`; nullopt when a
  /// sync there is not a finding.
  std::optional<HotReason> hotReason(const Stmt *S, ASTContext &Ctx);

  /// True when a finding that holds only under an assumption about a
  /// device whose value is not known (\p Assumed: "if 'x' is a CUDA
  /// tensor") is reported: the `UnknownDevice` option decides. Findings
  /// that assume a device chosen at run time ask reportsDevice(Runtime).
  bool reportsAssumption(bool Assumed) const {
    return !Assumed || Opts.UnknownDevice == UnknownDeviceMode::Report;
  }

  /// True when a sync on a tensor with device \p D is reported: always on
  /// CUDA, on a device chosen at run time unless `RuntimeDevice` is
  /// `ignore`, on an unknown device unless `UnknownDevice` is `ignore`.
  bool reportsDevice(Device D) const {
    switch (D) {
    case Device::CUDA:
      return true;
    case Device::Runtime:
      return Opts.RuntimeDevice == RuntimeDeviceMode::Report;
    case Device::Unknown:
      return reportsAssumption(true);
    case Device::None:
    case Device::CPU:
      return false;
    }
    return false;
  }

  TorchVersion version();

private:
  struct TUAnalyses {
    /// \p Records: findings record their conditions (recordsFacts()).
    TUAnalyses(ASTContext &Ctx, const SyncOptions &Opts, bool Records)
        : Ctx(&Ctx),
          Facts(Records ? Recorder::Mode::Record : Recorder::Mode::Off),
          Devices(Ctx), HotPaths(Ctx, Opts) {
      Devices.setRecorder(&Facts);
      HotPaths.setRecording(Records);
    }
    ASTContext *Ctx;
    Recorder Facts;
    DeviceInference Devices;
    HotPathAnalysis HotPaths;
  };
  TUAnalyses &analyses(ASTContext &Ctx);

  SyncOptions Opts;
  const Preprocessor *PP = nullptr;
  std::optional<TorchVersion> Version;
  std::unique_ptr<TUAnalyses> State;
  std::shared_ptr<const Index> Summary;
  SummaryProblems Problems;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_SYNCCONTEXT_H
