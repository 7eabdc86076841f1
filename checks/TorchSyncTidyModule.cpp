//===--- TorchSyncTidyModule.cpp - Registers the torchsync checks ---------===//
//
// Part of torchsync. Loaded into stock clang-tidy as a plugin, or linked into
// the torchsync driver; both find the module through clang-tidy's registry.
//
//===----------------------------------------------------------------------===//

#include "BlockingTransferCheck.h"
#include "CheckedLinalgCheck.h"
#include "ClipGradNormCheck.h"
#include "CpuIndexCheck.h"
#include "DynamicShapeCheck.h"
#include "ExplicitSyncCheck.h"
#include "HiddenHostReadCheck.h"
#include "HostDataTensorCheck.h"
#include "HostReadCheck.h"
#include "NonblockingRaceCheck.h"
#include "SyncControlFlowCheck.h"
#include "VersionSpecificCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace clang::tidy {
namespace torchsync {

class TorchSyncModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
#define TORCHSYNC_CHECK(Class, Name, Summary)                                  \
  Factories.registerCheck<Class##Check>("torchsync-" Name);
#include "Checks.def"
  }
};

} // namespace torchsync

static ClangTidyModuleRegistry::Add<torchsync::TorchSyncModule>
    X("torchsync-module",
      "Finds host-device synchronizations in LibTorch code.");

// The driver links this module statically; referencing the anchor keeps the
// linker from dropping the registration above.
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int TorchSyncModuleAnchorSource = 0;

} // namespace clang::tidy
