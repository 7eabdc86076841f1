//===--- ClipGradNormCheck.cpp - torchsync-clip-grad-norm -----------------===//
//
// The C++ torch::nn::utils::clip_grad_norm_ returns the total norm as a
// double: it ends in total_norm_tensor.item().toDouble(), a
// c10::cuda::memcpy_and_sync on every call, whatever the flags (catalog F1).
// The clipping itself is device-side tensor math; the Python version has
// returned a tensor since pytorch#61042.
//
//===----------------------------------------------------------------------===//

#include "ClipGradNormCheck.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/Templates.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include <cmath>

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

namespace {
/// True when \p E is a literal 2 (or 2.0).
bool isLiteralTwo(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return IL->getValue() == 2;
  if (const auto *FL = dyn_cast<FloatingLiteral>(E))
    return FL->getValueAsApproximateDouble() == 2.0;
  return false;
}

/// The leading whitespace of the line \p Loc is on.
std::string indentationAt(SourceLocation Loc, const SourceManager &SM) {
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(FID);
  size_t LineStart = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  size_t End = LineStart;
  while (End < Buffer.size() && (Buffer[End] == ' ' || Buffer[End] == '\t'))
    ++End;
  return Buffer.substr(LineStart, End - LineStart).str();
}

/// For a call whose double is discarded, with the 2-norm and no finiteness
/// check: the same clipping as an immediately invoked lambda, made of the
/// operations clip_grad.h performs in the same order (per-gradient
/// norm(2.0), at::stack(...).norm(2.0) when there are several, max_norm /
/// (total + 1e-6) clamped to 1.0, mul_ on each gradient's data), without the
/// final item(). Same values, same exceptions; only the wait is gone.
std::optional<FixItHint> deviceSideFix(const CallExpr *Call, ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || FD->getNumParams() != 4 || Call->getNumArgs() != 4 ||
      !isFixable(Call, Ctx) || !isDiscarded(Call, Ctx))
    return std::nullopt;
  const Expr *NormType = Call->getArg(2);
  const Expr *NonFinite = Call->getArg(3);
  if (!isa<CXXDefaultArgExpr>(NormType) && !isLiteralTwo(NormType))
    return std::nullopt;
  if (!isa<CXXDefaultArgExpr>(NonFinite)) {
    const auto *B =
        dyn_cast<CXXBoolLiteralExpr>(NonFinite->IgnoreParenImpCasts());
    if (!B || B->getValue())
      return std::nullopt;
  }
  std::optional<std::string> Params =
      sourceText(Call->getArg(0)->getSourceRange(), Ctx);
  std::optional<std::string> MaxNorm =
      sourceText(Call->getArg(1)->getSourceRange(), Ctx);
  if (!Params || !MaxNorm)
    return std::nullopt;
  // The single-tensor overload: the lambda takes a vector of one.
  if (isTensorType(FD->getParamDecl(0)->getType()))
    *Params = "{" + *Params + "}";
  static constexpr llvm::StringLiteral Body[] = {
      "std::vector<at::Tensor> norms;",
      "for (const auto& p : params)",
      "  if (p.grad().defined())",
      "    norms.push_back(p.grad().data().norm(2.0));",
      "if (norms.empty())",
      "  return;",
      "auto total = norms.size() == 1 ? norms[0] : at::stack(norms).norm(2.0);",
      "auto coef = at::clamp(max_norm / (total + 1e-6), c10::nullopt, 1.0);",
      "for (const auto& p : params)",
      "  if (p.grad().defined())",
      "    p.grad().data().mul_(coef);"};
  std::string Outer =
      indentationAt(Call->getBeginLoc(), Ctx.getSourceManager());
  std::string NL = lineBreakAt(Call->getBeginLoc(), Ctx.getSourceManager());
  std::string Text =
      "[](const std::vector<at::Tensor>& params, double max_norm) {" + NL;
  for (StringRef Line : Body)
    Text += Outer + "  " + Line.str() + NL;
  Text += Outer + "}(" + *Params + ", " + *MaxNorm + ")";
  return replaceTokens(Call->getSourceRange(), Text, Ctx);
}
} // namespace

ClipGradNormCheck::ClipGradNormCheck(StringRef Name, ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void ClipGradNormCheck::registerCheckMatchers(MatchFinder *Finder) {
  // torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0),
  // clip_grad_norm_({w, b}, 0.5, 2.0, true), clip_grad_norm_(w, 1.0)
  Finder->addMatcher(callExpr(isExpansionInUserCode(),
                              callee(functionDecl(hasName(
                                  "::torch::nn::utils::clip_grad_norm_"))))
                         .bind(CallId),
                     this);
}

void ClipGradNormCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  if (Call->getNumArgs() < 1)
    return;
  const Expr *Params = Call->getArg(0);
  Device D = Sync.devices(Ctx).ofTensorList(Params);
  if (D == Device::None || D == Device::CPU)
    return; // No tensors, or all on the CPU: nothing to wait for.
  if (!Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;

  std::string IfCuda =
      isTensorType(Params->getType())
          ? ifCuda(Params, D, Ctx)
          : ifCudaTensors("'" + exprText(Params, Ctx) + "'", D);
  SyncReport Report = reportSync(*Hot);
  Report.warning(Call->getExprLoc(),
                 "'clip_grad_norm_()' waits for the GPU to read the total "
                 "norm it returns%0; clip on the device, keeping the norm a "
                 "tensor (norm(), at::stack, at::clamp, mul_)")
      << IfCuda;
  Report.waitsIn(
      memcpyAndSyncAfter("total_norm.item() in torch/nn/utils/clip_grad.h"));
  if (std::optional<FixItHint> Fix = deviceSideFix(Call, Ctx))
    Report.fix(*Fix);
  else // A template used with several types: where all of them agree.
    Report.fix(agreedInEveryInstantiation(
        Call, Ctx, [&](const Stmt *S) -> llvm::SmallVector<FixItHint, 2> {
          if (std::optional<FixItHint> Fix =
                  deviceSideFix(cast<CallExpr>(S), Ctx))
            return {*Fix};
          return {};
        }));
}

} // namespace clang::tidy::torchsync
