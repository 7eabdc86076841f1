//===--- SyncOptions.h - Options shared by all torchsync checks -*- C++ -*-===//

#ifndef TORCHSYNC_UTILS_SYNCOPTIONS_H
#define TORCHSYNC_UTILS_SYNCOPTIONS_H

#include "clang-tidy/ClangTidyCheck.h"
#include <string>
#include <vector>

namespace clang::tidy::torchsync {

/// What to do with a sync on a tensor whose device is not known statically.
enum class UnknownDeviceMode { Report, Ignore };
/// What to do with a sync on a tensor on a device chosen at run time (CUDA
/// or CPU, e.g. `torch::Device device(flag ? kCUDA : kCPU)`).
enum class RuntimeDeviceMode { Report, Ignore };

/// The options every torchsync check reads. Each can be set per check
/// (`torchsync-host-read.HotFunctions`) or for all checks at once
/// (`HotFunctions`).
struct SyncOptions {
  /// Functions whose bodies count as hot paths, by name or qualified name
  /// (semicolon-separated in the configuration).
  std::vector<std::string> HotFunctions;
  /// Functions called from outside the project once per model step, beyond
  /// the registrations torchsync knows (EntryPoints.h): names or regular
  /// expressions, each matched against the whole name and the qualified
  /// name (`EntryPoints`, a global option).
  std::vector<std::string> EntryPoints;
  /// Report syncs outside hot paths too.
  bool ReportOutsideLoops = false;
  UnknownDeviceMode UnknownDevice = UnknownDeviceMode::Report;
  RuntimeDeviceMode RuntimeDevice = RuntimeDeviceMode::Report;
  /// The summary file of a whole-project run to read the program's facts
  /// from (program/Index.h): empty for the default (`torchsync-facts.json` next
  /// to the compile database, when there is one), `none` for none.
  std::string SummaryFile;
  /// Set only by the torchsync driver in a whole-project run, through the
  /// reserved option RecordFactsOption: findings record the whole-program
  /// facts they depend on (program/Recorder.h). Never stored or dumped.
  bool RecordFacts = false;
  /// Set only by the torchsync driver (NoSummaryFileOption).
  bool NoSummaryFile = false;

  SyncOptions() = default;
  explicit SyncOptions(ClangTidyCheck::OptionsView &Options);
  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;
};

} // namespace clang::tidy::torchsync

namespace clang::tidy {
template <> struct OptionEnumMapping<torchsync::UnknownDeviceMode> {
  static llvm::ArrayRef<std::pair<torchsync::UnknownDeviceMode, StringRef>>
  getEnumMapping();
};
template <> struct OptionEnumMapping<torchsync::RuntimeDeviceMode> {
  static llvm::ArrayRef<std::pair<torchsync::RuntimeDeviceMode, StringRef>>
  getEnumMapping();
};
} // namespace clang::tidy

#endif // TORCHSYNC_UTILS_SYNCOPTIONS_H
