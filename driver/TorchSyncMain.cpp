//===--- TorchSyncMain.cpp - The torchsync command-line driver ------------===//
//
// Part of torchsync. Runs the torchsync checks through clang-tidy's engine
// (our module is linked in statically), with clang-tidy's options,
// configuration files, diagnostics and fix-its, and what a CI gate needs:
// reports as text, JSON, SARIF or GitHub annotations (Output.h), baselines
// and changed-lines mode (Gate.h), fingerprints that survive line shifts
// (Findings.h), `torchsync merge` for the reports of sharded jobs,
// `torchsync render-sarif` for the runtime verifier's SARIF (RenderSarif.h),
// and exit codes 0 no findings, 1 findings, 2 a tool or input error (one
// line on stderr that names the problem). This file parses the options and
// runs the steps in order.
//
//===----------------------------------------------------------------------===//

#include "Analysis.h"
#include "Cache.h"
#include "CompileDatabase.h"
#include "Config.h"
#include "FileSelection.h"
#include "Findings.h"
#include "FixApply.h"
#include "Gate.h"
#include "Harness.h"
#include "InputFiles.h"
#include "Output.h"
#include "Progress.h"
#include "RenderSarif.h"
#include "RuntimeReport.h"
#include "SafeWrite.h"
#include "TextReport.h"
#include "TidyOptions.h"
#include "TorchSyncModuleLink.h"
#include "WholeProgram.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "program/Serialization.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

using namespace clang;
using namespace clang::tidy;
using namespace ::torchsync;
using clang::tidy::torchsync::Summary;
namespace cl = llvm::cl;

namespace {

constexpr llvm::StringLiteral DefaultChecks = "-*,torchsync-*";

// Shared with clang-tidy's options (TidyOptions.h), which --help lists too.
cl::OptionCategory &Category = driverCategory();

cl::list<std::string> SourcePaths(cl::Positional, cl::desc("[<file> ...]"),
                                  cl::cat(Category));
cl::opt<std::string> BuildPath(
    "p",
    cl::desc("Build directory containing compile_commands.json. Without "
             "source files, every file in it is analyzed."),
    cl::value_desc("build-dir"), cl::cat(Category));
cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated globs of checks to run, added to those of "
                    "the configuration (default '-*,torchsync-*')."),
           cl::init(""), cl::cat(Category));
cl::opt<std::string>
    Config("config",
           cl::desc("Configuration in YAML/JSON, as in a .clang-tidy file, "
                    "e.g. \"{CheckOptions: {HotFunctions: step}}\". Replaces "
                    ".clang-tidy files."),
           cl::init(""), cl::cat(Category));
cl::opt<std::string> ConfigFile(
    "config-file",
    cl::desc("Read the configuration from this file instead of .clang-tidy "
             "files."),
    cl::value_desc("path"), cl::init(""), cl::cat(Category));
cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression of headers whose findings are reported "
             "(the main file's always are)."),
    cl::init(""), cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the fix-its of warnings: rewrites "
                           "that keep the program's meaning."),
                  cl::cat(Category));
cl::opt<bool> FixNotes(
    "fix-notes",
    cl::desc("Also apply the fix-its of notes: rewrites that change what the "
             "program means in a way the note explains. Implies --fix."),
    cl::cat(Category));
cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the suggested fixes as YAML for clang-apply-replacements."),
    cl::value_desc("filename"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the enabled checks and exit."),
                         cl::cat(Category));
cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the configuration of the first file (else of the current "
             "directory) in YAML, with every option of the enabled checks, "
             "and exit."),
    cl::cat(Category));
cl::opt<bool> Quiet("quiet",
                    cl::desc("Print nothing but the findings (no progress, no "
                             "summary)."),
                    cl::cat(Category));
cl::list<std::string>
    ExtraArgs("extra-arg",
              cl::desc("Compiler argument to append to the command line."),
              cl::cat(Category));

// Whole-project runs: which files, how many at once, the result cache.
/// Reads -j N; a value that is not a number is reported after parsing, in
/// one line (llvm::cl's own message is two lines, the second empty).
std::optional<std::string> BadJobs;
struct JobsParser : cl::parser<unsigned> {
  using cl::parser<unsigned>::parser;
  bool parse(cl::Option &, StringRef, StringRef Arg, unsigned &Value) {
    if (Arg.getAsInteger(10, Value)) {
      BadJobs = Arg.str();
      Value = 0;
    }
    return false;
  }
};
cl::opt<unsigned, false, JobsParser>
    Jobs("j",
         cl::desc("Analyze this many files at once (default: one per core)."),
         cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(Category));
cl::list<std::string> IncludeGlobs(
    "include",
    cl::desc("Analyze only files whose path (relative to the root) matches "
             "this glob; '*' also matches '/'. Repeatable."),
    cl::value_desc("glob"), cl::cat(Category));
cl::list<std::string> ExcludeGlobs(
    "exclude",
    cl::desc("Do not analyze files whose path (relative to the root) "
             "matches this glob. Repeatable."),
    cl::value_desc("glob"), cl::cat(Category));
cl::opt<std::string> ShardSpec(
    "shard",
    cl::desc("Analyze only the K-th of N deterministic parts of the files "
             "(for CI matrix jobs; join the reports with torchsync merge)."),
    cl::value_desc("K/N"), cl::cat(Category));
cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Keep results here and reuse them while the file, everything it "
             "includes, its compile command, the configuration and torchsync "
             "are unchanged (default: ~/.cache/torchsync)."),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> WholeProgram(
    "whole-program",
    cl::desc("With -p: on (the default) learns from every file of the "
             "compilation database which functions are hot and which devices "
             "callers pass, and reports only what holds for the whole program "
             "(docs/options.md, \"Whole-program facts\"); off: each file on "
             "its own. Off with --shard, unless given: then the shard only "
             "fills the cache for a whole-project run (docs/ci.md)."),
    cl::value_desc("on|off"), cl::init("on"), cl::cat(Category));
cl::opt<std::string> WriteSummaries(
    "write-summaries",
    cl::desc("In a whole-project run, also write the resolved facts (hot "
             "functions, parameter and return devices, whether the program "
             "reaches CUDA) to this file, besides torchsync-facts.json next "
             "to compile_commands.json (the checks' SummaryFile option reads "
             "them; docs/options.md, \"Summary file\")."),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> NoCache("no-cache",
                      cl::desc("Neither read nor write the result cache."),
                      cl::cat(Category));
cl::opt<bool> ProgressBar(
    "progress-bar",
    cl::desc("Draw the progress bar even when standard error is not a "
             "terminal (for testing)."),
    cl::Hidden, cl::cat(Category));
cl::opt<bool> TraverseAll(
    "traverse-all",
    cl::desc("Match in every declaration, system and LibTorch headers "
             "included (slower; for measuring)."),
    cl::Hidden, cl::cat(Category));

// Snippet mode of the runtime verifier (docs/harness.md).
cl::opt<std::string> EmitHarness(
    "emit-harness",
    cl::desc("Write a harness that calls the function around each finding on "
             "CUDA, where its parameters allow, into this directory, with "
             "harness.json and a CMakeLists.txt (docs/harness.md)."),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> HarnessSpecFile(
    "harness-spec",
    cl::desc("JSON file with the inputs of some harnessed functions "
             "(shapes, dtypes, scalars; docs/harness.md)."),
    cl::value_desc("file"), cl::cat(Category));

// CI gate: report formats, baselines, changed lines, what fails the run.
cl::SubCommand
    MergeCommand("merge",
                 "Join the SARIF or JSON reports of several runs (e.g. sharded "
                 "CI jobs) into one, dropping identical results.");
cl::list<std::string> MergeInputs(cl::Positional, cl::sub(MergeCommand),
                                  cl::desc("<report> ..."), cl::cat(Category));

// SARIF of the runtime verifier's results (RenderSarif.h).
cl::SubCommand RenderCommand(
    "render-sarif",
    "Write SARIF from a JSON report of torchsync and, with "
    "--runtime-report, torchsync-verify's JSON report of the same findings: "
    "verdicts and measured costs in result properties, unpredicted syncs as "
    "results of their own rule.");
cl::opt<std::string> RenderFindings(
    "findings", cl::desc("torchsync's JSON report (--format=json)."),
    cl::value_desc("file"), cl::sub(RenderCommand), cl::cat(Category));
cl::opt<std::string> RuntimeReport(
    "runtime-report",
    cl::desc("torchsync-verify's JSON report of these findings "
             "(torchsync-verify run --format=json), matched by fingerprint: "
             "each finding's measured syncs and blocked time, and the syncs "
             "no finding predicted, go into the report."),
    cl::value_desc("file"), cl::sub(cl::SubCommand::getTopLevel()),
    cl::sub(RenderCommand), cl::cat(Category));
cl::opt<std::string> SortKey(
    "sort",
    cl::desc("With --runtime-report: cost lists the findings by the host "
             "time they blocked, most first (those not measured after them, "
             "in the usual order)."),
    cl::value_desc("cost"), cl::cat(Category));
cl::opt<std::string> FormatName(
    "format",
    cl::desc("Report format: text (compiler-style diagnostics, the "
             "default), json (docs/json-format.md), sarif (SARIF 2.1.0) or "
             "github (workflow-command annotations)."),
    cl::value_desc("text|json|sarif|github"), cl::init("text"),
    cl::cat(Category));
cl::opt<std::string> OutputFile(
    "o",
    cl::desc("Write the report to this file (through a temporary file, so "
             "it is never half-written) instead of standard output."),
    cl::value_desc("file"), cl::init("-"),
    cl::sub(cl::SubCommand::getTopLevel()), cl::sub(MergeCommand),
    cl::sub(RenderCommand), cl::cat(Category));
cl::opt<std::string> FailOnName(
    "fail-on",
    cl::desc("Findings that make the exit code 1: warning (any finding, the "
             "default), error (only those promoted by WarningsAsErrors) or "
             "none."),
    cl::value_desc("warning|error|none"), cl::init("warning"),
    cl::cat(Category));
cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Do not report the findings listed in this baseline file."),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> WriteBaselineFile(
    "write-baseline",
    cl::desc("Write every finding of this run to a baseline file and exit "
             "with 0; nothing is written when a file cannot be analyzed "
             "(exit 2)."),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> DiffBase(
    "diff",
    cl::desc("Report only findings on lines changed since this git revision "
             "(git diff -U0 <rev>), or in the unified diff on standard input "
             "with --diff=-."),
    cl::value_desc("rev|-"), cl::cat(Category));
cl::opt<std::string> RootDir(
    "root",
    cl::desc("Directory that report paths, fingerprints, baselines and diffs "
             "are relative to (default: the top of the git work tree around "
             "the current directory, else the current directory; for "
             "render-sarif: that of the runtime report, else of the "
             "findings)."),
    cl::value_desc("dir"), cl::sub(cl::SubCommand::getTopLevel()),
    cl::sub(RenderCommand), cl::cat(Category));

/// Prints one line naming the problem; the caller exits with 2.
int inputError(const llvm::Twine &Message) {
  llvm::errs() << "torchsync: error: " << Message << "\n";
  return 2;
}

bool isCxxSource(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return llvm::is_contained({".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".cu",
                             ".h", ".hh", ".hpp", ".hxx", ".h++", ".cuh",
                             ".inl", ".ipp", ".tpp"},
                            Ext);
}

/// What the command line says about the configuration; --config-file is
/// read here.
llvm::Expected<ConfigInput> readConfigInput() {
  ConfigInput Input;
  Input.DefaultChecks = DefaultChecks.str();
  Input.Checks = Checks;
  if (HeaderFilter.getNumOccurrences())
    Input.HeaderFilter = HeaderFilter;
  Input.ConfigText = Config;
  Input.ConfigName = "--config";
  if (!ConfigFile.empty()) {
    if (!Config.empty())
      return llvm::createStringError("--config and --config-file are "
                                     "mutually exclusive");
    auto Buffer = readInputFile(ConfigFile);
    if (!Buffer)
      return llvm::createStringError(
          "cannot read configuration file '" + ConfigFile +
          "': " + llvm::toString(Buffer.takeError()));
    Input.ConfigText = (*Buffer)->getBuffer().str();
    Input.ConfigName = ConfigFile;
  }
  addTidyConfig(Input);
  return Input;
}

/// A file that could not be analyzed, and the first reason.
struct Failure {
  std::string File;
  std::string Reason;
};

/// How this run's report is written and what the gate lets through, read
/// from the command line before any analysis so that bad input fails fast.
struct RunSettings {
  Format OutputFormat = Format::Text;
  FailOn FailLevel = FailOn::Warning;
  std::string Root;
  GateSettings Gate;
  /// torchsync-verify's report (--runtime-report), when given.
  std::optional<VerifierReport> Runtime;
  bool SortByCost = false;
};

/// WarningsAsErrors: --warnings-as-errors was given, which makes --fail-on
/// default to error, as clang-tidy fails only on promoted findings.
llvm::Expected<RunSettings> readRunSettings(bool WarningsAsErrors) {
  RunSettings S;
  std::optional<Format> F = parseFormat(FormatName);
  if (!F)
    return llvm::createStringError("unknown format '" + FormatName +
                                   "' (expected text, json, sarif or github)");
  S.OutputFormat = *F;
  std::optional<FailOn> Level = parseFailOn(FailOnName);
  if (!Level)
    return llvm::createStringError("unknown --fail-on level '" + FailOnName +
                                   "' (expected warning, error or none)");
  S.FailLevel = *Level;
  if (WarningsAsErrors && !FailOnName.getNumOccurrences())
    S.FailLevel = FailOn::Error;
  if (!RootDir.empty() && !llvm::sys::fs::is_directory(RootDir))
    return llvm::createStringError("root directory '" + RootDir + "' " +
                                   (llvm::sys::fs::exists(RootDir)
                                        ? "is not a directory"
                                        : "does not exist"));
  S.Root = findRoot(RootDir);

  if (SortKey.getNumOccurrences()) {
    if (SortKey != "cost")
      return llvm::createStringError("unknown --sort key '" + SortKey +
                                     "' (expected cost)");
    if (!RuntimeReport.getNumOccurrences())
      return llvm::createStringError(
          "--sort=cost needs --runtime-report=<torchsync-verify's JSON "
          "report> (the costs are measured on the GPU)");
    S.SortByCost = true;
  }
  if (RuntimeReport.getNumOccurrences()) {
    llvm::Expected<VerifierReport> Read = readVerifierReport(RuntimeReport);
    if (!Read)
      return llvm::createStringError("cannot read runtime report '" +
                                     RuntimeReport +
                                     "': " + llvm::toString(Read.takeError()));
    S.Runtime = std::move(*Read);
  }

  if (BaselineFile.getNumOccurrences()) {
    llvm::Expected<llvm::StringSet<>> Known = readBaseline(BaselineFile);
    if (!Known)
      return Known.takeError();
    S.Gate.Baseline = std::move(*Known);
  }
  if (DiffBase.getNumOccurrences()) {
    llvm::Expected<ChangedLines> Changed = readChangedLines(DiffBase, S.Root);
    if (!Changed)
      return Changed.takeError();
    S.Gate.Changed = std::move(*Changed);
  }
  return S;
}

/// Every file this run writes besides fixed sources, with the option that
/// names it. An output option added later goes here too, so that it is
/// checked against the inputs like the others.
std::vector<NamedOutput> namedOutputs() {
  std::vector<NamedOutput> Outputs;
  if (OutputFile != "-")
    Outputs.push_back({"-o", OutputFile});
  if (!ExportFixes.empty())
    Outputs.push_back({"--export-fixes", ExportFixes});
  if (!WriteBaselineFile.empty())
    Outputs.push_back({"--write-baseline", WriteBaselineFile});
  if (!WriteSummaries.empty())
    Outputs.push_back({"--write-summaries", WriteSummaries});
  return Outputs;
}

/// Refuses, before any analysis, output options that would destroy an
/// input or contradict each other.
llvm::Error checkOutputs(llvm::ArrayRef<std::string> Files) {
  // Options given twice and --write-baseline with --fix are refused with
  // the other command-line checks in main().
  std::vector<std::string> Inputs(Files.begin(), Files.end());
  for (const std::string &In :
       {BaselineFile.getValue(), ConfigFile.getValue(),
        HarnessSpecFile.getValue(), RuntimeReport.getValue()})
    if (!In.empty())
      Inputs.push_back(In);
  return checkOutputsAgainst(namedOutputs(), Inputs);
}

/// What is analyzed: the files, the compilation database their commands come
/// from, and whether none was found (a file that fails to compile is then
/// told how to give its flags).
struct Inputs {
  std::vector<std::string> Files;
  std::unique_ptr<tooling::CompilationDatabase> Compilations;
  bool NoDatabase = false;
};

/// The configuration that the command line and .clang-tidy files give, read
/// once; each file's analysis makes its own provider from Input.
struct Configuration {
  TidySettings Tidy;
  ConfigInput Input;
  /// Problems of .clang-tidy files (Config.h), where the provider records
  /// them: its own place, which the struct's moves do not change.
  std::unique_ptr<ConfigProblems> Problems = std::make_unique<ConfigProblems>();
  std::unique_ptr<ClangTidyOptionsProvider> Provider;
  /// As clang-tidy does: the configuration of the first file, else of the
  /// current directory.
  SmallString<256> Path;
};

/// The shape of a whole-project run, decided before any analysis.
struct WholeProgramPlan {
  /// Candidates are decided against the program's facts.
  bool Whole = false;
  /// --shard with --whole-program=on: summaries into the cache, no report.
  bool ShardSummaries = false;
  /// The summary files it writes (the default place, --write-summaries).
  std::vector<std::string> FactsOutputs;
  /// Files of the database that are analyzed for facts, not reported.
  std::vector<std::string> Known;
};

/// "left out 'main' and 'step', whose code has errors" for the functions
/// a file with compile errors left out of its summary.
std::string describeDropped(llvm::ArrayRef<std::string> Dropped) {
  if (Dropped.empty())
    return "no function left out (clang recovered from its errors)";
  std::string Text = "left out ";
  constexpr size_t Shown = 5;
  for (size_t I = 0; I < Dropped.size() && I < Shown; ++I) {
    if (I)
      Text += I + 1 == Dropped.size() ? " and " : ", ";
    Text += "'" + Dropped[I] + "'";
  }
  if (Dropped.size() > Shown)
    Text += " and " + std::to_string(Dropped.size() - Shown) + " more";
  return Text + ", whose code has errors";
}

/// What the analysis of every file gave.
struct Analyzed {
  std::vector<Finding> Findings, Suppressed;
  std::vector<Failure> Failures;
  /// The summaries of every file, reported or not, in a whole-project run
  /// (partial for a file with compile errors); a file without one (clang
  /// could not run on it) makes the facts incomplete.
  std::vector<std::pair<std::string, Summary>> Summaries;
  bool Complete = true;
};

/// Parses the command line. Compiler arguments after `--` make a fixed
/// compilation database (Fixed), and HadCompilerArgs says whether `--` was
/// given. Returns an exit code when the run ends here.
std::optional<int>
parseCommandLine(int ArgCount, const char **Args,
                 std::unique_ptr<tooling::CompilationDatabase> &Fixed,
                 bool &HadCompilerArgs) {
  std::string FixedDBError;
  int Argc = ArgCount;
  Fixed = tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, Args,
                                                                 FixedDBError);
  HadCompilerArgs = !FixedDBError.empty() || Argc != ArgCount;
  std::string CLError;
  llvm::raw_string_ostream CLErrors(CLError);
  if (!cl::ParseCommandLineOptions(
          Argc, Args,
          "torchsync: finds host-device synchronizations in hot LibTorch "
          "code.\n\nExamples:\n"
          "  torchsync -p build src/train.cpp\n"
          "  torchsync train.cpp -- -std=c++17 -I/path/to/libtorch/include\n"
          "  torchsync -p build --format=sarif -o torchsync.sarif\n"
          "  torchsync merge shard1.sarif shard2.sarif -o all.sarif\n"
          "  torchsync render-sarif --findings findings.json "
          "--runtime-report verify.json -o verify.sarif\n",
          &CLErrors)) {
    // An invalid option value: llvm::cl has printed its one line itself.
    if (StringRef(CLError).trim().empty())
      return 2;
    // llvm::cl reports several lines; the first names the problem.
    StringRef First = StringRef(CLError).split('\n').first.trim();
    First.consume_front(llvm::sys::path::filename(Args[0]));
    First = First.ltrim(": ").rtrim(". ");
    if (First.contains("Try:"))
      First = First.split("Try:").first.rtrim(". ");
    return inputError(First + " (see --help)");
  }

  if (WholeProgram != "on" && WholeProgram != "off")
    return inputError("unknown --whole-program value '" + WholeProgram +
                      "' (expected on or off)");
  if (BadJobs)
    return inputError("invalid -j '" + *BadJobs +
                      "' (expected the number of files to analyze at once; "
                      "0 for one per core)");
  // One value each: the last of two would silently win (--format=json
  // --format=sarif).
  for (cl::Option *O : std::initializer_list<cl::Option *>{&BuildPath,
                                                           &Checks,
                                                           &Config,
                                                           &ConfigFile,
                                                           &HeaderFilter,
                                                           &ExportFixes,
                                                           &Jobs,
                                                           &ShardSpec,
                                                           &CacheDir,
                                                           &EmitHarness,
                                                           &HarnessSpecFile,
                                                           &FormatName,
                                                           &OutputFile,
                                                           &FailOnName,
                                                           &BaselineFile,
                                                           &WriteBaselineFile,
                                                           &WriteSummaries,
                                                           &DiffBase,
                                                           &RootDir,
                                                           &RenderFindings,
                                                           &RuntimeReport,
                                                           &SortKey})
    if (O->getNumOccurrences() > 1)
      return inputError((O->ArgStr.size() == 1 ? "-" : "--") + O->ArgStr +
                        " is given more than once");
  // A file option given an empty value ("--write-summaries=") names no file;
  // it would otherwise be taken as not given.
  for (cl::opt<std::string> *O :
       {&BuildPath, &ConfigFile, &ExportFixes, &CacheDir, &HarnessSpecFile,
        &OutputFile, &BaselineFile, &WriteBaselineFile, &WriteSummaries,
        &RootDir, &RenderFindings, &RuntimeReport})
    if (O->getNumOccurrences() && O->empty())
      return inputError((O->ArgStr.size() == 1 ? "-" : "--") + O->ArgStr +
                        " needs a value");
  return std::nullopt;
}

/// `torchsync merge`: the reports of sharded jobs as one.
int runMerge() {
  if (MergeInputs.empty())
    return inputError("merge: no reports named (torchsync merge a.sarif "
                      "b.sarif -o all.sarif)");
  if (llvm::Error E = mergeReports(MergeInputs, OutputFile))
    return inputError(llvm::toString(std::move(E)));
  return 0;
}

/// `torchsync render-sarif`: findings and the verifier's report as SARIF.
int runRenderSarif() {
  if (RenderFindings.empty())
    return inputError("render-sarif: no findings named (torchsync "
                      "render-sarif --findings findings.json "
                      "[--runtime-report verify.json] -o out.sarif)");
  RenderOptions Render;
  Render.FindingsFile = RenderFindings;
  Render.RuntimeReportFile = RuntimeReport;
  Render.Output = OutputFile;
  if (!RootDir.empty()) {
    if (!llvm::sys::fs::is_directory(RootDir))
      return inputError("root directory '" + RootDir + "' " +
                        (llvm::sys::fs::exists(RootDir) ? "is not a directory"
                                                        : "does not exist"));
    Render.Root = RootDir;
  }
  std::vector<std::string> Inputs{RenderFindings};
  if (!RuntimeReport.empty())
    Inputs.push_back(RuntimeReport);
  if (llvm::Error E = checkOutputsAgainst(namedOutputs(), Inputs))
    return inputError(llvm::toString(std::move(E)));
  if (llvm::Error E = renderSarif(Render))
    return inputError(llvm::toString(std::move(E)));
  return 0;
}

/// clang-tidy's options and the configuration sources, most specific last:
/// built-in defaults, then .clang-tidy files (or --config / --config-file),
/// then the command line.
llvm::Expected<Configuration> readConfiguration() {
  Configuration C;
  llvm::Expected<TidySettings> Tidy = readTidySettings();
  if (!Tidy)
    return Tidy.takeError();
  C.Tidy = std::move(*Tidy);
  if (C.Tidy.FixErrors) {
    Fix = true;
    llvm::errs() << "torchsync: warning: --fix-errors fixes as --fix does: "
                    "the files of a translation unit that did not compile "
                    "are never changed\n";
  }
  llvm::Expected<ConfigInput> Input = readConfigInput();
  if (!Input)
    return Input.takeError();
  C.Input = std::move(*Input);
  auto Provider = makeProvider(C.Input, C.Problems.get());
  if (!Provider)
    return Provider.takeError();
  C.Provider = std::move(*Provider);
  C.Path = SourcePaths.empty() ? "dummy" : SourcePaths.front();
  llvm::sys::fs::make_absolute(C.Path);
  llvm::sys::path::remove_dots(C.Path, /*remove_dot_dot=*/true);
  return C;
}

/// A configuration mistake is an error before any file is analyzed (printed
/// here; std::nullopt); its warnings are printed. With --allow-no-checks a
/// configuration may enable none.
std::optional<ConfigWarnings> checkConfig(const Configuration &C,
                                          llvm::ArrayRef<std::string> Paths,
                                          bool RequireChecks) {
  llvm::Expected<ConfigWarnings> Warnings =
      checkConfiguration(*C.Provider, *C.Problems, C.Input, Paths,
                         RequireChecks && !C.Tidy.AllowNoChecks);
  if (!Warnings) {
    inputError(llvm::toString(Warnings.takeError()));
    return std::nullopt;
  }
  for (const std::string &Line : Warnings->Lines)
    llvm::errs() << "torchsync: warning: " << Line << "\n";
  return std::move(*Warnings);
}

/// --verify-config, --explain-config, --list-checks, --dump-config: the
/// exit code when one was asked.
std::optional<int> runConfigQueries(const Configuration &C) {
  if (C.Tidy.VerifyConfig || C.Tidy.ExplainConfig) {
    // Unmatched globs are the query's own lines, not warnings.
    llvm::Expected<ConfigWarnings> Readable = checkConfiguration(
        *C.Provider, *C.Problems, C.Input, {std::string(C.Path)},
        /*RequireChecks=*/false);
    if (!Readable)
      return inputError(llvm::toString(Readable.takeError()));
    return runConfigQuery(C.Tidy, *C.Provider, C.Input, C.Path);
  }
  if (!ListChecks && !DumpConfig)
    return std::nullopt;
  if (ListChecks && DumpConfig)
    return inputError("--list-checks and --dump-config are mutually "
                      "exclusive");
  if (!checkConfig(C, {std::string(C.Path)}, /*RequireChecks=*/ListChecks))
    return 2;
  if (DumpConfig) {
    llvm::outs() << dumpConfiguration(*C.Provider, C.Path) << "\n";
    return 0;
  }
  ClangTidyOptions Options = C.Provider->getOptions(C.Path);
  std::vector<std::string> Names =
      getCheckNames(Options, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  llvm::outs() << "Enabled checks:";
  for (const std::string &Name : Names)
    llvm::outs() << "\n    " << Name;
  llvm::outs() << "\n\n";
  return 0;
}

/// --emit-harness and --harness-spec, checked against the other options.
llvm::Expected<std::optional<HarnessSettings>>
readHarness(const TidySettings &Tidy) {
  if (!EmitHarness.getNumOccurrences()) {
    if (HarnessSpecFile.getNumOccurrences())
      return llvm::createStringError("--harness-spec needs --emit-harness");
    return std::nullopt;
  }
  // The harness is made from the code as analyzed, not as fixed.
  if (Fix || FixNotes)
    return llvm::createStringError("--emit-harness cannot be combined with "
                                   "--fix or --fix-notes");
  auto Prepared = prepareHarness(EmitHarness, HarnessSpecFile);
  if (!Prepared)
    return Prepared.takeError();
  Prepared->ExtraArgsBefore = Tidy.ExtraArgsBefore;
  Prepared->ExtraArgs = ExtraArgs;
  Prepared->Overlay = Tidy.Overlay;
  Prepared->Quiet = Quiet;
  return std::optional<HarnessSettings>(std::move(*Prepared));
}

/// The files to analyze and their compilation database: -p's, the fixed one
/// of `--`, or one found as clang-tidy and clangd find it; path arguments
/// are source files, or (with -p) directories whose files of the database
/// are analyzed; --include/--exclude and --shard select among them.
llvm::Expected<Inputs>
selectInputs(std::unique_ptr<tooling::CompilationDatabase> Fixed,
             bool HadCompilerArgs, llvm::StringRef Root) {
  Inputs In;
  In.Compilations = std::move(Fixed);
  if (!BuildPath.empty()) {
    if (HadCompilerArgs)
      return llvm::createStringError(
          "use either -p or compiler arguments after '--'");
    auto Loaded = loadBuildDatabase(BuildPath);
    if (!Loaded)
      return Loaded.takeError();
    In.Compilations = std::move(*Loaded);
  }
  std::vector<std::string> &Files = In.Files;
  if (SourcePaths.empty()) {
    if (BuildPath.empty())
      return llvm::createStringError(
          "no input files (name source files, or pass -p <build-dir> to "
          "analyze every file it compiles)");
    Files = In.Compilations->getAllFiles();
    if (Files.empty())
      return llvm::createStringError("no file to analyze: the compilation "
                                     "database in '" +
                                     BuildPath + "' lists none");
  }
  for (const std::string &Path : SourcePaths) {
    SmallString<256> Abs(Path);
    if (std::error_code EC = llvm::sys::fs::make_absolute(Abs))
      return llvm::createStringError("cannot resolve '" + Path +
                                     "': " + EC.message());
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (!llvm::sys::fs::exists(Abs))
      return llvm::createStringError("no such file: '" + Path + "'");
    if (llvm::sys::fs::is_directory(Abs)) {
      if (BuildPath.empty())
        return llvm::createStringError(
            "'" + Path +
            "' is a directory, not a source file (with -p <build-dir>, a "
            "directory selects the files under it)");
      std::vector<std::string> Under =
          filesUnder(In.Compilations->getAllFiles(), Abs);
      if (Under.empty())
        return llvm::createStringError(
            "no file of the compilation database is under '" + Path + "'");
      llvm::append_range(Files, Under);
      continue;
    }
    if (!isCxxSource(Abs))
      return llvm::createStringError("'" + Path + "' is not a C++ source file");
    Files.push_back(std::string(Abs));
  }
  // No -p and no '--': look for a database as clang-tidy and clangd do,
  // else parse as C++17 with no other flags (a file that then does not
  // compile is told how to give its flags).
  if (!In.Compilations) {
    In.Compilations = findDatabaseFor(Files.front());
    In.NoDatabase = !In.Compilations;
    if (In.NoDatabase)
      In.Compilations = std::make_unique<tooling::FixedCompilationDatabase>(
          ".", std::vector<std::string>{"-std=c++17"});
  }

  PathFilter Filter;
  auto Include = compileGlobs(IncludeGlobs, "--include");
  if (!Include)
    return Include.takeError();
  auto Exclude = compileGlobs(ExcludeGlobs, "--exclude");
  if (!Exclude)
    return Exclude.takeError();
  Filter.Include = std::move(*Include);
  Filter.Exclude = std::move(*Exclude);
  Files = selectFiles(std::move(Files), Filter, Root);
  if (Files.empty())
    return llvm::createStringError("no file to analyze: --include/--exclude "
                                   "leave none of the input files");
  // A shard may be empty (fewer files than shards): it reports nothing.
  if (ShardSpec.getNumOccurrences()) {
    llvm::Expected<Shard> Part = parseShard(ShardSpec);
    if (!Part)
      return Part.takeError();
    PathFilter ShardOnly;
    ShardOnly.Part = *Part;
    Files = selectFiles(std::move(Files), ShardOnly, Root);
  }
  if (llvm::Error E = checkInputsExist(Files, *In.Compilations))
    return std::move(E);
  return std::move(In);
}

/// The result cache: --cache-dir's (an error when it cannot be opened), else
/// the user's cache directory (a warning), or none with --no-cache.
llvm::Expected<std::unique_ptr<ResultCache>> openCache() {
  if (NoCache)
    return nullptr;
  SmallString<256> Dir(CacheDir.getValue());
  if (Dir.empty() && llvm::sys::path::cache_directory(Dir))
    llvm::sys::path::append(Dir, "torchsync");
  if (Dir.empty())
    return nullptr;
  auto Opened = ResultCache::open(Dir);
  if (Opened)
    return std::move(*Opened);
  if (CacheDir.getNumOccurrences())
    return Opened.takeError();
  if (!Quiet)
    // The default place is a convenience: without it, analyze anyway.
    llvm::errs() << "torchsync: warning: " << llvm::toString(Opened.takeError())
                 << "; analyzing without a cache\n";
  else
    llvm::consumeError(Opened.takeError());
  return nullptr;
}

/// A whole-project run also analyzes the files of the database that are not
/// reported (a selection, --include/--exclude, --diff limit what is
/// reported, not what is known); they are not counted in the progress. A
/// shard sees only its files, so it keeps the per-file rules; with an
/// explicit --whole-program=on it is the first step of a sharded
/// whole-project run (docs/ci.md): it analyzes its files the whole-project
/// way into the cache and reports nothing, and a whole-project run with the
/// shards' caches joined resolves them without parsing again. The summary
/// files it writes are refused now, before any analysis, when they would
/// overwrite something else.
llvm::Expected<WholeProgramPlan>
planWholeProgram(const Inputs &In, bool HaveCache, bool HaveHarness) {
  WholeProgramPlan P;
  bool Sharded = ShardSpec.getNumOccurrences() > 0;
  P.ShardSummaries =
      Sharded && WholeProgram.getNumOccurrences() && WholeProgram == "on";
  P.Whole = !BuildPath.empty() && WholeProgram == "on" &&
            (!Sharded || P.ShardSummaries);
  if (P.ShardSummaries) {
    if (BuildPath.empty())
      return llvm::createStringError(
          "--shard with --whole-program=on needs -p <build-dir>");
    if (!HaveCache)
      return llvm::createStringError(
          "--shard with --whole-program=on fills the result cache for a "
          "whole-project run to resolve: it cannot run with --no-cache or "
          "without a cache directory");
    if (OutputFile != "-" || Fix || FixNotes || !ExportFixes.empty() ||
        !WriteBaselineFile.empty() || HaveHarness)
      return llvm::createStringError(
          "--shard with --whole-program=on writes no report, fixes, "
          "baseline or harness: the whole-project run that resolves the "
          "shards does (docs/ci.md)");
  }
  if (!WriteSummaries.empty() && (!P.Whole || P.ShardSummaries))
    return llvm::createStringError(
        "--write-summaries needs a whole-project run (-p <build-dir> with "
        "--whole-program=on, without --shard)");
  if (!P.Whole || P.ShardSummaries)
    return std::move(P);
  P.FactsOutputs.push_back(defaultFactsPath(BuildPath));
  if (!WriteSummaries.empty())
    P.FactsOutputs.push_back(WriteSummaries);
  for (const std::string &Path : P.FactsOutputs)
    if (llvm::Error E = checkFactsOutput(Path))
      return std::move(E);
  llvm::StringSet<> Selected;
  for (const std::string &F : In.Files)
    Selected.insert(F);
  for (const std::string &F : In.Compilations->getAllFiles()) {
    SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (Selected.insert(Abs).second)
      P.Known.push_back(std::string(Abs));
  }
  return std::move(P);
}

/// Analyzes every file (and the known files of a whole-project run) on Jobs
/// threads, with a progress bar; each diagnostic becomes a finding that
/// keeps it, with the file whose translation unit reported it.
Analyzed analyzeAll(const Inputs &In, const WholeProgramPlan &Plan,
                    const Configuration &C, ResultCache *Cache,
                    SourceFiles &Sources) {
  AnalysisOptions Analysis;
  Analysis.WholeProgram = Plan.Whole;
  Analysis.FixesFromNotes = FixNotes;
  Analysis.ExtraArgsBefore = C.Tidy.ExtraArgsBefore;
  Analysis.ExtraArgs = ExtraArgs;
  Analysis.Overlay = C.Tidy.Overlay;
  Analysis.Profile = C.Tidy.Profile;
  Analysis.ProfilePrefix = C.Tidy.ProfilePrefix;
  Analysis.TraverseAll = TraverseAll;
  const ConfigInput &Input = C.Input;
  Analysis.MakeProvider =
      [&Input](llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
        // Made once before from the same input, so it cannot fail here.
        return llvm::cantFail(
            makeProvider(Input, /*Problems=*/nullptr, std::move(FS)));
      };
  const std::vector<std::string> &Files = In.Files, &Known = Plan.Known;
  std::vector<FileResult> Results(Files.size());
  std::vector<FileResult> KnownResults(Known.size());
  {
    // The workers name the files they finish through their own copy.
    const SourceFiles Names(Sources.root().str());
    std::optional<Progress> Bar;
    if (!Quiet && Files.size() > 1)
      Bar.emplace(llvm::errs(), Files.size(),
                  ProgressBar || llvm::sys::Process::StandardErrIsDisplayed(),
                  llvm::sys::Process::StandardErrColumns());
    // Profile tables on standard error would mix: one file at a time.
    unsigned Threads =
        C.Tidy.Profile && C.Tidy.ProfilePrefix.empty() ? 1 : Jobs;
    forEachInParallel(Files.size() + Known.size(), Threads, [&](size_t I) {
      if (I >= Files.size()) {
        size_t K = I - Files.size();
        KnownResults[K] =
            analyzeFile(Known[K], *In.Compilations, Analysis, Cache);
        return;
      }
      Results[I] = analyzeFile(Files[I], *In.Compilations, Analysis, Cache);
      if (Bar)
        Bar->finished(Names.relativePath(Files[I]), Results[I].FromCache,
                      Results[I].Failure.has_value());
    });
    if (Bar)
      Bar->done();
  }
  Analyzed A;
  // A file with compile errors keeps the facts of the functions clang
  // built without errors (Summary::Dropped names the others); one that
  // gave no summary at all leaves the program incomplete.
  auto AddSummary = [&](const std::string &File, const FileResult &R,
                        bool Reported) {
    if (!Plan.Whole)
      return;
    llvm::Expected<Summary> S =
        clang::tidy::torchsync::summaryFromJson(R.Summary);
    if (!S) {
      llvm::consumeError(S.takeError());
      A.Complete = false;
      if (R.Failure && !Reported && !Quiet)
        llvm::errs() << "torchsync: warning: cannot analyze '" << File
                     << "' for whole-program facts: " << *R.Failure
                     << "; what it calls is not known\n";
      return;
    }
    if (R.Failure && !Quiet) {
      llvm::errs() << "torchsync: warning: whole-program facts of '" << File
                   << "' are partial";
      if (!Reported)
        llvm::errs() << " (" << *R.Failure << ")";
      llvm::errs() << ": " << describeDropped(S->Dropped) << "\n";
    }
    // What the facts rest on beside the file's text (D14): its commands in
    // the compile database and its configuration files.
    if (!In.NoDatabase)
      S->CommandHash = clang::tidy::torchsync::commandHash(
          In.Compilations->getCompileCommands(File));
    llvm::append_range(S->Headers, R.ConfigFiles);
    llvm::sort(S->Headers);
    S->Headers.erase(std::unique(S->Headers.begin(), S->Headers.end()),
                     S->Headers.end());
    A.Summaries.emplace_back(File, std::move(*S));
  };
  for (size_t K = 0; K < Known.size(); ++K)
    AddSummary(Known[K], KnownResults[K], /*Reported=*/false);
  bool CacheWarned = false;
  for (size_t I = 0; I < Files.size(); ++I) {
    FileResult &R = Results[I];
    AddSummary(Files[I], R, /*Reported=*/true);
    for (ClangTidyError &E : R.Errors) {
      A.Findings.push_back(makeFinding(std::move(E), Files[I], Sources));
      A.Findings.back().FromBrokenUnit = R.Failure.has_value();
    }
    for (ClangTidyError &E : R.Suppressed) {
      A.Suppressed.push_back(makeFinding(std::move(E), Files[I], Sources));
      A.Suppressed.back().Suppressed = true;
    }
    if (R.Failure)
      A.Failures.push_back({Files[I], *R.Failure});
    if (R.CacheProblem && !CacheWarned && !Quiet) {
      llvm::errs() << "torchsync: warning: cannot write to the cache: "
                   << *R.CacheProblem << "\n";
      CacheWarned = true;
    }
  }
  return A;
}

/// The end of a --shard --whole-program=on run: its files are summarized
/// into the cache, or it fails.
int finishShard(const Analyzed &A, size_t NumFiles) {
  for (const Failure &F : A.Failures)
    llvm::errs() << "torchsync: error: cannot analyze '" << F.File
                 << "': " << F.Reason << "\n";
  if (!A.Failures.empty())
    return 2;
  if (!Quiet)
    llvm::errs() << "torchsync: shard " << ShardSpec << ": " << NumFiles
                 << " file" << (NumFiles == 1 ? "" : "s")
                 << " summarized into the cache; a whole-project run "
                    "with the shards' caches joined reports them\n";
  return 0;
}

/// The fixes of the reported findings, planned before anything is written:
/// the report shows which applied, and no output may be a file the fixes
/// change. Fix-its made from a translation unit that did not compile rest
/// on a broken AST: none of the files they touch is changed.
llvm::Expected<FixPlan> planFixes(const Analyzed &A,
                                  std::vector<Finding> &Reported) {
  FixPlan Plan(FixNotes);
  if (!Fix && !FixNotes)
    return std::move(Plan);
  for (const Finding &F : A.Findings) {
    if (!F.FromBrokenUnit)
      continue;
    for (const FixIt &Fix : F.Fixes)
      for (const Edit &E : Fix.Edits)
        Plan.avoid(E.Begin.File);
  }
  for (const Failure &F : A.Failures)
    Plan.avoid(F.File);
  for (Finding &F : Reported)
    Plan.add(F);
  if (llvm::Error E = checkOutputsAgainst(namedOutputs(), Plan.files(),
                                          "a file the fixes change"))
    return std::move(E);
  for (const std::string &File : Plan.files())
    if (llvm::Error E = checkWritable(File))
      return std::move(E);
  return std::move(Plan);
}

/// What the GPU run measured: matched with the findings by fingerprint,
/// ranked by their share of the blocked time in user code. With --sort=cost,
/// ByCost gets the reported findings in that order (the report's order only:
/// fixes and harnesses keep theirs).
std::optional<RuntimeCosts> measuredCosts(RunSettings &Run, GateResult &Gated,
                                          std::vector<Finding> &Suppressed,
                                          SourceFiles &Sources,
                                          std::vector<Finding> &ByCost) {
  if (!Run.Runtime)
    return std::nullopt;
  VerifierReport &Report = *Run.Runtime;
  size_t Entries = Report.Unmatched;
  RuntimeCosts Measured = applyRuntimeReport(
      Report, RuntimeReport, {Gated.Reported, Suppressed}, Sources);
  size_t Ours = Gated.Reported.size() + Suppressed.size();
  if (Measured.Matched == 0 && Entries && Ours) {
    // Measurements of another program would rank the wrong code.
    llvm::StringRef Theirs =
        Report.top().getString("root").value_or("not given");
    llvm::errs() << "torchsync: warning: runtime report '" << RuntimeReport
                 << "' matches none of the " << Ours
                 << " findings by fingerprint: it was made for another "
                    "program or root (its root: '"
                 << Theirs << "', this run's: '" << Run.Root
                 << "'); its measurements are left out\n";
    return std::nullopt;
  }
  if (Run.SortByCost) {
    ByCost = Gated.Reported;
    sortByCost(ByCost);
  }
  return std::move(Measured);
}

/// The facts of a complete run, for the plugin and the editor: the default
/// place is a convenience (a warning when it cannot be written), the named
/// file is not.
llvm::Error writeFacts(const clang::tidy::torchsync::FactsFile &Facts,
                       llvm::ArrayRef<std::string> Paths) {
  for (const std::string &Path : Paths)
    if (llvm::Error E = writeFactsFile(Path, Facts)) {
      if (Path == WriteSummaries)
        return E;
      if (!Quiet)
        llvm::errs() << "torchsync: warning: " << llvm::toString(std::move(E))
                     << "\n";
      else
        llvm::consumeError(std::move(E));
    }
  return llvm::Error::success();
}

} // namespace

int main(int argc, const char **argv) {
  llvm::InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::HideUnrelatedOptions(Category, MergeCommand);
  cl::HideUnrelatedOptions(Category, RenderCommand);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "torchsync " TORCHSYNC_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
  });
  auto Fail = [](llvm::Error E) { return inputError(toString(std::move(E))); };

  std::unique_ptr<tooling::CompilationDatabase> Fixed;
  bool HadCompilerArgs = false;
  if (std::optional<int> Exit =
          parseCommandLine(argc, argv, Fixed, HadCompilerArgs))
    return *Exit;
  if (MergeCommand)
    return runMerge();
  if (RenderCommand)
    return runRenderSarif();

  llvm::Expected<Configuration> Config = readConfiguration();
  if (!Config)
    return Fail(Config.takeError());
  if (std::optional<int> Exit = runConfigQueries(*Config))
    return *Exit;
  // The baseline would record the lines as they were before the fixes.
  if (WriteBaselineFile.getNumOccurrences() && (Fix || FixNotes))
    return inputError("--write-baseline cannot be combined with --fix or "
                      "--fix-notes (the baseline would hold the line numbers "
                      "from before the fixes)");
  llvm::Expected<RunSettings> Run =
      readRunSettings(Config->Tidy.WarningsAsErrors);
  if (!Run)
    return Fail(Run.takeError());
  llvm::Expected<std::optional<HarnessSettings>> Harness =
      readHarness(Config->Tidy);
  if (!Harness)
    return Fail(Harness.takeError());

  llvm::Expected<Inputs> In =
      selectInputs(std::move(Fixed), HadCompilerArgs, Run->Root);
  if (!In)
    return Fail(In.takeError());
  const std::vector<std::string> &Files = In->Files;
  std::optional<ConfigWarnings> Checked =
      checkConfig(*Config, Files, /*RequireChecks=*/true);
  if (!Checked)
    return 2;
  // Only with --allow-no-checks: as clang-tidy, nothing to do.
  if (Config->Tidy.AllowNoChecks && !Files.empty() && !Checked->AnyChecks) {
    if (!Quiet)
      llvm::errs() << "torchsync: no check is enabled; nothing is analyzed\n";
    return 0;
  }
  if (llvm::Error E = checkOutputs(Files))
    return Fail(std::move(E));
  llvm::Expected<std::unique_ptr<ResultCache>> Cache = openCache();
  if (!Cache)
    return Fail(Cache.takeError());
  llvm::Expected<WholeProgramPlan> Whole =
      planWholeProgram(*In, *Cache != nullptr, Harness->has_value());
  if (!Whole)
    return Fail(Whole.takeError());

  SourceFiles Sources(Run->Root);
  Analyzed A = analyzeAll(*In, *Whole, *Config, Cache->get(), Sources);
  if (*Cache)
    (*Cache)->prune();
  if (Whole->ShardSummaries)
    return finishShard(A, Files.size());

  ClangTidyContext Context(std::move(Config->Provider),
                           /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  if (!Files.empty())
    Context.setCurrentFile(Files.front());
  // Candidates of a whole-project run become findings where the program's
  // facts say so.
  std::optional<clang::tidy::torchsync::FactsFile> Facts;
  if (Whole->Whole) {
    clang::tidy::torchsync::Index Program =
        resolveProgram(std::move(A.Summaries), A.Complete);
    decideFindings(Program, A.Findings, Sources);
    decideFindings(Program, A.Suppressed, Sources);
    Facts = Program.data();
  }
  removeDuplicates(A.Findings);
  assignFingerprints(A.Findings, Sources);
  // Fingerprints of suppressed findings are counted apart, so that adding
  // or removing a NOLINT does not move those of the others.
  removeDuplicates(A.Suppressed);
  assignFingerprints(A.Suppressed, Sources);
  A.Suppressed = applyGate(std::move(A.Suppressed), Run->Gate).Reported;
  GateResult Gated = applyGate(A.Findings, Run->Gate);

  llvm::Expected<FixPlan> Plan = planFixes(A, Gated.Reported);
  if (!Plan)
    return Fail(Plan.takeError());
  std::vector<Finding> ByCost;
  std::optional<RuntimeCosts> Costs =
      measuredCosts(*Run, Gated, A.Suppressed, Sources, ByCost);

  // With --write-baseline --quiet only errors are printed.
  bool QuietBaseline = Quiet && !WriteBaselineFile.empty() &&
                       Run->OutputFormat == Format::Text && OutputFile == "-";
  if (!QuietBaseline)
    if (llvm::Error E = writeReport(
            OutputFile, Run->OutputFormat,
            ByCost.empty() ? Gated.Reported : ByCost, A.Suppressed, Run->Root,
            Context.getOptions().UseColor, Costs ? &*Costs : nullptr))
      return Fail(std::move(E));
  if (*Harness)
    if (llvm::Error E = emitHarnesses(Gated.Reported, *In->Compilations,
                                      Sources, **Harness))
      return Fail(std::move(E));
  if (Plan->total()) {
    if (llvm::Error E = Plan->write([&](llvm::StringRef File) {
          return Context.getOptionsForFile(File).FormatStyle.value_or("none");
        }))
      return Fail(std::move(E));
    llvm::errs() << "torchsync: applied " << Plan->applied() << " of "
                 << Plan->total() << " fix" << (Plan->total() == 1 ? "" : "es")
                 << "\n";
  }
  if (!ExportFixes.empty() && !Gated.Reported.empty())
    if (llvm::Error E =
            exportFixes(ExportFixes, Files.size() == 1 ? Files.front() : "",
                        Gated.Reported, FixNotes))
      return Fail(std::move(E));

  // The facts are written also where files did not compile: theirs are
  // partial (a warning line said so), and the editor and the plugin are
  // better served by them than by none.
  if (Facts)
    if (llvm::Error E = writeFacts(*Facts, Whole->FactsOutputs))
      return Fail(std::move(E));
  for (const Failure &F : A.Failures)
    llvm::errs() << "torchsync: error: cannot analyze '" << F.File
                 << "': " << F.Reason
                 << (In->NoDatabase ? StringRef(NoDatabaseHint) : StringRef())
                 << "\n";
  if (!A.Failures.empty())
    return 2;
  // A baseline is written only from a complete run: a file that failed to
  // compile would otherwise lose its known findings.
  if (!WriteBaselineFile.empty()) {
    if (llvm::Error E = writeBaseline(WriteBaselineFile, A.Findings))
      return Fail(std::move(E));
    if (!Quiet)
      llvm::errs() << "torchsync: wrote " << A.Findings.size() << " fingerprint"
                   << (A.Findings.size() == 1 ? "" : "s") << " to '"
                   << WriteBaselineFile << "'\n";
  }
  if (!Quiet) {
    llvm::StringSet<> FilesWithFindings;
    for (const Finding &F : Gated.Reported)
      FilesWithFindings.insert(F.TranslationUnit);
    printSummary(llvm::errs(), Gated, FilesWithFindings.size(), Files.size(),
                 A.Suppressed.size());
  }
  if (!WriteBaselineFile.empty())
    return 0;
  return llvm::any_of(
             Gated.Reported,
             [&](const Finding &F) { return failsGate(F, Run->FailLevel); })
             ? 1
             : 0;
}
