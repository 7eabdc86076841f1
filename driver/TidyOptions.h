//===--- TidyOptions.h - clang-tidy's own options, taken as a drop-in -----===//
//
// Part of torchsync. The driver takes clang-tidy-19's command-line options
// with clang-tidy's meaning, so that `torchsync` can stand where a script,
// run-clang-tidy or CMake's CMAKE_CXX_CLANG_TIDY runs clang-tidy:
// --warnings-as-errors, --extra-arg-before, --line-filter, --format-style,
// --use-color, --exclude-header-filter, --system-headers, --verify-config,
// --explain-config, --enable-check-profile, --store-check-profile,
// --vfsoverlay, --fix-errors and --allow-no-checks. This file declares them
// (--help lists them with the driver's own) and reads them into the
// configuration (ConfigInput) and the settings of the run. Where one meets a
// rule of the driver (--fix-errors and files that did not compile,
// --warnings-as-errors and --fail-on), docs/options.md ("clang-tidy's
// options") says which wins.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_TIDYOPTIONS_H
#define TORCHSYNC_DRIVER_TIDYOPTIONS_H

#include "Config.h"
#include "InputFiles.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace torchsync {

/// The category of the driver's options, which --help shows.
llvm::cl::OptionCategory &driverCategory();

/// What clang-tidy's options ask of this run, besides the configuration.
struct TidySettings {
  /// --extra-arg-before: inserted after the compiler of every command.
  std::vector<std::string> ExtraArgsBefore;
  /// --fix-errors: --fix, which never changes the files of a translation
  /// unit that did not compile.
  bool FixErrors = false;
  /// --allow-no-checks: a configuration that enables no check is not an
  /// error; a run with no check anywhere analyzes nothing and exits 0.
  bool AllowNoChecks = false;
  bool VerifyConfig = false;
  bool ExplainConfig = false;
  /// --enable-check-profile (or --store-check-profile): per-check times.
  bool Profile = false;
  /// --store-check-profile, absolute: where the JSON profiles go (empty:
  /// tables on standard error).
  std::string ProfilePrefix;
  /// --vfsoverlay, read and checked.
  std::optional<VfsOverlay> Overlay;
  /// --warnings-as-errors was given: without --fail-on, only findings it
  /// promotes fail the run, as in clang-tidy.
  bool WarningsAsErrors = false;
};

/// Reads clang-tidy's options; fails (one line) on a value given twice or
/// empty, an unreadable or invalid overlay, --verify-config with
/// --explain-config.
llvm::Expected<TidySettings> readTidySettings();

/// Adds what clang-tidy's options say about the configuration to Input:
/// --warnings-as-errors, --exclude-header-filter, --system-headers,
/// --format-style, --use-color, --line-filter (makeProvider checks them).
void addTidyConfig(ConfigInput &Input);

/// The lines that --verify-config or --explain-config print for File, with
/// the exit code: --verify-config prints "No config errors detected." and
/// exits 0, or prints each problem as an error and exits 2;
/// --explain-config prints which source enables each check and exits 0.
int runConfigQuery(const TidySettings &Tidy,
                   clang::tidy::ClangTidyOptionsProvider &Provider,
                   const ConfigInput &Input, llvm::StringRef File);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_TIDYOPTIONS_H
