//===--- HostReads.cpp - Calls that read a tensor's value on the host -----===//

#include "HostReads.h"
#include "FixIts.h"
#include "Shapes.h"
#include "TorchApi.h"
#include "UserCode.h"
#include "VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

ast_matchers::StatementMatcher hostReadCandidate(StringRef Id) {
  return callExpr(
             isExpansionInUserCode(),
             callee(functionDecl(hasAnyName(
                 "::at::Tensor::item", "::at::_local_scalar_dense",
                 "::at::Tensor::is_nonzero", "::at::is_nonzero",
                 "::at::Tensor::equal", "::at::equal", "::at::Tensor::allclose",
                 "::at::allclose", "::at::print", "::at::operator<<",
                 "::torch::save", "::at::Tensor::operator[]",
                 "::at::Tensor::index", "::at::Tensor::index_put_"))))
      .bind(Id);
}

/// The text from the member name to the end of the call: "item<float>()".
static std::string memberCallText(const CallExpr *Call, StringRef Fallback,
                                  const ASTContext &Ctx) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      if (std::optional<std::string> Text = sourceText(
              SourceRange(ME->getMemberLoc(), Call->getEndLoc()), Ctx);
          Text && Text->size() <= 40 && Text->find('\n') == std::string::npos)
        return *Text;
  // Spelled in a macro body: rebuild it from the declaration.
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!isa<CXXMemberCallExpr>(Call) || !FD)
    return Fallback.str();
  std::string Text = FD->getNameAsString();
  if (const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
      Args && Args->size() == 1 &&
      Args->get(0).getKind() == TemplateArgument::Type)
    Text += "<" +
            Args->get(0).getAsType().getAsString(Ctx.getPrintingPolicy()) + ">";
  return Text + "()";
}

/// The first tensor among the elements of an index list `{a, b, ...}` that
/// is a 0-dim tensor.
static const Expr *zeroDimIndexElement(const Expr *List, DeviceInference &DI) {
  const Expr *L = ignoreWrappers(List);
  if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(L))
    L = ignoreWrappers(SIL->getSubExpr());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(L); CE && CE->getNumArgs())
    L = ignoreWrappers(CE->getArg(0)); // ArrayRef from an initializer list.
  if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(L))
    L = ignoreWrappers(SIL->getSubExpr());
  const auto *IL = dyn_cast<InitListExpr>(L);
  if (!IL)
    return nullptr;
  for (const Expr *Elem : IL->inits()) {
    const Expr *E = ignoreWrappers(Elem);
    if (isTensorType(E->getType()) && isZeroDim(E, DI.uses()))
      return E;
  }
  return nullptr;
}

/// True for classes derived from `torch::optim::Optimizer`.
static bool isOptimizerClass(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return false;
  if (RD->getQualifiedNameAsString() == "torch::optim::Optimizer")
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (isOptimizerClass(B.getType()->getAsCXXRecordDecl()))
      return true;
  return false;
}

/// The optimizer class of \p T: a class, a reference, a pointer or a smart
/// pointer to one.
static const CXXRecordDecl *optimizerClass(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
      Spec && Spec->getTemplateArgs().size() >= 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
      (Spec->getQualifiedNameAsString() == "std::shared_ptr" ||
       Spec->getQualifiedNameAsString() == "std::unique_ptr"))
    RD = Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return isOptimizerClass(RD) ? RD : nullptr;
}

/// True when a call named `momentum` is spelled in \p E (`SGDOptions(0.1)
/// .momentum(0.9)`), or \p E is not written inline (a variable).
static bool mayHaveMomentum(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E || isa<DeclRefExpr>(E) || isa<MemberExpr>(E))
    return true;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *MD = MC->getMethodDecl();
        MD && MD->getDeclName().isIdentifier() && MD->getName() == "momentum")
      return true;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child);
        CE && mayHaveMomentum(CE))
      return true;
  return false;
}

/// The module whose `parameters()` \p List is, or null.
static const Expr *parametersOwner(const Expr *List) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(
      ignoreWrappers(List)->IgnoreImplicit());
  if (!MC)
    return nullptr;
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (!MD || MD->getName() != "parameters" ||
      !derivesFromModule(MD->getParent()))
    return nullptr;
  return MC->getImplicitObjectArgument();
}

/// The device of the parameters an optimizer variable was built with:
/// `torch::optim::Adam opt(model->parameters(), ...)`, or
/// `std::make_shared<Adam>(...)`. False when the optimizer keeps no
/// tensors (SGD without momentum keeps no state).
static bool optimizerState(const Expr *E, const CXXRecordDecl *Class,
                           HostRead &R, DeviceInference &DI) {
  E = ignoreWrappers(E);
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    E = ignoreWrappers(UO->getSubExpr());
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Star && OC->getNumArgs() == 1)
    E = ignoreWrappers(OC->getArg(0));
  const VarDecl *V = localVarOf(E);
  const VariableUses *U = V ? DI.uses().of(V) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->getInit() || !U || U->Escapes ||
      !U->Assigned.empty())
    return true; // Built elsewhere: its state may be anywhere.
  const Expr *Init = ignoreWrappers(V->getInit())->IgnoreImplicit();
  llvm::ArrayRef<const Expr *> Args;
  llvm::SmallVector<const Expr *, 2> Storage;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init)) {
    Storage.assign(CE->arg_begin(), CE->arg_end());
  } else if (const auto *Call = dyn_cast<CallExpr>(Init);
             Call &&
             (qualifiedName(Call->getDirectCallee()) == "std::make_shared" ||
              qualifiedName(Call->getDirectCallee()) == "std::make_unique")) {
    Storage.assign(Call->arg_begin(), Call->arg_end());
  } else {
    return true;
  }
  Args = Storage;
  if (Args.empty())
    return true;
  if (Class->getQualifiedNameAsString() == "torch::optim::SGD" &&
      (Args.size() < 2 || !mayHaveMomentum(Args[1])))
    return false; // No momentum: no state tensors to copy.
  const Expr *Params = Args[0];
  if (!isTensorListType(ignoreWrappers(Params)->getType()) &&
      !isTensorListType(Params->getType()))
    return true;
  R.StateDevice = DI.ofTensorList(Params);
  if (const Expr *Module = parametersOwner(Params))
    R.StateDeviceSpec = DI.moduleDeviceSpec(Module);
  return true;
}

/// What `torch::save(x, ...)` of a module, an optimizer or a list of
/// tensors copies: false for anything else, or nothing to copy.
static bool savedState(const Expr *Saved, HostRead &R, DeviceInference &DI,
                       const ASTContext &Ctx) {
  const Expr *E = ignoreWrappers(Saved);
  QualType T = E->getType();
  std::string Text = "'" + exprText(E, Ctx) + "'";
  R.Tensor = E;
  if (isModuleType(T)) {
    R.Subject = "the parameters and buffers of module " + Text;
    R.StateDevice = DI.ofModule(E);
    R.StateDeviceSpec = DI.moduleDeviceSpec(E);
    return true;
  }
  if (isTensorListType(T)) {
    R.Subject = "tensors " + Text;
    R.StateDevice = DI.ofTensorList(E);
    if (const Expr *Module = parametersOwner(E))
      R.StateDeviceSpec = DI.moduleDeviceSpec(Module);
    return true;
  }
  if (const CXXRecordDecl *Class = optimizerClass(T)) {
    R.Subject = "the state tensors of optimizer " + Text;
    return optimizerState(E, Class, R, DI);
  }
  return false;
}

std::optional<HostRead> asHostRead(const CallExpr *Call, DeviceInference &DI,
                                   ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return std::nullopt;
  std::string Name = qualifiedName(FD);
  const Expr *Recv = receiverOf(Call);
  llvm::ArrayRef<const Expr *> Args = userArgs(Call);
  HostRead R;
  R.Call = Call;
  auto FirstTensorArg = [&]() -> const Expr * {
    for (const Expr *A : Args)
      if (isTensorType(A->getType()))
        return A;
    return nullptr;
  };

  if (Name == "at::Tensor::item" || Name == "at::_local_scalar_dense") {
    R.Kind = HostReadKind::Item;
    R.Tensor = Recv ? Recv : FirstTensorArg();
    R.Api = memberCallText(Call, "_local_scalar_dense()", Ctx);
  } else if (Name == "at::Tensor::is_nonzero" || Name == "at::is_nonzero") {
    R.Kind = HostReadKind::IsNonzero;
    R.Tensor = Recv ? Recv : FirstTensorArg();
    R.Api = Recv ? "is_nonzero()" : "at::is_nonzero()";
  } else if (Name == "at::Tensor::equal" || Name == "at::equal" ||
             Name == "at::Tensor::allclose" || Name == "at::allclose") {
    bool Equal = StringRef(Name).ends_with("equal");
    R.Kind = Equal ? HostReadKind::Equal : HostReadKind::Allclose;
    if (Recv) {
      R.Tensor = Recv;
      R.Other = Args.empty() ? nullptr : Args[0];
    } else if (Args.size() >= 2) {
      R.Tensor = Args[0];
      R.Other = Args[1];
    }
    R.Api = Equal ? "equal()" : "allclose()";
  } else if (Name == "at::print" || Name == "at::operator<<") {
    R.Kind = HostReadKind::Print;
    R.Tensor = FirstTensorArg();
    R.Api = Name == "at::print" ? "at::print()" : "operator<<";
  } else if (Name == "torch::save") {
    R.Api = "torch::save()";
    R.Tensor = FirstTensorArg();
    R.Kind = HostReadKind::Save;
    if (!R.Tensor && !Args.empty()) {
      if (!savedState(Args[0], R, DI, Ctx))
        return std::nullopt;
      R.Kind = HostReadKind::SaveState;
    }
  } else if (Name == "at::Tensor::operator[]") {
    if (Args.size() != 1 || !isTensorType(ignoreWrappers(Args[0])->getType()))
      return std::nullopt; // t[int], t[Scalar]: a view, no sync.
    R.Kind = HostReadKind::TensorIndex;
    R.Tensor = Args[0];
    R.Api = "operator[]";
  } else if (Name == "at::Tensor::index" || Name == "at::Tensor::index_put_") {
    if (Args.empty())
      return std::nullopt;
    R.Tensor = zeroDimIndexElement(Args[0], DI);
    if (!R.Tensor)
      return std::nullopt; // Advanced indexing: dynamic-shape / cpu-index.
    R.Kind = HostReadKind::ZeroDimIndex;
    R.Api = Name == "at::Tensor::index" ? "index()" : "index_put_()";
  } else {
    return std::nullopt;
  }
  if (!R.Tensor)
    return std::nullopt;
  return R;
}

Device deviceOf(const HostRead &R, DeviceInference &DI) {
  if (R.Kind == HostReadKind::SaveState)
    return R.StateDevice;
  Device D = DI.ofTensor(R.Tensor);
  if (R.Other)
    D = combineInputs(D, DI.ofTensor(R.Other));
  return D;
}

std::string describeTensor(const Expr *E, Device D, const ASTContext &Ctx) {
  std::string Quoted = "'" + exprText(E, Ctx) + "'";
  return D == Device::CUDA ? "CUDA tensor " + Quoted : Quoted;
}

} // namespace clang::tidy::torchsync
