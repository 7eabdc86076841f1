//===--- CallArgs.cpp - Reading the arguments of LibTorch calls -*- C++ -*-===//

#include "CallArgs.h"
#include "TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::torchsync {

const Expr *argNamed(const CallExpr *Call,
                     std::initializer_list<llvm::StringRef> Names) {
  const FunctionDecl *FD = calleeOf(Call);
  if (!FD)
    return nullptr;
  unsigned Offset =
      isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    if (llvm::is_contained(Names, FD->getParamDecl(I)->getName()))
      return I + Offset < Call->getNumArgs() ? Call->getArg(I + Offset)
                                             : nullptr;
  return nullptr;
}

unsigned writtenArgCount(const CallExpr *Call) {
  unsigned N = 0;
  for (const Expr *Arg : Call->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    ++N;
  }
  return N;
}

const Expr *inputTensor(const CallExpr *Call, llvm::StringRef Param) {
  if (const Expr *Recv = receiverOf(Call);
      Recv && !isa<CXXOperatorCallExpr>(Call))
    return Recv;
  if (const Expr *A = argNamed(Call, {Param}))
    return A;
  for (const Expr *A : userArgs(Call))
    if (isTensorType(A->getType()))
      return A;
  return nullptr;
}

const Expr *stripValueWrappers(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    const Expr *Prev = E;
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
      E = Default->getExpr();
    E = ignoreWrappers(E);
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E);
        FC && !isTensorType(FC->getType()))
      E = FC->getSubExpr();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() >= 1 && !isTensorType(CE->getType()) &&
        llvm::all_of(llvm::drop_begin(CE->arguments()),
                     [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      E = CE->getArg(0);
    if (E == Prev)
      break;
  }
  return E;
}

bool isNullopt(const Expr *E) {
  if (!E)
    return false;
  E = stripValueWrappers(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return DRE->getDecl()->getName() == "nullopt";
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 0;
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return IL->getNumInits() == 0;
  return false;
}

std::optional<double> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = stripValueWrappers(E);
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx))
    return std::nullopt;
  if (R.Val.isInt())
    return static_cast<double>(R.Val.getInt().getSExtValue());
  if (R.Val.isFloat())
    return R.Val.getFloat().convertToDouble();
  return std::nullopt;
}

std::string calledAs(const CallExpr *Call, const ASTContext &Ctx) {
  const FunctionDecl *FD = calleeOf(Call);
  std::string Name = FD ? FD->getNameAsString() : std::string("?");
  if (isa<CXXMemberCallExpr>(Call))
    return Name + "()";
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!Ref || !Ref->getQualifier())
    return Name + "()";
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  Ref->getQualifier()->print(OS, Ctx.getPrintingPolicy());
  OS << Name << "()";
  return Text;
}

llvm::SmallVector<const Expr *, 4> indexListElements(const Expr *List) {
  const Expr *L = List;
  for (unsigned Steps = 0; L && Steps < 8 && !isa<InitListExpr>(L); ++Steps) {
    L = ignoreWrappers(L);
    if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(L))
      L = SIL->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(L);
             CE && CE->getNumArgs() >= 1)
      L = CE->getArg(0); // c10::List / ArrayRef from an initializer list.
    else if (!isa<InitListExpr>(L))
      return {};
  }
  const auto *IL = dyn_cast_or_null<InitListExpr>(L);
  if (!IL)
    return {};
  llvm::SmallVector<const Expr *, 4> Elems;
  for (const Expr *Init : IL->inits()) {
    const Expr *E = ignoreWrappers(Init);
    // c10::optional<Tensor> elements of at::index's c10::List.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && !isTensorType(CE->getType()) &&
        isTensorType(ignoreWrappers(CE->getArg(0))->getType()))
      E = ignoreWrappers(CE->getArg(0));
    Elems.push_back(E);
  }
  return Elems;
}

namespace {

/// True for `std::optional<T>` / `c10::optional<T>` where T is
/// \p QualifiedName (a class or an enum).
bool isOptionalOf(QualType T, StringRef QualifiedName) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "optional" ||
      Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  QualType Arg = Spec->getTemplateArgs()[0].getAsType();
  return isClassType(Arg, QualifiedName) || isEnumType(Arg, QualifiedName);
}

/// True for an argument that is `nullopt` (through the optional it makes).
bool isNulloptArgument(const Expr *Arg) {
  const Expr *E = Arg->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 0)
      return true;
    E = CE->getArg(0)->IgnoreImplicit();
  }
  const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "nullopt_t";
}

} // namespace

ToArguments toArguments(const CallExpr *Call) {
  ToArguments A;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return A;
  for (unsigned I = 0, N = std::min(Call->getNumArgs(), FD->getNumParams());
       I < N; ++I) {
    const Expr *Arg = Call->getArg(I);
    if (isa<CXXDefaultArgExpr>(Arg) || isNulloptArgument(Arg))
      continue;
    QualType PT = FD->getParamDecl(I)->getType();
    if (isClassType(PT, "c10::TensorOptions") ||
        isClassType(PT, "c10::Device") || isOptionalOf(PT, "c10::Device")) {
      A.DeviceSpec = Arg;
    } else if (isTensorType(PT)) {
      A.Other = Arg;
      A.Converts = true;
    } else if (isEnumType(PT, "c10::ScalarType") ||
               isOptionalOf(PT, "c10::ScalarType")) {
      A.Converts = true;
    }
  }
  return A;
}

} // namespace clang::tidy::torchsync
