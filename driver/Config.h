//===--- Config.h - The configuration a run uses, checked before it runs --===//
//
// Part of torchsync. The driver reads clang-tidy's configuration sources
// (built-in defaults, .clang-tidy files or --config / --config-file, then
// --checks and --header-filter) with clang-tidy's own providers. Before any
// file is analyzed, the configuration of each file is checked, so that a
// mistake in it is a configuration error (one line, exit 2) rather than a run
// that silently passes:
//   - a .clang-tidy file that is not valid YAML (clang-tidy prints the error
//     and goes on with the defaults);
//   - an option value a check cannot read (clang-tidy reports it as a
//     "clang-tidy-config" diagnostic next to the findings);
//   - a Checks list that enables no check;
//   - an invalid HeaderFilterRegex.
// A positive glob that matches no check is a warning, and so is a check of
// another clang-tidy module (only the plugin has those).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_CONFIG_H
#define TORCHSYNC_DRIVER_CONFIG_H

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace torchsync {

/// The configuration as given on the command line.
struct ConfigInput {
  /// Built-in Checks (before the configuration's and --checks).
  std::string DefaultChecks;
  /// --checks (empty: not given).
  std::string Checks;
  /// --header-filter, when given.
  std::optional<std::string> HeaderFilter;
  /// clang-tidy's options that override the configuration's field of the
  /// same name, when given: --warnings-as-errors (appended to the
  /// configuration's list), --exclude-header-filter, --system-headers,
  /// --format-style, --use-color.
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> ExcludeHeaderFilter;
  std::optional<bool> SystemHeaders;
  std::optional<std::string> FormatStyle;
  std::optional<bool> UseColor;
  /// --line-filter: clang-tidy's JSON list of files and line ranges whose
  /// findings are reported (empty: every line).
  std::string LineFilter;
  /// The text of --config or of the --config-file file (empty: none, so
  /// .clang-tidy files are read) and how to name it in messages.
  std::string ConfigText;
  std::string ConfigName;
};

/// Problems found by the providers while they read .clang-tidy files
/// (clang-tidy itself prints them and goes on with the defaults). Shared by
/// the providers of several threads.
class ConfigProblems {
public:
  void add(std::string Problem);
  /// The first problem found, if any.
  std::optional<std::string> first() const;

private:
  mutable std::mutex Lock;
  std::vector<std::string> Problems;
};

/// clang-tidy's configuration provider for Input: a ConfigOptionsProvider
/// for --config / --config-file, else a FileOptionsProvider. .clang-tidy
/// files that cannot be read go to Problems when it is not null. Fails on an
/// invalid --config text or --header-filter. .clang-tidy files are read
/// through FS (default: the real file system), whose working directory
/// resolves the relative file names of compile commands: an analysis gives
/// its tool's, which is the command's directory while the file is parsed.
llvm::Expected<std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>>
makeProvider(const ConfigInput &Input, ConfigProblems *Problems,
             llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = nullptr);

/// What checking the configuration found that is not an error.
struct ConfigWarnings {
  std::vector<std::string> Lines;
  /// Whether the configuration of any of the files enables a check.
  bool AnyChecks = false;
};

/// Checks the configuration of each of Files (absolute paths) as described
/// at the top of this file. With RequireChecks false (--dump-config), a
/// configuration that enables no check is not an error. Warnings are
/// collected once each, and only returned when there is no error.
llvm::Expected<ConfigWarnings>
checkConfiguration(clang::tidy::ClangTidyOptionsProvider &Provider,
                   const ConfigProblems &Problems, const ConfigInput &Input,
                   llvm::ArrayRef<std::string> Files, bool RequireChecks);

/// The effective configuration of File as clang-tidy's --dump-config prints
/// it: every option of the enabled checks, with its value.
std::string dumpConfiguration(clang::tidy::ClangTidyOptionsProvider &Provider,
                              llvm::StringRef File);

/// clang-tidy's --verify-config for File: every glob of a Checks list that
/// matches no check, and every CheckOptions key that no enabled or known
/// check reads (with the closest known name), one line each in Problems,
/// naming the configuration source.
std::vector<std::string>
verifyConfiguration(clang::tidy::ClangTidyOptionsProvider &Provider,
                    const ConfigInput &Input, llvm::StringRef File);

/// clang-tidy's --explain-config for File: for each enabled check, the most
/// specific configuration source that enables it ("'torchsync-host-read' is
/// enabled in the torchsync binary").
std::vector<std::string>
explainConfiguration(clang::tidy::ClangTidyOptionsProvider &Provider,
                     const ConfigInput &Input, llvm::StringRef File);

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_CONFIG_H
