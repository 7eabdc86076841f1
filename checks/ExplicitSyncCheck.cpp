//===--- ExplicitSyncCheck.cpp - torchsync-explicit-sync ------------------===//
//
// Calls whose whole purpose is to make the host wait for the GPU (catalog
// A1-A10): device, stream and event synchronize in LibTorch and in the CUDA
// runtime and driver APIs, blocking memcpys, cudaFree and emptyCache. They are
// not tensor ops, so there is no device to infer: every call on a hot path is
// a finding. None of them can be removed mechanically (the wait may be what
// makes a later host read correct), so the check offers no fix-its and names
// the event-based alternative instead.
//
//===----------------------------------------------------------------------===//

#include "ExplicitSyncCheck.h"
#include "utils/CallArgs.h"
#include "utils/ExplicitWaits.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

/// The fully qualified names ("::cudaFree") of the functions (\p Methods
/// false) or member functions of the explicit waits, for hasAnyName.
static std::vector<std::string> matcherNames(bool Methods) {
  std::vector<std::string> Names;
  for (const ExplicitWait &W : explicitWaits())
    if (W.Method == Methods)
      Names.push_back(("::" + W.Name).str());
  return Names;
}

ExplicitSyncCheck::ExplicitSyncCheck(StringRef Name, ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void ExplicitSyncCheck::registerCheckMatchers(MatchFinder *Finder) {
  auto NamedIn = [](const std::vector<std::string> &Names) {
    return hasAnyName(std::vector<StringRef>(Names.begin(), Names.end()));
  };
  // torch::cuda::synchronize(), at::cuda::device_synchronize(),
  // c10::cuda::stream_synchronize(s), c10::cuda::memcpy_and_sync(...),
  // c10::cuda::CUDACachingAllocator::emptyCache(),
  // cudaDeviceSynchronize(), cudaStreamSynchronize(s), cudaEventSynchronize(e),
  // cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost), cudaFree(p),
  // cuCtxSynchronize(), cuMemcpyDtoH(dst, src, n)
  Finder->addMatcher(
      callExpr(isExpansionInUserCode(),
               callee(functionDecl(NamedIn(matcherNames(false)))),
               unless(cxxMemberCallExpr()))
          .bind(CallId),
      this);
  // at::cuda::getCurrentCUDAStream().synchronize(), stream.synchronize() on a
  // c10::Stream, ev.synchronize() on an at::cuda::CUDAEvent or c10::Event,
  // CUDACachingAllocator::get()->emptyCache()
  Finder->addMatcher(
      cxxMemberCallExpr(isExpansionInUserCode(),
                        callee(cxxMethodDecl(NamedIn(matcherNames(true)))))
          .bind(CallId),
      this);
}

/// The cudaMemcpyKind argument's value; nullopt when not a constant.
static std::optional<CopyDir> copyKindArg(const CallExpr *Call,
                                          const ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return std::nullopt;
  for (unsigned I = 0, E = std::min(Call->getNumArgs(), FD->getNumParams());
       I != E; ++I) {
    if (!isEnumType(FD->getParamDecl(I)->getType(), "::cudaMemcpyKind"))
      continue;
    const Expr *Arg = Call->getArg(I);
    Expr::EvalResult R;
    if (Arg->isValueDependent() || !Arg->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    int64_t V = R.Val.getInt().getExtValue();
    if (V < 0 || V > static_cast<int64_t>(CopyDir::Default))
      return std::nullopt;
    return static_cast<CopyDir>(V);
  }
  return std::nullopt;
}

/// How the stream or event the call waits on is written: "stream 's'", or
/// "the default stream" for a null handle.
static std::string handleText(const CallExpr *Call, Handle Where,
                              StringRef Noun, ASTContext &Ctx) {
  const Expr *E = nullptr;
  switch (Where) {
  case Handle::None:
    break;
  case Handle::Receiver:
    E = receiverOf(Call);
    break;
  case Handle::FirstArg:
    E = Call->getNumArgs() > 0 ? Call->getArg(0) : nullptr;
    break;
  case Handle::FifthArg:
    E = Call->getNumArgs() > 4 ? Call->getArg(4) : nullptr;
    break;
  }
  if (!E)
    return ("the " + Noun).str();
  if (!E->isValueDependent() && E->IgnoreParenImpCasts()->isNullPointerConstant(
                                    Ctx, Expr::NPC_ValueDependentIsNotNull))
    return ("the default " + Noun).str();
  return (Noun + " '" + exprText(E, Ctx) + "'").str();
}

/// The subject of the message: a member call as 'synchronize()', a LibTorch
/// function with the qualifier as written, a CUDA function by the name users
/// write (not the `_v2` / `_ptds` name a header macro made of it).
static std::string apiText(const CallExpr *Call, const FunctionDecl *FD,
                           const ExplicitWait &W, const ASTContext &Ctx) {
  if (isa<CXXMemberCallExpr>(Call))
    return FD->getNameAsString() + "()";
  if (!W.Display.empty())
    return (W.Display + "()").str();
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!Ref || !Ref->getQualifier())
    return qualifiedName(FD) + "()";
  return calledAs(Call, Ctx);
}

namespace {
/// The parts of one message.
struct Description {
  std::string What;    ///< What the host waits for.
  std::string Path;    ///< The CUDA wait it ends in; empty for CUDA calls.
  std::string Instead; ///< The alternative.
};
} // namespace

/// The event-based way to order streams, per API family.
static std::string orderStreams(Family Fam) {
  switch (Fam) {
  case Family::Torch:
    return "order streams with CUDAEvent::record() and block()";
  case Family::Generic:
    return "order streams with c10::Event::record() and "
           "c10::Stream::wait()";
  case Family::Runtime:
    return "order streams with cudaEventRecord and cudaStreamWaitEvent";
  case Family::Driver:
    return "order streams with cuEventRecord and cuStreamWaitEvent";
  }
  llvm_unreachable("unknown API family");
}

static Description describe(const CallExpr *Call, const ExplicitWait &W,
                            std::optional<CopyDir> Dir, ASTContext &Ctx) {
  bool Raw = W.Fam == Family::Runtime || W.Fam == Family::Driver;
  bool Driver = W.Fam == Family::Driver;
  switch (W.Kind) {
  case WaitKind::Device: {
    Description D;
    D.What = W.Name.starts_with("cuCtx")
                 ? "waits for all work in the current CUDA context"
                 : "waits for all work on the GPU";
    if (!Raw)
      D.Path = "cudaDeviceSynchronize";
    else if (W.Name == "cudaThreadSynchronize")
      D.Path = "cudaThreadSynchronize, a deprecated name of "
               "cudaDeviceSynchronize";
    D.Instead = orderStreams(W.Fam) + ", and time with " +
                (W.Fam == Family::Runtime  ? "cudaEventElapsedTime"
                 : W.Fam == Family::Driver ? "cuEventElapsedTime"
                                           : "CUDAEvent::elapsed_time") +
                " after one final sync";
    return D;
  }
  case WaitKind::Stream: {
    Description D;
    D.What = "waits for all work queued on " +
             handleText(Call, W.Where, "stream", Ctx);
    if (!Raw)
      D.Path = W.Fam == Family::Generic
                   ? "cudaStreamSynchronize for a CUDA stream"
                   : "cudaStreamSynchronize";
    switch (W.Fam) {
    case Family::Torch:
      D.Instead = "record an at::cuda::CUDAEvent and make the other "
                  "stream wait on it with block(), or poll query()";
      break;
    case Family::Generic:
      D.Instead = "record a c10::Event and make the other stream wait on it "
                  "with c10::Stream::wait(), or poll query()";
      break;
    case Family::Runtime:
      D.Instead = "record an event with cudaEventRecord and make the other "
                  "stream wait on it with cudaStreamWaitEvent, or poll "
                  "cudaStreamQuery";
      break;
    case Family::Driver:
      D.Instead = "record an event with cuEventRecord and make the other "
                  "stream wait on it with cuStreamWaitEvent, or poll "
                  "cuStreamQuery";
      break;
    }
    return D;
  }
  case WaitKind::Event: {
    Description D;
    D.What = "waits until " + handleText(Call, W.Where, "event", Ctx) +
             " has completed on the GPU";
    if (!Raw)
      D.Path = W.Fam == Family::Generic
                   ? "cudaEventSynchronize for a CUDA event"
                   : "cudaEventSynchronize";
    D.Instead = Raw ? (Driver ? "use cuStreamWaitEvent for a device-side wait, "
                                "or poll cuEventQuery"
                              : "use cudaStreamWaitEvent for a device-side "
                                "wait, or poll cudaEventQuery")
                    : "use block(stream) for a device-side wait, or poll "
                      "query()";
    return D;
  }
  case WaitKind::MemcpyAndSync:
    return {"copies and then waits for all work queued on " +
                handleText(Call, W.Where, "stream", Ctx),
            "cudaMemcpyAsync + cudaStreamSynchronize",
            "use cudaMemcpyAsync with a pinned host buffer and an "
            "at::cuda::CUDAEvent that the host synchronizes only where it "
            "reads the data"};
  case WaitKind::Memcpy: {
    Description D;
    StringRef Where = "between host and device";
    if (Dir == CopyDir::DeviceToHost)
      Where = "from the device to the host";
    else if (Dir == CopyDir::HostToDevice)
      Where = "from the host to the device";
    D.What = ("copies " + Where + " and waits for the copy and the work " +
              "queued before it" +
              (Dir == CopyDir::DeviceToHost || Dir == CopyDir::HostToDevice
                   ? ""
                   : " unless both pointers are device memory"))
                 .str();
    D.Path = (W.Display + ", which returns only when the copy is done").str();
    D.Instead = "use " +
                (Driver ? (W.Display + "Async").str() : "cudaMemcpyAsync") +
                " with pinned host memory and an event that the host "
                "synchronizes only where it reads the data";
    return D;
  }
  case WaitKind::EmptyCache:
    return {"synchronizes and frees cached blocks",
            "cudaEventSynchronize + cudaFree",
            "do not call it inside the loop, so that the caching allocator "
            "can reuse the blocks"};
  case WaitKind::Free:
    return {"waits for all work on the whole GPU to finish before it frees "
            "the memory",
            "an implicit device synchronization",
            "allocate once outside the loop, or through "
            "c10::cuda::CUDACachingAllocator::raw_alloc() and raw_delete()"};
  case WaitKind::FreeHost:
    return {"waits for all work on the whole GPU to finish before it frees "
            "the memory",
            "an implicit device synchronization",
            "allocate the pinned buffer once outside the loop, or use pinned "
            "tensors (pin_memory()) from the caching host allocator"};
  }
  llvm_unreachable("unknown wait kind");
}

void ExplicitSyncCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  const FunctionDecl *FD = calleeOf(Call);
  if (!FD)
    return;
  const ExplicitWait *W = findExplicitWait(qualifiedName(FD));
  if (!W)
    return;

  std::optional<CopyDir> Dir;
  if (W->Kind == WaitKind::Memcpy) {
    Dir = W->Dir == CopyDir::FromKindArg ? copyKindArg(Call, Ctx)
                                         : std::optional<CopyDir>(W->Dir);
    // Device to device: no host-side wait. Host to host: no GPU involved.
    if (Dir == CopyDir::DeviceToDevice || Dir == CopyDir::HostToHost)
      return;
  }
  if ((W->Kind == WaitKind::Free || W->Kind == WaitKind::FreeHost) &&
      Call->getNumArgs() == 1 && !Call->getArg(0)->isValueDependent() &&
      Call->getArg(0)->IgnoreParenImpCasts()->isNullPointerConstant(
          Ctx, Expr::NPC_ValueDependentIsNotNull))
    return; // cudaFree(nullptr) frees nothing (the context-creation idiom).

  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;
  Description D = describe(Call, *W, Dir, Ctx);
  // A name that a CUDA header's macro spells (cuMemcpyDtoH expands to
  // cuMemcpyDtoH_v2 in cuda.h): report where the user wrote it, not in the
  // header, where clang-tidy would drop the warning as not user code.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Call->getExprLoc();
  if (Loc.isMacroID() && SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    Loc = SM.getExpansionLoc(Loc);
  SyncReport Report = reportSync(*Hot);
  Report.warning(Loc, "'%0' %1; %2")
      << apiText(Call, FD, *W, Ctx) << D.What << D.Instead;
  if (!D.Path.empty())
    Report.waitsIn(D.Path);
}

} // namespace clang::tidy::torchsync
