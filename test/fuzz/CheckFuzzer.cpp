//===--- CheckFuzzer.cpp - libFuzzer target for the torchsync checks ------===//
//
// Part of torchsync. Runs every torchsync check, through clang-tidy's
// engine in this process, over one mutated C++ source against the mock
// LibTorch headers (test/Inputs/mock). Sources that do not compile are the
// point: the checks run on the AST clang recovers from errors, and must
// not crash on it. Half of the inputs (by a bit of their hash) run with
// ReportOutsideLoops, which reaches code the default skips, and all of them
// with fixes from notes, so the fix-it builders run too.
//
// Built by -DTORCHSYNC_FUZZ=ON (with -DTORCHSYNC_SANITIZE=address,undefined);
// run by test/fuzz/run.sh (CI: a minute) and bench/fuzz.sh (longer). The
// mock headers' directory is compiled in; TORCHSYNC_FUZZ_INCLUDE overrides
// it.
//
//===----------------------------------------------------------------------===//

#include "TorchSyncModuleLink.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace clang;
using namespace clang::tidy;

namespace {

/// The path the input is analyzed under (in memory only).
constexpr const char *InputPath = "/torchsync-fuzz/input.cpp";

std::string mockInclude() {
  if (const char *Dir = std::getenv("TORCHSYNC_FUZZ_INCLUDE"))
    return Dir;
  return TORCHSYNC_FUZZ_MOCK_INCLUDE;
}

/// clang-tidy's consumer, run as the driver runs it.
class TidyAction : public ASTFrontendAction {
public:
  explicit TidyAction(ClangTidyContext &Context) : Factory(Context) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                 StringRef File) override {
    Compiler.getPreprocessorOpts().SetUpStaticAnalyzer = true;
    return Factory.createASTConsumer(Compiler, File);
  }

private:
  ClangTidyASTConsumerFactory Factory;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Code(reinterpret_cast<const char *>(Data), Size);

  ClangTidyOptions Options = ClangTidyOptions::getDefaults();
  Options.Checks = "-*,torchsync-*";
  Options.HeaderFilterRegex = "";
  bool OutsideLoops = llvm::xxh3_64bits(Code) & 1;
  Options.CheckOptions["ReportOutsideLoops"] = {OutsideLoops ? "true"
                                                             : "false"};
  ClangTidyContext Context(std::make_unique<DefaultOptionsProvider>(
                               ClangTidyGlobalOptions(), Options),
                           /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  ClangTidyDiagnosticConsumer DiagConsumer(Context, nullptr,
                                           /*RemoveIncompatibleErrors=*/true,
                                           /*GetFixesFromNotes=*/true);
  DiagnosticsEngine DE(new DiagnosticIDs(), new DiagnosticOptions(),
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  Context.setCurrentFile(InputPath);

  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(InputPath, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  FS->pushOverlay(Memory);
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);

  std::vector<std::string> Args = {"clang-tool",
                                   "-fsyntax-only",
                                   "-std=c++17",
                                   "-isystem",
                                   mockInclude(),
                                   "-ferror-limit=0",
                                   "-fno-caret-diagnostics",
                                   InputPath};
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<TidyAction>(Context), Files.get());
  Invocation.setDiagnosticConsumer(&DiagConsumer);
  (void)Invocation.run();
  Context.setDiagnosticsEngine(nullptr);
  (void)DiagConsumer.take();
  return 0;
}
