//===--- InputFuzzer.cpp - libFuzzer target for torchsync's file inputs ---===//
//
// Part of torchsync. Feeds one mutated input to one of the readers of the
// files and streams that torchsync takes from users, other runs and
// editors, picked by the input's first byte (the rest is the content):
//
//   'F'  the resolved whole-program facts file (torchsync-facts.json), as
//        the plugin and torchsync-clangd load it
//   'S'  a per-file summary, as the driver reads it from its cache
//   'C'  an entry of the driver's result cache (uncompressed), looked up
//        as a run looks it up (its summary read as 'S' is)
//   'M'  `torchsync merge` of two reports (the input twice, JSON or SARIF)
//   'R'  `torchsync render-sarif` of a JSON report, with the input also as
//        the verifier's report
//   'V'  torchsync-verify's JSON report (--runtime-report)
//   'B'  a baseline file, a harness spec, a unified diff (--diff=-)
//   'L'  the LSP layer of torchsync-clangd (LspProxy.h): the input is what
//        an editor writes to it; a stand-in for clangd sends every message
//        back, so that the rewriting of clangd's messages runs too
//
// Any other first byte is read as the LSP stream as well. Errors are the
// point: every reader must answer bad input with an error value, never a
// crash, a hang or a stack overflow (docs/robustness.md). The seeds are in
// test/fuzz/inputs (each file starts with its selector byte).
//
// Built by -DTORCHSYNC_FUZZ=ON (with -DTORCHSYNC_SANITIZE=address,undefined);
// run by test/fuzz/run.sh.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"
#include "Gate.h"
#include "HarnessSpec.h"
#include "LspProxy.h"
#include "Output.h"
#include "RenderSarif.h"
#include "RuntimeReport.h"
#include "program/Serialization.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>

namespace {

/// A folder of this process for the files the readers take by path.
const std::string &scratch() {
  static const std::string Dir = [] {
    llvm::SmallString<128> Path;
    if (llvm::sys::fs::createUniqueDirectory("torchsync-input-fuzz", Path)) {
      llvm::errs() << "input-fuzzer: cannot create a temporary folder\n";
      std::abort();
    }
    return std::string(Path);
  }();
  return Dir;
}

std::string write(llvm::StringRef Name, llvm::StringRef Content) {
  llvm::SmallString<128> Path(scratch());
  llvm::sys::path::append(Path, Name);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << "input-fuzzer: cannot write " << Path << "\n";
    std::abort();
  }
  OS << Content;
  return std::string(Path);
}

template <typename T> void drop(llvm::Expected<T> Value) {
  if (!Value)
    llvm::consumeError(Value.takeError());
}

void facts(llvm::StringRef Text) {
  drop(clang::tidy::torchsync::factsFromJson(Text));
}

void summary(llvm::StringRef Text) {
  drop(clang::tidy::torchsync::summaryFromJson(Text));
}

void cacheEntry(llvm::StringRef Text) {
  static const char Key[] = "00000000000000000000000000000000";
  llvm::SmallString<128> Dir(scratch());
  llvm::sys::path::append(Dir, "cache");
  auto Cache = torchsync::ResultCache::open(Dir);
  if (!Cache) {
    llvm::consumeError(Cache.takeError());
    return;
  }
  write((llvm::Twine("cache/llvmcache-") + Key).str(),
        (llvm::Twine("torchsync-cache none ") + llvm::Twine(Text.size()) +
         "\n" + Text)
            .str());
  std::vector<clang::tidy::ClangTidyError> Suppressed;
  std::string Summary;
  if ((*Cache)->lookup(Key, &Suppressed, &Summary) && !Summary.empty())
    drop(clang::tidy::torchsync::summaryFromJson(Summary));
}

void merge(llvm::StringRef Text) {
  std::string A = write("a.report", Text), B = write("b.report", Text);
  llvm::consumeError(torchsync::mergeReports({A, B}, write("merged", "")));
}

void render(llvm::StringRef Text) {
  torchsync::RenderOptions Options;
  Options.FindingsFile = write("findings.json", Text);
  Options.RuntimeReportFile = write("runtime.json", Text);
  Options.Root = scratch();
  Options.Output = write("out.sarif", "");
  llvm::consumeError(torchsync::renderSarif(Options));
}

void verifierReport(llvm::StringRef Text) {
  drop(torchsync::readVerifierReport(write("verify.json", Text)));
}

void gateInputs(llvm::StringRef Text) {
  std::string File = write("input", Text);
  drop(torchsync::readBaseline(File));
  drop(torchsync::readHarnessSpec(File));
  drop(torchsync::parseUnifiedDiff(Text, scratch()));
}

/// Copies \p From to \p To until the end, then closes both.
void pump(int From, int To) {
  char Buffer[4096];
  for (;;) {
    ssize_t Got = ::read(From, Buffer, sizeof(Buffer));
    if (Got <= 0)
      break;
    for (ssize_t Put = 0; Put < Got;) {
      ssize_t N = ::write(To, Buffer + Put, Got - Put);
      if (N <= 0) {
        Got = -1;
        break;
      }
      Put += N;
    }
    if (Got < 0)
      break;
  }
  ::close(From);
  ::close(To);
}

void lsp(llvm::StringRef Text) {
  int Editor[2], Reply[2], ToServer[2], FromServer[2];
  if (::pipe(Editor) || ::pipe(Reply) || ::pipe(ToServer) ||
      ::pipe(FromServer)) {
    llvm::errs() << "input-fuzzer: no pipes\n";
    std::abort();
  }
  // The editor writes the input and closes; the stand-in for clangd sends
  // back what it gets; what reaches the editor is read and dropped.
  std::thread EditorWrites([&] {
    for (llvm::StringRef Rest = Text; !Rest.empty();) {
      ssize_t N = ::write(Editor[1], Rest.data(), Rest.size());
      if (N <= 0)
        break;
      Rest = Rest.drop_front(N);
    }
    ::close(Editor[1]);
  });
  std::thread Server([&] { pump(ToServer[0], FromServer[1]); });
  std::thread EditorReads([&] {
    char Buffer[4096];
    while (::read(Reply[0], Buffer, sizeof(Buffer)) > 0) {
    }
    ::close(Reply[0]);
  });
  {
    torchsync::clangd::ProxyOptions Options;
    Options.DocsURL = "file:///docs";
    torchsync::clangd::LspProxy Proxy(Options, Editor[0], Reply[1], ToServer[1],
                                      FromServer[0]);
    Proxy.start();
    Proxy.waitForServerOutput();
    // The editor's side ends before the server's output does (the server
    // stops at the end of its input), so nothing is left to join here.
  }
  EditorWrites.join();
  Server.join();
  // The proxy's reading thread closed the editor's input; close its output
  // so that the reader ends.
  ::close(Reply[1]);
  EditorReads.join();
  ::close(Editor[0]);
  ::close(FromServer[0]);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  switch (Data[0]) {
  case 'F':
    facts(Text);
    break;
  case 'S':
    summary(Text);
    break;
  case 'C':
    cacheEntry(Text);
    break;
  case 'M':
    merge(Text);
    break;
  case 'R':
    render(Text);
    break;
  case 'V':
    verifierReport(Text);
    break;
  case 'B':
    gateInputs(Text);
    break;
  default:
    lsp(Text);
    break;
  }
  return 0;
}
