//===--- Config.cpp - The configuration a run uses, checked before it runs ===//
//
// Part of torchsync. See Config.h.
//
//===----------------------------------------------------------------------===//

#include "Config.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/GlobList.h"
#include "program/JsonDepth.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Format/Format.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <functional>

using namespace clang;
using namespace clang::tidy;

namespace torchsync {

void ConfigProblems::add(std::string Problem) {
  std::lock_guard<std::mutex> Guard(Lock);
  Problems.push_back(std::move(Problem));
}

std::optional<std::string> ConfigProblems::first() const {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Problems.empty())
    return std::nullopt;
  return Problems.front();
}

namespace {

/// Parses a configuration text; the first error, if any, names the problem.
llvm::Expected<ClangTidyOptions> parseConfig(llvm::MemoryBufferRef Text) {
  // The YAML reader recurses once per level of nesting.
  if (llvm::Error E =
          clang::tidy::torchsync::checkYamlNesting(Text.getBuffer()))
    return std::move(E);
  std::string FirstProblem;
  llvm::ErrorOr<ClangTidyOptions> Parsed =
      parseConfigurationWithDiags(Text, [&](const llvm::SMDiagnostic &D) {
        if (FirstProblem.empty() && D.getKind() == llvm::SourceMgr::DK_Error)
          FirstProblem = D.getMessage().str();
      });
  if (!Parsed || !FirstProblem.empty())
    return llvm::createStringError(
        FirstProblem.empty() ? Parsed.getError().message() : FirstProblem);
  return std::move(*Parsed);
}

llvm::Error checkRegex(llvm::StringRef Text, llvm::StringRef What,
                       llvm::StringRef Where = "") {
  // An empty filter matches no header, as in clang-tidy.
  std::string Why;
  if (Text.empty() || llvm::Regex(Text).isValid(Why))
    return llvm::Error::success();
  return llvm::createStringError("invalid " + What + " '" + Text + "'" +
                                 (Where.empty() ? "" : " in " + Where) + ": " +
                                 Why);
}

/// The modules of clang-tidy 19 whose checks the driver does not have (it
/// has torchsync's and, through clang-tidy's engine, clang-analyzer's).
bool isOtherModuleGlob(llvm::StringRef Glob) {
  static constexpr llvm::StringLiteral Modules[] = {
      "abseil",      "altera",      "android",     "boost",
      "bugprone",    "cert",        "concurrency", "cppcoreguidelines",
      "darwin",      "fuchsia",     "google",      "hicpp",
      "linuxkernel", "llvm",        "llvmlibc",    "misc",
      "modernize",   "mpi",         "objc",        "openmp",
      "performance", "portability", "readability", "zircon"};
  for (llvm::StringRef M : Modules)
    if (Glob.starts_with(M) && Glob.drop_front(M.size()).starts_with("-"))
      return true;
  return false;
}

/// Every check the driver has (clang-tidy's engine adds the static
/// analyzer's).
const std::vector<std::string> &registeredChecks() {
  static const std::vector<std::string> Names = [] {
    ClangTidyOptions All = ClangTidyOptions::getDefaults();
    All.Checks = "*";
    return getCheckNames(All, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  }();
  return Names;
}

/// Collects the configuration diagnostics that checks emit while they read
/// their options.
class ConfigDiagnostics : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Warning || First)
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    // clang-tidy puts the check name in the text of its own diagnostics.
    First = llvm::StringRef(Text).rsplit(" [clang-tidy-config]").first.str();
  }
  std::optional<std::string> First;
};

/// A glob of a Checks list that matches no check the driver has.
struct UnmatchedGlob {
  std::string Glob;
  std::string Source;
  bool OtherModule;
};

/// How messages name a configuration source of clang-tidy's providers.
std::string sourceName(llvm::StringRef SourceType, const ConfigInput &Input) {
  if (SourceType ==
      ClangTidyOptionsProvider::OptionsSourceTypeConfigCommandLineOption)
    return Input.ConfigName;           // --config, or the --config-file path
  return "'" + SourceType.str() + "'"; // a .clang-tidy file
}

std::string describe(const UnmatchedGlob &U) {
  return "'" + U.Glob + "' (" + U.Source + ")";
}

/// clang-tidy's FileOptionsProvider with its own handlers for .clang-tidy
/// files. (clang-tidy 19's constructor that takes handlers leaves the file
/// system unset, and the provider then dereferences a null pointer.)
class HandledFileOptionsProvider : public FileOptionsProvider {
public:
  HandledFileOptionsProvider(ClangTidyGlobalOptions GlobalOptions,
                             ClangTidyOptions DefaultOptions,
                             ClangTidyOptions OverrideOptions,
                             ConfigFileHandlers Handlers,
                             llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : FileOptionsProvider(std::move(GlobalOptions), std::move(DefaultOptions),
                            std::move(OverrideOptions), std::move(FS)) {
    ConfigHandlers = std::move(Handlers);
  }
};

/// Checks --line-filter before clang-tidy's parseLineFilter reads it: its
/// YAML reader prints its own errors, in several lines.
llvm::Error checkLineFilter(llvm::StringRef Text) {
  auto Invalid = [&](const llvm::Twine &Why) {
    return llvm::createStringError(
        "invalid --line-filter '" + Text + "': " + Why +
        " (expected a JSON array such as "
        "[{\"name\": \"a.cpp\", \"lines\": [[1, 3], [5, 7]]}, "
        "{\"name\": \"b.h\"}])");
  };
  llvm::Expected<llvm::json::Value> Parsed =
      clang::tidy::torchsync::parseJsonBounded(Text);
  if (!Parsed)
    return Invalid(llvm::toString(Parsed.takeError()));
  const llvm::json::Array *Files = Parsed->getAsArray();
  if (!Files)
    return Invalid("not an array");
  for (const llvm::json::Value &F : *Files) {
    const llvm::json::Object *O = F.getAsObject();
    if (!O || !O->getString("name"))
      return Invalid("an entry without a \"name\" string");
    for (const auto &Entry : *O)
      if (Entry.first != "name" && Entry.first != "lines")
        return Invalid("unknown key '" + Entry.first.str() + "'");
    const llvm::json::Value *Lines = O->get("lines");
    if (!Lines)
      continue;
    if (!Lines->getAsArray())
      return Invalid("\"lines\" is not an array");
    for (const llvm::json::Value &R : *Lines->getAsArray()) {
      const llvm::json::Array *Range = R.getAsArray();
      auto Line = [](const llvm::json::Value &V) {
        std::optional<int64_t> N = V.getAsInteger();
        return N && *N >= 0 && *N <= UINT32_MAX;
      };
      if (!Range || Range->size() != 2 || !Line((*Range)[0]) ||
          !Line((*Range)[1]))
        return Invalid("a line range is not two line numbers");
    }
  }
  return llvm::Error::success();
}

/// Checks --format-style as clang-format reads it when the fixes are
/// formatted, with the first problem in one line (clang-format's YAML reader
/// prints its own, in several).
llvm::Error checkFormatStyle(llvm::StringRef Style) {
  auto Invalid = [&](const llvm::Twine &Why) {
    return llvm::createStringError("invalid --format-style '" + Style +
                                   "': " + Why);
  };
  // "file" is looked up beside each fixed file when it is fixed.
  if (Style == "file")
    return llvm::Error::success();
  if (Style.ltrim().starts_with("{")) {
    if (llvm::Error E = clang::tidy::torchsync::checkYamlNesting(Style))
      return Invalid(llvm::toString(std::move(E)));
    std::string First;
    auto Handler = [](const llvm::SMDiagnostic &D, void *Context) {
      auto &Problem = *static_cast<std::string *>(Context);
      if (Problem.empty())
        Problem = D.getMessage().str();
    };
    format::FormatStyle Parsed = format::getLLVMStyle();
    if (std::error_code EC = format::parseConfiguration(
            llvm::MemoryBufferRef(Style, "--format-style"), &Parsed,
            /*AllowUnknownOptions=*/false, Handler, &First))
      return Invalid(First.empty() ? EC.message() : First);
  }
  llvm::Expected<format::FormatStyle> Checked =
      format::getStyle(Style, "input.cpp", "none");
  if (!Checked)
    return Invalid(llvm::toString(Checked.takeError()));
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::unique_ptr<ClangTidyOptionsProvider>>
makeProvider(const ConfigInput &Input, ConfigProblems *Problems,
             llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  if (!FS)
    FS = llvm::vfs::getRealFileSystem();
  ClangTidyGlobalOptions GlobalOptions;
  if (!Input.LineFilter.empty()) {
    if (llvm::Error E = checkLineFilter(Input.LineFilter))
      return std::move(E);
    if (std::error_code EC = parseLineFilter(Input.LineFilter, GlobalOptions))
      return llvm::createStringError("invalid --line-filter '" +
                                     Input.LineFilter + "': " + EC.message());
  }
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = Input.DefaultChecks;
  Defaults.HeaderFilterRegex = "";
  Defaults.SystemHeaders = false;

  ClangTidyOptions Overrides;
  if (!Input.Checks.empty())
    Overrides.Checks = Input.Checks;
  if (Input.HeaderFilter) {
    if (llvm::Error E = checkRegex(*Input.HeaderFilter, "--header-filter"))
      return std::move(E);
    Overrides.HeaderFilterRegex = *Input.HeaderFilter;
  }
  if (Input.ExcludeHeaderFilter) {
    if (llvm::Error E =
            checkRegex(*Input.ExcludeHeaderFilter, "--exclude-header-filter"))
      return std::move(E);
    Overrides.ExcludeHeaderFilterRegex = *Input.ExcludeHeaderFilter;
  }
  if (Input.FormatStyle) {
    if (llvm::Error E = checkFormatStyle(*Input.FormatStyle))
      return std::move(E);
    Overrides.FormatStyle = *Input.FormatStyle;
  }
  if (Input.WarningsAsErrors)
    Overrides.WarningsAsErrors = *Input.WarningsAsErrors;
  if (Input.SystemHeaders)
    Overrides.SystemHeaders = *Input.SystemHeaders;
  if (Input.UseColor)
    Overrides.UseColor = *Input.UseColor;

  if (!Input.ConfigText.empty()) {
    llvm::Expected<ClangTidyOptions> Parsed =
        parseConfig(llvm::MemoryBufferRef(Input.ConfigText, Input.ConfigName));
    if (!Parsed)
      return llvm::createStringError("invalid configuration in " +
                                     Input.ConfigName + ": " +
                                     llvm::toString(Parsed.takeError()));
    return std::make_unique<ConfigOptionsProvider>(
        GlobalOptions, Defaults, *Parsed, Overrides, std::move(FS));
  }
  // clang-tidy prints a .clang-tidy file's error and uses the parent
  // directory's configuration (or the defaults) instead; the driver makes it
  // an error. An empty error code tells the provider that the handler has
  // reported the problem itself.
  std::vector<std::pair<
      std::string,
      std::function<llvm::ErrorOr<ClangTidyOptions>(llvm::MemoryBufferRef)>>>
      Handlers;
  Handlers.emplace_back(
      ".clang-tidy",
      [Problems](
          llvm::MemoryBufferRef Text) -> llvm::ErrorOr<ClangTidyOptions> {
        if (!Problems) {
          if (llvm::Error E =
                  clang::tidy::torchsync::checkYamlNesting(Text.getBuffer())) {
            llvm::consumeError(std::move(E));
            return std::make_error_code(std::errc::invalid_argument);
          }
          return parseConfiguration(Text);
        }
        llvm::Expected<ClangTidyOptions> Parsed = parseConfig(Text);
        if (Parsed)
          return std::move(*Parsed);
        Problems->add("invalid configuration in '" +
                      Text.getBufferIdentifier().str() +
                      "': " + llvm::toString(Parsed.takeError()));
        return std::error_code();
      });
  return std::make_unique<HandledFileOptionsProvider>(
      GlobalOptions, Defaults, Overrides, std::move(Handlers), std::move(FS));
}

llvm::Expected<ConfigWarnings>
checkConfiguration(ClangTidyOptionsProvider &Provider,
                   const ConfigProblems &Problems, const ConfigInput &Input,
                   llvm::ArrayRef<std::string> Files, bool RequireChecks) {
  ConfigWarnings Warnings;
  llvm::StringSet<> Warned;
  llvm::StringSet<> SeenDirectories;
  llvm::StringSet<> SeenConfigurations;
  for (const std::string &File : Files) {
    // Configuration files are looked up by directory.
    if (!SeenDirectories.insert(llvm::sys::path::parent_path(File)).second)
      continue;
    std::vector<ClangTidyOptionsProvider::OptionsSource> Sources =
        Provider.getRawOptions(File);
    if (std::optional<std::string> Problem = Problems.first())
      return llvm::createStringError(*Problem);

    std::vector<UnmatchedGlob> Unmatched;
    for (const auto &[Options, SourceType] : Sources) {
      if (SourceType ==
          ClangTidyOptionsProvider::OptionsSourceTypeDefaultBinary)
        continue;
      bool CommandLine =
          SourceType ==
          ClangTidyOptionsProvider::OptionsSourceTypeCheckCommandLineOption;
      std::string Name =
          CommandLine ? "--checks" : sourceName(SourceType, Input);
      if (Options.HeaderFilterRegex && !CommandLine)
        if (llvm::Error E = checkRegex(*Options.HeaderFilterRegex,
                                       "HeaderFilterRegex", Name))
          return std::move(E);
      if (Options.ExcludeHeaderFilterRegex && !CommandLine)
        if (llvm::Error E = checkRegex(*Options.ExcludeHeaderFilterRegex,
                                       "ExcludeHeaderFilterRegex", Name))
          return std::move(E);
      // A misspelt WarningsAsErrors glob would let a finding pass a gate
      // that was meant to stop it.
      // GlobList keeps pointers into the text it reads.
      std::string PromotedText = Options.WarningsAsErrors.value_or("");
      GlobList Promoted(PromotedText);
      for (const auto &Item : Promoted.getItems()) {
        if (!Item.IsPositive || Item.Text.empty() ||
            llvm::any_of(registeredChecks(), [&](const std::string &Check) {
              return Item.Regex.match(Check);
            }))
          continue;
        std::string Line = "'" + Item.Text.str() + "' (" +
                           (CommandLine ? "--warnings-as-errors"
                                        : "WarningsAsErrors in " + Name) +
                           ") matches no check (see --list-checks)";
        if (Warned.insert(Line).second)
          Warnings.Lines.push_back(Line);
      }
      if (!Options.Checks)
        continue;
      // clang-tidy's own reading of a Checks list.
      GlobList Globs(*Options.Checks);
      for (const auto &Item : Globs.getItems()) {
        if (!Item.IsPositive || Item.Text.empty() ||
            Item.Text.starts_with("clang-diagnostic-"))
          continue;
        if (llvm::any_of(registeredChecks(), [&](const std::string &Check) {
              return Item.Regex.match(Check);
            }))
          continue;
        UnmatchedGlob U{Item.Text.str(), Name, isOtherModuleGlob(Item.Text)};
        if (Warned.insert(describe(U)).second)
          Warnings.Lines.push_back(
              U.OtherModule
                  ? describe(U) + " names checks of another clang-tidy "
                                  "module, which this driver does not have; "
                                  "run them with clang-tidy-19 and the "
                                  "torchsync plugin "
                                  "(--load=libTorchSyncTidy.so)"
                  : describe(U) + " matches no check (see --list-checks)");
        Unmatched.push_back(std::move(U));
      }
    }

    ClangTidyOptions Effective = Provider.getOptions(File);
    bool NoChecks =
        getCheckNames(Effective, /*AllowEnablingAnalyzerAlphaCheckers=*/false)
            .empty();
    Warnings.AnyChecks |= !NoChecks;
    if (RequireChecks && NoChecks) {
      if (Unmatched.empty())
        return llvm::createStringError("no check is enabled for '" + File +
                                       "' (Checks: '" +
                                       Effective.Checks.value_or("") + "')");
      std::string Names;
      for (const UnmatchedGlob &U : Unmatched)
        Names += (Names.empty() ? "" : ", ") + describe(U);
      bool OtherModule = llvm::any_of(
          Unmatched, [](const UnmatchedGlob &U) { return U.OtherModule; });
      return llvm::createStringError(
          "no check is enabled: " + Names + " match" +
          (Unmatched.size() == 1 ? "es" : "") + " no torchsync check" +
          (OtherModule ? "; checks of other clang-tidy modules run only in "
                         "clang-tidy-19 with the torchsync plugin "
                         "(--load=libTorchSyncTidy.so)"
                       : ""));
    }

    // The checks read their options when they are made: an invalid value
    // is reported then, once per configuration.
    if (!SeenConfigurations.insert(configurationAsText(Effective)).second)
      continue;
    ClangTidyContext Context(std::make_unique<DefaultOptionsProvider>(
                                 ClangTidyGlobalOptions(), Effective),
                             /*AllowEnablingAnalyzerAlphaCheckers=*/false);
    ConfigDiagnostics Diagnostics;
    DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions(),
                             &Diagnostics, /*ShouldOwnClient=*/false);
    Context.setDiagnosticsEngine(&Engine);
    ClangTidyASTConsumerFactory(Context).getCheckOptions();
    Context.setDiagnosticsEngine(nullptr);
    if (!Diagnostics.First)
      continue;
    // Name the most specific source that sets the option.
    std::string Where = "the configuration of '" + File + "'";
    llvm::SmallVector<llvm::StringRef, 2> Match;
    if (llvm::Regex("for option '([^']+)'").match(*Diagnostics.First, &Match))
      for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
        if (It->first.CheckOptions.count(Match[1])) {
          Where = sourceName(It->second, Input);
          break;
        }
    return llvm::createStringError(Where + ": " + *Diagnostics.First);
  }
  return Warnings;
}

std::string dumpConfiguration(ClangTidyOptionsProvider &Provider,
                              llvm::StringRef File) {
  ClangTidyOptions Options = Provider.getOptions(File);
  Options.CheckOptions =
      getCheckOptions(Options, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  // As clang-tidy does: every field has a value.
  return configurationAsText(
      ClangTidyOptions::getDefaults().merge(Options, /*Order=*/0));
}

namespace {

/// How --verify-config and --explain-config name a configuration source.
std::string describeSource(llvm::StringRef SourceType,
                           const ConfigInput &Input) {
  if (SourceType == ClangTidyOptionsProvider::OptionsSourceTypeDefaultBinary)
    return "the torchsync binary";
  if (SourceType ==
      ClangTidyOptionsProvider::OptionsSourceTypeCheckCommandLineOption)
    return "--checks";
  return sourceName(SourceType, Input);
}

/// The name in Known closest to Name, within a few edits; empty if none.
llvm::StringRef closest(llvm::StringRef Name, const llvm::StringSet<> &Known) {
  unsigned Best = 5;
  llvm::StringRef Closest;
  for (llvm::StringRef Candidate : Known.keys()) {
    unsigned Distance = Name.edit_distance_insensitive(
        Candidate, /*AllowReplacements=*/true, /*MaxEditDistance=*/Best);
    if (Distance < Best) {
      Best = Distance;
      Closest = Candidate;
    }
  }
  return Closest;
}

std::string didYouMean(llvm::StringRef Name, const llvm::StringSet<> &Known) {
  llvm::StringRef Closest = closest(Name, Known);
  return Closest.empty() ? "" : "; did you mean '" + Closest.str() + "'";
}

} // namespace

std::vector<std::string> verifyConfiguration(ClangTidyOptionsProvider &Provider,
                                             const ConfigInput &Input,
                                             llvm::StringRef File) {
  NamesAndOptions Valid =
      getAllChecksAndOptions(/*AllowEnablingAnalyzerAlphaCheckers=*/false);
  // The torchsync checks read each option for all of them at once too
  // (HotFunctions for torchsync-host-read.HotFunctions, ...).
  llvm::StringSet<> Options = Valid.Options;
  for (llvm::StringRef Key : Valid.Options.keys())
    if (Key.starts_with("torchsync-") && Key.contains('.'))
      Options.insert(Key.rsplit('.').second);
  std::vector<std::string> Problems;
  for (const auto &[Opts, SourceType] : Provider.getRawOptions(File)) {
    if (SourceType == ClangTidyOptionsProvider::OptionsSourceTypeDefaultBinary)
      continue;
    std::string Where = describeSource(SourceType, Input);
    // GlobList keeps pointers into the text it reads.
    std::string ChecksText = Opts.Checks.value_or("");
    GlobList Globs(ChecksText);
    for (const auto &Item : Globs.getItems()) {
      if (Item.Text.empty() || Item.Text.starts_with("clang-diagnostic"))
        continue;
      if (llvm::any_of(Valid.Names.keys(), [&](llvm::StringRef Check) {
            return Item.Regex.match(Check);
          }))
        continue;
      if (isOtherModuleGlob(Item.Text))
        Problems.push_back(Where + ": '" + Item.Text.str() +
                           "' names checks of another clang-tidy module, "
                           "which this driver does not have");
      else if (Item.Text.contains('*'))
        Problems.push_back(Where + ": check glob '" + Item.Text.str() +
                           "' matches no check");
      else
        Problems.push_back(Where + ": unknown check '" + Item.Text.str() + "'" +
                           didYouMean(Item.Text, Valid.Names));
    }
    for (llvm::StringRef Key : Opts.CheckOptions.keys())
      if (!Options.contains(Key))
        Problems.push_back(Where + ": unknown check option '" + Key.str() +
                           "'" + didYouMean(Key, Options));
  }
  return Problems;
}

std::vector<std::string>
explainConfiguration(ClangTidyOptionsProvider &Provider,
                     const ConfigInput &Input, llvm::StringRef File) {
  std::vector<std::string> Lines;
  std::vector<ClangTidyOptionsProvider::OptionsSource> Sources =
      Provider.getRawOptions(File);
  for (const std::string &Check :
       getCheckNames(Provider.getOptions(File),
                     /*AllowEnablingAnalyzerAlphaCheckers=*/false))
    for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
      if (It->first.Checks && GlobList(*It->first.Checks).contains(Check)) {
        Lines.push_back("'" + Check + "' is enabled in " +
                        describeSource(It->second, Input));
        break;
      }
  return Lines;
}

} // namespace torchsync
