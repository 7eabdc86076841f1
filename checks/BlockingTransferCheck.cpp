//===--- BlockingTransferCheck.cpp - torchsync-blocking-transfer ----------===//
//
// A blocking copy between host and device ends in c10::cuda::memcpy_and_sync
// (cudaMemcpyAsync + cudaStreamSynchronize): the host waits for everything
// queued on the stream before the copy, then for the copy (catalog C1-C5).
//
//===----------------------------------------------------------------------===//

#include "BlockingTransferCheck.h"
#include "utils/ASTWalk.h"
#include "utils/FixIts.h"
#include "utils/Parents.h"
#include "utils/Templates.h"
#include "utils/TorchApi.h"
#include "utils/Transfers.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";
static constexpr char AssignId[] = "assign";

BlockingTransferCheck::BlockingTransferCheck(StringRef Name,
                                             ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void BlockingTransferCheck::registerCheckMatchers(MatchFinder *Finder) {
  // x.cpu(), x.cuda(), x.to(device), x.to(torch::kCPU, torch::kFloat),
  // dst.copy_(src), dst.copy_(src, /*non_blocking=*/true)
  Finder->addMatcher(
      cxxMemberCallExpr(isExpansionInUserCode(),
                        callee(cxxMethodDecl(hasAnyName(
                            "::at::Tensor::cpu", "::at::Tensor::cuda",
                            "::at::Tensor::to", "::at::Tensor::copy_"))))
          .bind(CallId),
      this);
  // obs[i] = h, obs.narrow(0, k, 1) = h: LibTorch defines assignment to a
  // tensor that is not a variable (a row, a slice) as copy_ into it
  // (asTransfer finds the copy_ it runs).
  Finder->addMatcher(
      cxxOperatorCallExpr(
          isExpansionInUserCode(), hasOverloadedOperatorName("="),
          callee(cxxMethodDecl(ofClass(hasName("::at::Tensor")))))
          .bind(AssignId),
      this);
}

static std::string quoted(const Expr *E, const ASTContext &Ctx) {
  return "'" + exprText(E, Ctx) + "'";
}

/// The condition under which \p T is a copy, for the message: empty when
/// both sides are proven. In a whole-project run, ifCuda/ifCudaDevice also
/// make a CUDA side the finding's device condition.
std::string BlockingTransferCheck::assumptionOf(const Transfer &T,
                                                const ASTContext &Ctx) {
  if (T.sourceAssumed())
    return T.direction() == Direction::DeviceToHost
               ? ifCuda(T.Source, T.From, Ctx, /*Named=*/true)
               : " if it is on the CPU";
  if (T.destinationAssumed())
    return isTensorType(T.Destination->getType())
               ? ifCuda(T.Destination, T.To, Ctx)
               : ifCudaDevice(T.Destination, T.To, Ctx);
  return "";
}

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
  ToArguments To = toArguments(Call);
  const Expr *Destination = To.Other ? To.Other : To.DeviceSpec;
  return Destination && cudaOnEveryRun(Destination, Ctx);
}

/// The plain name whose device and pinned memory \p E has: \p E itself
/// where it is a plain name, else the variable under a chain of tensor
/// methods that keep the device and make either a view of the storage
/// (`ids.index({Slice(), Slice(i, j)})`, `x.slice(1, 0, n).reshape(-1)`) or a
/// fresh allocation from the CPU allocator (`x.clone()`, `x.float()`). So
/// where the name is on the CPU, so is \p E, and where the name is not
/// pinned, neither is \p E; a pinned name with a fresh \p E only makes the
/// test keep the original copy. Not `expand`: pin_memory() keeps strides,
/// and a pinned copy of a broadcast view (stride 0) throws. A view that is
/// not dense (a column slice) is pinned with its strides, and its copy may
/// still be staged: the same values, not always without a wait.
static const Expr *storageRootOf(const Expr *E) {
  E = ignoreWrappers(E);
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    if (isPlainName(E))
      return E;
    const auto *Call = dyn_cast<CallExpr>(E);
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    if (!FD || !isTensorMethod(FD))
      return nullptr;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
      if (OC->getOperator() != OO_Subscript)
        return nullptr;
    } else if (!FD->getDeclName().isIdentifier() ||
               !llvm::is_contained(
                   {"view",       "view_as", "reshape", "reshape_as", "flatten",
                    "unflatten",  "slice",   "select",  "narrow",     "index",
                    "unsqueeze",  "squeeze", "t",       "transpose",  "permute",
                    "contiguous", "clone",   "detach",  "float",      "double",
                    "long",       "int",     "half",    "bool"},
                   FD->getName())) {
      return nullptr;
    }
    E = ignoreWrappers(receiverOf(Call));
    if (!E)
      return nullptr;
  }
  return nullptr;
}

/// For `torch::stack(list[, dim])` of a plain-name `std::vector` of tensors,
/// that vector: stack makes a fresh tensor (pageable where it is on the
/// CPU) on the device of the list's tensors, which must all be on one device
/// (it throws otherwise, as it does for an empty list), so
/// `!list.empty() && list[0].is_cpu()` says whether the result is on the
/// CPU wherever stack returns one.
static const Expr *stackedListOf(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(ignoreWrappers(E));
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->getDeclName().isIdentifier() ||
      FD->getName() != "stack" || !isInLibTorchNamespace(FD) ||
      Call->getNumArgs() < 1)
    return nullptr;
  const Expr *List = stripValueWrappers(Call->getArg(0))->IgnoreParenImpCasts();
  if (!isPlainName(List) ||
      !isClassType(List->getType().getNonReferenceType(), "std::vector"))
    return nullptr;
  return List;
}

/// A source of an upload that is not a plain name (a function's result,
/// `torch::from_blob(...)`), given a name of its own so that a test at run
/// time can read it more than once: `auto NAME = <source>;` goes in front
/// of the statement, which then reads NAME. Only where the source is the
/// first thing the statement evaluates, so that nothing runs in another
/// order: the object at the start of a chain of member calls that is the
/// initializer of the statement's one variable, or the right side of an
/// assignment (which C++17 evaluates before the left). NAME is the
/// variable's name (or the assigned tensor's) with `_host`, and nothing
/// in the function has that name. The source then lives until the end of
/// the block, not of the statement.
struct HoistedSource {
  std::string Name;
  FixItHint Declare;
};

/// The tensor expression under the subscripts of \p Dest (`dst` of
/// `dst[i][j]`), or \p Dest itself without them.
static const Expr *underSubscripts(const Expr *Dest) {
  const Expr *Root = ignoreWrappers(Dest);
  while (const auto *Sub = dyn_cast<CXXOperatorCallExpr>(Root)) {
    if (Sub->getOperator() != OO_Subscript)
      break;
    Root = ignoreWrappers(Sub->getArg(0));
  }
  return Root;
}

/// The variable or member under `dst[i][j] = ...` (or `dst = ...`), or null.
static const NamedDecl *assignedRoot(const CXXOperatorCallExpr *Assign) {
  if (Assign->getNumArgs() != 2)
    return nullptr;
  const Expr *Root = underSubscripts(Assign->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Root))
    return DRE->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(Root))
    return M->getMemberDecl();
  return nullptr;
}

static std::optional<HoistedSource> hoistSource(const Expr *Host,
                                                ASTContext &Ctx) {
  // Not a tensor's method: a view (storageRootOf leaves out those it cannot
  // test through a name, like a broadcast one, whose pinned copy throws).
  const auto *Source =
      Host ? dyn_cast<CallExpr>(ignoreWrappers(Host)) : nullptr;
  const FunctionDecl *FD = Source ? Source->getDirectCallee() : nullptr;
  if (!FD || isTensorMethod(FD) || !isPlainFileRange(Host->getSourceRange()))
    return std::nullopt;
  // Nor a broadcast view made by a function (stride 0, as expand).
  if (isInLibTorchNamespace(FD) && FD->getDeclName().isIdentifier() &&
      FD->getName() == "broadcast_to")
    return std::nullopt;
  DynTypedNode Node = DynTypedNode::create(*Host);
  const Stmt *Statement = nullptr;
  std::string Base;
  const NamedDecl *Assigned = nullptr;
  for (unsigned Steps = 0; Steps < 64 && !Statement; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    const Stmt *Child = Node.get<Stmt>();
    if (Parents.size() != 1 || !Child)
      return std::nullopt;
    DynTypedNode Parent = Parents[0];
    if (const auto *VD = Parent.get<VarDecl>()) {
      DynTypedNodeList Above = parentsOf(Parent, Ctx);
      const auto *DS = Above.size() == 1 ? Above[0].get<DeclStmt>() : nullptr;
      // A static local is initialized once: its source must not be
      // evaluated on every pass.
      if (VD->getInit() != Child || !DS || !DS->isSingleDecl() ||
          !VD->getIdentifier() || !VD->hasLocalStorage())
        return std::nullopt;
      Base = VD->getName().str();
      Statement = DS;
      break;
    }
    const auto *P = Parent.get<Stmt>();
    if (!P)
      return std::nullopt;
    if (isa<CompoundStmt>(P)) {
      // An assignment statement, with its destination's name (below).
      if (Base.empty())
        return std::nullopt;
      Statement = Child;
      break;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (ME->getBase() != Child)
        return std::nullopt;
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(P)) {
      if (MC->getCallee() != Child)
        return std::nullopt;
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2 ||
          OC->getArg(1) != Child || !Base.empty())
        return std::nullopt;
      const NamedDecl *Named = assignedRoot(OC);
      if (!Named || !Named->getIdentifier())
        return std::nullopt;
      // Nor where its declaration's upload would be given the same name.
      if (const auto *VD = dyn_cast<VarDecl>(Named);
          VD && VD->getInit() &&
          containsStmtWhere(VD->getInit(), [](const Stmt *S) {
            const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
            const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
            return MD && isTensorMethod(MD) &&
                   MD->getDeclName().isIdentifier() &&
                   (MD->getName() == "to" || MD->getName() == "cuda");
          }))
        return std::nullopt;
      Base = Named->getName().str();
      Assigned = Named;
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      if (CE->getNumArgs() != 1)
        return std::nullopt;
    } else if (!isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                    CXXBindTemporaryExpr, ExprWithCleanups>(P)) {
      return std::nullopt;
    }
    Node = Parent;
  }
  if (!Statement)
    return std::nullopt;
  DynTypedNodeList Block = parentsOf(*Statement, Ctx);
  const auto *Compound =
      Block.size() == 1 ? Block[0].get<CompoundStmt>() : nullptr;
  if (!Compound)
    return std::nullopt;
  // A `case` or a label after it would jump past the new variable's
  // initialization, which C++ forbids.
  bool After = false;
  for (const Stmt *Sibling : Compound->body()) {
    if (After && containsStmtWhere(Sibling, [](const Stmt *S) {
          return isa<SwitchCase, LabelStmt>(S);
        }))
      return std::nullopt;
    After = After || Sibling == Statement;
  }
  // The innermost function (a lambda's body included) whose block gets the
  // new variable.
  const FunctionDecl *Owner = nullptr;
  DynTypedNode Up = Block[0];
  for (unsigned Steps = 0; Steps < 256 && !Owner; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Up, Ctx);
    if (Parents.empty())
      return std::nullopt;
    Up = Parents[0];
    Owner = Up.get<FunctionDecl>();
    if (const auto *Lambda = Up.get<LambdaExpr>())
      Owner = Lambda->getCallOperator();
  }
  // Another assignment to the same tensor in the function could get the
  // same name in the same block.
  if (Assigned && Owner && Owner->getBody() &&
      containsStmtWhere(Owner->getBody(), [&](const Stmt *S) {
        const auto *Other = dyn_cast<CXXOperatorCallExpr>(S);
        return Other && Other != Statement &&
               !Statement->getSourceRange().fullyContains(
                   Other->getSourceRange()) &&
               Other->getOperator() == OO_Equal &&
               assignedRoot(Other) == Assigned;
      }))
    return std::nullopt;
  std::string Name = Base + "_host";
  std::optional<std::string> Indent = indentationOf(Statement, Ctx);
  std::optional<std::string> Text = sourceText(Source->getSourceRange(), Ctx);
  if (!Owner || !Owner->getBody() || !Indent || !Text ||
      declaresName(Owner->getBody(), Name, Ctx) ||
      !templateAllowsEdit(Statement, Ctx))
    return std::nullopt;
  SourceLocation At = Statement->getBeginLoc();
  return HoistedSource{
      Name, FixItHint::CreateInsertion(
                At, "auto " + Name + " = " + *Text + ";" +
                        lineBreakAt(At, Ctx.getSourceManager()) + *Indent)};
}

/// For a copy to a destination chosen at run time, the test that the
/// destination is CUDA, as source text (`device.is_cuda()`,
/// `kind == at::kCUDA`, `gpu.is_cuda()` for `gpu.copy_(src)`), when the
/// destination is a plain name that can be read twice.
static std::optional<std::string>
destinationIsCudaText(const CXXMemberCallExpr *Call, ASTContext &Ctx) {
  StringRef Method = Call->getMethodDecl()->getName();
  const Expr *Dest = nullptr;
  if (Method == "copy_") {
    Dest = Call->getImplicitObjectArgument();
  } else if (Method == "to") {
    // `to(dev, dtype)` too: with non_blocking=true the conversion is made
    // on the GPU after a copy of the pinned source as it is.
    ToArguments To = toArguments(Call);
    if (To.Other || !To.DeviceSpec)
      return std::nullopt;
    Dest = To.DeviceSpec;
  }
  // copy_'s destination is a tensor, to()'s a Device or a DeviceType.
  return Dest ? isCudaTestText(Dest, Ctx) : std::nullopt;
}

/// Adds \p Clause to the run-time test \p Test with `&&`.
static void andTest(std::string &Test, const std::string &Clause) {
  Test += (Test.empty() ? "" : " && ") + Clause;
}

/// Whether the run-time pinned upload of \p Host tests that it is on the
/// CPU: false where the file shows it there, true where its device is not
/// shown (the finding rests on a whole-program fact, or assumes it); nullopt
/// (no such fix) where it is on another device.
static std::optional<bool> sourceTestedAtRunTime(const Expr *Host,
                                                 DeviceInference &Devices) {
  Device Source = Devices.ofTensor(Host);
  if (Source != Device::CPU && Source != Device::Unknown &&
      Source != Device::Runtime)
    return std::nullopt;
  return Source != Device::CPU;
}

/// The fix for a blocking H2D copy of \p Host where pinning it is not
/// shown to be right on every run: pin and copy without blocking only where
/// a test at run time says so. With a destination chosen at run time, the
/// test is that it is CUDA: `(dev.is_cuda() ? x.pin_memory() :
/// x).to(dev, /*non_blocking=*/dev.is_cuda())`; on a run that chooses
/// another device the copy is the original one (no pinning, which needs
/// CUDA, and a blocking copy), on CUDA the pinned copy of
/// pinAndNonBlockingFix. With a source on the CPU whose memory is not shown
/// to be pageable (a loader's batch, a member), the test also asks that it
/// is not pinned already, `!x.is_pinned()`: a pinned source keeps the
/// original blocking copy (without the wait the host could change it before
/// the copy runs; pin_memory() would return it as it is), a pageable one is
/// copied once into fresh pinned memory. A source whose device this file
/// does not show (the finding rests on a whole-program fact, "'get_data'
/// returns a host tensor", or assumes it) is tested too, `x.is_cpu()`: a
/// source on a GPU keeps the original copy. What is tested is read again,
/// so it is the source's plain name: the source itself, or the variable it
/// is a view or a copy of on the same device (storageRootOf: `ids.is_cpu()`
/// for `ids.index({Slice(), Slice(i, j)})`). The program's meaning is kept on
/// every device, so it goes on the warning. \p SetNonBlocking is false where
/// non_blocking=true is already written.
static llvm::SmallVector<FixItHint, 2>
runtimePinFix(const CXXMemberCallExpr *Call, const Expr *Host,
              DeviceInference &Devices, ASTContext &Ctx, bool SetNonBlocking) {
  if (!Host || !isFixable(Call, Ctx))
    return {};
  std::optional<bool> Tested = sourceTestedAtRunTime(Host, Devices);
  if (!Tested)
    return {};
  bool SourceTested = *Tested;
  // A stacked list is fresh memory wherever it is; any other source whose
  // device is tested may be pinned as far as this file shows.
  const Expr *Stacked = SourceTested ? stackedListOf(Host) : nullptr;
  HostMemory Memory = Stacked        ? HostMemory::Pageable
                      : SourceTested ? HostMemory::Unknown
                                     : Devices.hostMemoryOf(Host);
  bool CudaOnEveryRun = destinationCudaOnEveryRun(Call, Ctx);
  // What the test asks of the source it asks of its plain name, or of a
  // variable that the source is given first (hoistSource).
  const Expr *Root = Memory == HostMemory::Unknown ? storageRootOf(Host) : Host;
  std::optional<HoistedSource> Hoisted;
  if (!Root && Memory == HostMemory::Unknown && !Stacked)
    Hoisted = hoistSource(Host, Ctx);
  if (Memory == HostMemory::Pinned || (!Root && !Hoisted) ||
      (Memory == HostMemory::Pageable && CudaOnEveryRun && !SourceTested) ||
      Call->getMethodDecl()->getName() == "cuda")
    return {};
  std::optional<std::string> HostText =
      Hoisted ? Hoisted->Name : postfixOperandText(Host, Ctx);
  std::optional<std::string> RootText =
      Hoisted ? Hoisted->Name : postfixOperandText(Root, Ctx);
  std::optional<std::string> ListText =
      Stacked ? postfixOperandText(Stacked, Ctx) : std::nullopt;
  std::optional<std::string> IsCuda = CudaOnEveryRun
                                          ? std::optional<std::string>("")
                                          : destinationIsCudaText(Call, Ctx);
  if (!IsCuda || !HostText || !RootText || (Stacked && !ListText))
    return {};
  std::string Test = *IsCuda;
  if (Stacked)
    andTest(Test,
            "!" + *ListText + ".empty() && " + *ListText + "[0].is_cpu()");
  else if (SourceTested)
    andTest(Test, *RootText + ".is_cpu()");
  if (Memory == HostMemory::Unknown)
    andTest(Test, "!" + *RootText + ".is_pinned()");
  std::string Chosen =
      Test + " ? " + *HostText + ".pin_memory() : " + *HostText;
  bool IsObject = Call->getMethodDecl()->getName() != "copy_";
  std::optional<FixItHint> Pin = replaceTokens(
      Host->getSourceRange(), IsObject ? "(" + Chosen + ")" : Chosen, Ctx);
  if (!Pin)
    return {};
  llvm::SmallVector<FixItHint, 2> Edits;
  if (Hoisted)
    Edits.push_back(Hoisted->Declare);
  Edits.push_back(*Pin);
  if (SetNonBlocking) {
    std::optional<FixItHint> NonBlock = setNonBlocking(Call, Ctx, Test);
    if (!NonBlock)
      return {};
    Edits.push_back(*NonBlock);
  }
  return Edits;
}

/// True when evaluating the device spec \p E has no effect besides its
/// value, so that it may be evaluated at another point of the same
/// full-expression: a variable, a member of one, `*ptr` of a smart pointer,
/// an enumerator, a literal, `torch::Device(...)` of those.
static bool isPureDeviceSpec(const Expr *E) {
  E = ignoreWrappers(E)->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl, EnumConstantDecl>(DRE->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(ME->getMemberDecl()) &&
           (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ||
            isPureDeviceSpec(ME->getBase()));
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref && isPureDeviceSpec(UO->getSubExpr());
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return (OC->getOperator() == OO_Star || OC->getOperator() == OO_Arrow) &&
           OC->getNumArgs() == 1 && isPureDeviceSpec(OC->getArg(0));
  if (isa<IntegerLiteral, CXXBoolLiteralExpr, StringLiteral>(E))
    return true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return isClassType(CE->getType(), "c10::Device") &&
           llvm::all_of(CE->arguments(), [](const Expr *A) {
             return isa<CXXDefaultArgExpr>(A) || isPureDeviceSpec(A);
           });
  return false;
}

/// A factory of constant values made on the host and uploaded,
/// `torch::zeros(s).to(dev)`, is made on the device instead:
/// `torch::zeros(s, dev)` (`torch::zeros(s, at::TensorOptions(dtype)
/// .device(dev))` where a dtype is given). The values are the same on every
/// device (zeros, ones, full, empty, eye; arange of integers), there is no
/// copy at all, and where the device is the CPU it is what the original
/// made. Random factories draw from another generator on the device, and a
/// float arange or linspace may round differently there: not these.
static std::optional<FixItHint>
factoryOnDeviceFix(const CXXMemberCallExpr *Call, const Expr *Host,
                   ASTContext &Ctx) {
  StringRef Method = Call->getMethodDecl()->getName();
  std::string Device;
  if (Method == "cuda") {
    if (!llvm::all_of(userArgs(Call),
                      [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      return std::nullopt;
    Device = "at::kCUDA";
  } else if (Method == "to") {
    ToArguments To = toArguments(Call);
    if (To.Other || To.Converts || !To.DeviceSpec ||
        isClassType(ignoreWrappers(To.DeviceSpec)->getType(),
                    "c10::TensorOptions") ||
        !isPureDeviceSpec(To.DeviceSpec))
      return std::nullopt;
    std::optional<std::string> Text =
        sourceText(ignoreWrappers(To.DeviceSpec)->getSourceRange(), Ctx);
    if (!Text)
      return std::nullopt;
    Device = *Text;
  } else {
    return std::nullopt;
  }
  const auto *Factory = dyn_cast<CallExpr>(ignoreWrappers(Host));
  const FunctionDecl *FD = Factory ? calleeOf(Factory) : nullptr;
  if (!FD || !FD->getDeclName().isIdentifier() || !isInLibTorchNamespace(FD) ||
      isa<CXXMethodDecl>(FD) || !isFixable(Factory, Ctx) ||
      !isFixable(Call, Ctx))
    return std::nullopt;
  StringRef Name = FD->getName();
  if (!llvm::is_contained({"zeros", "ones", "full", "empty", "eye", "arange"},
                          Name))
    return std::nullopt;
  // The arguments as written; the last parameter is the options.
  const Expr *Options = nullptr;
  const Expr *LastWritten = nullptr;
  for (unsigned I = 0; I < Factory->getNumArgs(); ++I) {
    const Expr *A = Factory->getArg(I);
    if (isa<CXXDefaultArgExpr>(A))
      break;
    const ParmVarDecl *P =
        I < FD->getNumParams() ? FD->getParamDecl(I) : nullptr;
    if (!P)
      return std::nullopt;
    if (P->getName() == "options" || P->getName() == "dtype")
      Options = A;
    else if (Name == "arange" && !stripValueWrappers(A)
                                      ->IgnoreParenImpCasts()
                                      ->getType()
                                      ->isIntegerType())
      return std::nullopt; // A float range may round differently.
    else if (P->getName() != "size" && P->getName() != "n" &&
             P->getName() != "m" && P->getName() != "fill_value" &&
             P->getName() != "start" && P->getName() != "end" &&
             P->getName() != "step")
      return std::nullopt; // names=, memory_format=, out=: not these.
    LastWritten = A;
  }
  if (!LastWritten)
    return std::nullopt;
  if (!Options) {
    // The overload with options must exist after the written arguments:
    // torch::zeros(s) -> torch::zeros(s, dev).
    std::optional<std::string> Head = sourceText(
        SourceRange(Factory->getBeginLoc(), LastWritten->getEndLoc()), Ctx);
    if (!Head)
      return std::nullopt;
    return replaceTokens(SourceRange(Factory->getBeginLoc(), Call->getEndLoc()),
                         *Head + ", " + Device + ")", Ctx);
  }
  // Only a dtype: an options object could ask for requires_grad, whose leaf
  // would then be another tensor.
  if (!isEnumType(ignoreWrappers(Options)->IgnoreParenImpCasts()->getType(),
                  "c10::ScalarType"))
    return std::nullopt;
  std::optional<std::string> Head = sourceText(
      SourceRange(Factory->getBeginLoc(), Options->getBeginLoc()), Ctx);
  std::optional<std::string> Dtype =
      sourceText(ignoreWrappers(Options)->getSourceRange(), Ctx);
  if (!Head || !Dtype)
    return std::nullopt;
  // Head runs up to the start of the options' first token, which it holds.
  Head->resize(Head->size() - Lexer::MeasureTokenLength(Options->getBeginLoc(),
                                                        Ctx.getSourceManager(),
                                                        Ctx.getLangOpts()));
  return replaceTokens(
      SourceRange(Factory->getBeginLoc(), Call->getEndLoc()),
      *Head + "at::TensorOptions(" + *Dtype + ").device(" + Device + "))", Ctx);
}

/// The note where a destination chosen at run time cannot be tested twice.
static constexpr char PinOnNote[] =
    "pinning needs CUDA: 'pin_memory()' throws on a machine without it, and "
    "the destination is chosen at run time; pin only when it is CUDA, "
    "'(dev.is_cuda() ? x.pin_memory() : x).to(dev, "
    "/*non_blocking=*/dev.is_cuda())' (no fix: the destination is not a "
    "variable that can be tested and used)";

/// The fix for `dst[i] = h`, an upload by assignment (Tensor::operator= of
/// a view is copy_): `dst[i].copy_(dst.is_cuda() ? h.pin_memory() : h,
/// /*non_blocking=*/dst.is_cuda())`, the guarded pinned copy of
/// runtimePinFix, with `!h.is_pinned()` in the test where the source's
/// memory is not shown to be pageable (the source is then read several
/// times: a plain name), and without the device test where the destination
/// is CUDA on every run. `dst` is the variable the indexed view is taken
/// from, read again for its device.
static llvm::SmallVector<FixItHint, 2>
assignmentPinFix(const CXXOperatorCallExpr *Assign, const Transfer &T,
                 DeviceInference &Devices, ASTContext &Ctx) {
  const Expr *Host = T.Source;
  const Expr *Dest = Assign->getArg(0);
  if (!Host || !isFixable(Assign, Ctx) || !isDiscarded(Assign, Ctx))
    return {};
  std::optional<bool> Tested = sourceTestedAtRunTime(Host, Devices);
  if (!Tested)
    return {};
  bool SourceTested = *Tested;
  // The variable under `dst[i][j]`.
  const Expr *Root = underSubscripts(Dest);
  if (Root == ignoreWrappers(Dest) || !isPlainName(Root) ||
      !isTensorType(Root->getType()))
    return {};
  HostMemory Memory =
      SourceTested ? HostMemory::Unknown : Devices.hostMemoryOf(Host);
  // A source that is not a plain name is tested through a variable it is
  // given first (hoistSource).
  std::optional<HoistedSource> Hoisted;
  if (Memory == HostMemory::Unknown && !isPlainName(ignoreWrappers(Host)))
    Hoisted = hoistSource(Host, Ctx);
  if (Memory == HostMemory::Pinned ||
      (Memory == HostMemory::Unknown && !isPlainName(ignoreWrappers(Host)) &&
       !Hoisted))
    return {};
  std::optional<std::string> DestText = sourceText(Dest->getSourceRange(), Ctx);
  std::optional<std::string> HostText =
      Hoisted ? Hoisted->Name : postfixOperandText(Host, Ctx);
  std::optional<std::string> Plain =
      Hoisted ? Hoisted->Name : sourceText(Host->getSourceRange(), Ctx);
  std::optional<std::string> RootText = postfixOperandText(Root, Ctx);
  if (!DestText || !HostText || !Plain || !RootText)
    return {};
  std::string Test = cudaOnEveryRun(Root, Ctx) ? "" : *RootText + ".is_cuda()";
  if (SourceTested)
    andTest(Test, *HostText + ".is_cpu()");
  if (Memory == HostMemory::Unknown)
    andTest(Test, "!" + *HostText + ".is_pinned()");
  std::string Chosen =
      Test.empty() ? *HostText + ".pin_memory()"
                   : Test + " ? " + *HostText + ".pin_memory() : " + *Plain;
  std::optional<FixItHint> Copy =
      replaceTokens(Assign->getSourceRange(),
                    *DestText + ".copy_(" + Chosen + ", /*non_blocking=*/" +
                        (Test.empty() ? "true" : Test) + ")",
                    Ctx);
  if (!Copy)
    return {};
  if (Hoisted)
    return {Hoisted->Declare, *Copy};
  return {*Copy};
}

void BlockingTransferCheck::checkAssignment(const CXXOperatorCallExpr *Assign,
                                            ASTContext &Ctx) {
  DeviceInference &Devices = Sync.devices(Ctx);
  // Assigning to a variable copies no data: no transfer.
  std::optional<Transfer> T = asTransfer(Assign, Devices);
  if (!T)
    return;
  Direction Dir = T->direction();
  if (Dir == Direction::None)
    return;
  std::string Assumption = assumptionOf(*T, Ctx);
  if (!Sync.reportsDevice(T->assumedDevice()))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Assign, Ctx);
  if (!Hot)
    return;
  // On one line, shortened with "..." (exprText).
  std::string Api = exprText(Assign, Ctx);
  // The fix rewrites the assignment to the copy_ it is, from pinned memory
  // without blocking where the destination is CUDA (assignmentPinFix).
  SyncReport Report = reportSync(*Hot);
  if (Dir == Direction::DeviceToHost) {
    Report.warning(Assign->getOperatorLoc(),
                   "'%0' waits for the GPU to copy %1 to the host%2; copy_() "
                   "with non_blocking=true into pinned memory and read it "
                   "after a CUDA event")
        << Api
        << (Assumption.empty() ? "CUDA tensor " : "") + quoted(T->Source, Ctx)
        << Assumption;
    Report.waitsIn(MemcpyAndSyncPath);
    return;
  }
  Report.warning(
      Assign->getOperatorLoc(),
      "'%0' waits for the GPU to copy %1 to the device%2; pin it and copy_() "
      "with non_blocking=true")
      << Api
      << (T->From == Device::CPU ? "host tensor " : "") + quoted(T->Source, Ctx)
      << Assumption;
  Report.waitsIn(MemcpyAndSyncPath);
  // Only where the source is proven on the CPU (assignmentPinFix) and no
  // read of an earlier non_blocking download relies on this copy's wait.
  Report.fix(inEveryInstantiation(
      Assign, Ctx, [&](const Stmt *S) -> llvm::SmallVector<FixItHint, 2> {
        const auto *A = cast<CXXOperatorCallExpr>(S);
        std::optional<Transfer> Here = asTransfer(A, Devices);
        if (!Here || Here->sourceAssumed() ||
            Reads.endsARaceWindow(A, Devices, Ctx))
          return {};
        return assignmentPinFix(A, *Here, Devices, Ctx);
      }));
}

void BlockingTransferCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Assign =
          Result.Nodes.getNodeAs<CXXOperatorCallExpr>(AssignId)) {
    checkAssignment(Assign, Ctx);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>(CallId);
  DeviceInference &Devices = Sync.devices(Ctx);
  StringRef Method = Call->getMethodDecl()->getName();
  std::optional<Transfer> T = asTransfer(Call, Devices);
  if (!T)
    return;
  Direction Dir = T->direction();
  if (Dir == Direction::None)
    return;
  bool IsCopy = T->IsCopy;
  // H2D: the host-side source; copy_ D2H: the host destination.
  const Expr *Host = Dir == Direction::HostToDevice ? T->Source : nullptr;
  const Expr *HostDst =
      IsCopy && Dir == Direction::DeviceToHost ? T->Destination : nullptr;
  std::string Assumption = assumptionOf(*T, Ctx);
  if (!Sync.reportsDevice(T->assumedDevice()))
    return;
  std::optional<bool> NonBlocking = nonBlockingValue(Call);
  if (!NonBlocking)
    return; // Decided at run time: nothing to prove either way.

  // A non_blocking copy involving pageable host memory: the driver stages it
  // and the host still waits (C3, C5; sync debug mode misses these).
  HostMemory Pageable = HostMemory::Unknown;
  if (*NonBlocking) {
    const Expr *HostSide = Host ? Host : HostDst;
    // C2: a non_blocking D2H into fresh pinned memory is async. A host
    // source is staged wherever the destination is CUDA, also one chosen
    // at run time.
    if (!HostSide || (!Assumption.empty() &&
                      (T->sourceAssumed() || T->To != Device::Runtime)))
      return;
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
    const Expr *HostSide = Host ? Host : HostDst;
    std::optional<FixItHint> PinFix;
    SyncReport Report = reportSync(*Hot);
    Report.warning(Loc, "'%0' waits despite non_blocking=true: the CUDA "
                        "driver stages pageable host tensor %1%3; %2")
        << Api << quoted(HostSide, Ctx)
        << (Dir == Direction::HostToDevice
                ? "pin it with 'pin_memory()'"
                : "allocate it with TensorOptions().pinned_memory(true)")
        << Assumption;
    Report.waitsIn("cudaMemcpyAsync with pageable memory");
    // Pinning a pageable source makes a fresh pinned copy: same values.
    if (Dir == Direction::HostToDevice && isFixable(Call, Ctx))
      PinFix = appendMember(Host, ".pin_memory()", Ctx);
    if (PinFix && destinationCudaOnEveryRun(Call, Ctx)) {
      Report.fix(*PinFix);
    } else if (PinFix) {
      llvm::SmallVector<FixItHint, 2> Chosen =
          runtimePinFix(Call, Host, Devices, Ctx, /*SetNonBlocking=*/false);
      if (!Chosen.empty())
        Report.fix(Chosen);
      else
        Report.note(Loc, PinOnNote);
    }
    return;
  }

  if (Dir == Direction::DeviceToHost) {
    const Expr *Tensor = T->Source;
    SyncReport Report = reportSync(*Hot);
    Report.warning(Loc, "'%0' waits for the GPU to copy %1 to the host%2; "
                        "copy with non_blocking=true into pinned memory and "
                        "read it after a CUDA event")
        << Api
        << (Assumption.empty() ? "CUDA tensor " : "") + quoted(Tensor, Ctx)
        << Assumption;
    Report.waitsIn(MemcpyAndSyncPath);
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
      Report.note(Pending.Reads.front()->getExprLoc(),
                  "no non_blocking rewrite: the host reads the copied values "
                  "here before anything waits for the GPU");
    if (Pending.UntouchedBeforeWait) {
      std::optional<FixItHint> Fix =
          Method == "cpu"
              ? replaceTokens(
                    SourceRange(ME->getMemberLoc(), Call->getEndLoc()),
                    "to(at::kCPU, /*non_blocking=*/true)", Ctx)
              : setNonBlocking(Call, Ctx);
      Report.fixOnNote(Fix,
                       "copy without blocking; the result is valid only after "
                       "the current CUDA stream reaches this point: record an "
                       "at::cuda::CUDAEvent after the copy and synchronize it "
                       "before the host reads the values");
    }
    return;
  }

  // Host to device.
  if (std::optional<FixItHint> OnDevice = factoryOnDeviceFix(Call, Host, Ctx);
      OnDevice && !Reads.endsARaceWindow(Call, Devices, Ctx)) {
    SyncReport Report = reportSync(*Hot);
    Report.warning(Loc,
                   "'%0' waits for the GPU to copy %1 to the device%2; make it "
                   "on the device")
        << Api
        << (T->From == Device::CPU ? "host tensor " : "") + quoted(Host, Ctx)
        << Assumption;
    Report.waitsIn(MemcpyAndSyncPath);
    Report.fix(*OnDevice);
    return;
  }
  {
    SyncReport Report = reportSync(*Hot);
    Report.warning(Loc,
                   "'%0' waits for the GPU to copy %1 to the device%2; pin it "
                   "and copy with non_blocking=true")
        << Api
        << (T->From == Device::CPU ? "host tensor " : "") + quoted(Host, Ctx)
        << Assumption;
    Report.waitsIn(MemcpyAndSyncPath);
    // Pinned without a test only where the source is proven pageable and
    // the destination is CUDA on every run; elsewhere what is not shown is
    // tested at run time (runtimePinFix: the destination is CUDA, the
    // source on the CPU and not pinned), or there is no fix. A blocking
    // upload also waits for the stream; where a read of an earlier
    // non_blocking download relies on that wait, the non_blocking rewrite
    // would make the read race: no fix.
    bool PinOnly = false;
    auto Compute = [&](const Stmt *S) -> llvm::SmallVector<FixItHint, 2> {
      const auto *C = cast<CXXMemberCallExpr>(S);
      std::optional<Transfer> Here = asTransfer(C, Devices);
      if (!Here || Reads.endsARaceWindow(C, Devices, Ctx))
        return {};
      llvm::SmallVector<FixItHint, 2> Fixes =
          pinAndNonBlockingFix(C, Here->Source, Devices, Ctx);
      // A pageable source going to a destination chosen at run time, or a
      // source not shown to be pageable: pin where a test at run time says
      // so (runtimePinFix).
      bool Pageable = !Fixes.empty();
      if (!Pageable || !destinationCudaOnEveryRun(C, Ctx)) {
        Fixes = runtimePinFix(C, Here->Source, Devices, Ctx,
                              /*SetNonBlocking=*/true);
        PinOnly = PinOnly || (C == Call && Pageable && Fixes.empty());
      }
      return Fixes;
    };
    Report.fix(inEveryInstantiation(Call, Ctx, Compute));
    if (PinOnly)
      Report.note(Loc, PinOnNote);
  }
}

void BlockingTransferCheck::onEndOfTranslationUnit() { Reads.clear(); }

} // namespace clang::tidy::torchsync
