//===--- PendingReads.cpp - Host reads of an unfinished copy --------------===//

#include "PendingReads.h"
#include "ExplicitWaits.h"
#include "FixIts.h"
#include "HostReads.h"
#include "Parents.h"
#include "TorchApi.h"
#include "Transfers.h"
#include "VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::torchsync {

/// How many calls deep a helper defined in this translation unit is searched
/// for a wait.
static constexpr unsigned MaxHelperDepth = 3;

struct PendingReads::FunctionCfg {
  std::unique_ptr<CFG> Graph;
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
};

PendingReads::PendingReads() = default;
PendingReads::~PendingReads() = default;

void PendingReads::clear() {
  Cfgs.clear();
  WaitingBodies.clear();
}

namespace {

/// The name of a function as a string, operators included ("operator[]").
std::string nameOf(const FunctionDecl *FD) {
  return FD ? FD->getNameAsString() : std::string();
}

/// Methods that only look at a tensor's metadata, or do nothing with its data
/// that could race with the copy.
bool isMetadataMethod(StringRef Name) {
  static const llvm::StringSet<> Names = {"sizes",
                                          "size",
                                          "sym_sizes",
                                          "sym_size",
                                          "strides",
                                          "stride",
                                          "sym_strides",
                                          "dim",
                                          "ndimension",
                                          "numel",
                                          "sym_numel",
                                          "options",
                                          "dtype",
                                          "scalar_type",
                                          "device",
                                          "get_device",
                                          "is_cuda",
                                          "is_cpu",
                                          "is_pinned",
                                          "defined",
                                          "layout",
                                          "toString",
                                          "print",
                                          "element_size",
                                          "nbytes",
                                          "itemsize",
                                          "is_contiguous",
                                          "is_non_overlapping_and_dense",
                                          "suggest_memory_format",
                                          "storage_offset",
                                          "requires_grad",
                                          "is_leaf",
                                          "grad_fn",
                                          "use_count",
                                          "weak_use_count",
                                          "is_same",
                                          "name",
                                          "names",
                                          "has_names",
                                          "is_sparse",
                                          "is_floating_point",
                                          "is_complex",
                                          "is_signed",
                                          "key_set",
                                          "type",
                                          "unsafeGetTensorImpl",
                                          "getIntrusivePtr",
                                          "is_quantized",
                                          "is_meta",
                                          "is_mkldnn",
                                          "is_inference",
                                          "is_nested",
                                          "output_nr",
                                          "_version",
                                          "is_alias_of",
                                          "is_same_size",
                                          "has_storage",
                                          "storage",
                                          "reset",
                                          "retain_grad",
                                          "set_requires_grad",
                                          "requires_grad_",
                                          "is_view",
                                          "_base",
                                          "grad",
                                          "register_hook",
                                          "mutable_grad",
                                          "_fw_grad",
                                          "retains_grad"};
  return Names.contains(Name);
}

/// Methods that return a view of (or the same storage as) their receiver:
/// reading the result reads the receiver.
bool isViewMethod(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "operator[]", "index",      "select",     "slice",      "narrow",
      "view",       "view_as",    "reshape",    "reshape_as", "unsqueeze",
      "squeeze",    "t",          "transpose",  "permute",    "expand",
      "expand_as",  "as_strided", "flatten",    "unflatten",  "detach",
      "alias",      "contiguous", "diagonal",   "unfold",     "movedim",
      "moveaxis",   "swapaxes",   "swapdims",   "real",       "imag",
      "mT",         "mH",         "T",          "H",          "cpu",
      "pin_memory", "squeeze_",   "unsqueeze_", "t_",         "transpose_",
      "detach_"};
  return Names.contains(Name);
}

/// In-place methods that only write their receiver.
bool isWriteOnlyMethod(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "copy_",        "fill_",       "zero_",           "set_",
      "resize_",      "resize_as_",  "uniform_",        "normal_",
      "random_",      "bernoulli_",  "exponential_",    "geometric_",
      "cauchy_",      "log_normal_", "index_put_",      "index_fill_",
      "masked_fill_", "index_copy_", "masked_scatter_", "scatter_",
      "put_",         "operator="};
  return Names.contains(Name);
}

/// What a tensor method does with its receiver.
enum class Role {
  Ignore,  ///< metadata, or writes only
  View,    ///< returns a view: the read happens when the view is read
  Ordered, ///< a copy to the GPU: queued on the stream after our copy
  Read     ///< reads the receiver's data on the host
};

Role receiverRole(const CallExpr *Call, DeviceInference &DI) {
  const FunctionDecl *FD = Call->getDirectCallee();
  std::string Name = nameOf(FD);
  if (Name == "data") // data() is a view, data<T>() a pointer.
    return FD->getTemplateSpecializationArgs() ? Role::Read : Role::View;
  if (Name == "cuda")
    return Role::Ordered;
  if (Name == "to") {
    std::optional<Transfer> T = asTransfer(Call, DI);
    if (T && (T->To == Device::CUDA || T->To == Device::Runtime ||
              T->To == Device::Unknown))
      return Role::Ordered;
    return T && T->Converts ? Role::Read : Role::View;
  }
  if (isMetadataMethod(Name) || isWriteOnlyMethod(Name))
    return Role::Ignore;
  if (isViewMethod(Name))
    return Role::View;
  return Role::Read;
}

/// \p E with wrappers and view calls stripped: for `h[0].view({-1})`, `h`.
const Expr *stripViews(const Expr *E, DeviceInference &DI) {
  for (unsigned I = 0; E && I < 16; ++I) {
    E = ignoreWrappers(E);
    const auto *C = dyn_cast<CallExpr>(E);
    if (!C || !isTensorMethod(C->getDirectCallee()) || !receiverOf(C) ||
        receiverRole(C, DI) != Role::View)
      return E;
    E = receiverOf(C);
  }
  return E;
}

/// Which tensor holds the pending copy: a variable, or (for a read in the
/// same expression) the copy call itself.
struct Pending {
  const VarDecl *Var = nullptr;
  const Expr *Copy = nullptr;
  bool holds(const Expr *E, DeviceInference &DI) const {
    for (unsigned I = 0; E && I < 16; ++I) {
      E = ignoreWrappers(E);
      if (!Var && E == Copy)
        return true; // Before stripping the copy itself, a `to(kCPU)`.
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        return Var && DRE->getDecl() == Var;
      const auto *C = dyn_cast<CallExpr>(E);
      if (!C || !isTensorMethod(C->getDirectCallee()) || !receiverOf(C) ||
          receiverRole(C, DI) != Role::View)
        return false;
      E = receiverOf(C);
    }
    return false;
  }
};

/// Calls \p F on every tensor operand of \p Call (the receiver excluded),
/// looking into braced tensor lists.
template <typename Fn> bool anyTensorOperand(const CallExpr *Call, Fn F) {
  for (const Expr *Arg : userArgs(Call)) {
    if (isTensorType(Arg->getType())) {
      if (F(Arg))
        return true;
      continue;
    }
    if (!isTensorListType(Arg->getType()))
      continue;
    if (const InitListExpr *IL = bracedTensorList(Arg))
      for (const Expr *Elem : IL->inits())
        if (F(Elem))
          return true;
  }
  return false;
}

/// True when \p Call reads the data of the pending tensor on the host.
bool readsPending(const CallExpr *Call, const Pending &P, DeviceInference &DI) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return false;
  auto IsPending = [&](const Expr *E) { return P.holds(E, DI); };
  if (isTensorMethod(FD)) {
    const Expr *Recv = receiverOf(Call);
    if (Recv && IsPending(Recv) && receiverRole(Call, DI) == Role::Read)
      return true;
    // `x.add_(h)`, `cpu_dst.copy_(h)`: the pending tensor is an operand. A
    // CUDA receiver queues an upload of it on the stream instead.
    if (anyTensorOperand(Call, IsPending))
      return !(Recv && DI.ofTensor(Recv) == Device::CUDA);
    return false;
  }
  std::string Name = qualifiedName(FD);
  // ATen functions and operators (`at::equal(h, x)`, `std::cout << h`,
  // `h * 2`, `torch::stack({h, g})`) and torch::save.
  if (!StringRef(Name).starts_with("at::") && Name != "torch::save")
    return false;
  if (!anyTensorOperand(Call, IsPending))
    return false;
  return !(isTensorType(Call->getType()) && DI.ofTensor(Call) == Device::CUDA);
}

/// The calls that wait for the GPU (explicit-sync's list), plus the polls
/// that tell the host whether the work is done: code that reads after
/// `query()` returned true is correct.
bool isExplicitWait(StringRef Name) {
  static const llvm::StringSet<> Others = {
      // Polls.
      "at::cuda::CUDAEvent::query", "c10::cuda::CUDAEvent::query",
      "c10::cuda::CUDAStream::query", "c10::Event::query", "c10::Stream::query",
      "cudaEventQuery", "cudaStreamQuery", "cuEventQuery", "cuStreamQuery",
      // Always reads a value from the GPU (catalog F1).
      "torch::nn::utils::clip_grad_norm_"};
  return findExplicitWait(Name) || Others.contains(Name);
}

/// Ops whose output size is read from the GPU (catalog D): they wait for the
/// stream when their input is on CUDA.
bool isShapeSync(StringRef Name) {
  static const llvm::StringSet<> Names = {"at::nonzero",
                                          "at::Tensor::nonzero",
                                          "at::argwhere",
                                          "at::Tensor::argwhere",
                                          "at::masked_select",
                                          "at::Tensor::masked_select",
                                          "at::_unique",
                                          "at::_unique2",
                                          "at::unique_consecutive",
                                          "at::Tensor::unique_consecutive",
                                          "at::unique_dim",
                                          "at::Tensor::unique_dim",
                                          "at::unique_dim_consecutive",
                                          "at::Tensor::unique_dim_consecutive",
                                          "at::nonzero_numpy",
                                          "at::Tensor::nonzero_numpy",
                                          "at::bincount",
                                          "at::Tensor::bincount"};
  return Names.contains(Name);
}

/// A copy between host and device that blocks: it ends in memcpy_and_sync,
/// whose stream synchronize also waits for our earlier copy. Where a side is
/// unknown the call is taken to be a transfer: silence is preferred.
bool isBlockingTransfer(const CallExpr *Call, DeviceInference &DI) {
  std::optional<Transfer> T = asTransfer(Call, DI);
  if (!T)
    return false;
  std::optional<bool> NonBlocking = nonBlockingValue(Call);
  if (NonBlocking && *NonBlocking)
    return false;
  return T->mayCopy(); // A dtype conversion on the same device does not.
}

const VarDecl *referencedVar(const Expr *E) {
  if (!E)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The first CallExpr above \p E, looking only through nodes that pass a
/// value on unchanged.
const CallExpr *enclosingCall(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (unsigned I = 0; I < 8; ++I) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *Call = Node.get<CallExpr>())
      return Call;
    const Expr *PE = Node.get<Expr>();
    if (!PE || !(isa<ImplicitCastExpr, MaterializeTemporaryExpr,
                     CXXBindTemporaryExpr, ExprWithCleanups, ParenExpr,
                     CXXConstructExpr, CXXFunctionalCastExpr, InitListExpr,
                     CXXStdInitializerListExpr, MemberExpr>(PE)))
      return nullptr;
  }
  return nullptr;
}

/// The function (or lambda call operator) whose body contains \p S.
std::pair<const Decl *, const Stmt *> enclosingBody(const Stmt *S,
                                                    ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 1024; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return {nullptr, nullptr};
    Node = Parents[0];
    if (const auto *LE = Node.get<LambdaExpr>())
      return {LE->getCallOperator(), LE->getBody()};
    if (const auto *FD = Node.get<FunctionDecl>())
      return {FD, FD->getBody()};
    if (Node.get<Decl>() && !Node.get<VarDecl>())
      return {nullptr, nullptr}; // A block, a field initializer, ...
  }
  return {nullptr, nullptr};
}

/// True when \p S refers to the variable \p V, other than to discard it
/// (`(void)v;`, which only silences an unused-variable warning).
bool mentions(const Stmt *S, const VarDecl *V, ASTContext &Ctx) {
  const auto *DRE = dyn_cast<DeclRefExpr>(S);
  if (!DRE || DRE->getDecl() != V)
    return false;
  DynTypedNode Node = DynTypedNode::create(*DRE);
  for (unsigned I = 0; I < 4; ++I) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return true;
    Node = Parents[0];
    if (const auto *Cast = Node.get<ExplicitCastExpr>())
      return !Cast->getType()->isVoidType();
    if (!Node.get<ImplicitCastExpr>() && !Node.get<ParenExpr>())
      return true;
  }
  return true;
}

} // namespace

PendingCopy resultOfCopy(const CallExpr *Call, ASTContext &Ctx) {
  PendingCopy P;
  P.Copy = Call;
  P.Anchor = Call;
  if (const auto *Parent =
          dyn_cast_or_null<CXXOperatorCallExpr>(enclosingCall(Call, Ctx));
      Parent && Parent->getOperator() == OO_Equal &&
      Parent->getNumArgs() == 2 && ignoreWrappers(Parent->getArg(1)) == Call) {
    P.Var = referencedVar(Parent->getArg(0));
    P.Anchor = Parent;
    return P;
  }
  // `auto h = d.to(kCPU, true);`
  DynTypedNode Node = DynTypedNode::create(*Call);
  for (unsigned I = 0; I < 8; ++I) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      break;
    Node = Parents[0];
    if (const auto *VD = Node.get<VarDecl>()) {
      if (VD->getInit() && ignoreWrappers(VD->getInit()) == Call)
        P.Var = VD;
      break;
    }
    const Expr *PE = Node.get<Expr>();
    if (!PE ||
        !(isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
              ExprWithCleanups, ParenExpr, CXXConstructExpr>(PE)))
      break;
  }
  return P;
}

PendingCopy destinationOfCopy(const CXXMemberCallExpr *Copy,
                              DeviceInference &DI) {
  PendingCopy P;
  P.Copy = Copy;
  P.Anchor = Copy;
  const auto *DRE =
      dyn_cast<DeclRefExpr>(stripViews(Copy->getImplicitObjectArgument(), DI));
  P.Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return P;
}

PendingReads::FunctionCfg *
PendingReads::cfgFor(const Decl *Fn, const Stmt *Body, ASTContext &Ctx) {
  std::unique_ptr<FunctionCfg> &Slot = Cfgs[Fn];
  if (Slot)
    return Slot->Graph ? Slot.get() : nullptr;
  Slot = std::make_unique<FunctionCfg>();
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  Opts.AddImplicitDtors = false;
  Opts.AddTemporaryDtors = false;
  Opts.AddInitializers = false;
  Opts.AddLifetime = false;
  Slot->Graph = CFG::buildCFG(Fn, const_cast<Stmt *>(Body), &Ctx, Opts);
  if (!Slot->Graph)
    return nullptr;
  for (const CFGBlock *B : *Slot->Graph)
    for (unsigned I = 0, N = B->size(); I < N; ++I)
      if (std::optional<CFGStmt> S = (*B)[I].getAs<CFGStmt>())
        Slot->Where.try_emplace(S->getStmt(), B, I);
  return Slot.get();
}

bool PendingReads::isWait(const CallExpr *Call, DeviceInference &DI,
                          ASTContext &Ctx) {
  return isWaitImpl(Call, MaxHelperDepth, DI, Ctx);
}

bool PendingReads::isWaitImpl(const CallExpr *Call, unsigned Depth,
                              DeviceInference &DI, ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return false;
  std::string Name = qualifiedName(FD);
  if (isExplicitWait(Name))
    return true;
  // A host read of a tensor that may be on CUDA waits for the stream.
  if (std::optional<HostRead> R = asHostRead(Call, DI, Ctx))
    if (deviceOf(*R, DI) != Device::CPU)
      return true;
  if (isBlockingTransfer(Call, DI))
    return true;
  if (isShapeSync(Name)) {
    const Expr *Input = receiverOf(Call);
    if (!Input)
      for (const Expr *Arg : userArgs(Call))
        if (isTensorType(Arg->getType())) {
          Input = Arg;
          break;
        }
    if (Input && DI.ofTensor(Input) != Device::CPU)
      return true;
  }
  // A helper of this translation unit that waits.
  if (Depth == 0 || isInLibTorchNamespace(FD))
    return false;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return false;
  return bodyWaits(Def, Depth - 1, DI, Ctx);
}

bool PendingReads::bodyWaits(const FunctionDecl *FD, unsigned Depth,
                             DeviceInference &DI, ASTContext &Ctx) {
  if (auto It = WaitingBodies.find(FD); It != WaitingBodies.end())
    return It->second;
  WaitingBodies[FD] = false; // Recursion: assume no wait until found.
  bool Found = false;
  llvm::SmallVector<const Stmt *, 32> Work = {FD->getBody()};
  while (!Work.empty() && !Found) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S);
        Call && isWaitImpl(Call, Depth, DI, Ctx))
      Found = true;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  // A result found with a smaller depth budget may be too pessimistic to
  // reuse; only a positive answer is certain.
  if (Found || Depth == MaxHelperDepth - 1)
    WaitingBodies[FD] = Found;
  else
    WaitingBodies.erase(FD);
  return Found;
}

/// True when \p Cond asks whether the machine has a GPU:
/// `torch::cuda::is_available()`, `torch::cuda::device_count() > 0`,
/// `c10::cuda::device_count() > 0`. Where it is false, no tensor is on a
/// CUDA device, so no copy from one is pending: the race walk does not
/// follow that branch (nonblocking-race's fix waits behind such a test).
static bool isGpuAvailableTest(const Expr *Cond) {
  if (!Cond)
    return false;
  Cond = Cond->IgnoreParenImpCasts();
  auto IsCall = [](const Expr *E, llvm::StringRef Name) {
    return qualifiedName(calleeOf(E->IgnoreParenImpCasts())) == Name;
  };
  if (IsCall(Cond, "torch::cuda::is_available"))
    return true;
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO || BO->getOpcode() != BO_GT)
    return false;
  const auto *Zero =
      dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
  return Zero && Zero->getValue() == 0 &&
         (IsCall(BO->getLHS(), "torch::cuda::device_count") ||
          IsCall(BO->getLHS(), "c10::cuda::device_count"));
}

PendingReads::Result PendingReads::find(const PendingCopy &PC,
                                        DeviceInference &DI, ASTContext &Ctx) {
  Result R;
  const CallExpr *Call = PC.Copy;
  const Stmt *Anchor = PC.Anchor ? PC.Anchor : Call;
  Pending P;
  P.Var = PC.Var;
  if (!P.Var)
    P.Copy = Call;
  if (P.Var && (!P.Var->hasLocalStorage() || !isTensorType(P.Var->getType())))
    return R;
  bool Touched = false;
  if (!P.Var) {
    // `d.to(kCPU, true).item<float>()`, through views.
    const Expr *Cur = Call;
    for (unsigned I = 0; I < 16; ++I) {
      const CallExpr *Parent = enclosingCall(Cur, Ctx);
      if (!Parent)
        break;
      if (readsPending(Parent, P, DI)) {
        R.Reads.push_back(Parent);
        break;
      }
      if (!isTensorMethod(Parent->getDirectCallee()) ||
          !P.holds(receiverOf(Parent), DI) ||
          receiverRole(Parent, DI) != Role::View)
        break;
      Cur = Parent;
    }
  } else {
    auto [Fn, Body] = enclosingBody(Call, Ctx);
    if (!Fn || !Body || cast<DeclContext>(Fn)->isDependentContext())
      return R;
    FunctionCfg *F = cfgFor(Fn, Body, Ctx);
    if (!F)
      return R;
    // A new value for the variable ends the walk; so does a use that lets
    // code we do not follow read or change it.
    const VariableUses *Uses = DI.uses().of(P.Var);
    auto Start = F->Where.find(Anchor);
    if (Start == F->Where.end())
      return R;
    // Every path from the copy: stop at the first read, a wait, a new value
    // for the variable, or an escape.
    llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 16> Work = {
        {Start->second.first, Start->second.second + 1}};
    llvm::DenseSet<const CFGBlock *> Visited;
    llvm::SmallPtrSet<const CallExpr *, 4> Seen;
    while (!Work.empty()) {
      auto [B, First] = Work.pop_back_val();
      bool Stop = false;
      for (unsigned I = First, N = B->size(); I < N && !Stop; ++I) {
        std::optional<CFGStmt> CS = (*B)[I].getAs<CFGStmt>();
        if (!CS)
          continue;
        const Stmt *S = CS->getStmt();
        if (S == Probe)
          ProbeSeen = true;
        if (S != Call && S != Anchor && mentions(S, P.Var, Ctx))
          Touched = true;
        if (S == Call || S == Anchor) {
          Stop = true; // The copy again: the same state as at the start.
        } else if (const auto *C = dyn_cast<CallExpr>(S);
                   C && readsPending(C, P, DI)) {
          if (Seen.insert(C).second)
            R.Reads.push_back(C);
          Stop = true;
        } else if (C && !(IgnoreBlocking && isBlockingTransfer(C, DI)) &&
                   isWait(C, DI, Ctx)) {
          Stop = true;
        } else if (assignedVariable(S) == P.Var ||
                   (Uses && Uses->escapesAt(S))) {
          Touched = true;
          Stop = true;
        }
      }
      if (Stop)
        continue;
      // `if (torch::cuda::is_available()) ...`: without a GPU nothing is
      // pending, so only the branch taken with one is followed.
      const auto *If = dyn_cast_or_null<IfStmt>(B->getTerminatorStmt());
      bool OnlyThen = If && !If->getConditionVariable() && !If->getInit() &&
                      isGpuAvailableTest(If->getCond()) && B->succ_size() == 2;
      for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
        if (OnlyThen && &Succ != &*B->succ_begin())
          continue;
        if (const CFGBlock *Next = Succ.getReachableBlock())
          if (Visited.insert(Next).second)
            Work.push_back({Next, 0});
      }
    }
  }
  R.UntouchedBeforeWait = P.Var && !Touched && R.Reads.empty();
  return R;
}

bool PendingReads::endsARaceWindow(const CallExpr *Wait, DeviceInference &DI,
                                   ASTContext &Ctx) {
  using namespace ast_matchers;
  auto [Fn, Body] = enclosingBody(Wait, Ctx);
  if (!Fn || !Body)
    return true; // Not followed: assume it matters.
  for (const BoundNodes &N :
       match(findAll(cxxMemberCallExpr(
                         callee(cxxMethodDecl(hasAnyName(
                             "::at::Tensor::to", "::at::Tensor::copy_"))))
                         .bind("copy")),
             *Body, Ctx)) {
    const auto *Copy = N.getNodeAs<CXXMemberCallExpr>("copy");
    if (Copy == Wait)
      continue;
    std::optional<bool> NonBlocking = nonBlockingValue(Copy);
    if (!NonBlocking || !*NonBlocking)
      continue;
    PendingCopy P;
    if (Copy->getMethodDecl()->getName() == "to") {
      if (std::optional<Transfer> T = asTransfer(Copy, DI);
          !T || T->To != Device::CPU)
        continue;
      P = resultOfCopy(Copy, Ctx);
    } else {
      if (DI.ofTensor(Copy->getImplicitObjectArgument()) == Device::CUDA)
        continue;
      P = destinationOfCopy(Copy, DI);
    }
    // Several blocking copies may each end the window; all of them may be
    // rewritten, so none counts as a wait here. Whether the walk passed
    // \p Wait at all is kept for the whole walk, not per path: that may
    // withhold a fix that was safe, never the other way round.
    llvm::SmallVector<const CallExpr *, 4> With = find(P, DI, Ctx).Reads;
    IgnoreBlocking = true;
    Probe = Wait;
    ProbeSeen = false;
    llvm::SmallVector<const CallExpr *, 4> Without = find(P, DI, Ctx).Reads;
    bool Seen = ProbeSeen;
    IgnoreBlocking = false;
    Probe = nullptr;
    if (Seen)
      for (const CallExpr *Read : Without)
        if (!llvm::is_contained(With, Read))
          return true;
  }
  return false;
}

} // namespace clang::tidy::torchsync
