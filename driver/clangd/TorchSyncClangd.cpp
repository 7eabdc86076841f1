//===--- TorchSyncClangd.cpp - clangd with the torchsync checks -----------===//
//
// torchsync-clangd is clangd 19 (Debian's libclangdMain.a) with the torchsync
// clang-tidy checks compiled in, behind the LSP layer of LspProxy.h. Every
// clangd option works as in clangd; docs/editor.md says what differs.
//
//===----------------------------------------------------------------------===//

#include "LiveFacts.h"
#include "LspProxy.h"
#include "TorchSyncEditor.h"
#include "TorchSyncModuleLink.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace clang::clangd {
int clangdMain(int Argc, char *Argv[]);
} // namespace clang::clangd

// clangd's BackgroundQueue::preventThreadStarvationInTests()
// (index/Background.h, whose header Debian does not ship): the background
// index then never changes its threads' priority.
void keepBackgroundIndexPriority() asm(
    "_ZN5clang6clangd15BackgroundQueue30preventThreadStarvationInTestsEv");

namespace {

// torchsync-clangd's own option, parsed with clangd's (one registry).
llvm::cl::opt<std::string> WholeProgram(
    "whole-program",
    llvm::cl::desc(
        "on (the default): keep the whole program's facts current: run "
        "torchsync -p over a file's compilation database in the background "
        "when the first of its files is opened and whenever one is saved, "
        "and decide the open files again when the facts change; off: read "
        "the summary file that the last driver run left (docs/editor.md)"),
    llvm::cl::value_desc("on|off"), llvm::cl::init("on"));

/// The arguments clangd will read: the command line, then CLANGD_FLAGS.
std::vector<std::string> clangdArguments(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  if (std::optional<std::string> Env =
          llvm::sys::Process::GetEnv("CLANGD_FLAGS")) {
    llvm::SmallVector<llvm::StringRef> Words;
    llvm::StringRef(*Env).split(Words, ' ', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef W : Words)
      Args.push_back(W.str());
  }
  return Args;
}

bool hasFlag(const std::vector<std::string> &Args,
             std::initializer_list<llvm::StringRef> Names) {
  for (llvm::StringRef A : Args) {
    if (A == "--")
      break;
    A = A.ltrim('-');
    for (llvm::StringRef N : Names)
      if (A == N || A.starts_with((N + "=").str()))
        return true;
  }
  return false;
}

/// The value of the last \p Name=value (or \p Name value) in \p Args, as
/// llvm::cl takes it.
std::optional<std::string> lastValue(const std::vector<std::string> &Args,
                                     llvm::StringRef Name) {
  std::optional<std::string> Value;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--")
      break;
    A = A.ltrim('-');
    if (A == Name && I + 1 < Args.size())
      Value = Args[++I];
    else if (A.consume_front(Name) && A.consume_front("="))
      Value = A.str();
  }
  return Value;
}

/// Moves clangd onto pipes and starts the layer between them and the
/// editor's standard input and output. False if the pipes cannot be made.
bool startProxy(std::optional<torchsync::clangd::LspProxy> &Proxy,
                torchsync::clangd::ProxyOptions Opts) {
  int EditorIn = ::fcntl(0, F_DUPFD_CLOEXEC, 3);
  int EditorOut = ::fcntl(1, F_DUPFD_CLOEXEC, 3);
  int ToServer[2], FromServer[2];
  if (EditorIn < 0 || EditorOut < 0 || ::pipe2(ToServer, O_CLOEXEC) != 0 ||
      ::pipe2(FromServer, O_CLOEXEC) != 0)
    return false;
  // clangd reads stdin and writes llvm::outs(), i.e. descriptors 0 and 1
  // (dup2 leaves them inheritable, as they were).
  if (::dup2(ToServer[0], 0) < 0 || ::dup2(FromServer[1], 1) < 0)
    return false;
  ::close(ToServer[0]);
  ::close(FromServer[1]);
  Proxy.emplace(std::move(Opts), EditorIn, EditorOut, ToServer[1],
                FromServer[0]);
  Proxy->start();
  return true;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> Args = clangdArguments(argc, argv);
  if (hasFlag(Args, {"version"})) {
    // clangd's own version text would list its remote index among the
    // features, which this build leaves out (LinkShims.cpp).
    llvm::outs() << "torchsync-clangd " TORCHSYNC_VERSION
                    " (the checks of torchsync " TORCHSYNC_VERSION ")\n"
                 << clang::getClangToolFullVersion("clangd") << "\n"
                 << "Features: linux, no remote index\n"
                 << "Platform: " << llvm::sys::getProcessTriple() << "\n";
    return 0;
  }
  bool Live = true;
  // Without the LSP stream on standard input and output (--check, --help)
  // or with another framing than LSP's (--input-style=delimited, as in
  // --lit-test) clangd runs as it is.
  if (hasFlag(Args,
              {"check", "help", "help-hidden", "input-style", "lit-test"}))
    return clang::clangd::clangdMain(argc, argv);

  // clangd reports a bad option on two lines and exits with 1; parse its
  // options once here first so that a bad one gets torchsync's one line and
  // exit code 2, then forget this parse for clangd's own.
  {
    std::string Errors;
    llvm::raw_string_ostream ErrorStream(Errors);
    if (!llvm::cl::ParseCommandLineOptions(argc, argv, "", &ErrorStream,
                                           "CLANGD_FLAGS")) {
      // A bad value is reported on standard error as it is found (one
      // line); an unknown option comes back here.
      llvm::StringRef Line = llvm::StringRef(Errors).split('\n').first;
      Line.consume_front(llvm::sys::path::filename(argv[0]));
      Line.consume_front(": ");
      if (!Line.trim().empty())
        llvm::errs() << "torchsync-clangd: error: " << Line.trim() << "\n";
      return 2;
    }
    if (WholeProgram != "on" && WholeProgram != "off") {
      llvm::errs() << "torchsync-clangd: error: --whole-program must be on or "
                      "off, not '"
                   << WholeProgram << "'\n";
      return 2;
    }
    Live = WholeProgram == "on";
    llvm::cl::ResetAllOptionOccurrences();
  }

  // clangd 19 lowers a background indexing thread's priority for its
  // first low-priority task and never raises it again, so indexing runs at
  // SCHED_IDLE on Linux (no CPU at all while a build keeps the cores busy)
  // even with --background-index-priority=normal. With normal, it keeps the
  // normal priority here, as the option says.
  if (lastValue(Args, "background-index-priority") == "normal")
    keepBackgroundIndexPriority();

  std::optional<torchsync::clangd::LspProxy> Proxy;
  torchsync::clangd::ProxyOptions Opts{TORCHSYNC_DOCS_URL};
  // The whole-program facts, kept current by the driver installed beside.
  std::unique_ptr<torchsync::clangd::LiveFacts> Facts;
  if (Live) {
    llvm::SmallString<256> Driver(llvm::sys::path::parent_path(
        llvm::sys::fs::getMainExecutable(argv[0], (void *)&clangdArguments)));
    llvm::sys::path::append(Driver, "torchsync");
    if (llvm::sys::fs::can_execute(Driver)) {
      torchsync::clangd::LiveFacts::Options LiveOpts;
      LiveOpts.Driver = std::string(Driver);
      LiveOpts.CompileCommandsDir =
          lastValue(Args, "compile-commands-dir").value_or("");
      LiveOpts.Redecide = [&Proxy] {
        if (Proxy)
          Proxy->redecideOpenDocuments();
      };
      LiveOpts.Log = [](const std::string &Line) {
        llvm::errs() << Line << "\n";
      };
      Facts = std::make_unique<torchsync::clangd::LiveFacts>(LiveOpts);
      Opts.Opened = [&Facts](const std::string &Path) { Facts->opened(Path); };
      Opts.Saved = [&Facts](const std::string &Path) { Facts->saved(Path); };
    } else {
      llvm::errs() << "torchsync-clangd: no driver at '" << Driver
                   << "': the whole-program facts come only from the "
                      "summary file of the last driver run\n";
    }
  }
  // Facts that are not kept current: what is wrong with the summary file
  // is shown in each file.
  if (!Facts)
    clang::tidy::torchsync::reportSummaryProblemsInMainFile();
  if (!startProxy(Proxy, std::move(Opts))) {
    llvm::errs() << "torchsync-clangd: error: cannot connect to clangd: "
                 << llvm::sys::StrError() << "\n";
    return 2;
  }
  int Status = clang::clangd::clangdMain(argc, argv);
  // Everything clangd wrote reaches the editor before the process ends.
  llvm::outs().flush();
  std::fflush(stdout);
  ::close(1);
  Proxy->waitForServerOutput();
  llvm::errs().flush();
  std::fflush(stderr);
  // The layer's reading thread may be blocked on the editor's input.
  std::_Exit(Status);
}
