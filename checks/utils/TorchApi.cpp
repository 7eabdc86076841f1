//===--- TorchApi.cpp - Recognizing LibTorch types and calls ----*- C++ -*-===//

#include "TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

ast_matchers::internal::Matcher<QualType> tensorType() {
  auto Tensor = hasCanonicalType(hasDeclaration(
      cxxRecordDecl(hasAnyName("::at::Tensor", "::at::TensorBase"))));
  return anyOf(Tensor, references(qualType(Tensor)));
}

static const NamedDecl *namedTypeDecl(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD;
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl();
  return nullptr;
}

static bool hasQualifiedName(const NamedDecl *D, llvm::StringRef Name) {
  if (!D)
    return false;
  Name.consume_front("::");
  return D->getQualifiedNameAsString() == Name;
}

bool isClassType(QualType T, llvm::StringRef QualifiedName) {
  const NamedDecl *D = namedTypeDecl(T);
  return isa_and_nonnull<CXXRecordDecl>(D) &&
         hasQualifiedName(D, QualifiedName);
}

bool isEnumType(QualType T, llvm::StringRef QualifiedName) {
  const NamedDecl *D = namedTypeDecl(T);
  return isa_and_nonnull<EnumDecl>(D) && hasQualifiedName(D, QualifiedName);
}

bool isTensorType(QualType T) {
  return isClassType(T, "at::Tensor") || isClassType(T, "at::TensorBase");
}

bool isTensorListType(QualType T) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(namedTypeDecl(T));
  if (!Spec || Spec->getTemplateArgs().size() < 1)
    return false;
  std::string Name = Spec->getQualifiedNameAsString();
  if (Name != "std::vector" && Name != "c10::ArrayRef" &&
      Name != "c10::IListRef" && Name != "std::initializer_list")
    return false;
  const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
  return Arg.getKind() == TemplateArgument::Type &&
         isTensorType(Arg.getAsType());
}

bool isInLibTorchNamespace(const Decl *D) {
  // The outermost namespace that encloses the declaration.
  const NamespaceDecl *Outer = nullptr;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(DC))
      Outer = N;
  if (!Outer)
    return false;
  StringRef N = Outer->getName();
  return N == "at" || N == "torch" || N == "c10";
}

bool derivesFromModule(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return false;
  if (RD->getQualifiedNameAsString() == "torch::nn::Module")
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (derivesFromModule(B.getType()->getAsCXXRecordDecl()))
      return true;
  return false;
}

/// LibTorch value types whose copy/move/converting constructors carry the
/// value through unchanged for our purposes.
static bool isTransparentClass(QualType T) {
  return isTensorType(T) || isClassType(T, "c10::Device") ||
         isClassType(T, "c10::TensorOptions") ||
         isClassType(T, "at::indexing::TensorIndex");
}

const Expr *ignoreTemporaries(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *C = dyn_cast<ExprWithCleanups>(Next))
      Next = C->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

const Expr *ignoreWrappers(const Expr *E) {
  while (E) {
    const Expr *Prev = E;
    E = ignoreTemporaries(E);
    if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E);
        F && isTransparentClass(F->getType()))
      E = F->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && !isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() >= 1 &&
             isTransparentClass(CE->getType()) &&
             (CE->getConstructor()->isCopyOrMoveConstructor() ||
              CE->getConstructor()->isConvertingConstructor(false)) &&
             (CE->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(CE->getArg(1))))
      E = CE->getArg(0);
    if (E == Prev)
      return E;
  }
  return E;
}

bool isTensorMethod(const FunctionDecl *FD) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!MD)
    return false;
  std::string Class = MD->getParent()->getQualifiedNameAsString();
  return Class == "at::Tensor" || Class == "at::TensorBase";
}

const InitListExpr *bracedTensorList(const Expr *Arg) {
  const Expr *L = ignoreWrappers(Arg);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(L);
      CE && CE->getNumArgs() == 1)
    L = ignoreWrappers(CE->getArg(0));
  if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(L))
    L = ignoreWrappers(SIL->getSubExpr());
  return dyn_cast<InitListExpr>(L);
}

const VarDecl *localVarOf(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(E));
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() ? V : nullptr;
}

const FunctionDecl *calleeOf(const Expr *Call) {
  if (!Call)
    return nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(Call))
    return CE->getDirectCallee();
  if (const auto *Ctor = dyn_cast<CXXConstructExpr>(Call))
    return Ctor->getConstructor();
  return nullptr;
}

std::string qualifiedName(const FunctionDecl *FD) {
  if (!FD)
    return {};
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  return FD->getCanonicalDecl()->getQualifiedNameAsString();
}

const Expr *receiverOf(const Expr *Call) {
  if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call))
    return MC->getImplicitObjectArgument();
  if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Call))
    if (isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee()) &&
        OC->getNumArgs() > 0)
      return OC->getArg(0);
  return nullptr;
}

llvm::ArrayRef<const Expr *> userArgs(const Expr *Call) {
  const auto *CE = dyn_cast_or_null<CallExpr>(Call);
  if (!CE)
    return {};
  llvm::ArrayRef<const Expr *> Args(CE->getArgs(), CE->getNumArgs());
  if (isa<CXXOperatorCallExpr>(CE) &&
      isa_and_nonnull<CXXMethodDecl>(CE->getDirectCallee()) && !Args.empty())
    Args = Args.drop_front();
  return Args;
}

} // namespace clang::tidy::torchsync
