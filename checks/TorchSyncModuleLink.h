//===--- TorchSyncModuleLink.h - Links the torchsync checks in --*- C++ -*-===//
//
// Include this in one file of a program that links the torchsync checks
// statically (the driver, torchsync-clangd, the fuzzer): the reference to
// the module's anchor keeps the linker from dropping the module, and with it
// the registration of its checks. The clang-tidy plugin needs none.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_CHECKS_TORCHSYNCMODULELINK_H
#define TORCHSYNC_CHECKS_TORCHSYNCMODULELINK_H

namespace clang::tidy {
extern volatile int TorchSyncModuleAnchorSource;
[[maybe_unused]] static int TorchSyncModuleAnchorDestination =
    TorchSyncModuleAnchorSource;
} // namespace clang::tidy

#endif // TORCHSYNC_CHECKS_TORCHSYNCMODULELINK_H
