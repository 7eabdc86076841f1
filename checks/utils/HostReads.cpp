//===--- HostReads.cpp - Calls that read a tensor's value on the host -----===//

#include "HostReads.h"
#include "FixIts.h"
#include "Shapes.h"
#include "TorchApi.h"
#include "UserCode.h"
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
    R.Kind = HostReadKind::Save;
    R.Tensor = FirstTensorArg();
    R.Api = "torch::save()";
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
