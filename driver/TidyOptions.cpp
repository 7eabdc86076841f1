//===--- TidyOptions.cpp - clang-tidy's own options, taken as a drop-in ---===//
//
// Part of torchsync. See TidyOptions.h.
//
//===----------------------------------------------------------------------===//

#include "TidyOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace torchsync {

cl::OptionCategory &driverCategory() {
  static cl::OptionCategory Category("torchsync options");
  return Category;
}

namespace {

cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Globs of checks whose findings are errors, in the format of "
             "--checks, appended to the configuration's WarningsAsErrors. "
             "Without --fail-on, only these findings fail the run (exit 1), "
             "as in clang-tidy."),
    cl::value_desc("globs"), cl::cat(driverCategory()));
cl::list<std::string> ExtraArgsBefore(
    "extra-arg-before",
    cl::desc("Compiler argument to insert after the compiler of the command "
             "line (as CMake's CMAKE_CXX_CLANG_TIDY passes "
             "--driver-mode=g++)."),
    cl::cat(driverCategory()));
cl::opt<std::string> LineFilter(
    "line-filter",
    cl::desc(
        "Report only findings on these lines, as a JSON list: "
        "[{\"name\":\"a.cpp\",\"lines\":[[1,3],[5,7]]},{\"name\":\"b.h\"}] "
        "(a file is named by the end of its path; no \"lines\": all)."),
    cl::value_desc("json"), cl::cat(driverCategory()));
cl::opt<std::string> FormatStyle(
    "format-style",
    cl::desc("Style for formatting the code around applied fixes: none (the "
             "default), file (the closest .clang-format), llvm, google, ..., "
             "or '{<yaml>}'. Overrides FormatStyle in .clang-tidy."),
    cl::value_desc("style"), cl::cat(driverCategory()));
cl::opt<bool> UseColor(
    "use-color",
    cl::desc("Colors in the text report on standard output (default: when "
             "it is a terminal). Overrides UseColor in .clang-tidy."),
    cl::cat(driverCategory()));
cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Regular expression of headers whose findings are not reported, "
             "of those --header-filter lets through. Overrides "
             "ExcludeHeaderFilterRegex in .clang-tidy."),
    cl::cat(driverCategory()));
cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("Report findings in system headers too (those --header-filter "
             "lets through), as clang-tidy does; the torchsync checks look "
             "at user code only, so none of theirs are added. Overrides "
             "SystemHeaders in .clang-tidy."),
    cl::cat(driverCategory()));
cl::opt<bool> VerifyConfig(
    "verify-config",
    cl::desc("Check the configuration of the first file (else of the current "
             "directory): every check glob and option name must be known. "
             "Exit 0, or 2 with a line per problem."),
    cl::cat(driverCategory()));
cl::opt<bool> ExplainConfig(
    "explain-config",
    cl::desc("For each check enabled for the first file (else the current "
             "directory), print the configuration source that enables it, "
             "and exit."),
    cl::cat(driverCategory()));
cl::opt<bool> EnableCheckProfile(
    "enable-check-profile",
    cl::desc("Time each check: a table per file on standard error (files "
             "are then analyzed one at a time and never taken from the "
             "cache)."),
    cl::cat(driverCategory()));
cl::opt<std::string> StoreCheckProfile(
    "store-check-profile",
    cl::desc("With check profiles (implied), store each file's as JSON under "
             "this prefix instead of printing it."),
    cl::value_desc("prefix"), cl::cat(driverCategory()));
cl::opt<std::string> VfsOverlayFile(
    "vfsoverlay",
    cl::desc("Lay the virtual file system described by this file (clang's "
             "YAML overlay format) over the real one for every parse."),
    cl::value_desc("file"), cl::cat(driverCategory()));
cl::opt<bool> FixErrors(
    "fix-errors",
    cl::desc("As --fix (clang-tidy's --fix that also fixes around compiler "
             "errors): the files of a translation unit that did not compile "
             "are still never changed."),
    cl::cat(driverCategory()));
cl::opt<bool> AllowNoChecks(
    "allow-no-checks",
    cl::desc("A configuration that enables no check is not an error; with "
             "no check for any file, nothing is analyzed and the exit code "
             "is 0."),
    cl::cat(driverCategory()));

} // namespace

llvm::Expected<TidySettings> readTidySettings() {
  for (cl::Option *O : std::initializer_list<cl::Option *>{
           &WarningsAsErrors, &LineFilter, &FormatStyle, &UseColor,
           &ExcludeHeaderFilter, &SystemHeaders, &StoreCheckProfile,
           &VfsOverlayFile})
    if (O->getNumOccurrences() > 1)
      return llvm::createStringError("--" + O->ArgStr +
                                     " is given more than once");
  for (cl::opt<std::string> *O :
       {&FormatStyle, &StoreCheckProfile, &VfsOverlayFile})
    if (O->getNumOccurrences() && O->empty())
      return llvm::createStringError("--" + O->ArgStr + " needs a value");
  if (VerifyConfig && ExplainConfig)
    return llvm::createStringError(
        "--verify-config and --explain-config are mutually exclusive");

  TidySettings S;
  S.ExtraArgsBefore = ExtraArgsBefore;
  S.FixErrors = FixErrors;
  S.AllowNoChecks = AllowNoChecks;
  S.VerifyConfig = VerifyConfig;
  S.ExplainConfig = ExplainConfig;
  S.WarningsAsErrors = WarningsAsErrors.getNumOccurrences() > 0;
  // clang-tidy ignores --store-check-profile without
  // --enable-check-profile; storing profiles is asking for them.
  S.Profile = EnableCheckProfile || StoreCheckProfile.getNumOccurrences();
  if (!StoreCheckProfile.empty()) {
    llvm::SmallString<256> Prefix(StoreCheckProfile.getValue());
    if (std::error_code EC = llvm::sys::fs::make_absolute(Prefix))
      return llvm::createStringError("cannot resolve --store-check-profile '" +
                                     StoreCheckProfile + "': " + EC.message());
    llvm::sys::path::remove_dots(Prefix, /*remove_dot_dot=*/true);
    S.ProfilePrefix = std::string(Prefix);
  }
  if (VfsOverlayFile.getNumOccurrences()) {
    llvm::Expected<VfsOverlay> Overlay = readVfsOverlay(VfsOverlayFile);
    if (!Overlay)
      return Overlay.takeError();
    S.Overlay = std::move(*Overlay);
  }
  return S;
}

void addTidyConfig(ConfigInput &Input) {
  if (WarningsAsErrors.getNumOccurrences())
    Input.WarningsAsErrors = WarningsAsErrors;
  if (ExcludeHeaderFilter.getNumOccurrences())
    Input.ExcludeHeaderFilter = ExcludeHeaderFilter;
  if (SystemHeaders.getNumOccurrences())
    Input.SystemHeaders = SystemHeaders;
  if (FormatStyle.getNumOccurrences())
    Input.FormatStyle = FormatStyle;
  if (UseColor.getNumOccurrences())
    Input.UseColor = UseColor;
  Input.LineFilter = LineFilter;
}

int runConfigQuery(const TidySettings &Tidy,
                   clang::tidy::ClangTidyOptionsProvider &Provider,
                   const ConfigInput &Input, llvm::StringRef File) {
  if (Tidy.ExplainConfig) {
    for (const std::string &Line : explainConfiguration(Provider, Input, File))
      llvm::outs() << Line << "\n";
    return 0;
  }
  std::vector<std::string> Problems =
      verifyConfiguration(Provider, Input, File);
  for (const std::string &Problem : Problems)
    llvm::errs() << "torchsync: error: " << Problem << "\n";
  if (!Problems.empty())
    return 2;
  llvm::outs() << "No config errors detected.\n";
  return 0;
}

} // namespace torchsync
