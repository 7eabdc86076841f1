//===--- SharedAnalyses.cpp - One translation unit's shared indexes -------===//

#include "SharedAnalyses.h"
#include "clang/AST/ASTContext.h"
#include <mutex>

namespace clang::tidy::torchsync {

namespace {
// The live sets by ASTContext. An entry leaves the map when its ASTContext
// is destroyed (ASTContext::AddDeallocation), before the address can be
// reused by the next translation unit.
std::mutex &registryMutex() {
  static std::mutex M;
  return M;
}
llvm::DenseMap<const ASTContext *, SharedAnalyses *> &registry() {
  static llvm::DenseMap<const ASTContext *, SharedAnalyses *> Map;
  return Map;
}
} // namespace

SharedAnalyses &SharedAnalyses::of(ASTContext &Ctx) {
  std::lock_guard<std::mutex> Lock(registryMutex());
  SharedAnalyses *&Slot = registry()[&Ctx];
  if (!Slot) {
    Slot = new SharedAnalyses(Ctx);
    Ctx.AddDeallocation(&SharedAnalyses::release, Slot);
  }
  return *Slot;
}

const ReachingDefs &SharedAnalyses::reachingDefs(const FunctionDecl *FD) {
  std::unique_ptr<ReachingDefs> &Slot = Flows[FD];
  if (!Slot)
    Slot = std::make_unique<ReachingDefs>(FD, Ctx);
  return *Slot;
}

const ContainerContents &SharedAnalyses::contents(const ValueDecl *V) {
  std::unique_ptr<ContainerContents> &Slot = Contents[V];
  if (!Slot)
    Slot = std::make_unique<ContainerContents>(contentsOf(V, Ctx));
  return *Slot;
}

const ContainerContents &SharedAnalyses::outContents(const ParmVarDecl *P) {
  std::unique_ptr<ContainerContents> &Slot = OutContents[P];
  if (!Slot)
    Slot = std::make_unique<ContainerContents>(outContentsOf(P, Ctx));
  return *Slot;
}

void SharedAnalyses::release(void *Shared) {
  auto *S = static_cast<SharedAnalyses *>(Shared);
  {
    std::lock_guard<std::mutex> Lock(registryMutex());
    registry().erase(&S->Ctx);
  }
  delete S;
}

} // namespace clang::tidy::torchsync
