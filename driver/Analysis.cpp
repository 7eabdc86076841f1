//===--- Analysis.cpp - Running the checks over one file ------------------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "Analysis.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "program/Collector.h"
#include "program/Recorder.h"
#include "program/Serialization.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclGroup.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/thread.h"
#include <csignal>
#include <mutex>

using namespace clang;
using namespace clang::tidy;

namespace torchsync {

namespace {

/// The absolute path of a file the compiler read.
std::string absolutePath(FileEntryRef Entry, llvm::StringRef Directory) {
  llvm::StringRef Real = Entry.getFileEntry().tryGetRealPathName();
  if (!Real.empty())
    return Real.str();
  llvm::SmallString<256> Path(Entry.getName());
  if (!llvm::sys::path::is_absolute(Path)) {
    llvm::SmallString<256> Abs(Directory);
    llvm::sys::path::append(Abs, Path);
    Path = Abs;
  }
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// Runs the enabled checks over one file; what failed to compile comes back
/// as clang-diagnostic-error entries in the context's diagnostics. Records
/// every file the compiler read, with the hash of what it read.
class TidyActionFactory : public tooling::FrontendActionFactory {
public:
  TidyActionFactory(ClangTidyContext &Context, bool TraverseAll,
                    std::vector<Dependency> *Deps,
                    std::string *Summary = nullptr,
                    std::vector<std::string> HotFunctions = {},
                    std::vector<std::string> EntryPoints = {})
      : ConsumerFactory(Context), TraverseAll(TraverseAll), Deps(Deps),
        Summary(Summary), HotFunctions(std::move(HotFunctions)),
        EntryPoints(std::move(EntryPoints)) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(*this);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    // clang-tidy parses with __clang_analyzer__ defined; so do we, so that
    // code guarded by it is seen the same way by the plugin and the driver.
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // Compiler errors come back as diagnostics and are reported in one line
    // each; the compiler's own "N errors generated." would be a second.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

private:
  class Action : public ASTFrontendAction {
  public:
    explicit Action(TidyActionFactory &Factory) : Factory(Factory) {}

    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                   StringRef File) override {
      std::unique_ptr<ASTConsumer> Tidy =
          Factory.ConsumerFactory.createASTConsumer(Compiler, File);
      if (Factory.TraverseAll)
        return Tidy;
      std::vector<std::unique_ptr<ASTConsumer>> Consumers;
      Consumers.push_back(clang::tidy::torchsync::makeUserCodeScope(
          Compiler.getSourceManager()));
      Consumers.push_back(std::move(Tidy));
      // The summary reads the same traversal scope, after the checks.
      if (Factory.Summary)
        Consumers.push_back(clang::tidy::torchsync::makeCollector(
            Compiler, Factory.HotFunctions, Factory.EntryPoints,
            *Factory.Summary));
      return std::make_unique<MultiplexConsumer>(std::move(Consumers));
    }

    void EndSourceFileAction() override {
      if (!Factory.Deps)
        return;
      const CompilerInstance &CI = getCompilerInstance();
      const SourceManager &SM = CI.getSourceManager();
      llvm::StringRef Directory =
          CI.getFileSystemOpts().WorkingDir.empty()
              ? llvm::StringRef()
              : llvm::StringRef(CI.getFileSystemOpts().WorkingDir);
      for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
           ++It) {
        std::optional<llvm::MemoryBufferRef> Buffer =
            It->second->getBufferIfLoaded();
        if (!Buffer)
          continue;
        Factory.Deps->push_back({absolutePath(It->first, Directory),
                                 contentHash(Buffer->getBuffer())});
      }
    }

  private:
    TidyActionFactory &Factory;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
  bool TraverseAll;
  std::vector<Dependency> *Deps;
  std::string *Summary;
  std::vector<std::string> HotFunctions, EntryPoints;
};

/// The configuration of the driver's runs: the user's, with the reserved
/// option that makes the checks record the facts their findings rest on
/// (a whole-project run), or that keeps them from reading a summary file
/// (a per-file run: the driver's per-file rules stay per file). The option
/// is part of the configuration, so per-file and whole-project results have
/// different cache keys.
class RecordFactsProvider : public ClangTidyOptionsProvider {
public:
  RecordFactsProvider(std::unique_ptr<ClangTidyOptionsProvider> Base,
                      bool Record)
      : Base(std::move(Base)), Record(Record) {}
  const ClangTidyGlobalOptions &getGlobalOptions() override {
    return Base->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Sources = Base->getRawOptions(FileName);
    ClangTidyOptions Reserved;
    if (Record)
      Reserved.CheckOptions[clang::tidy::torchsync::RecordFactsOption] = "true";
    else
      Reserved.CheckOptions[clang::tidy::torchsync::NoSummaryFileOption] =
          "true";
    Sources.emplace_back(std::move(Reserved),
                         Record ? "torchsync whole-project run"
                                : "torchsync per-file run");
    return Sources;
  }

private:
  std::unique_ptr<ClangTidyOptionsProvider> Base;
  bool Record;
};

/// The configuration's global list option \p Name (HotFunctions,
/// EntryPoints), for the summary.
std::vector<std::string> listOptionOf(const ClangTidyOptions &Options,
                                      StringRef Name) {
  auto It = Options.CheckOptions.find(Name);
  if (It == Options.CheckOptions.end())
    return {};
  return clang::tidy::torchsync::optionList(It->getValue().Value);
}

/// Sits in front of clang-tidy's consumer and keeps the findings that a
/// NOLINT comment suppresses (clang-tidy's consumer keeps only a count),
/// with their notes, so that reports can list them as suppressed. Only
/// findings in code that is reported at all are kept: the main file and
/// headers the header filter lets through.
class NolintRecorder : public DiagnosticConsumer {
public:
  NolintRecorder(ClangTidyContext &Context, DiagnosticConsumer &Next)
      : Context(Context), Next(Next) {}

  void BeginSourceFile(const LangOptions &LangOpts,
                       const Preprocessor *PP) override {
    Next.BeginSourceFile(LangOpts, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    // Counts errors: the compiler's status is read from its client.
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level == DiagnosticsEngine::Note) {
      if (LastSuppressed && Info.hasSourceManager())
        Suppressed.back().Notes.push_back(message(Info));
    } else {
      LastSuppressed = false;
      if (Info.hasSourceManager() && Info.getLocation().isValid())
        record(Level, Info);
    }
    Next.HandleDiagnostic(Level, Info);
  }

  std::vector<ClangTidyError> take() { return std::move(Suppressed); }

private:
  void record(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
    std::string Check = Context.getCheckName(Info.getID());
    if (Check.empty() || llvm::StringRef(Check).starts_with("clang-"))
      return;
    llvm::SmallVector<tooling::Diagnostic, 1> NoLintErrors;
    if (!Context.shouldSuppressDiagnostic(Level, Info, NoLintErrors) ||
        !reported(Info.getSourceManager(), Info.getLocation()))
      return;
    ClangTidyError E(
        Check,
        Level == DiagnosticsEngine::Error ? ClangTidyError::Error
                                          : ClangTidyError::Warning,
        Context.getCurrentBuildDirectory(), Context.treatAsError(Check));
    E.Message = message(Info);
    // The context adds the check's name to the text; findings carry it
    // apart.
    llvm::StringRef Text = E.Message.Message;
    if (Text.consume_back(" [" + Check + "]"))
      E.Message.Message = Text.str();
    Suppressed.push_back(std::move(E));
    LastSuppressed = true;
  }

  /// The message and its place; fix-its are left out, as a suppressed
  /// finding is never fixed.
  static tooling::DiagnosticMessage message(const Diagnostic &Info) {
    llvm::SmallString<256> Text;
    Info.FormatDiagnostic(Text);
    const SourceManager &SM = Info.getSourceManager();
    SourceLocation Loc = Info.getLocation();
    if (Loc.isInvalid())
      return tooling::DiagnosticMessage(Text);
    return tooling::DiagnosticMessage(Text, SM, SM.getFileLoc(Loc));
  }

  bool reported(const SourceManager &SM, SourceLocation Loc) {
    OptionalFileEntryRef File =
        SM.getFileEntryRefForID(SM.getDecomposedExpansionLoc(Loc).first);
    if (File &&
        !passesLineFilter(File->getName(), SM.getExpansionLineNumber(Loc)))
      return false;
    if (SM.isInMainFile(SM.getExpansionLoc(Loc)))
      return true;
    if (!Context.getOptions().SystemHeaders.value_or(false) &&
        (SM.isInSystemHeader(Loc) || SM.isInSystemMacro(Loc)))
      return false;
    if (!File)
      return false;
    if (!HeaderFilter) {
      const ClangTidyOptions &Options = Context.getOptions();
      HeaderFilter =
          std::make_unique<llvm::Regex>(Options.HeaderFilterRegex.value_or(""));
      ExcludeHeaderFilter = std::make_unique<llvm::Regex>(
          Options.ExcludeHeaderFilterRegex.value_or(""));
    }
    llvm::StringRef Name = File->getName();
    // An empty pattern does not compile: it lets no header through.
    return HeaderFilter->isValid() && HeaderFilter->match(Name) &&
           !(ExcludeHeaderFilter->isValid() &&
             ExcludeHeaderFilter->match(Name));
  }

  /// --line-filter, read as clang-tidy's consumer reads it for the
  /// findings it keeps: the first entry whose name ends the file's path
  /// decides (no ranges: every line); a file no entry names is left out,
  /// unless the filter is empty.
  bool passesLineFilter(llvm::StringRef Name, unsigned Line) const {
    const std::vector<FileFilter> &Filter =
        Context.getGlobalOptions().LineFilter;
    if (Filter.empty())
      return true;
    auto Entry = llvm::find_if(
        Filter, [&](const FileFilter &F) { return Name.ends_with(F.Name); });
    return Entry != Filter.end() &&
           (Entry->LineRanges.empty() ||
            llvm::any_of(Entry->LineRanges,
                         [&](const FileFilter::LineRange &R) {
                           return R.first <= Line && Line <= R.second;
                         }));
  }

  ClangTidyContext &Context;
  DiagnosticConsumer &Next;
  std::vector<ClangTidyError> Suppressed;
  bool LastSuppressed = false;
  std::unique_ptr<llvm::Regex> HeaderFilter, ExcludeHeaderFilter;
};

/// "file:line:col: message" for a compiler error, as a compiler writes it.
std::string describeCompileError(const ClangTidyError &E) {
  std::string Where = E.Message.FilePath;
  if (Where.empty())
    return E.Message.Message;
  auto Buffer = llvm::MemoryBuffer::getFile(Where);
  unsigned Line = 1, Col = 1;
  if (Buffer) {
    StringRef Text = (*Buffer)->getBuffer().take_front(E.Message.FileOffset);
    Line += Text.count('\n');
    Col += Text.size() - (Text.rfind('\n') + 1);
  }
  return Where + ":" + std::to_string(Line) + ":" + std::to_string(Col) + ": " +
         E.Message.Message;
}

/// Records every path the compiler looked for and did not find: the include
/// directories probed before the one that held a header (and the includer's
/// own directory for a quoted include), __has_include misses, search
/// directories that do not exist. A file created at one of these paths can
/// change what the compiler reads, so the cache keeps them as negative
/// dependencies. Recording at the file system sees every lookup clang's
/// HeaderSearch and driver make, whatever the kind of search.
class MissRecorder : public llvm::vfs::ProxyFileSystem {
public:
  MissRecorder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
               std::vector<std::string> &Misses)
      : ProxyFileSystem(std::move(FS)), Misses(Misses) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    auto Result = ProxyFileSystem::status(Path);
    if (!Result)
      record(Path);
    return Result;
  }
  bool exists(const llvm::Twine &Path) override {
    bool Result = ProxyFileSystem::exists(Path);
    if (!Result)
      record(Path);
    return Result;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto Result = ProxyFileSystem::openFileForRead(Path);
    if (!Result)
      record(Path);
    return Result;
  }

private:
  void record(const llvm::Twine &Path) {
    llvm::SmallString<256> Abs;
    Path.toVector(Abs);
    if (Abs.empty())
      return;
    if (!llvm::sys::path::is_absolute(Abs))
      if (auto CWD = getCurrentWorkingDirectory()) {
        llvm::SmallString<256> Joined(*CWD);
        llvm::sys::path::append(Joined, Abs);
        Abs = Joined;
      }
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    std::lock_guard<std::mutex> Lock(Mutex);
    Misses.push_back(std::string(Abs));
  }

  std::vector<std::string> &Misses;
  std::mutex Mutex;
};

/// A physical file system of the tool's own (see makeTool), under an
/// overlay for --vfsoverlay.
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
makeFileSystem(std::vector<std::string> *Misses, const VfsOverlay *Overlay) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Physical =
      llvm::vfs::createPhysicalFileSystem();
  if (Misses)
    Physical = llvm::makeIntrusiveRefCnt<MissRecorder>(Physical, *Misses);
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Physical);
  // One overlay per tool, over this tool's own physical file system: a
  // redirecting file system keeps a working directory of its own too.
  if (Overlay)
    if (std::unique_ptr<llvm::vfs::FileSystem> Redirecting =
            llvm::vfs::getVFSFromYAML(
                llvm::MemoryBuffer::getMemBuffer(Overlay->Yaml, Overlay->Path),
                /*DiagHandler=*/nullptr, Overlay->Path,
                /*DiagContext=*/nullptr, Physical))
      FS->pushOverlay(std::move(Redirecting));
  return FS;
}

} // namespace

std::unique_ptr<tooling::ClangTool>
makeTool(const tooling::CompilationDatabase &DB, StringRef File,
         std::vector<std::string> *Misses, const VfsOverlay *Overlay) {
  return std::make_unique<tooling::ClangTool>(
      DB, std::vector<std::string>{File.str()},
      std::make_shared<PCHContainerOperations>(),
      makeFileSystem(Misses, Overlay));
}

void forEachInParallel(size_t Count, unsigned Jobs,
                       llvm::function_ref<void(size_t)> Body) {
  unsigned Threads =
      Jobs ? Jobs
           : llvm::heavyweight_hardware_concurrency().compute_thread_count();
  Threads = std::max<size_t>(1, std::min<size_t>(Threads, Count));
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
  for (size_t I = 0; I < Count; ++I)
    Pool.async([Body, I] { Body(I); });
  Pool.wait();
}

namespace {

FileResult analyzeFileUnprotected(StringRef File,
                                  const tooling::CompilationDatabase &DB,
                                  const AnalysisOptions &Options,
                                  ResultCache *Cache) {
  FileResult Result;
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(File);
  if (Commands.empty()) {
    Result.Failure = "no compile command for it in the compilation database";
    return Result;
  }
  // The tool's file system, which the configuration is read through too:
  // the tool sets its working directory to the command's while the file is
  // parsed, and clang-tidy then looks up the configuration of the file's
  // name as the command spells it (relative to that directory).
  std::vector<std::string> Absent;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS = makeFileSystem(
      Cache ? &Absent : nullptr, Options.Overlay ? &*Options.Overlay : nullptr);
  std::unique_ptr<ClangTidyOptionsProvider> Provider = Options.MakeProvider(FS);
  if (Options.WholeProgram)
    for (const ClangTidyOptionsProvider::OptionsSource &Source :
         Provider->getRawOptions(File))
      // The sources that are files (not the defaults or the command line).
      if (llvm::sys::fs::is_regular_file(Source.second))
        if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
                llvm::MemoryBuffer::getFile(Source.second))
          Result.ConfigFiles.emplace_back(
              Source.second,
              clang::tidy::torchsync::factsContentHash((*Text)->getBuffer()));
  Provider = std::make_unique<RecordFactsProvider>(std::move(Provider),
                                                   Options.WholeProgram);
  ClangTidyContext Context(std::move(Provider),
                           /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  Context.setCurrentBuildDirectory(Commands.front().Directory);
  if (Options.Profile) {
    Context.setEnableProfiling(true);
    if (!Options.ProfilePrefix.empty())
      Context.setProfileStoragePrefix(Options.ProfilePrefix);
  }

  std::string Key;
  if (Cache) {
    std::vector<std::string> Command;
    for (const tooling::CompileCommand &C : Commands) {
      Command.push_back(C.Directory);
      llvm::append_range(Command, C.CommandLine);
    }
    for (const std::string &Arg : Options.ExtraArgsBefore)
      Command.push_back("--extra-arg-before=" + Arg);
    llvm::append_range(Command, Options.ExtraArgs);
    // Everything else that changes what is kept: the configuration, the
    // line filter (a global option, not part of it) and the overlay's
    // description of files.
    std::string Config = configurationAsText(Context.getOptionsForFile(File)) +
                         (Options.FixesFromNotes ? "\nfixes-from-notes" : "") +
                         (Options.TraverseAll ? "\ntraverse-all" : "");
    for (const FileFilter &F : Context.getGlobalOptions().LineFilter) {
      Config += "\nline-filter " + F.Name;
      for (const FileFilter::LineRange &R : F.LineRanges)
        Config +=
            " " + std::to_string(R.first) + "-" + std::to_string(R.second);
    }
    if (Options.Overlay)
      Config += "\nvfsoverlay " + contentHash(Options.Overlay->Yaml);
    Key = Cache->keyFor(File, Command, Commands.front().Directory, Config);
    // A profile measures a parse: the cache is written, not read.
    if (!Options.Profile)
      if (auto Cached =
              Cache->lookup(Key, &Result.Suppressed,
                            Options.WholeProgram ? &Result.Summary : nullptr)) {
        Result.Errors = std::move(*Cached);
        Result.FromCache = true;
        return Result;
      }
  }

  ClangTidyDiagnosticConsumer DiagConsumer(
      Context, nullptr, /*RemoveIncompatibleErrors=*/true,
      /*GetFixesFromNotes=*/Options.FixesFromNotes);
  NolintRecorder Nolint(Context, DiagConsumer);
  DiagnosticsEngine DE(new DiagnosticIDs(), new DiagnosticOptions(), &Nolint,
                       /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  std::vector<Dependency> Deps;
  TidyActionFactory Factory(
      Context, Options.TraverseAll, Cache ? &Deps : nullptr,
      Options.WholeProgram ? &Result.Summary : nullptr,
      Options.WholeProgram
          ? listOptionOf(Context.getOptionsForFile(File), "HotFunctions")
          : std::vector<std::string>(),
      Options.WholeProgram
          ? listOptionOf(Context.getOptionsForFile(File), "EntryPoints")
          : std::vector<std::string>());

  tooling::ClangTool Tool(DB, std::vector<std::string>{File.str()},
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  Tool.setDiagnosticConsumer(&Nolint);
  Tool.appendArgumentsAdjuster(
      [&](const tooling::CommandLineArguments &Args, StringRef Filename) {
        ClangTidyOptions Opts = Context.getOptionsForFile(Filename);
        tooling::CommandLineArguments Adjusted = Args;
        // After the compiler: the configuration's ExtraArgsBefore, then
        // --extra-arg-before, as in clang-tidy.
        std::vector<std::string> Before =
            Opts.ExtraArgsBefore.value_or(std::vector<std::string>());
        llvm::append_range(Before, Options.ExtraArgsBefore);
        if (!Adjusted.empty())
          Adjusted.insert(Adjusted.begin() + 1, Before.begin(), Before.end());
        if (Opts.ExtraArgs)
          Adjusted.insert(Adjusted.end(), Opts.ExtraArgs->begin(),
                          Opts.ExtraArgs->end());
        llvm::append_range(Adjusted, Options.ExtraArgs);
        return Adjusted;
      });
  int Status = Tool.run(&Factory);
  Context.setDiagnosticsEngine(nullptr);

  bool FailurePlaced = false;
  for (ClangTidyError &E : DiagConsumer.take()) {
    if (E.DiagnosticName == "clang-diagnostic-error") {
      // The first error names the problem. Errors without a place ("too
      // many errors emitted, stopping now") sort first but name nothing.
      bool Placed = !E.Message.FilePath.empty();
      if (!Result.Failure || (Placed && !FailurePlaced))
        Result.Failure = describeCompileError(E);
      FailurePlaced |= Placed;
      continue;
    }
    Result.Errors.push_back(std::move(E));
  }
  Result.Suppressed = Nolint.take();
  if (Status != 0 && !Result.Failure)
    Result.Failure = "the compiler could not process it";
  // Only complete analyses are kept; a cache that cannot be written costs
  // the next run its speed, not this run its result.
  llvm::sort(Deps, [](const Dependency &A, const Dependency &B) {
    return A.Path < B.Path;
  });
  llvm::sort(Absent);
  Absent.erase(std::unique(Absent.begin(), Absent.end()), Absent.end());
  if (Cache && !Result.Failure && !Deps.empty())
    if (llvm::Error E = Cache->store(Key, Deps, Absent, Result.Errors,
                                     Result.Suppressed, Result.Summary))
      Result.CacheProblem = llvm::toString(std::move(E));
  return Result;
}

/// The stack each file is analyzed on. Clang's parser and the constant
/// evaluator recurse once per level of nesting; clang's own driver runs the
/// compiler on 8 MiB. A larger stack costs address space, not memory (pages
/// are touched only when used), and lets deeper code through.
constexpr unsigned AnalysisStackSize = 64 << 20;
/// Room for the crash handler to run when the stack itself has overflowed.
constexpr size_t SignalStackSize = 64 << 10;

/// Turns on LLVM's crash recovery (once per process), and makes its handlers
/// for the signals of a stack overflow run on the alternate signal stack of
/// the thread that overflowed: CrashRecoveryContext installs them without
/// SA_ONSTACK, so a handler would otherwise have no stack to run on and the
/// process would die with SIGSEGV.
void enableCrashRecovery() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::CrashRecoveryContext::Enable();
    for (int Signal : {SIGSEGV, SIGBUS}) {
      struct sigaction Action;
      if (sigaction(Signal, nullptr, &Action) == 0) {
        Action.sa_flags |= SA_ONSTACK;
        sigaction(Signal, &Action, nullptr);
      }
    }
  });
}

} // namespace

FileResult analyzeFile(StringRef File, const tooling::CompilationDatabase &DB,
                       const AnalysisOptions &Options, ResultCache *Cache) {
  // A crash in the compiler (a stack overflow on deeply nested code, say)
  // must cost this file its analysis, not the run: each file is analyzed on
  // a thread of its own in a crash-recovery context (as CrashRecoveryContext's
  // RunSafelyOnThread does, plus the alternate signal stack), and a crash
  // becomes a failure of the file. What the crashed analysis allocated is
  // leaked.
  enableCrashRecovery();
  FileResult Result;
  llvm::CrashRecoveryContext CRC;
  bool Completed = false;
  llvm::thread Thread(std::optional<unsigned>(AnalysisStackSize), [&] {
    // The thread's alternate signal stack while it analyzes; the one it had
    // (a sanitizer's, say) is put back before the thread ends, crash or not.
    std::unique_ptr<char[]> SignalStack(new char[SignalStackSize]);
    stack_t Alt{}, Old{};
    Alt.ss_sp = SignalStack.get();
    Alt.ss_size = SignalStackSize;
    bool Installed = sigaltstack(&Alt, &Old) == 0;
    Completed = CRC.RunSafely(
        [&] { Result = analyzeFileUnprotected(File, DB, Options, Cache); });
    if (Installed)
      sigaltstack(&Old, nullptr);
  });
  Thread.join();
  if (!Completed) {
    Result = FileResult();
    int Code = CRC.RetCode;
    bool Segv = Code == 128 + SIGSEGV || Code == 128 + SIGBUS;
    Result.Failure =
        std::string("the compiler crashed") +
        (Segv ? " (stack overflow? the code may nest too deeply)" : "");
  }
  return Result;
}

} // namespace torchsync
