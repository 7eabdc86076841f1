//===--- SyncControlFlowCheck.cpp - torchsync-sync-control-flow -----------===//

#include "SyncControlFlowCheck.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/Templates.h"
#include "utils/TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CallId[] = "call";

SyncControlFlowCheck::SyncControlFlowCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

void SyncControlFlowCheck::registerCheckMatchers(MatchFinder *Finder) {
  // if (loss.item<float>() < best), while (!x.is_nonzero()),
  // TORCH_CHECK(ok.all().item<bool>(), "...")  -- checked in check() for
  // being in a condition.
  Finder->addMatcher(hostReadCandidate(CallId), this);
}

namespace {
/// The assertion macros whose expansion is an `if` on the condition.
bool isCheckMacro(StringRef Name) {
  return Name == "TORCH_CHECK" || Name == "TORCH_INTERNAL_ASSERT" ||
         Name == "TORCH_CHECK_VALUE" || Name == "TORCH_CHECK_INDEX" ||
         Name == "AT_ASSERT" || Name == "assert";
}

/// The outermost known check macro that \p Loc was expanded from, if any,
/// and the range of its invocation.
std::optional<std::pair<std::string, CharSourceRange>>
checkMacroAt(SourceLocation Loc, const SourceManager &SM,
             const LangOptions &LangOpts) {
  std::optional<std::pair<std::string, CharSourceRange>> Found;
  while (Loc.isMacroID()) {
    StringRef Name = Lexer::getImmediateMacroName(Loc, SM, LangOpts);
    if (isCheckMacro(Name))
      Found = {Name.str(), SM.getImmediateExpansionRange(Loc)};
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return Found;
}

StringRef controlName(const Stmt *Control) {
  if (isa<IfStmt>(Control))
    return "if";
  if (isa<WhileStmt>(Control))
    return "while";
  if (isa<DoStmt>(Control))
    return "do-while";
  if (isa<ForStmt>(Control))
    return "for";
  if (isa<SwitchStmt>(Control))
    return "switch";
  return "?:";
}

StringRef suggestionFor(const Stmt *Control, bool IsCheckMacro) {
  if (IsCheckMacro)
    return "check it on the device with 'at::_assert_async(cond)'";
  if (isa<WhileStmt, DoStmt, ForStmt>(Control))
    return "test the condition once every N iterations";
  return "compute both outcomes on the device and select with torch::where";
}

/// The tensor whose truth a whole TORCH_CHECK condition tests:
/// `X.item<bool>()`, `X.is_nonzero()` or `X.item().toBool()`.
const Expr *wholeConditionTensor(const Expr *Cond, const HostRead &R,
                                 const Expr **Written) {
  const Expr *C = ignoreWrappers(Cond);
  // The macro wraps the condition as
  // `__builtin_expect(static_cast<bool>(!(cond)), 0)` or `!(cond)`.
  for (unsigned I = 0; I < 4; ++I) {
    if (const auto *BE = dyn_cast<CallExpr>(C);
        BE && BE->getBuiltinCallee() && BE->getNumArgs() >= 1)
      C = ignoreWrappers(BE->getArg(0));
    else if (const auto *Cast = dyn_cast<CXXStaticCastExpr>(C))
      C = ignoreWrappers(Cast->getSubExpr());
    else
      break;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(C);
      UO && UO->getOpcode() == UO_LNot)
    C = ignoreWrappers(UO->getSubExpr());
  *Written = C;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
      MC && MC->getMethodDecl()->getName() == "toBool")
    C = ignoreWrappers(MC->getImplicitObjectArgument());
  if (C != R.Call)
    return nullptr;
  if (R.Kind == HostReadKind::IsNonzero)
    return R.Tensor;
  if (R.Kind == HostReadKind::Item && receiverOf(R.Call)) {
    const FunctionDecl *FD = R.Call->getDirectCallee();
    const TemplateArgumentList *TArgs =
        FD ? FD->getTemplateSpecializationArgs() : nullptr;
    if (!TArgs)
      return R.Tensor; // item().toBool()
    if (TArgs->size() == 1 &&
        TArgs->get(0).getKind() == TemplateArgument::Type &&
        TArgs->get(0).getAsType()->isBooleanType())
      return R.Tensor;
  }
  return nullptr;
}

/// True when the parsed headers declare `at::_assert_async(Tensor, msg)`
/// (LibTorch 2.x); 1.13 has only the one-argument form.
bool hasAssertAsyncWithMessage(ASTContext &Ctx) {
  for (NamedDecl *At :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("at")))
    if (const auto *NS = dyn_cast<NamespaceDecl>(At))
      for (NamedDecl *D : NS->lookup(&Ctx.Idents.get("_assert_async")))
        if (const auto *FD = dyn_cast<FunctionDecl>(D->getUnderlyingDecl());
            FD && FD->getNumParams() == 2)
          return true;
  return false;
}

/// The message of `TORCH_CHECK(cond, "message")` when it is one string
/// literal: the text between the end of the condition and the closing
/// parenthesis.
std::optional<std::string> singleLiteralMessage(const Expr *WrittenCond,
                                                CharSourceRange Invocation,
                                                ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation AfterCond = Lexer::getLocForEndOfToken(
      SM.getSpellingLoc(WrittenCond->getEndLoc()), 0, SM, Ctx.getLangOpts());
  SourceLocation Close = Invocation.getEnd();
  if (AfterCond.isInvalid() || !Close.isFileID() ||
      SM.getFileID(AfterCond) != SM.getFileID(Close))
    return std::nullopt;
  StringRef Rest = Lexer::getSourceText(
      CharSourceRange::getCharRange(AfterCond, Close), SM, Ctx.getLangOpts());
  Rest = Rest.trim();
  if (!Rest.consume_front(","))
    return std::nullopt;
  Rest = Rest.trim();
  if (Rest.size() < 2 || !Rest.starts_with("\"") || !Rest.ends_with("\""))
    return std::nullopt;
  // One literal: no other unescaped quote inside.
  StringRef Inner = Rest.drop_front().drop_back();
  for (size_t I = 0; I < Inner.size(); ++I) {
    if (Inner[I] == '\\')
      ++I;
    else if (Inner[I] == '"')
      return std::nullopt;
  }
  return Rest.str();
}
} // namespace

void SyncControlFlowCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CallId);
  ASTContext &Ctx = *Result.Context;
  const Stmt *Control = nullptr;
  if (!HotPathAnalysis::isInCondition(Call, Ctx, &Control) || !Control)
    return;
  DeviceInference &Devices = Sync.devices(Ctx);
  std::optional<HostRead> Read = asHostRead(Call, Devices, Ctx);
  if (!Read)
    return;
  Device D = deviceOf(*Read, Devices);
  if (!Sync.reportsDevice(D))
    return;
  std::optional<HotReason> Hot = Sync.hotReason(Call, Ctx);
  if (!Hot)
    return;

  const SourceManager &SM = *Result.SourceManager;
  auto Macro = checkMacroAt(Control->getBeginLoc(), SM, getLangOpts());
  std::string Construct = Macro ? Macro->first : controlName(Control).str();
  SourceLocation Loc = SM.getFileLoc(Call->getExprLoc());
  // The condition is complete before the warning starts (TorchSyncCheck.h).
  std::string IfCuda = ifCuda(Read->Tensor, D, Ctx, /*Named=*/true);
  SyncReport Report = reportSync(*Hot);
  Report.warning(Loc, "'%0' condition waits for the GPU to read %1 with "
                      "'%2'%3; %4")
      << Construct << describeTensor(Read->Tensor, D, Ctx) << Read->Api
      << IfCuda << suggestionFor(Control, Macro.has_value());
  Report.waitsIn(HostReadCudaPath);

  // TORCH_CHECK(x.all().item<bool>(), "msg") -> at::_assert_async(x.all())
  if (!Macro || Macro->first != "TORCH_CHECK")
    return;
  const auto *If = dyn_cast<IfStmt>(Control);
  const Expr *Written = nullptr;
  const Expr *Tensor =
      If ? wholeConditionTensor(If->getCond(), *Read, &Written) : nullptr;
  if (!Tensor || !templateAllowsEdit(Call, Ctx))
    return;
  CharSourceRange Invocation = Macro->second;
  // The condition is a macro argument: its text is spelled in the file.
  SourceLocation B = Tensor->getBeginLoc(), E = Tensor->getEndLoc();
  if ((B.isMacroID() && !SM.isMacroArgExpansion(B)) ||
      (E.isMacroID() && !SM.isMacroArgExpansion(E)))
    return;
  std::optional<std::string> TensorText =
      sourceText(SourceRange(SM.getSpellingLoc(B), SM.getSpellingLoc(E)), Ctx);
  if (!TensorText || !Invocation.getBegin().isFileID() ||
      !Invocation.getEnd().isFileID())
    return;
  // LibTorch 2.x can carry a literal message along; 1.13 drops it.
  std::optional<std::string> Message;
  if (Sync.version().atLeast(2, 0) && hasAssertAsyncWithMessage(Ctx))
    Message = singleLiteralMessage(Written, Invocation, Ctx);
  Report.fixOnNote(
      FixItHint::CreateReplacement(
          Invocation, "at::_assert_async(" + *TensorText +
                          (Message ? ", " + *Message : std::string()) + ")"),
      std::string("check on the device instead; a failure becomes a "
                  "device-side assert that surfaces at a later sync and "
                  "leaves the CUDA context unusable") +
          (Message ? ", and the message may not be shown"
                   : ", and the message is lost"),
      Invocation.getBegin());
}

} // namespace clang::tidy::torchsync
