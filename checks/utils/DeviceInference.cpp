//===--- DeviceInference.cpp - Which device a tensor lives on -------------===//

#include "DeviceInference.h"
#include "ASTWalk.h"
#include "CallArgs.h"
#include "Containers.h"
#include "DataLoaders.h"
#include "DeviceGuards.h"
#include "Parents.h"
#include "ReachingDefs.h"
#include "SharedAnalyses.h"
#include "TorchApi.h"
#include "VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

namespace {
/// Deep chains of `x = f(y)` are rare; the limit keeps pathological code
/// (and recursion through many variables) cheap.
constexpr unsigned MaxDepth = 48;

bool isFactoryName(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("tensor", "zeros", "ones", "empty", "full", "rand", "randn", true)
      .Cases("randint", "randperm", "arange", "range", "linspace", true)
      .Cases("logspace", "eye", "from_blob", "scalar_tensor", true)
      .Cases("empty_strided", "tril_indices", "triu_indices", true)
      .Cases("zeros_like", "ones_like", "empty_like", "full_like", true)
      .Cases("rand_like", "randn_like", "randint_like", true)
      .Default(false);
}

/// The variable at the root of `m`, `m->fc`, `m.operator->()`, `(*m).fc`.
const VarDecl *rootVariable(const Expr *E) {
  for (unsigned I = 0; E && I < 16; ++I) {
    E = ignoreWrappers(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      E = ME->getBase();
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getNumArgs() >= 1 &&
        (OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star)) {
      E = OC->getArg(0);
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref) {
      E = UO->getSubExpr();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

bool isDefaultArg(const Expr *E) {
  return isa<CXXDefaultArgExpr>(E->IgnoreImplicit());
}

/// Collects the `m->to(dev)` calls of each module variable in a body.
class FactsCollector : public ASTWalker {
public:
  explicit FactsCollector(
      llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 1>> &M)
      : ModuleTo(M) {}

  bool visitStmt(Stmt *S) override {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
    if (!MC)
      return true;
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getName() == "to" && derivesFromModule(MD->getParent()) &&
        MC->getNumArgs() >= 1)
      if (const VarDecl *V = rootVariable(MC->getImplicitObjectArgument()))
        ModuleTo[V].push_back(MC->getArg(0));
    return true;
  }

private:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 1>> &ModuleTo;
};
/// The arguments a construction was written with: those before the
/// defaulted ones (a vector's allocator).
unsigned writtenArgs(const CXXConstructExpr *CE) {
  unsigned N = CE->getNumArgs();
  while (N > 0 && isa<CXXDefaultArgExpr>(CE->getArg(N - 1)))
    --N;
  return N;
}

/// Strips temporaries and the copies of a tensor list: `return out;`, a
/// vector passed as an ArrayRef or an ITensorListRef, and a container
/// built from a braced list (`return {a, b};`), down to that list.
const Expr *ignoreListCopies(const Expr *E) {
  for (unsigned I = 0; E && I < 16; ++I) {
    E = ignoreWrappers(E)->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && writtenArgs(CE) == 1 &&
        (isTensorListType(CE->getType()) ||
         isTensorContainerType(CE->getType())) &&
        (CE->getConstructor()->isCopyOrMoveConstructor() ||
         isTensorListType(CE->getArg(0)->getType()) ||
         isa<CXXStdInitializerListExpr>(CE->getArg(0)->IgnoreImplicit()))) {
      E = CE->getArg(0);
      continue;
    }
    return E;
  }
  return E;
}

/// An op's result from its inputs: None (no tensor input) is not known.
Device inputsOrUnknown(Device D) {
  return D == Device::None ? Device::Unknown : D;
}

} // namespace

bool cudaOnEveryRun(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return false;
  // A device chosen at run time evaluates to Runtime, not CUDA.
  DeviceInference EveryRun(Ctx);
  Device D = isTensorType(E->getType()) ? EveryRun.ofTensor(E)
                                        : EveryRun.ofDeviceSpec(E);
  return D == Device::CUDA;
}

bool isModuleType(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (derivesFromModule(RD))
    return true;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (Spec && Spec->getTemplateArgs().size() >= 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type) {
    std::string Name = Spec->getQualifiedNameAsString();
    if (Name == "std::shared_ptr" || Name == "torch::nn::ModuleHolder")
      return isModuleType(Spec->getTemplateArgs()[0].getAsType());
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (isModuleType(B.getType()))
      return true;
  return false;
}

bool isDeviceValueType(QualType T) {
  return isClassType(T, "c10::Device") || isEnumType(T, "c10::DeviceType");
}

const Decl *DeviceInference::ownerOf(const VarDecl *V) const {
  const DeclContext *DC = V->getParentFunctionOrMethod();
  return DC ? cast<Decl>(DC) : nullptr;
}

const DeviceInference::FunctionFacts &
DeviceInference::factsFor(const Decl *Owner) {
  std::unique_ptr<FunctionFacts> &Slot = BodyFacts[Owner];
  if (!Slot) {
    Slot = std::make_unique<FunctionFacts>();
    if (Owner && Owner->getBody()) {
      FactsCollector Collector(Slot->ModuleTo);
      Collector.walk(Owner->getBody());
    }
  }
  return *Slot;
}

Device DeviceInference::ofTensor(const Expr *E) {
  Device D = tensorImpl(E);
  return D == Device::None ? Device::Unknown : D;
}

Device DeviceInference::ofDeviceSpec(const Expr *E) { return specImpl(E); }

std::optional<std::vector<ProgramFact>> DeviceInference::ifEveryFactCpu(
    ASTContext &Ctx, llvm::function_ref<Device(DeviceInference &)> Evaluate) {
  Recorder AssumeCpu(Recorder::Mode::AssumeCpu);
  DeviceInference Fresh(Ctx);
  Fresh.setRecorder(&AssumeCpu);
  if (Evaluate(Fresh) != Device::CPU || AssumeCpu.consulted().empty())
    return std::nullopt;
  return AssumeCpu.consulted();
}

DeviceInference::DeviceInference(ASTContext &Ctx)
    : Ctx(Ctx), Uses(SharedAnalyses::of(Ctx).uses()),
      Guards(SharedAnalyses::of(Ctx).guards()) {}

DeviceGuards &DeviceInference::guards() { return Guards; }

Device DeviceInference::ofParameter(const ParmVarDecl *P) {
  // A check, a CUDA guard, a dispatch key or a kernel launch in the
  // function decides it (DeviceGuards.h).
  if (Device Guarded = guards().deviceOf(P); Guarded != Device::None)
    return Guarded;
  // Within one function the callers are not seen: what every caller in the
  // program passes, when whole-program facts prove it.
  if (Facts)
    if (std::optional<Device> D = Facts->parameterDevice(P);
        D && *D != Device::Unknown)
      return *D;
  // Last: a device passed in is chosen by the caller, at run time as far as
  // this function knows.
  if (isDeviceValueType(P->getType()))
    return Device::Runtime;
  return Device::Unknown;
}

bool DeviceInference::isUserMethodOrFunction(const FunctionDecl *FD) const {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD)
    return true;
  // A member function of a user class (`corpus.get_data()`): not a
  // lambda's call operator, not the standard library's or another system
  // header's (`std::vector<Tensor>::at`).
  return !MD->getParent()->isLambda() && !MD->isInStdNamespace() &&
         !Ctx.getSourceManager().isInSystemHeader(MD->getLocation());
}

Device DeviceInference::ofReturnedElement(const CallExpr *Call, int Element) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (Facts && FD && Element >= 0 &&
      llvm::is_contained(returnedElementIndices(FD->getReturnType()),
                         static_cast<unsigned>(Element)))
    if (std::optional<Device> D =
            Facts->returnDevice(FD, static_cast<unsigned>(Element), Call))
      return *D;
  return Device::Unknown;
}

Device DeviceInference::ofReturnedContainer(const CallExpr *Call) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return Device::Unknown;
  // Defined here (an instantiation of a template too): what its returns
  // hold, every path.
  if (const FunctionDecl *Def = nullptr; FD->hasBody(Def) && Def) {
    if (!InProgress.insert(Def).second) {
      ++CycleHits; // It returns what a call of itself returns.
      return Device::None;
    }
    llvm::SmallVector<const ReturnStmt *, 4> Returns =
        returnStatements(Def->getBody());
    Device D = Returns.empty() ? Device::Unknown : Device::None;
    for (const ReturnStmt *R : Returns) {
      // `return out;` or `return {a, b};` (ofTensorList sees through the
      // copy and the braced list).
      const Expr *RV = R->getRetValue();
      D = joinAgreeing(D, RV ? ofTensorList(RV) : Device::Unknown);
    }
    InProgress.erase(Def);
    return D;
  }
  // Defined in another file: what the whole-program facts say.
  if (Facts)
    if (std::optional<Device> D = Facts->returnDevice(FD, std::nullopt, Call))
      return *D;
  return Device::Unknown;
}

Device DeviceInference::ofUserCall(const CallExpr *Call,
                                   const FunctionDecl *FD) {
  // What the function returns on every path, at this call (on the device
  // of an argument, where it returns on its parameter's), when
  // whole-program facts say.
  if (Facts && FD && isTensorType(FD->getReturnType()))
    if (std::optional<Device> D = Facts->returnDevice(FD, std::nullopt, Call))
      return *D;
  return Device::Unknown;
}

Device DeviceInference::ofVariable(const VarDecl *V) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    return ofParameter(P);
  if (auto It = VarMemo.find(V); It != VarMemo.end())
    return It->second;
  if (!InProgress.insert(V).second) {
    ++CycleHits;
    return Device::None; // A cycle: `x = x + y` adds nothing new.
  }
  unsigned HitsBefore = CycleHits;
  bool IsTensor = isTensorType(V->getType());
  Device Result = Device::None;
  const Decl *Owner = ownerOf(V);
  if (!Owner && !V->getType().isConstQualified()) {
    // A mutable global: any function may set it. A device there is chosen
    // at run time (a flag, a configuration).
    Result =
        isDeviceValueType(V->getType()) ? Device::Runtime : Device::Unknown;
  } else if (V->isCXXForRangeDecl()) {
    for (const DynTypedNode &P : parentsOf(*V, Ctx))
      if (const auto *DS = P.get<DeclStmt>())
        for (const DynTypedNode &PP : parentsOf(*DS, Ctx))
          if (const auto *FR = PP.get<CXXForRangeStmt>())
            Result = ofRangeForVariable(V, FR->getRangeInit());
    if (Result == Device::None)
      Result = Device::Unknown;
  } else if (const VariableUses *U = Uses.of(V);
             U && U->Escapes && (!IsTensor || !followedOutArgs(*U))) {
    // Written where the new value is not seen (a non-const reference, a
    // pointer, `std::tie(...) =`, an out-parameter of a function whose
    // writes are not followed): no proof.
    Result = Device::Unknown;
  } else {
    auto Value = [&](const Expr *Src) {
      return IsTensor ? tensorImpl(Src) : specImpl(Src);
    };
    // A tensor that holds CPU and CUDA values (flow-insensitively) is not
    // known; a device variable that does is chosen at run time.
    auto Join = IsTensor ? joinAgreeing : joinChoices;
    if (const Expr *Init = V->getInit())
      Result = Value(Init);
    if (U)
      for (const Expr *RHS : U->Assigned)
        Result = Join(Result, Value(RHS));
    // What the user functions it is passed to as an out-parameter leave.
    if (U && U->Escapes)
      if (std::optional<llvm::SmallVector<const OutArgument *, 2>> Followed =
              followedOutArgs(*U))
        for (const OutArgument *A : *Followed)
          Result = Join(Result, ofOutArgument(A->Call, A->Param, -1));
  }
  InProgress.erase(V);
  // A result computed across a cut cycle is partial unless this variable is
  // where the outermost query started.
  if (CycleHits == HitsBefore || InProgress.empty())
    VarMemo[V] = Result;
  return Result;
}

std::optional<llvm::SmallVector<const OutArgument *, 2>>
DeviceInference::followedOutArgs(const VariableUses &U) const {
  llvm::SmallVector<const OutArgument *, 2> Followed;
  for (const OutArgument &A : U.OutArgs)
    if (outParameterCallee(A.Call, A.Param, Ctx))
      Followed.push_back(&A);
  // Every other escape (a lambda's capture by reference is none) leaves a
  // write unseen.
  for (const Stmt *S : U.EscapePoints)
    if (!isa<LambdaExpr>(S) &&
        llvm::none_of(Followed, [&](const auto *A) { return A->Ref == S; }))
      return std::nullopt;
  return Followed;
}

Device DeviceInference::ofOutArgument(const CallExpr *Call, unsigned Param,
                                      int Element) {
  const FunctionDecl *FD = outParameterCallee(Call, Param, Ctx);
  if (!FD)
    return Device::Unknown;
  // Defined in this translation unit: its body says.
  if (const FunctionDecl *Def = nullptr; FD->hasBody(Def) && Def)
    return ofOutParameter(Def, Param, Element);
  // Defined in another file: what the whole-program facts say.
  if (Facts)
    if (std::optional<Device> D = Facts->outDevice(
            FD, Param,
            Element >= 0 ? std::optional<unsigned>(Element) : std::nullopt))
      return *D;
  return Device::Unknown;
}

Device DeviceInference::ofContents(const ContainerContents &C, int Index) {
  Device Result = Device::None;
  for (const ContainerContents::Value &V : C.Values) {
    if (Index >= 0 && V.Index != Index)
      continue;
    // What the callers pass for a parameter: the whole-program facts.
    if (V.Entry) {
      Result = joinAgreeing(Result, ofParameter(V.Entry));
      continue;
    }
    if (!InProgress.insert(V.E).second) {
      ++CycleHits; // `xs.push_back(xs.back() * 2)` adds nothing new.
      continue;
    }
    Device D = V.Inputs        ? inputsOrUnknown(ofCallInputs(V.E))
               : !V.From       ? tensorImpl(V.E)
               : V.Param >= 0  ? ofOutArgument(V.From, V.Param, V.Element)
               : V.Element < 0 ? ofReturnedContainer(V.From)
                               : ofReturnedElement(V.From, V.Element);
    InProgress.erase(V.E);
    Result = joinAgreeing(Result, D);
  }
  return Result;
}

Device DeviceInference::ofOutParameter(const FunctionDecl *FD, unsigned Param,
                                       int Element) {
  if (!FD || Param >= FD->getNumParams() || !FD->getBody())
    return Device::Unknown;
  const ParmVarDecl *P = FD->getParamDecl(Param);
  if (!isOutParameterType(P->getType()))
    return Device::Unknown;
  std::pair<const ParmVarDecl *, int> Key{P, Element};
  if (auto It = OutMemo.find(Key); It != OutMemo.end())
    return It->second;
  if (Depth >= MaxDepth)
    return Device::Unknown; // A long chain of functions passing it on.
  if (!OutInProgress.insert(P).second) {
    ++CycleHits; // It passes its out-parameter on to itself.
    return Device::None;
  }
  ++Depth;
  unsigned HitsBefore = CycleHits;
  Device Result = Device::None;
  if (!isTensorType(P->getType().getNonReferenceType())) {
    const ContainerContents &C = SharedAnalyses::of(Ctx).outContents(P);
    Result = C.Unseen ? Device::Unknown : ofContents(C, Element);
  } else if (const VariableUses *U = Uses.of(P)) {
    std::optional<llvm::SmallVector<const OutArgument *, 2>> Followed =
        followedOutArgs(*U);
    if (!Followed) {
      Result = Device::Unknown; // Written where the value is not seen.
    } else {
      // Its writes: assignments, and calls that leave something in it.
      llvm::SmallVector<std::pair<const Stmt *, const Expr *>, 4> Writes;
      llvm::DenseMap<const Stmt *, const OutArgument *> OutAt;
      for (auto [RHS, Site] : llvm::zip_equal(U->Assigned, U->AssignedAt))
        Writes.emplace_back(Site, RHS);
      for (const OutArgument *A : *Followed)
        if (ofOutArgument(A->Call, A->Param, -1) != Device::None) {
          Writes.emplace_back(A->Call, nullptr);
          OutAt[A->Call] = A;
        }
      auto Value = [&](const Stmt *Site, const Expr *RHS) {
        if (const OutArgument *A = OutAt.lookup(Site))
          return ofOutArgument(A->Call, A->Param, -1);
        return tensorImpl(RHS);
      };
      // Those that reach the exit, where each is followed there.
      const ReachingDefs &Flow = SharedAnalyses::of(Ctx).reachingDefs(FD);
      llvm::SmallPtrSet<const Stmt *, 4> Sites;
      llvm::DenseMap<const Stmt *, const Expr *> ValueAt;
      bool PerPoint = !U->InLambda;
      for (const auto &[Site, RHS] : Writes) {
        PerPoint &= Flow.contains(Site);
        Sites.insert(Site);
        ValueAt[Site] = RHS;
      }
      std::optional<llvm::SmallVector<ReachingDefs::Def, 2>> Defs;
      if (PerPoint && !Writes.empty())
        Defs = Flow.reachingExit(P, Sites);
      if (Defs) {
        for (const ReachingDefs::Def &D : *Defs)
          if (D.Site) // Not the caller's value, on a path that keeps it.
            Result = joinAgreeing(Result, Value(D.Site, ValueAt[D.Site]));
      } else {
        for (const auto &[Site, RHS] : Writes)
          Result = joinAgreeing(Result, Value(Site, RHS));
      }
    }
  }
  OutInProgress.erase(P);
  --Depth;
  if (CycleHits == HitsBefore || (InProgress.empty() && OutInProgress.empty()))
    OutMemo[Key] = Result;
  return Result;
}

Device DeviceInference::ofVariableAt(const VarDecl *V, const Expr *Use) {
  const VariableUses *U = Uses.of(V);
  const auto *Owner = dyn_cast_or_null<FunctionDecl>(ownerOf(V));
  if (!U || U->InLambda || !Owner || V->isCXXForRangeDecl() ||
      !isTensorType(V->getType()) ||
      (!isa<ParmVarDecl>(V) && V->getType().isConstQualified()))
    return ofVariable(V);
  // Passed to out-parameters of user functions whose writes are followed:
  // each such call is a definition (when the callee writes it at all).
  std::optional<llvm::SmallVector<const OutArgument *, 2>> Followed =
      followedOutArgs(*U);
  if (!Followed)
    return ofVariable(V);
  llvm::DenseMap<const Stmt *, const OutArgument *> OutAt;
  for (const OutArgument *A : *Followed)
    if (ofOutArgument(A->Call, A->Param, -1) != Device::None)
      OutAt[A->Call] = A;
  if (U->Assigned.empty() && OutAt.empty())
    return ofVariable(V);
  const ReachingDefs *Flow = &SharedAnalyses::of(Ctx).reachingDefs(Owner);
  llvm::SmallPtrSet<const Stmt *, 4> Sites;
  llvm::DenseMap<const Stmt *, const Expr *> ValueAt;
  for (auto [RHS, Site] : llvm::zip_equal(U->Assigned, U->AssignedAt)) {
    if (!Flow->contains(Site))
      return ofVariable(V); // An assignment whose place is not followed.
    Sites.insert(Site);
    ValueAt[Site] = RHS;
  }
  for (const auto &[Call, A] : OutAt) {
    if (!Flow->contains(Call))
      return ofVariable(V);
    Sites.insert(Call);
  }
  std::optional<llvm::SmallVector<ReachingDefs::Def, 2>> Defs =
      Flow->reaching(V, Sites, Use);
  if (!Defs)
    return ofVariable(V);
  Device Result = Device::None;
  for (const ReachingDefs::Def &D : *Defs) {
    const void *Key = D.Site ? static_cast<const void *>(D.Site) : V;
    if (!InProgress.insert(Key).second) {
      ++CycleHits;
      continue; // A cycle: `x = x + y` in a loop adds nothing new.
    }
    Device Value;
    if (const OutArgument *A = D.Site ? OutAt.lookup(D.Site) : nullptr)
      Value = ofOutArgument(A->Call, A->Param, -1);
    else if (D.Site)
      Value = tensorImpl(ValueAt[D.Site]);
    else if (const auto *P = dyn_cast<ParmVarDecl>(V))
      Value = ofParameter(P);
    else
      Value = V->getInit() ? tensorImpl(V->getInit()) : Device::None;
    InProgress.erase(Key);
    Result = joinAgreeing(Result, Value);
  }
  return Result;
}

Device DeviceInference::ofElement(const ValueDecl *Container, int Index) {
  const ContainerContents *C = &SharedAnalyses::of(Ctx).contents(Container);
  if (C->Unseen)
    return Device::Unknown;
  Device Result = ofContents(*C, Index);
  // Nothing put in it: what is read was not seen.
  return Result == Device::None ? Device::Unknown : Result;
}

Device DeviceInference::ofRangeForVariable(const VarDecl *V,
                                           const Expr *Range) {
  (void)V;
  if (!Range)
    return Device::Unknown;
  const Expr *R = ignoreWrappers(Range);
  if (isTensorType(R->getType()))
    return tensorImpl(R); // Iterating a tensor yields its slices.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(R->IgnoreParenImpCasts()))
    if (const auto *C = dyn_cast<VarDecl>(DRE->getDecl());
        C && isTensorContainerType(C->getType()))
      return ofElement(C, -1); // A local vector or array of tensors.
  if (const FunctionDecl *FD = calleeOf(R); FD && FD->getName() == "parameters")
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && derivesFromModule(MD->getParent()))
      return ofModule(receiverOf(R));
  if (const auto *IL = dyn_cast<InitListExpr>(R)) {
    Device D = Device::None;
    for (const Expr *Elem : IL->inits())
      D = joinAgreeing(D, tensorImpl(Elem));
    return D;
  }
  return Device::Unknown;
}

Device DeviceInference::ofBinding(const BindingDecl *B) {
  const VariableUses *U = Uses.of(B);
  const auto *DD = dyn_cast_or_null<VarDecl>(B->getDecomposedDecl());
  if (!U || U->Escapes || !DD || !DD->getInit())
    return Device::Unknown;
  if (!InProgress.insert(B).second) {
    ++CycleHits;
    return Device::None;
  }
  Device D = ofCallInputs(ignoreWrappers(DD->getInit()));
  for (const Expr *RHS : U->Assigned)
    D = joinAgreeing(D, tensorImpl(RHS));
  InProgress.erase(B);
  return D;
}

Device DeviceInference::ofModule(const Expr *ModuleExpr) {
  const VarDecl *V = rootVariable(ModuleExpr);
  if (!V || isa<ParmVarDecl>(V))
    return Device::Unknown;
  const Decl *Owner = ownerOf(V);
  if (!Owner)
    return Device::Unknown;
  Device D = Device::None;
  for (const Expr *Dev : factsFor(Owner).ModuleTo.lookup(V))
    D = joinChoices(D, specImpl(Dev));
  if (D != Device::None)
    return D;
  // Never moved: a module built here keeps its parameters on the CPU; one
  // obtained from elsewhere may live anywhere.
  const Expr *Init = V->getInit() ? ignoreWrappers(V->getInit()) : nullptr;
  if (Init && (isa<CXXConstructExpr>(Init) ||
               qualifiedName(calleeOf(Init)) == "std::make_shared"))
    return Device::CPU;
  return Device::Unknown;
}

const Expr *DeviceInference::moduleDeviceSpec(const Expr *ModuleExpr) {
  const VarDecl *V = rootVariable(ModuleExpr);
  const Decl *Owner = V && !isa<ParmVarDecl>(V) ? ownerOf(V) : nullptr;
  if (!Owner)
    return nullptr;
  const auto &ModuleTo = factsFor(Owner).ModuleTo;
  auto It = ModuleTo.find(V);
  return It != ModuleTo.end() && It->second.size() == 1 ? It->second.front()
                                                        : nullptr;
}

Device DeviceInference::ofMember(const FieldDecl *F) {
  if (auto It = MemberMemo.find(F); It != MemberMemo.end())
    return It->second;
  if (!InProgress.insert(F).second) {
    ++CycleHits;
    return Device::None; // `dense_ = dense_ * 2` adds nothing new.
  }
  unsigned HitsBefore = CycleHits;
  Device Result = memberImpl(F);
  InProgress.erase(F);
  if (CycleHits == HitsBefore || InProgress.empty())
    MemberMemo[F] = Result;
  return Result;
}

namespace {
/// Finds the uses of a field through another object than `this` that may
/// write it: `other.f = x` with a non-const `other`.
class OtherObjectWrites : public ASTWalker {
public:
  explicit OtherObjectWrites(const FieldDecl *F) : F(F) { ImplicitCode = true; }
  bool visitStmt(Stmt *S) override {
    const auto *ME = dyn_cast<MemberExpr>(S);
    if (!ME || ME->getMemberDecl() != F ||
        isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return true;
    QualType Base = ME->getBase()->getType();
    if (ME->isArrow() && Base->isPointerType())
      Base = Base->getPointeeType();
    if (!Base.isConstQualified())
      Found = true;
    return !Found;
  }
  bool Found = false;

private:
  const FieldDecl *F;
};
} // namespace

Device DeviceInference::memberImpl(const FieldDecl *F) {
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || !RD->hasDefinition() || !isTensorType(F->getType()) ||
      F->getType()->isReferenceType())
    return Device::Unknown;
  // Only the class's own code may write it, and all of it must be seen.
  bool Hidden = F->getAccess() == AS_private ||
                (F->getAccess() == AS_protected && RD->hasAttr<FinalAttr>());
  if (!Hidden || RD->isUnion() || RD->isLambda() || RD->isDependentContext() ||
      isa<ClassTemplateSpecializationDecl>(RD) || RD->hasFriends())
    return Device::Unknown;
  for (const Decl *D : RD->decls())
    if (isa<FunctionTemplateDecl>(D) ||
        (isa<CXXRecordDecl>(D) &&
         !cast<CXXRecordDecl>(D)->isInjectedClassName()))
      return Device::Unknown;
  Device Result = Device::None;
  if (const Expr *Init = F->getInClassInitializer())
    Result = joinAgreeing(Result, tensorImpl(Init));
  for (const CXXMethodDecl *MD : RD->methods()) {
    if (MD->isImplicit() || MD->isDeleted() || MD->isDefaulted())
      continue; // Copies of the object keep what its members hold.
    const FunctionDecl *Def = nullptr;
    if (!MD->hasBody(Def) || !Def->getBody()) {
      if (MD->isPureVirtual())
        continue;
      return Device::Unknown; // Defined in another translation unit.
    }
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *I : Ctor->inits()) {
        if (!I->isWritten() || !I->getInit())
          continue;
        if (I->getMember() == F)
          Result = joinAgreeing(Result, tensorImpl(I->getInit()));
        // Another member's initializer that writes this one.
        const VariableUses &InInit = Uses.body(I->getInit()).of(F);
        OtherObjectWrites Other(F);
        Other.walk(const_cast<Expr *>(I->getInit()));
        if (!InInit.Writes.empty() || Other.Found)
          return Device::Unknown;
      }
    const VariableUses &U = Uses.body(Def->getBody()).of(F);
    if (U.Escapes)
      return Device::Unknown;
    OtherObjectWrites Other(F);
    Other.walk(const_cast<Stmt *>(Def->getBody()));
    if (Other.Found)
      return Device::Unknown;
    // Changes in place (`f.add_(1)`, `f += x`, `f.copy_(y)`) keep the device.
    for (const Expr *RHS : U.Assigned)
      Result = joinAgreeing(Result, tensorImpl(RHS));
  }
  // Never written: an undefined tensor.
  return Result;
}

Device DeviceInference::ofFactory(const CallExpr *Call, StringRef Name) {
  const FunctionDecl *FD = Call->getDirectCallee();
  Device D = Device::None;
  for (unsigned I = 0, N = std::min(Call->getNumArgs(), FD->getNumParams());
       I < N; ++I) {
    QualType PT = FD->getParamDecl(I)->getType();
    bool IsDeviceParam = isClassType(PT, "c10::TensorOptions") ||
                         isClassType(PT, "c10::Device") ||
                         isEnumType(PT, "c10::DeviceType");
    if (!IsDeviceParam)
      if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
              PT.getNonReferenceType()->getAsCXXRecordDecl()))
        IsDeviceParam =
            StringRef(Spec->getName()) == "optional" &&
            Spec->getTemplateArgs().size() == 1 &&
            isClassType(Spec->getTemplateArgs()[0].getAsType(), "c10::Device");
    if (IsDeviceParam && !isDefaultArg(Call->getArg(I)))
      D = joinAgreeing(D, specImpl(Call->getArg(I)));
  }
  if (D != Device::None)
    return D;
  // `*_like(x)` follows `x`; every other factory defaults to the CPU.
  if (Name.ends_with("_like") && Call->getNumArgs() >= 1)
    return tensorImpl(Call->getArg(0));
  return Device::CPU;
}

Device DeviceInference::ofCallInputs(const Expr *Call) {
  Device D = Device::None;
  if (const Expr *Recv = receiverOf(Call);
      Recv && isTensorType(Recv->getType()))
    D = combineInputs(D, tensorImpl(Recv));
  for (const Expr *Arg : userArgs(Call)) {
    if (isTensorType(Arg->getType())) {
      D = combineInputs(D, tensorImpl(Arg));
    } else if (isTensorListType(Arg->getType())) {
      if (const InitListExpr *IL = bracedTensorList(Arg))
        for (const Expr *Elem : IL->inits())
          D = combineInputs(D, tensorImpl(Elem));
      else // `torch::cat(parts)`: what the vector holds.
        D = combineInputs(D, ofTensorList(Arg));
    }
  }
  return D;
}

Device DeviceInference::ofBatch(const Expr *E, unsigned Depth) {
  for (; E && Depth < 16; ++Depth) {
    E = ignoreWrappers(E)->IgnoreImplicit();
    if (QualType D = loaderDataset(E->getType()); !D.isNull())
      return ofDataset(D, Depth + 1);
    // Copies of an Example or a batch.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor()) {
      E = CE->getArg(0);
      continue;
    }
    // `*it`, `it->`, `batch[i]`, `*loader`.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      OverloadedOperatorKind K = OC->getOperator();
      if ((K == OO_Star || K == OO_Arrow || K == OO_Subscript) &&
          OC->getNumArgs() >= 1) {
        E = OC->getArg(0);
        continue;
      }
      return Device::Unknown;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref) {
      E = UO->getSubExpr();
      continue;
    }
    // `loader->begin()`, `batch.at(i)`, `batch.front()`: the same examples.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      StringRef Name =
          MD && MD->getDeclName().isIdentifier() ? MD->getName() : StringRef();
      if (llvm::is_contained({"begin", "at", "front", "back", "value", "get"},
                             Name)) {
        E = MC->getImplicitObjectArgument();
        continue;
      }
      return Device::Unknown;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    // An example passed in: what every caller passes, when whole-program
    // facts say.
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V);
        P && isExampleBatchType(P->getType()))
      return ofParameter(P);
    if (!V || isa<ParmVarDecl>(V) || !ownerOf(V))
      return Device::Unknown;
    if (V->isCXXForRangeDecl()) {
      // An element of the range: a batch of a loader, an example of a batch.
      for (const DynTypedNode &P : parentsOf(*V, Ctx))
        if (const auto *DS = P.get<DeclStmt>())
          for (const DynTypedNode &PP : parentsOf(*DS, Ctx))
            if (const auto *FR = PP.get<CXXForRangeStmt>())
              return ofBatch(FR->getRangeInit(), Depth + 1);
      return Device::Unknown;
    }
    // A batch or iterator variable holds what its initializer and its
    // assignments give (`++it` steps through the same loader).
    Device D = V->getInit() ? ofBatch(V->getInit(), Depth + 1) : Device::None;
    if (const VariableUses *U = Uses.of(V))
      for (const Expr *RHS : U->Assigned)
        D = joinAgreeing(D, ofBatch(RHS, Depth + 1));
    return D == Device::None ? Device::Unknown : D;
  }
  return Device::Unknown;
}

/// The devices of the tensors a `return` of a dataset's get or a
/// transform's apply yields: `{data, target}`, `Example<>(data, target)`, a
/// tensor; None where it cannot be read.
static void collectReturned(const Expr *E, DeviceInference &DI,
                            llvm::function_ref<Device(const Expr *)> Tensor,
                            Device &D, unsigned Depth = 0) {
  if (!E || Depth > 8)
    return;
  E = ignoreWrappers(E)->IgnoreImplicit();
  if (isTensorType(E->getType())) {
    D = combineInputs(D, Tensor(E));
    return;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Init : IL->inits())
      collectReturned(Init, DI, Tensor, D, Depth + 1);
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    for (const Expr *Arg : CE->arguments())
      collectReturned(Arg, DI, Tensor, D, Depth + 1);
}

Device DeviceInference::ofDataset(QualType Dataset, unsigned Depth) {
  if (Depth > 16)
    return Device::Unknown;
  DatasetFacts F = datasetFacts(Dataset);
  switch (F.K) {
  case DatasetFacts::Host:
    return Device::CPU;
  case DatasetFacts::Unknown:
    return Device::Unknown;
  case DatasetFacts::SourceDevice:
    return ofDataset(F.Source, Depth + 1);
  case DatasetFacts::User:
    break;
  }
  // A user dataset (or transform) makes host tensors unless its code is
  // shown to return CUDA tensors (or ones on a device chosen at run time).
  Device Made = Device::None;
  for (const CXXMethodDecl *MD : F.Methods)
    Made = combineInputs(Made, ofExamplesMadeBy(MD));
  // Defined in another file: what the whole-program facts say its body
  // shows (unknown until they do; per file: host, as above).
  if (Facts && Facts->mode() != Recorder::Mode::Off)
    for (const CXXMethodDecl *MD : F.Elsewhere) {
      std::optional<Device> D = Facts->returnDevice(MD, std::nullopt, nullptr);
      Made = combineInputs(Made, D ? *D : Device::Unknown);
    }
  Device Source =
      F.Source.isNull() ? Device::CPU : ofDataset(F.Source, Depth + 1);
  if (Made == Device::CUDA || Made == Device::Runtime ||
      Made == Device::Unknown)
    return Made;
  return Source;
}

Device DeviceInference::ofExamplesMadeBy(const CXXMethodDecl *Def) {
  Device Made = Device::None;
  if (Def && Def->getBody())
    for (const ReturnStmt *R : returnStatements(Def->getBody()))
      if (const Expr *RV = R->getRetValue())
        collectReturned(
            RV, *this, [&](const Expr *T) { return tensorImpl(T); }, Made);
  return Made == Device::CUDA || Made == Device::Runtime ? Made : Device::CPU;
}

Device DeviceInference::tensorImpl(const Expr *E) {
  if (!E)
    return Device::Unknown;
  E = ignoreWrappers(E);
  if (auto It = TensorMemo.find(E); It != TensorMemo.end())
    return It->second;
  if (Depth >= MaxDepth)
    return Device::Unknown;
  ++Depth;
  unsigned HitsBefore = CycleHits;
  Device Result = Device::Unknown;

  if (std::optional<ElementRead> Element = elementRead(E)) {
    Result = ofElement(Element->Container, Element->Index);
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Result = ofVariableAt(V, DRE);
    else if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl()))
      Result = ofBinding(B);
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (isModuleType(ME->getBase()->getType()))
      Result = ofModule(ME->getBase());
    else if (isExampleType(ME->getBase()->getType()))
      Result = ofBatch(ME->getBase()); // batch.data, batch.target
    else if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      Result = ofMember(F); // A member of a class of the user's.
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Result = joinAgreeing(tensorImpl(CO->getTrueExpr()),
                          tensorImpl(CO->getFalseExpr()));
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 0)
      Result = Device::None; // An undefined tensor.
  } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    std::string QName = qualifiedName(FD);
    StringRef Name =
        FD && FD->getDeclName().isIdentifier() ? FD->getName() : StringRef();
    if (isTensorMethod(FD)) {
      const Expr *Recv = receiverOf(Call);
      llvm::ArrayRef<const Expr *> Args = userArgs(Call);
      if (Name == "cuda")
        Result = Device::CUDA;
      else if (Name == "cpu" || Name == "pin_memory")
        Result = Device::CPU;
      else if (Name == "to") {
        // The overload decides: to(other), to(device or options, ...), or
        // a dtype conversion that stays where the receiver is. Only what
        // decides is looked at, so that the facts consulted are those the
        // result rests on (`return t.to(device);` is on `device`, whatever
        // `t` is).
        ToArguments To = toArguments(Call);
        Device D = Device::None;
        if (To.Other)
          Result = tensorImpl(To.Other);
        else if (To.DeviceSpec && (D = specImpl(To.DeviceSpec)) != Device::None)
          Result = D;
        else
          Result = tensorImpl(Recv);
      } else if (Name.ends_with("_") || Name == "index_put_")
        Result = tensorImpl(Recv); // In place: the receiver's device.
      else
        Result = ofCallInputs(Call);
    } else if (FD && isInLibTorchNamespace(FD) && isFactoryName(Name) &&
               !isa<CXXMethodDecl>(FD)) {
      Result = ofFactory(Call, Name);
    } else if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
               MD &&
               isModuleType(QualType(MD->getParent()->getTypeForDecl(), 0))) {
      // `model->forward(x)`, `model(x)`: the inputs and the parameters.
      Result = combineInputs(ofCallInputs(Call), ofModule(receiverOf(Call)));
    } else if (QName == "std::move" || QName == "std::forward") {
      Result = Call->getNumArgs() ? tensorImpl(Call->getArg(0)) : Result;
    } else if (QName == "std::get") {
      const Expr *Of = Call->getNumArgs()
                           ? ignoreWrappers(Call->getArg(0))->IgnoreImplicit()
                           : nullptr;
      const auto *Inner = dyn_cast_or_null<CallExpr>(Of);
      const FunctionDecl *InnerFD = Inner ? Inner->getDirectCallee() : nullptr;
      std::optional<int> N = stdGetIndex(FD);
      if (InnerFD && !isInLibTorchNamespace(InnerFD) &&
          !InnerFD->isInStdNamespace() && isUserMethodOrFunction(InnerFD) && N)
        // `std::get<0>(loader.next())`: what the user's function returns.
        Result = ofReturnedElement(Inner, *N);
      else if (Of)
        Result = ofCallInputs(Of);
    } else if (isa<CXXOperatorCallExpr>(Call) ||
               (FD && isInLibTorchNamespace(FD))) {
      // Tensor operators and ATen ops: the devices of their tensor inputs.
      Result = ofCallInputs(Call);
      // No tensor input at all: nothing is known. (None from a cut cycle,
      // as in `x = x * 0.5`, stays None and joins away.)
      if (Result == Device::None && CycleHits == HitsBefore)
        Result = Device::Unknown;
    } else if (FD && !isInLibTorchNamespace(FD) && isUserMethodOrFunction(FD)) {
      // A function or member function of the user's, perhaps defined in
      // another file.
      Result = ofUserCall(Call, FD);
    }
  }
  --Depth;
  if (Depth == 0 || CycleHits == HitsBefore)
    TensorMemo[E] = Result;
  return Result;
}

Device DeviceInference::specImpl(const Expr *E) {
  if (!E)
    return Device::Unknown;
  E = ignoreWrappers(E);
  QualType T = E->getType();
  if (isTensorType(T))
    return tensorImpl(E);
  // dtype (a ScalarType, or the TypeMeta of `t.dtype()`), layout, memory
  // format, requires_grad: options that name no device.
  if (isEnumType(T, "c10::ScalarType") || isEnumType(T, "c10::Layout") ||
      isEnumType(T, "c10::MemoryFormat") || T->isBooleanType() ||
      isClassType(T, "caffe2::TypeMeta"))
    return Device::None;
  if (Depth >= MaxDepth)
    return Device::Unknown;
  ++Depth;
  Device Result = Device::Unknown;

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    StringRef Name = D->getDeclName().isIdentifier() ? D->getName() : "";
    if (isa<EnumConstantDecl>(D) || Name == "kCUDA" || Name == "kCPU") {
      if (Name == "CUDA" || Name == "kCUDA")
        Result = Device::CUDA;
      else if (Name == "CPU" || Name == "kCPU")
        Result = Device::CPU;
    } else if (const auto *V = dyn_cast<VarDecl>(D)) {
      Result = ofVariable(V);
    }
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // A device kept in a member: each object holds the one it was given.
    if (isa<FieldDecl>(ME->getMemberDecl()) && isDeviceValueType(T))
      Result = Device::Runtime;
  } else if (const auto *SL = dyn_cast<StringLiteral>(E)) {
    StringRef S = SL->getString();
    Result = S.starts_with("cuda") ? Device::CUDA
             : S == "cpu"          ? Device::CPU
                                   : Device::Unknown;
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // Device(kCUDA, 0), Device("cuda:0"), TensorOptions(), optional<Device>.
    if (CE->getNumArgs() == 0 || isDefaultArg(CE->getArg(0)))
      Result = Device::None;
    else
      Result = specImpl(CE->getArg(0));
    if (isClassType(CE->getType(), "c10::Device")) {
      if (Result == Device::None)
        Result = Device::Unknown;
    }
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // `cond ? kCUDA : kCPU`, whatever the condition: chosen at run time.
    Result =
        joinChoices(specImpl(CO->getTrueExpr()), specImpl(CO->getFalseExpr()));
  } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    StringRef Name =
        FD && FD->getDeclName().isIdentifier() ? FD->getName() : StringRef();
    const Expr *Recv = receiverOf(Call);
    if (Recv && isTensorType(Recv->getType()) &&
        (Name == "device" || Name == "options")) {
      Result = tensorImpl(Recv);
    } else if (Recv && isClassType(Recv->getType(), "c10::TensorOptions")) {
      // A TensorOptions chain: the last `.device(...)` decides.
      if (Name == "device" && Call->getNumArgs() >= 1)
        Result = specImpl(Call->getArg(0));
      else
        Result = specImpl(Recv);
    } else if (!Recv && FD && isInLibTorchNamespace(FD)) {
      if (Name == "device" && Call->getNumArgs() >= 1)
        Result = specImpl(Call->getArg(0));
      else if (isClassType(FD->getReturnType(), "c10::TensorOptions"))
        Result = Device::None; // dtype(...), requires_grad(...), ...
    } else if (FD && !isInLibTorchNamespace(FD) &&
               isDeviceValueType(FD->getReturnType())) {
      // `pick_device()`, `parse_device(argv[1])`, `config.device()`: a
      // device a function of the program chooses when it runs.
      Result = Device::Runtime;
    }
  }
  // `Device(name)` of a string that is not a known literal (the converting
  // constructor is looked through): parsed from a flag or a configuration
  // when the program runs.
  if (Result == Device::Unknown &&
      (isClassType(T, "std::basic_string") ||
       isClassType(T, "std::__cxx11::basic_string") ||
       isClassType(T, "c10::basic_string_view") ||
       (T->isPointerType() && T->getPointeeType()->isCharType()) ||
       (T->isArrayType() && T->getArrayElementTypeNoTypeQual()->isCharType())))
    Result = Device::Runtime;
  --Depth;
  return Result;
}

HostMemory DeviceInference::hostMemoryOf(const Expr *E) {
  return memoryImpl(E, 0);
}

static bool optionsRequestPinned(const Expr *E) {
  for (unsigned I = 0; E && I < 16; ++I) {
    E = ignoreWrappers(E);
    const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
    if (!MC)
      return false;
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getName() == "pinned_memory" && MC->getNumArgs() == 1) {
      // The parameter is an optional<bool>: look through its constructor.
      const Expr *Arg = ignoreWrappers(MC->getArg(0));
      if (const auto *CE = dyn_cast<CXXConstructExpr>(Arg);
          CE && CE->getNumArgs() == 1)
        Arg = ignoreWrappers(CE->getArg(0));
      const auto *B = dyn_cast<CXXBoolLiteralExpr>(Arg);
      return B && B->getValue();
    }
    E = MC->getImplicitObjectArgument();
  }
  return false;
}

HostMemory DeviceInference::memoryImpl(const Expr *E, unsigned D) {
  if (!E || D > 16)
    return HostMemory::Unknown;
  E = ignoreWrappers(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || isa<ParmVarDecl>(V) || !ownerOf(V) || !V->getInit())
      return HostMemory::Unknown;
    const VariableUses *U = Uses.of(V);
    if (!U || U->Escapes)
      return HostMemory::Unknown;
    HostMemory M = memoryImpl(V->getInit(), D + 1);
    for (const Expr *RHS : U->Assigned)
      if (memoryImpl(RHS, D + 1) != M)
        return HostMemory::Unknown;
    return M;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return HostMemory::Unknown;
  // Operators (`x * 2`, `t[i]`) have no identifier.
  StringRef Name = FD->getDeclName().isIdentifier() ? FD->getName() : "";
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
      OC && OC->getOperator() == OO_Subscript)
    Name = "operator[]";
  if (isTensorMethod(FD)) {
    if (Name == "pin_memory")
      return HostMemory::Pinned;
    // Views keep the receiver's memory.
    if (Name == "view" || Name == "slice" || Name == "select" ||
        Name == "narrow" || Name == "index" || Name == "operator[]" ||
        Name == "unsqueeze" || Name == "squeeze" || Name == "t" ||
        Name == "transpose" || Name == "permute" || Name == "expand" ||
        Name.ends_with("_"))
      return memoryImpl(receiverOf(Call), D + 1);
    if (Name == "cpu" || Name == "to")
      return HostMemory::Unknown;
    return HostMemory::Pageable; // A fresh allocation from the CPU allocator.
  }
  if (isInLibTorchNamespace(FD) && isFactoryName(Name) && Name != "from_blob") {
    for (const Expr *Arg : userArgs(Call))
      if (isClassType(Arg->getType(), "c10::TensorOptions") &&
          optionsRequestPinned(Arg))
        return HostMemory::Pinned;
    return HostMemory::Pageable;
  }
  // Other ATen ops and tensor operators (`x * 2`) allocate their result
  // from the CPU allocator; not broadcast_to, a view of its input's memory
  // (whose pinned copy throws: stride 0).
  if (isInLibTorchNamespace(FD) && Name != "from_blob" &&
      Name != "broadcast_to" && isTensorType(FD->getReturnType()))
    return HostMemory::Pageable;
  return HostMemory::Unknown;
}

Device DeviceInference::ofTensorList(const Expr *Arg, unsigned Depth) {
  const Expr *E = ignoreListCopies(Arg);
  if (!E || Depth > 4)
    return Device::Unknown;
  if (isTensorType(E->getType()))
    return ofTensor(E);
  if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
    E = ignoreListCopies(SIL->getSubExpr());
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    Device D = Device::None;
    for (const Expr *Elem : IL->inits())
      D = combineInputs(D, isTensorType(Elem->getType())
                               ? ofTensor(Elem)
                               : ofTensorList(Elem, Depth + 1));
    return D;
  }
  // model->parameters(), model.parameters(/*recurse=*/true)
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getName() == "parameters" &&
        derivesFromModule(MD->getParent()))
      return ofModule(MC->getImplicitObjectArgument());
    return Device::Unknown;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A vector of tensors filled here, a parameter or a structured
    // binding: every element.
    if (isa<VarDecl, BindingDecl>(DRE->getDecl()) &&
        isTensorContainerType(DRE->getDecl()->getType()))
      if (Device D = ofElement(DRE->getDecl(), -1); D != Device::Unknown)
        return D;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    // auto params = model->parameters(); ... clip_grad_norm_(params, 1.0)
    if (!V || isa<ParmVarDecl>(V) || !V->getInit())
      return Device::Unknown;
    // Only read: never assigned, changed in place or handed out.
    const VariableUses *U = Uses.of(V);
    if (!U || !U->Writes.empty())
      return Device::Unknown;
    return ofTensorList(V->getInit(), Depth + 1);
  }
  return Device::Unknown;
}

} // namespace clang::tidy::torchsync
