//===--- CheckedLinalgCheck.cpp - torchsync-checked-linalg ----------------===//
//
// Error-checking linear algebra ends in at::_linalg_check_errors, which reads
// the per-matrix status with infos.any().item<bool>(): on a CUDA tensor that
// is c10::cuda::memcpy_and_sync, on every call, even when nothing fails
// (catalog E1, D18). linalg_eig copies the input to the CPU (E2);
// matrix_exp reads a norm on the host (E3).
//
//===----------------------------------------------------------------------===//

#include "CheckedLinalgCheck.h"
#include "utils/CallArgs.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/Parents.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";
static constexpr llvm::StringLiteral CheckPath =
    "infos.any().item<bool>() in at::_linalg_check_errors";

namespace {
enum class LinalgKind {
  Checked,     ///< Calls _linalg_check_errors itself (E1, D18).
  CpuFallback, ///< linalg_eig: computes on a CPU copy, then checks (E2).
  NormOnHost,  ///< matrix_exp: reads a norm on the host (E3).
  Transitive,  ///< Calls a checked op (svd, solve, inv) inside (E1).
  CheckFlag    ///< An _ex variant asked to check: check_errors=true (E1).
};

/// When a transitive op syncs: always, or only for some arguments.
enum class LinalgCondition {
  Always,
  CondOrd,
  MatrixNormOrd,
  NormOrd,
  NegativePower
};

struct LinalgOp {
  LinalgKind Kind;
  /// The variant that returns the status as a tensor, if there is one.
  llvm::StringRef Ex;
  /// `std::get<0>(Ex(same arguments))` returns the same tensor.
  bool DropIn = false;
  /// Transitive: what it computes inside.
  llvm::StringRef Via;
  LinalgCondition Condition = LinalgCondition::Always;
};

/// The ops, by ATen name. `_out` / `_outf` forms, the `at::Tensor` methods
/// and the `torch::linalg::` wrappers map onto these.
std::optional<LinalgOp> lookupOp(StringRef Name) {
  using K = LinalgKind;
  using C = LinalgCondition;
  return llvm::StringSwitch<std::optional<LinalgOp>>(Name)
      .Case("linalg_cholesky", LinalgOp{K::Checked, "linalg_cholesky_ex", true})
      .Case("cholesky", LinalgOp{K::Checked, "linalg_cholesky_ex", true})
      .Case("linalg_inv", LinalgOp{K::Checked, "linalg_inv_ex", true})
      .Case("inverse", LinalgOp{K::Checked, "linalg_inv_ex", true})
      .Case("linalg_solve", LinalgOp{K::Checked, "linalg_solve_ex", true})
      .Case("linalg_lu_factor", LinalgOp{K::Checked, "linalg_lu_factor_ex"})
      .Case("linalg_ldl_factor", LinalgOp{K::Checked, "linalg_ldl_factor_ex"})
      .Cases("linalg_eigh", "linalg_eigvalsh", "linalg_svd", "linalg_svdvals",
             LinalgOp{K::Checked})
      .Cases("svd", "cholesky_inverse", "linalg_tensorinv", "linalg_lstsq",
             LinalgOp{K::Checked})
      .Cases("linalg_eig", "linalg_eigvals", LinalgOp{K::CpuFallback})
      .Cases("linalg_matrix_exp", "matrix_exp", LinalgOp{K::NormOnHost})
      .Cases("linalg_matrix_rank", "linalg_pinv", "pinverse",
             LinalgOp{K::Transitive, "", false, "an SVD or eigendecomposition"})
      .Case("linalg_cond",
            LinalgOp{K::Transitive, "", false, "an SVD", C::CondOrd})
      .Case("linalg_matrix_norm",
            LinalgOp{K::Transitive, "", false, "an SVD", C::MatrixNormOrd})
      .Case("linalg_norm",
            LinalgOp{K::Transitive, "", false, "an SVD", C::NormOrd})
      .Case("nuclear_norm", LinalgOp{K::Transitive, "", false, "an SVD"})
      .Case("linalg_tensorsolve",
            LinalgOp{K::Transitive, "", false, "'linalg_solve()'"})
      .Cases("linalg_matrix_power", "matrix_power",
             LinalgOp{K::Transitive, "", false, "'linalg_inv()'",
                      C::NegativePower})
      .Cases("linalg_cholesky_ex", "linalg_inv_ex", "linalg_solve_ex",
             "linalg_lu_factor_ex", "linalg_ldl_factor_ex",
             LinalgOp{K::CheckFlag})
      .Case("_lu_with_info", LinalgOp{K::CheckFlag})
      .Default(std::nullopt);
}

/// The `at::Tensor` methods among the ops.
constexpr llvm::StringLiteral MethodOps[] = {
    "cholesky", "inverse",    "svd",          "cholesky_inverse",
    "pinverse", "matrix_exp", "matrix_power", "nuclear_norm"};

/// The `torch::linalg::` wrappers (torch/csrc/api/include/torch/linalg.h).
constexpr llvm::StringLiteral WrapperOps[] = {
    "cholesky",    "inv",          "solve",       "lu_factor",   "eigh",
    "eigvalsh",    "svd",          "svdvals",     "tensorinv",   "lstsq",
    "eig",         "eigvals",      "matrix_exp",  "matrix_rank", "pinv",
    "matrix_norm", "norm",         "linalg_norm", "tensorsolve", "matrix_power",
    "solve_ex",    "ldl_factor_ex"};

/// The ATen free functions among the ops (the `_out` forms are added).
constexpr llvm::StringLiteral FreeOps[] = {
    "linalg_cholesky",     "cholesky",
    "linalg_inv",          "inverse",
    "linalg_solve",        "linalg_lu_factor",
    "linalg_ldl_factor",   "linalg_eigh",
    "linalg_eigvalsh",     "linalg_svd",
    "linalg_svdvals",      "svd",
    "cholesky_inverse",    "linalg_tensorinv",
    "linalg_lstsq",        "linalg_eig",
    "linalg_eigvals",      "linalg_matrix_exp",
    "matrix_exp",          "linalg_matrix_rank",
    "linalg_pinv",         "pinverse",
    "linalg_cond",         "linalg_matrix_norm",
    "linalg_norm",         "nuclear_norm",
    "linalg_tensorsolve",  "linalg_matrix_power",
    "matrix_power",        "linalg_cholesky_ex",
    "linalg_inv_ex",       "linalg_solve_ex",
    "linalg_lu_factor_ex", "linalg_ldl_factor_ex",
    "_lu_with_info"};

enum class Spelling { Free, Method, Wrapper };

/// A recognized call: which op, how it is spelled, on which matrix.
struct LinalgCall {
  LinalgOp Op;
  StringRef Name; ///< The called function's own name.
  Spelling Spelled = Spelling::Free;
  bool IsOut = false; ///< An `_out` / `_outf` form.
};

std::optional<LinalgCall> classify(const CallExpr *Call) {
  const FunctionDecl *FD = calleeOf(Call);
  if (!FD || !FD->getDeclName().isIdentifier())
    return std::nullopt;
  LinalgCall C;
  C.Name = FD->getName();
  std::string Q = qualifiedName(FD);
  StringRef Base = C.Name;
  if (Base.consume_back("_outf") || Base.consume_back("_out"))
    C.IsOut = true;
  std::string AtName;
  if (StringRef(Q).starts_with("torch::linalg::")) {
    C.Spelled = Spelling::Wrapper;
    AtName = Base.starts_with("linalg_") ? Base.str() : "linalg_" + Base.str();
  } else if (StringRef(Q).starts_with("at::Tensor::")) {
    C.Spelled = Spelling::Method;
    AtName = Base.str();
  } else {
    AtName = Base.str();
  }
  std::optional<LinalgOp> Op = lookupOp(AtName);
  if (!Op)
    return std::nullopt;
  C.Op = *Op;
  return C;
}

bool isDefaulted(const Expr *E) {
  return E && isa<CXXDefaultArgExpr>(E->IgnoreImplicit());
}

/// The value of a numeric literal argument (`2`, `-2.0`, `Scalar(2)`).
std::optional<double> literalNumber(const Expr *E) {
  E = stripValueWrappers(E);
  if (!E)
    return std::nullopt;
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus)
      if (std::optional<double> V = literalNumber(U->getSubExpr()))
        return -*V;
    if (U->getOpcode() == UO_Plus)
      return literalNumber(U->getSubExpr());
    return std::nullopt;
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return static_cast<double>(IL->getValue().getSExtValue());
  if (const auto *FL = dyn_cast<FloatingLiteral>(E))
    return FL->getValueAsApproximateDouble();
  return std::nullopt;
}

/// The text of a string literal argument (`"nuc"`).
std::optional<StringRef> literalString(const Expr *E) {
  E = stripValueWrappers(E);
  if (const auto *S = dyn_cast_or_null<StringLiteral>(E))
    return S->getString();
  return std::nullopt;
}

/// The number of elements of a braced `dim` argument such as `{-2, -1}`.
std::optional<unsigned> bracedLength(const Expr *E) {
  for (unsigned I = 0; E && I < 16; ++I) {
    E = stripValueWrappers(E);
    if (const auto *SIL = dyn_cast_or_null<CXXStdInitializerListExpr>(E)) {
      E = SIL->getSubExpr();
      continue;
    }
    if (const auto *IL = dyn_cast_or_null<InitListExpr>(E))
      return IL->getNumInits();
    return std::nullopt;
  }
  return std::nullopt;
}

bool isTwoNorm(std::optional<double> V) {
  return V && std::fabs(std::fabs(*V) - 2.0) < 1e-12;
}

/// Whether a transitive op syncs with these arguments. Unknown arguments
/// are not reported: most calls take the sync-free path.
bool conditionHolds(const LinalgCall &C, const CallExpr *Call) {
  switch (C.Op.Condition) {
  case LinalgCondition::Always:
    return true;
  case LinalgCondition::CondOrd: {
    // linalg_cond: p = None / +-2 use the singular values, 'nuc' a nuclear
    // norm; the other orders invert with linalg_inv_ex (no check).
    const Expr *P = argNamed(Call, {"p"});
    if (!P || isDefaulted(P) || isNullopt(P))
      return true;
    if (std::optional<StringRef> S = literalString(P))
      return *S == "nuc";
    return isTwoNorm(literalNumber(P));
  }
  case LinalgCondition::MatrixNormOrd: {
    const Expr *Ord = argNamed(Call, {"ord", "opt_ord"});
    if (!Ord)
      return false;
    if (std::optional<StringRef> S = literalString(Ord))
      return *S == "nuc"; // The default is "fro".
    return isTwoNorm(literalNumber(Ord));
  }
  case LinalgCondition::NormOrd: {
    // linalg_norm is a matrix norm only for a 2-D input or two dims: 'nuc'
    // is matrix-only; +-2 needs a two-element dim to be one.
    const Expr *Ord = argNamed(Call, {"ord", "opt_ord"});
    if (!Ord)
      return false;
    if (std::optional<StringRef> S = literalString(Ord))
      return *S == "nuc";
    if (!isTwoNorm(literalNumber(Ord)))
      return false;
    std::optional<unsigned> Dims =
        bracedLength(argNamed(Call, {"dim", "opt_dim"}));
    return Dims && *Dims == 2;
  }
  case LinalgCondition::NegativePower: {
    std::optional<double> N = literalNumber(argNamed(Call, {"n"}));
    return N && *N < 0;
  }
  }
  return false;
}

/// True when the `check_errors` argument is `true` (written, or defaulted
/// to true as in `_lu_with_info`).
bool checksErrors(const CallExpr *Call, const Expr **Written) {
  const Expr *Arg = argNamed(Call, {"check_errors"});
  if (!Arg)
    return false;
  const auto *B = dyn_cast_or_null<CXXBoolLiteralExpr>(stripValueWrappers(Arg));
  if (!B || !B->getValue())
    return false;
  if (!isDefaulted(Arg))
    *Written = Arg;
  return true;
}

/// The matrix whose device decides: the receiver of a method, else the
/// first tensor argument that is not an output.
const Expr *matrixOf(const CallExpr *Call) {
  if (const Expr *Recv = receiverOf(Call))
    return Recv;
  const FunctionDecl *FD = calleeOf(Call);
  for (unsigned I = 0, N = std::min(FD->getNumParams(), Call->getNumArgs());
       I < N; ++I) {
    QualType T = FD->getParamDecl(I)->getType();
    if (!isTensorType(T))
      continue;
    if (T->isLValueReferenceType() &&
        !T.getNonReferenceType().isConstQualified())
      continue; // An `out` tensor.
    return Call->getArg(I);
  }
  return nullptr;
}

/// The other tensor inputs (e.g. `B` of `linalg_solve(A, B)`).
Device otherInputs(const CallExpr *Call, const Expr *Matrix,
                   DeviceInference &DI) {
  Device D = Device::None;
  const FunctionDecl *FD = calleeOf(Call);
  for (unsigned I = 0, N = std::min(FD->getNumParams(), Call->getNumArgs());
       I < N; ++I) {
    QualType T = FD->getParamDecl(I)->getType();
    if (Call->getArg(I) == Matrix || !isTensorType(T) ||
        (T->isLValueReferenceType() &&
         !T.getNonReferenceType().isConstQualified()))
      continue;
    D = combineInputs(D, DI.ofTensor(Call->getArg(I)));
  }
  return D;
}

/// The qualifier as written before the callee's name, without spaces.
std::string writtenQualifier(const CallExpr *Call, const ASTContext &Ctx) {
  const auto *DRE =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!DRE || !DRE->getQualifierLoc())
    return "";
  std::optional<std::string> Text =
      sourceText(DRE->getQualifierLoc().getSourceRange(), Ctx);
  if (!Text)
    return "?";
  std::string Flat;
  for (char Ch : *Text)
    if (!isspace(static_cast<unsigned char>(Ch)))
      Flat.push_back(Ch);
  return Flat;
}

/// The namespace prefix to spell an ATen op with, following the call:
/// `torch::` where the user wrote it, else `at::`; as written when
/// \p KeepUnqualified and the call has no qualifier.
std::string atPrefix(const LinalgCall &C, const CallExpr *Call,
                     const ASTContext &Ctx, bool KeepWritten) {
  if (C.Spelled == Spelling::Method)
    return "at::";
  std::string Q = writtenQualifier(Call, Ctx);
  if (C.Spelled == Spelling::Wrapper) {
    if (KeepWritten && Q == "::torch::linalg::")
      return "::torch::";
    return "torch::";
  }
  if (KeepWritten && (Q.empty() || Q == "::at::" || Q == "::torch::"))
    return Q;
  return Q == "torch::" || Q == "::torch::" ? "torch::" : "at::";
}

/// How the call is named in the message.
std::string apiName(const LinalgCall &C, const CallExpr *Call,
                    const ASTContext &Ctx) {
  if (C.Spelled == Spelling::Method)
    return C.Name.str() + "()";
  if (C.Spelled == Spelling::Wrapper)
    return "torch::linalg::" + C.Name.str() + "()";
  return atPrefix(C, Call, Ctx, /*KeepWritten=*/false) + C.Name.str() + "()";
}

/// True when the parsed headers declare `at::<Name>`.
bool declaresAtFunction(ASTContext &Ctx, StringRef Name) {
  for (const Decl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("at")))
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      if (!NS->lookup(&Ctx.Idents.get(Name)).empty())
        return true;
  return false;
}

/// True when the call's value is bound to a reference that extends its
/// lifetime: `std::get<0>(f())` would then dangle.
bool isLifetimeExtended(const Expr *Call, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*Call);
  for (unsigned I = 0; I < 8; ++I) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    if (const auto *M = Node.get<MaterializeTemporaryExpr>()) {
      if (M->getExtendingDecl())
        return true;
      continue;
    }
    if (Node.get<ImplicitCastExpr>() || Node.get<CXXBindTemporaryExpr>() ||
        Node.get<ParenExpr>())
      continue;
    return false;
  }
  return false;
}

/// `linalg_cholesky(A)` -> `std::get<0>(linalg_cholesky_ex(A))`: the same
/// tensor when the factorization succeeds.
std::optional<FixItHint> exFix(const LinalgCall &C, const CallExpr *Call,
                               ASTContext &Ctx) {
  if (!C.Op.DropIn || C.IsOut || !isFixable(Call, Ctx) ||
      isLifetimeExtended(Call, Ctx))
    return std::nullopt;
  std::string Callee =
      atPrefix(C, Call, Ctx, /*KeepWritten=*/true) + C.Op.Ex.str();
  // The text between the parentheses, so that comments such as
  // `/*upper=*/` stay with their arguments.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation AfterCallee = Lexer::getLocForEndOfToken(
      Call->getCallee()->getEndLoc(), 0, SM, Ctx.getLangOpts());
  if (AfterCallee.isInvalid() || Call->getRParenLoc().isInvalid())
    return std::nullopt;
  bool Invalid = false;
  StringRef Inside = Lexer::getSourceText(
      CharSourceRange::getCharRange(AfterCallee, Call->getRParenLoc()), SM,
      Ctx.getLangOpts(), &Invalid);
  Inside = Inside.trim();
  if (Invalid || !Inside.consume_front("("))
    return std::nullopt;
  std::string Args = Inside.trim().str();
  if (C.Spelled == Spelling::Method) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
    const auto *ME =
        MC ? dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()) : nullptr;
    if (!ME || ME->isArrow() || ME->isImplicitAccess())
      return std::nullopt;
    std::optional<std::string> Recv =
        sourceText(ME->getBase()->getSourceRange(), Ctx);
    if (!Recv)
      return std::nullopt;
    Args = Args.empty() ? *Recv : *Recv + ", " + Args;
  }
  return replaceTokens(Call->getSourceRange(),
                       "std::get<0>(" + Callee + "(" + Args + "))", Ctx);
}
} // namespace

CheckedLinalgCheck::CheckedLinalgCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void CheckedLinalgCheck::registerCheckMatchers(MatchFinder *Finder) {
  std::vector<std::string> Names;
  for (StringRef N : FreeOps)
    for (StringRef Suffix : {"", "_out", "_outf"})
      Names.push_back(("::at::" + N + Suffix).str());
  for (StringRef N : MethodOps)
    Names.push_back(("::at::Tensor::" + N).str());
  for (StringRef N : WrapperOps)
    for (StringRef Suffix : {"", "_out"})
      Names.push_back(("::torch::linalg::" + N + Suffix).str());
  std::vector<StringRef> Refs(Names.begin(), Names.end());
  // torch::linalg_cholesky(A), at::linalg_inv(A), A.inverse(),
  // torch::linalg::solve(A, B, true), torch::linalg_eigh(A),
  // at::linalg_inv_ex(A, /*check_errors=*/true), A.matrix_power(-1)
  Finder->addMatcher(
      callExpr(isExpansionInUserCode(), callee(functionDecl(hasAnyName(Refs))))
          .bind(CallId),
      this);
}

void CheckedLinalgCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  std::optional<LinalgCall> C = classify(Call);
  if (!C)
    return;
  const Expr *WrittenFlag = nullptr;
  if (C->Op.Kind == LinalgKind::CheckFlag && !checksErrors(Call, &WrittenFlag))
    return;
  if (C->Op.Kind == LinalgKind::Transitive && !conditionHolds(*C, Call))
    return;
  const Expr *Matrix = matrixOf(Call);
  if (!Matrix)
    return;
  DeviceInference &Devices = Sync.devices(Ctx);
  Device D = Devices.ofTensor(Matrix);
  if (D == Device::CPU)
    return; // The op runs where its matrix is.
  if (D == Device::Unknown &&
      otherInputs(Call, Matrix, Devices) == Device::CUDA)
    D = Device::CUDA;
  if (!Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;

  std::string Api = apiName(*C, Call, Ctx);
  // The messages of a CPU fallback and a norm name the matrix just before.
  std::string IfCuda = ifCuda(Matrix, D, Ctx,
                              /*Named=*/C->Op.Kind == LinalgKind::CpuFallback ||
                                  C->Op.Kind == LinalgKind::NormOnHost);
  SourceLocation Loc = Call->getExprLoc();
  bool HasEx = !C->Op.Ex.empty() && declaresAtFunction(Ctx, C->Op.Ex);
  std::string ExName = HasEx ? atPrefix(*C, Call, Ctx, /*KeepWritten=*/false) +
                                   C->Op.Ex.str() + "()"
                             : "";

  SyncReport Report = reportSync(*Hot);
  switch (C->Op.Kind) {
  case LinalgKind::Checked:
    if (HasEx)
      Report.warning(Loc, "'%0' waits for the GPU to read its error status%1, "
                          "even when nothing fails; use '%2', which keeps the "
                          "status on the device as an 'info' tensor")
          << Api << IfCuda << ExName;
    else
      Report.warning(Loc, "'%0' waits for the GPU to read its error status%1, "
                          "even when nothing fails; batch the matrices into "
                          "one call or move it out of the hot path (it has "
                          "no _ex variant)")
          << Api << IfCuda;
    Report.waitsIn(CheckPath);
    break;
  case LinalgKind::CpuFallback:
    Report.warning(Loc, "'%0' waits for the GPU to copy %1 to the host%2 and "
                        "computes on the CPU; use 'linalg_eigh' for a "
                        "symmetric matrix or move it out of the hot path")
        << Api << describeTensor(Matrix, D, Ctx) << IfCuda;
    Report.waitsIn("input.to(kCPU) in linalg_eig_out_info, then "
                   "isfinite().all().item<bool>()");
    break;
  case LinalgKind::NormOnHost:
    Report.warning(Loc, "'%0' waits for the GPU to read a norm of %1%2 (to "
                        "choose its approximation degree); move it out of "
                        "the hot path")
        << Api << describeTensor(Matrix, D, Ctx) << IfCuda;
    Report.waitsIn("mexp_impl in aten/src/ATen/native/LinearAlgebra.cpp");
    break;
  case LinalgKind::Transitive: {
    bool InvThenPower = C->Op.Condition == LinalgCondition::NegativePower &&
                        declaresAtFunction(Ctx, "linalg_inv_ex");
    Report.warning(Loc, "'%0' computes %1, whose error check waits for the "
                        "GPU%2 even when nothing fails; %3")
        << Api << C->Op.Via << IfCuda
        << (InvThenPower ? "invert with 'at::linalg_inv_ex()' and raise the "
                           "inverse to the positive power"
                         : "move it out of the hot path");
    Report.waitsIn(CheckPath);
    break;
  }
  case LinalgKind::CheckFlag:
    Report.warning(Loc, "'%0' with check_errors=true waits for the GPU to "
                        "read its error status%1; pass check_errors=false and "
                        "check 'info' on the device "
                        "(at::_assert_async(info.eq(0).all()))")
        << Api << IfCuda;
    Report.waitsIn(CheckPath);
    break;
  }

  // The rewrites stop raising errors: they go on notes.
  static constexpr llvm::StringLiteral Consequence =
      "errors are no longer raised: a failed factorization gives garbage for "
      "that batch element; check the info tensor on the device "
      "(at::_assert_async(info.eq(0).all()))";
  if (C->Op.Kind == LinalgKind::Checked && HasEx) {
    Report.fixOnNote(exFix(*C, Call, Ctx), "use '" + ExName +
                                               "' and keep its first result; " +
                                               Consequence.str());
  } else if (C->Op.Kind == LinalgKind::CheckFlag && WrittenFlag &&
             isFixable(Call, Ctx)) {
    Report.fixOnNote(
        replaceTokens(stripValueWrappers(WrittenFlag)->getSourceRange(),
                      "false", Ctx),
        "pass check_errors=false; " + Consequence.str());
  }
}

} // namespace clang::tidy::torchsync
