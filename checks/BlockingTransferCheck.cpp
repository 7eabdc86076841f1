//===--- BlockingTransferCheck.cpp - torchsync-blocking-transfer ----------===//
//
// A blocking copy between host and device ends in c10::cuda::memcpy_and_sync
// (cudaMemcpyAsync + cudaStreamSynchronize): the host waits for everything
// queued on the stream before the copy, then for the copy (catalog C1-C5).
//
//===----------------------------------------------------------------------===//

#include "BlockingTransferCheck.h"
#include "utils/FixIts.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

BlockingTransferCheck::BlockingTransferCheck(StringRef Name,
                                             ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Sync(Options) {}

void BlockingTransferCheck::registerPPCallbacks(const SourceManager &,
                                                Preprocessor *PP,
                                                Preprocessor *) {
  Sync.startTranslationUnit(PP);
}

void BlockingTransferCheck::registerMatchers(MatchFinder *Finder) {
  // x.cpu(), x.cuda(), x.to(device), x.to(torch::kCPU, torch::kFloat),
  // dst.copy_(src), dst.copy_(src, /*non_blocking=*/true)
  Finder->addMatcher(
      cxxMemberCallExpr(isExpansionInUserCode(),
                        callee(cxxMethodDecl(hasAnyName(
                            "::at::Tensor::cpu", "::at::Tensor::cuda",
                            "::at::Tensor::to", "::at::Tensor::copy_"))))
          .bind(CallId),
      this);
}

namespace {
enum class Direction { None, DeviceToHost, HostToDevice };

/// One copy between host and device, as the analysis sees it.
struct Transfer {
  Direction Dir = Direction::None;
  /// The host-side tensor of an H2D copy (its source).
  const Expr *Host = nullptr;
  /// The tensor or device whose placement is only assumed, for the message.
  std::string Assumption;
};

std::string quoted(const Expr *E, const ASTContext &Ctx) {
  return "'" + exprText(E, Ctx) + "'";
}

/// The destination device of `x.to(...)`: None when the call only changes
/// the dtype.
Device destinationOfTo(const CXXMemberCallExpr *Call, DeviceInference &DI) {
  llvm::ArrayRef<const Expr *> Args = userArgs(Call);
  if (Args.empty())
    return Device::None;
  const Expr *A0 = ignoreWrappers(Args[0]);
  if (isTensorType(A0->getType()))
    return DI.ofTensor(A0);
  if (isEnumType(A0->getType(), "c10::ScalarType"))
    return Device::None;
  return DI.ofDeviceSpec(A0);
}

/// Classifies a move from the tensor \p SrcExpr on \p Src to \p DstExpr (a
/// device, or the destination tensor of copy_) on \p Dst, naming what is
/// assumed when a side is not proven.
Transfer classify(Device Src, Device Dst, const Expr *SrcExpr,
                  const Expr *DstExpr, StringRef DstNoun,
                  const ASTContext &Ctx) {
  Transfer T;
  if (Dst == Device::CPU && Src != Device::CPU) {
    T.Dir = Direction::DeviceToHost;
    if (Src == Device::Unknown)
      T.Assumption = " if " + quoted(SrcExpr, Ctx) + " is a CUDA tensor";
  } else if (Dst == Device::CUDA && Src != Device::CUDA) {
    T.Dir = Direction::HostToDevice;
    T.Host = SrcExpr;
    if (Src == Device::Unknown)
      T.Assumption = " if " + quoted(SrcExpr, Ctx) + " is a CPU tensor";
  } else if (Dst == Device::Unknown && Src == Device::CPU && DstExpr) {
    T.Dir = Direction::HostToDevice;
    T.Host = SrcExpr;
    T.Assumption = " if " + quoted(DstExpr, Ctx) + " is a " + DstNoun.str();
  }
  // FIXME: both sides unknown (e.g. a parameter moved to a parameter
  // device) is not reported; it is as often a no-op as a copy.
  return T;
}
} // namespace

/// The fix for a blocking H2D copy of \p Host: copy from a pinned
/// temporary without blocking. `src.pin_memory()` of a pageable tensor is a
/// fresh pinned copy that the caching host allocator keeps alive until the
/// transfer is done, so the values are the same: the fix keeps the meaning.
/// A source that may already be pinned (pin_memory() then returns it as it
/// is) could be changed by the host before the copy runs: no fix.
static llvm::SmallVector<FixItHint, 2>
pinAndNonBlockingFix(const CXXMemberCallExpr *Call, const Expr *Host,
                     DeviceInference &Devices, ASTContext &Ctx) {
  if (Devices.ofTensor(Host) != Device::CPU ||
      Devices.hostMemoryOf(Host) != HostMemory::Pageable ||
      !isFixable(Call, Ctx))
    return {};
  StringRef Method = Call->getMethodDecl()->getName();
  if (Method == "copy_") {
    // dst.copy_(src) -> dst.copy_(src.pin_memory(), /*non_blocking=*/true)
    if (Call->getNumArgs() < 2 || !isa<CXXDefaultArgExpr>(Call->getArg(1)))
      return {};
    if (auto Fix =
            appendMember(Host, ".pin_memory(), /*non_blocking=*/true", Ctx))
      return {*Fix};
    return {};
  }
  std::optional<FixItHint> Pin = appendMember(Host, ".pin_memory()", Ctx);
  std::optional<FixItHint> NonBlock;
  if (Method == "cuda") {
    const auto *ME = cast<MemberExpr>(Call->getCallee()->IgnoreParens());
    NonBlock = replaceTokens(SourceRange(ME->getMemberLoc(), Call->getEndLoc()),
                             "to(at::kCUDA, /*non_blocking=*/true)", Ctx);
  } else {
    NonBlock = setNonBlocking(Call, Ctx);
  }
  if (!Pin || !NonBlock)
    return {};
  return {*Pin, *NonBlock};
}

/// True when the destination of the H2D copy \p Call is CUDA on every run.
/// `pin_memory()` needs a CUDA device; with a destination chosen at run time
/// (`is_available() ? kCUDA : kCPU`) the original copy works on a machine
/// without CUDA and the pinned rewrite throws there.
static bool destinationCudaOnEveryRun(const CXXMemberCallExpr *Call,
                                      ASTContext &Ctx) {
  StringRef Method = Call->getMethodDecl()->getName();
  if (Method == "cuda")
    return true; // Throws without CUDA either way.
  if (Method == "copy_")
    return cudaOnEveryRun(Call->getImplicitObjectArgument(), Ctx);
  llvm::ArrayRef<const Expr *> Args = userArgs(Call);
  return !Args.empty() && cudaOnEveryRun(Args[0], Ctx);
}

/// The text of the note that carries a pinning fix the warning cannot carry.
static constexpr char PinOnNote[] =
    "copy from pinned memory without blocking; the destination is chosen at "
    "run time: on a machine without CUDA 'pin_memory()' throws where the "
    "original copy worked";

void BlockingTransferCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  DeviceInference &Devices = Sync.devices(Ctx);
  StringRef Method = Call->getMethodDecl()->getName();
  const Expr *Recv = Call->getImplicitObjectArgument();
  llvm::ArrayRef<const Expr *> Args = userArgs(Call);

  Transfer T;
  bool IsCopy = Method == "copy_";
  const Expr *HostDst = nullptr; // copy_ D2H: the host destination.
  if (Method == "cpu") {
    T = classify(Devices.ofTensor(Recv), Device::CPU, Recv, nullptr, "", Ctx);
  } else if (Method == "cuda") {
    T = classify(Devices.ofTensor(Recv), Device::CUDA, Recv, nullptr, "", Ctx);
  } else if (Method == "to") {
    Device Dst = destinationOfTo(Call, Devices);
    if (Dst == Device::None)
      return;
    T = classify(Devices.ofTensor(Recv), Dst, Recv, Args[0], "CUDA device",
                 Ctx);
  } else if (IsCopy && !Args.empty()) {
    // dst.copy_(src): the data moves from src's device to dst's.
    T = classify(Devices.ofTensor(Args[0]), Devices.ofTensor(Recv), Args[0],
                 Recv, "CUDA tensor", Ctx);
    if (T.Dir == Direction::DeviceToHost)
      HostDst = Recv;
  }
  if (T.Dir == Direction::None)
    return;
  if (!T.Assumption.empty() && Sync.options().UnknownDevice ==
                                   UnknownDeviceMode::Ignore)
    return;
  std::optional<bool> NonBlocking = nonBlockingValue(Call);
  if (!NonBlocking)
    return; // Decided at run time: nothing to prove either way.

  // A non_blocking copy involving pageable host memory: the driver stages it
  // and the host still waits (C3, C5; sync debug mode misses these).
  HostMemory Pageable = HostMemory::Unknown;
  if (*NonBlocking) {
    const Expr *HostSide =
        T.Dir == Direction::HostToDevice ? T.Host : HostDst;
    if (!HostSide || !T.Assumption.empty())
      return; // C2: a non_blocking D2H into fresh pinned memory is async.
    Pageable = Devices.hostMemoryOf(HostSide);
    if (Pageable != HostMemory::Pageable)
      return;
  }

  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;
  const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
  std::optional<std::string> ApiText =
      ME ? sourceText(SourceRange(ME->getMemberLoc(), Call->getEndLoc()), Ctx)
         : std::nullopt;
  std::string Api = ApiText && ApiText->size() <= 60 &&
                            ApiText->find('\n') == std::string::npos
                        ? *ApiText
                        : (Method + "()").str();
  SourceLocation Loc = Call->getExprLoc();

  if (*NonBlocking) {
    const Expr *HostSide = T.Dir == Direction::HostToDevice ? T.Host : HostDst;
    std::optional<FixItHint> PinFix;
    {
    auto D = diag(Loc, "'%0' %1 pageable host tensor %2 is staged by the CUDA "
                       "driver and waits despite non_blocking=true "
                       "(cudaMemcpyAsync with pageable memory); consider %3")
             << Api << (T.Dir == Direction::HostToDevice ? "from" : "into")
             << quoted(HostSide, Ctx)
             << (T.Dir == Direction::HostToDevice
                     ? "pinning it with 'pin_memory()'"
                     : "allocating it with TensorOptions().pinned_memory(true)");
    // Pinning a pageable source makes a fresh pinned copy: same values.
    if (T.Dir == Direction::HostToDevice && isFixable(Call, Ctx))
      PinFix = appendMember(T.Host, ".pin_memory()", Ctx);
    if (PinFix && destinationCudaOnEveryRun(Call, Ctx)) {
      D << *PinFix;
      PinFix.reset();
    }
    }
    Sync.noteHotReason(*this, *Hot);
    if (PinFix)
      diag(Loc, PinOnNote, DiagnosticIDs::Note) << *PinFix;
    return;
  }

  if (T.Dir == Direction::DeviceToHost) {
    const Expr *Tensor = IsCopy ? Args[0] : Recv;
    diag(Loc, "'%0' copies %1 to the host and waits for all queued GPU "
              "work%2 (%3); consider a non_blocking copy into pinned memory "
              "that the host reads after a CUDA event")
        << Api
        << (T.Assumption.empty() ? "CUDA tensor " : "") + quoted(Tensor, Ctx)
        << T.Assumption << MemcpyAndSyncPath;
    Sync.noteHotReason(*this, *Hot);
    // The D2H rewrite moves the wait, it does not remove it: it changes when
    // the result is valid, so it goes on a note. It is offered only where
    // the result goes into a local that the host does not touch before
    // something waits for the GPU (nonblocking-race's CFG walk); a host read
    // before any wait would see stale data.
    PendingReads::Result Pending;
    // A blocking copy may also be the wait that a read of an earlier
    // non_blocking download relies on: then no rewrite either.
    if (!IsCopy && isFixable(Call, Ctx))
      Pending = Reads.find(resultOfCopy(Call, Ctx), Devices, Ctx);
    if (Pending.UntouchedBeforeWait &&
        Reads.endsARaceWindow(Call, Devices, Ctx))
      Pending.UntouchedBeforeWait = false;
    if (!Pending.Reads.empty())
      diag(Pending.Reads.front()->getExprLoc(),
           "no non_blocking rewrite: the host reads the copied values here "
           "before anything waits for the GPU",
           DiagnosticIDs::Note);
    if (Pending.UntouchedBeforeWait) {
      std::optional<FixItHint> Fix =
          Method == "cpu"
              ? replaceTokens(SourceRange(ME->getMemberLoc(), Call->getEndLoc()),
                              "to(at::kCPU, /*non_blocking=*/true)", Ctx)
              : setNonBlocking(Call, Ctx);
      if (Fix)
        diag(Loc,
             "copy without blocking; the result is valid only after the "
             "current CUDA stream reaches this point: record an "
             "at::cuda::CUDAEvent after the copy and synchronize it before "
             "the host reads the values",
             DiagnosticIDs::Note)
            << *Fix;
    }
    return;
  }

  // Host to device.
  llvm::SmallVector<FixItHint, 2> PinFixes;
  {
    auto D = diag(Loc, "'%0' copies %1 to the GPU and waits for all queued "
                       "GPU work%2 (%3); consider 'pin_memory()' and "
                       "non_blocking=true")
             << Api
             << (Devices.ofTensor(T.Host) == Device::CPU ? "host tensor " : "") +
                    quoted(T.Host, Ctx)
             << T.Assumption << MemcpyAndSyncPath;
    // Only when both sides are proven: if the destination were the CPU, the
    // rewrite would return a pinned copy instead of the tensor itself.
    // A blocking upload also waits for the stream; where a read of an
    // earlier non_blocking download relies on that wait, the non_blocking
    // rewrite would make the read race: no fix.
    if (T.Assumption.empty())
      PinFixes = pinAndNonBlockingFix(Call, T.Host, Devices, Ctx);
    if (!PinFixes.empty() && Reads.endsARaceWindow(Call, Devices, Ctx))
      PinFixes.clear();
    if (!PinFixes.empty() && destinationCudaOnEveryRun(Call, Ctx)) {
      for (const FixItHint &Fix : PinFixes)
        D << Fix;
      PinFixes.clear();
    }
  }
  Sync.noteHotReason(*this, *Hot);
  if (!PinFixes.empty()) {
    auto N = diag(Loc, PinOnNote, DiagnosticIDs::Note);
    for (const FixItHint &Fix : PinFixes)
      N << Fix;
  }
}

void BlockingTransferCheck::onEndOfTranslationUnit() { Reads.clear(); }

void BlockingTransferCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Sync.store(Options, Opts);
}

} // namespace clang::tidy::torchsync
