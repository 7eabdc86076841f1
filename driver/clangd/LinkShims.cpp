//===--- LinkShims.cpp - torchsync-clangd's hooks into clangd 19 ----------===//
//
// clangdMain() (Debian's libclangdMain.a) builds clangd's configuration
// and starts its threads itself, taking nothing but argc and argv, and
// Debian ships clangd's libraries without their headers. What
// torchsync-clangd changes in clangd is therefore wired in at link time
// (driver/clangd/CMakeLists.txt):
//
//  - remote::getClient is defined here: Debian built clangd with its remote
//    index, whose only entry point from clangdMain is this function; linking
//    it would pull in gRPC, protobuf and Abseil. Upstream's build without
//    gRPC defines it the same way: no remote index.
//  - clang-tidy's options: the chain of TidyProviders that clangdMain
//    combines starts with the driver's checks, '-*,torchsync-*', to which a
//    project's .clang-tidy and .clangd add or from which they take as in the
//    driver; clangd's own default checks (used when nothing names checks)
//    are never used.
//  - clangd's list of checks measured to be fast counts the torchsync checks
//    in, so that its default FastCheckFilter (Strict) runs them.
//  - The threads clangd starts (llvm::thread in its static libraries: AST
//    and preamble workers, background indexing) get the driver's stack size
//    instead of clangd's 8 MiB, so that code nested as deeply as the driver
//    analyzes it does not overflow a worker's stack and kill the server.
//
// Each hook is `--wrap`ped: clangd's calls of a function come here, and the
// real function is called by its `__real_` name. Each name includes the
// parameter types, so a clangd whose functions are renamed or retyped fails
// to link instead of leaving a hook out; the behaviour of each hook is
// tested in test/clangd (default-checks.test, fast-check-filter.test,
// deep-nesting.test).
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/thread.h"
#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace clang::clangd {
class SymbolIndex;

/// clangd's TidyProvider (TidyProvider.h): adds to the clang-tidy options
/// of a file.
using TidyProvider = llvm::unique_function<void(tidy::ClangTidyOptions &,
                                                llvm::StringRef) const>;

namespace remote {
std::unique_ptr<SymbolIndex> getClient(llvm::StringRef Address,
                                       llvm::StringRef ProjectRoot);
std::unique_ptr<SymbolIndex> getClient(llvm::StringRef, llvm::StringRef) {
  return nullptr;
}
} // namespace remote
} // namespace clang::clangd

using clang::clangd::TidyProvider;

// ---- clang-tidy's options --------------------------------------------------

/// The checks of the driver (TorchSyncMain.cpp), which the project's
/// configuration extends.
constexpr llvm::StringLiteral DefaultChecks = "-*,torchsync-*";

// clang::clangd::combine(std::vector<TidyProvider>)
TidyProvider realCombineTidy(std::vector<TidyProvider> Providers) asm(
    "__real__ZN5clang6clangd7combineESt6vectorIN4llvm15unique_functionIKFvRNS_"
    "4tidy16ClangTidyOptionsENS2_9StringRefEEEESaIS9_EE");
TidyProvider wrapCombineTidy(std::vector<TidyProvider> Providers) asm(
    "__wrap__ZN5clang6clangd7combineESt6vectorIN4llvm15unique_functionIKFvRNS_"
    "4tidy16ClangTidyOptionsENS2_9StringRefEEEESaIS9_EE");

/// clangdMain combines environment, .clang-tidy files, .clangd
/// configuration, clangd's default checks (used when no provider named any)
/// and the checks clangd cannot run. The driver's checks go first, so that
/// the project's lists are appended to them as clang-tidy merges
/// configurations, and clangd's default checks are never used.
TidyProvider wrapCombineTidy(std::vector<TidyProvider> Providers) {
  Providers.insert(Providers.begin(),
                   [](clang::tidy::ClangTidyOptions &Opts, llvm::StringRef) {
                     Opts.Checks = DefaultChecks.str();
                   });
  return realCombineTidy(std::move(Providers));
}

// ---- clangd's list of fast checks -----------------------------------------

// clang::clangd::isFastTidyCheck(llvm::StringRef)
std::optional<bool> realIsFastTidyCheck(llvm::StringRef Check) asm(
    "__real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
std::optional<bool> wrapIsFastTidyCheck(llvm::StringRef Check) asm(
    "__wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");

/// clangd runs a clang-tidy check under its default FastCheckFilter
/// (Strict) only if its list of measured checks says the check is fast. The
/// torchsync checks are, as measured in bench/bench.py's editor section
/// (docs/performance.md); clangd answers for every other check.
std::optional<bool> wrapIsFastTidyCheck(llvm::StringRef Check) {
  if (Check.starts_with("torchsync-"))
    return true;
  return realIsFastTidyCheck(Check);
}

// ---- Threads ---------------------------------------------------------------

/// The stack of a thread of clangd: the driver's (driver/Analysis.cpp), which
/// holds 10,000 nested statements and a 200,000-term expression.
constexpr unsigned WorkerStackSize = 64 << 20;

// llvm::llvm_execute_on_thread_impl (llvm/Support/thread.h)
llvm::thread::native_handle_type realExecuteOnThread(
    llvm::thread::start_routine_type ThreadFunc, void *Arg,
    std::optional<unsigned>
        StackSizeInBytes) asm("__real__ZN4llvm27llvm_execute_on_thread_"
                              "implEPFPvS0_ES0_St8optionalIjE");
llvm::thread::native_handle_type wrapExecuteOnThread(
    llvm::thread::start_routine_type ThreadFunc, void *Arg,
    std::optional<unsigned>
        StackSizeInBytes) asm("__wrap__ZN4llvm27llvm_execute_on_thread_"
                              "implEPFPvS0_ES0_St8optionalIjE");

/// Starts every llvm::thread of clangd's static libraries with at least
/// WorkerStackSize; the memory is reserved, and used only as deep as the
/// code goes.
llvm::thread::native_handle_type
wrapExecuteOnThread(llvm::thread::start_routine_type ThreadFunc, void *Arg,
                    std::optional<unsigned> StackSizeInBytes) {
  return realExecuteOnThread(
      ThreadFunc, Arg, std::max(StackSizeInBytes.value_or(0), WorkerStackSize));
}
