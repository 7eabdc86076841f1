//===--- LinkShims.cpp - what torchsync-clangd replaces in clangd 19 ------===//
//
// Two definitions that stand in for parts of Debian's clangd 19 libraries at
// link time (driver/clangd/CMakeLists.txt says how each is wired in):
//
//  - remote::getClient: Debian built clangd with its remote index, whose only
//    entry point from clangdMain is this function; linking it would pull in
//    gRPC, protobuf and Abseil. Upstream's build without gRPC defines it the
//    same way: no remote index (`--remote-index-address` and `.clangd`
//    `Index: External: Server` then give none).
//  - isFastTidyCheck: clangd's default `FastCheckFilter: Strict` runs only
//    checks on its compiled-in list of fast ones and silently drops every
//    other check, ours included. The link redirects clangd's calls (with
//    `--wrap`) here, which answers for torchsync's checks and asks the real
//    function about the rest.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>

namespace clang::clangd {
class SymbolIndex;
namespace remote {
std::unique_ptr<SymbolIndex> getClient(llvm::StringRef Address,
                                       llvm::StringRef ProjectRoot);
std::unique_ptr<SymbolIndex> getClient(llvm::StringRef, llvm::StringRef) {
  return nullptr;
}
} // namespace remote
} // namespace clang::clangd

// The mangled name of clang::clangd::isFastTidyCheck(llvm::StringRef) in
// clangd 19; the link test (test/clangd/fast-check-filter.test) fails if it
// changes.
#define TORCHSYNC_FAST_CHECK_SYMBOL                                            \
  "_ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE"

std::optional<bool> realIsFastTidyCheck(llvm::StringRef Check) asm(
    "__real_" TORCHSYNC_FAST_CHECK_SYMBOL);
std::optional<bool> wrapIsFastTidyCheck(llvm::StringRef Check) asm(
    "__wrap_" TORCHSYNC_FAST_CHECK_SYMBOL);

/// torchsync's checks run in the editor: their cost is measured in
/// bench/bench.py's editor section (docs/performance.md).
std::optional<bool> wrapIsFastTidyCheck(llvm::StringRef Check) {
  if (Check.starts_with("torchsync-"))
    return true;
  return realIsFastTidyCheck(Check);
}
