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
#include "ProgramFacts.h"
#include "SyncOptions.h"
#include "TorchVersion.h"
#include <memory>

namespace clang {
class Preprocessor;
namespace tidy::torchsync {

class SyncContext {
public:
  explicit SyncContext(ClangTidyCheck::OptionsView &Options) : Opts(Options) {}

  const SyncOptions &options() const { return Opts; }
  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Map) const {
    Opts.store(Options, Map);
  }

  /// Forgets the previous translation unit's analyses.
  void startTranslationUnit(const Preprocessor *PP) {
    this->PP = PP;
    Version.reset();
    State.reset();
  }

  DeviceInference &devices(ASTContext &Ctx) { return analyses(Ctx).Devices; }

  /// True in the driver's whole-project pass: findings record the
  /// whole-program facts they depend on (ProgramFacts.h).
  bool recordsFacts() const { return Opts.RecordFacts; }

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
    TUAnalyses(ASTContext &Ctx, const SyncOptions &Opts)
        : Ctx(&Ctx), Facts(Opts.RecordFacts ? ProgramFacts::Mode::Record
                                            : ProgramFacts::Mode::Off),
          Devices(Ctx), HotPaths(Ctx, Opts) {
      Devices.setProgramFacts(&Facts);
      HotPaths.setRecording(Opts.RecordFacts);
    }
    ASTContext *Ctx;
    ProgramFacts Facts;
    DeviceInference Devices;
    HotPathAnalysis HotPaths;
  };
  TUAnalyses &analyses(ASTContext &Ctx);

  SyncOptions Opts;
  const Preprocessor *PP = nullptr;
  std::optional<TorchVersion> Version;
  std::unique_ptr<TUAnalyses> State;
};

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_SYNCCONTEXT_H
