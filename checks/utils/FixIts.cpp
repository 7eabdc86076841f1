//===--- FixIts.cpp - Building fix-its that are safe to apply -------------===//

#include "FixIts.h"
#include "Parents.h"
#include "SourceText.h"
#include "Templates.h"
#include "TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torchsync {

bool isFixable(const Expr *E, ASTContext &Ctx) {
  return E && isPlainFileRange(E->getSourceRange()) &&
         templateAllowsEdit(E, Ctx);
}

bool isPlainName(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl>(DRE->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(ME->getMemberDecl()) &&
           (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ||
            isPlainName(ME->getBase()));
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2) {
    QualType Container =
        OC->getArg(0)->IgnoreParenImpCasts()->getType().getNonReferenceType();
    const Expr *Index = OC->getArg(1)->IgnoreParenImpCasts();
    return (isClassType(Container, "std::vector") ||
            isClassType(Container, "std::array") ||
            isClassType(Container, "std::deque")) &&
           isPlainName(OC->getArg(0)) &&
           (isa<IntegerLiteral>(Index) || isPlainName(Index));
  }
  return false;
}

std::optional<std::string> isCudaTestText(const Expr *E,
                                          const ASTContext &Ctx) {
  E = ignoreWrappers(E);
  if (!isPlainName(E))
    return std::nullopt;
  std::optional<std::string> Text = postfixOperandText(E, Ctx);
  if (!Text)
    return std::nullopt;
  QualType T = E->getType();
  if (isTensorType(T) || isClassType(T, "c10::Device"))
    return *Text + ".is_cuda()";
  if (isEnumType(T, "c10::DeviceType"))
    return *Text + " == at::kCUDA";
  return std::nullopt;
}

std::optional<std::string> postfixOperandText(const Expr *E,
                                              const ASTContext &Ctx) {
  std::optional<std::string> Text = sourceText(E->getSourceRange(), Ctx);
  if (!Text)
    return std::nullopt;
  const Expr *Bare = E->IgnoreImplicit();
  if (!isa<ParenExpr>(Bare))
    Bare = ignoreWrappers(E); // Copies and conversions of LibTorch types.
  if (isa<DeclRefExpr, MemberExpr, ParenExpr, CallExpr, ArraySubscriptExpr>(
          Bare) &&
      !isa<CXXOperatorCallExpr>(Bare))
    return Text;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Bare))
    if (OC->getOperator() == OO_Subscript || OC->getOperator() == OO_Call ||
        OC->getOperator() == OO_Arrow)
      return Text;
  return "(" + *Text + ")";
}

std::optional<FixItHint> appendMember(const Expr *E, StringRef Member,
                                      ASTContext &Ctx) {
  std::optional<std::string> Text = postfixOperandText(E, Ctx);
  std::optional<std::string> Plain = sourceText(E->getSourceRange(), Ctx);
  if (!Text || !Plain)
    return std::nullopt;
  if (*Text == *Plain)
    return insertAfter(E, Member, Ctx);
  return replaceTokens(E->getSourceRange(), *Text + Member.str(), Ctx);
}

std::optional<FixItHint> replaceTokens(SourceRange R, StringRef Text,
                                       ASTContext &Ctx) {
  if (!isPlainFileRange(R))
    return std::nullopt;
  return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(R), Text);
}

std::optional<FixItHint> insertAfter(const Expr *E, StringRef Text,
                                     ASTContext &Ctx) {
  SourceRange R = E->getSourceRange();
  if (!isPlainFileRange(R))
    return std::nullopt;
  SourceLocation End = Lexer::getLocForEndOfToken(
      R.getEnd(), 0, Ctx.getSourceManager(), Ctx.getLangOpts());
  if (End.isInvalid())
    return std::nullopt;
  return FixItHint::CreateInsertion(End, Text);
}

std::optional<unsigned> nonBlockingArgIndex(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return std::nullopt;
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    if (FD->getParamDecl(I)->getName() == "non_blocking")
      return I < Call->getNumArgs() ? std::optional<unsigned>(I) : std::nullopt;
  return std::nullopt;
}

std::optional<bool> nonBlockingValue(const CallExpr *Call) {
  std::optional<unsigned> I = nonBlockingArgIndex(Call);
  if (!I)
    return false; // No such parameter: the call blocks (e.g. cpu()).
  const Expr *Arg = Call->getArg(*I);
  if (isa<CXXDefaultArgExpr>(Arg))
    return false;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(Arg->IgnoreParenImpCasts()))
    return B->getValue();
  return std::nullopt;
}

std::optional<FixItHint> setNonBlocking(const CallExpr *Call, ASTContext &Ctx,
                                        llvm::StringRef Value) {
  std::optional<unsigned> I = nonBlockingArgIndex(Call);
  if (!I)
    return std::nullopt;
  const Expr *Arg = Call->getArg(*I);
  if (!isa<CXXDefaultArgExpr>(Arg)) {
    const auto *B = dyn_cast<CXXBoolLiteralExpr>(Arg->IgnoreParenImpCasts());
    if (!B || B->getValue())
      return std::nullopt;
    // Only the literal changes; a comment naming the parameter stays.
    return replaceTokens(Arg->getSourceRange(), Value, Ctx);
  }
  // Defaulted: every earlier parameter must be written so that appending one
  // argument lands on `non_blocking`.
  if (*I == 0)
    return std::nullopt;
  for (unsigned J = 0; J < *I; ++J)
    if (isa<CXXDefaultArgExpr>(Call->getArg(J)))
      return std::nullopt;
  return insertAfter(Call->getArg(*I - 1),
                     (", /*non_blocking=*/" + Value).str(), Ctx);
}

bool isDiscarded(const Expr *Call, ASTContext &Ctx) {
  const Stmt *Child = Call;
  DynTypedNode Node = DynTypedNode::create(*Call);
  for (unsigned I = 0; I < 4; ++I) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    if (const auto *EWC = Node.get<ExprWithCleanups>()) {
      Child = EWC;
      continue;
    }
    if (const auto *Cast = Node.get<ExplicitCastExpr>()) {
      if (!Cast->getType()->isVoidType())
        return false;
      Child = Cast;
      continue;
    }
    if (Node.get<CompoundStmt>())
      return true;
    if (const auto *If = Node.get<IfStmt>())
      return If->getThen() == Child || If->getElse() == Child;
    if (const auto *For = Node.get<ForStmt>())
      return For->getBody() == Child || For->getInc() == Child;
    if (const auto *While = Node.get<WhileStmt>())
      return While->getBody() == Child;
    if (const auto *Do = Node.get<DoStmt>())
      return Do->getBody() == Child;
    if (const auto *RF = Node.get<CXXForRangeStmt>())
      return RF->getBody() == Child;
    if (const auto *Case = Node.get<SwitchCase>())
      return Case->getSubStmt() == Child;
    if (const auto *Label = Node.get<LabelStmt>())
      return Label->getSubStmt() == Child;
    return false;
  }
  return false;
}

std::optional<std::string> indentationOf(const Stmt *S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = S->getBeginLoc();
  if (!Begin.isFileID())
    return std::nullopt;
  auto [File, Offset] = SM.getDecomposedLoc(Begin);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return std::nullopt;
  size_t LineStart = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  if (Offset < LineStart)
    LineStart = Offset;
  StringRef Indent = Buffer.slice(LineStart, Offset);
  if (Indent.find_first_not_of(" \t") != StringRef::npos)
    return std::nullopt;
  return Indent.str();
}

unsigned countRefs(const VarDecl *V, const Stmt *S, ASTContext &Ctx) {
  using namespace ast_matchers;
  llvm::SmallPtrSet<const void *, 4> Places;
  for (const BoundNodes &N :
       match(findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind("ref")), *S,
             Ctx))
    Places.insert(
        N.getNodeAs<DeclRefExpr>("ref")->getLocation().getPtrEncoding());
  return Places.size();
}

bool declaresName(const Stmt *Body, StringRef Name, ASTContext &Ctx) {
  using namespace ast_matchers;
  return !match(findAll(namedDecl(hasName(Name))), *Body, Ctx).empty() ||
         !match(findAll(declRefExpr(to(namedDecl(hasName(Name))))), *Body, Ctx)
              .empty() ||
         !match(findAll(memberExpr(member(hasName(Name)))), *Body, Ctx).empty();
}

std::string lineBreakAt(SourceLocation Loc, const SourceManager &SM) {
  Loc = SM.getExpansionLoc(Loc);
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return "\n";
  size_t Break = Buffer.find('\n', Offset);
  if (Break == StringRef::npos)
    Break = Buffer.substr(0, Offset).rfind('\n');
  return Break != StringRef::npos && Break > 0 && Buffer[Break - 1] == '\r'
             ? "\r\n"
             : "\n";
}

} // namespace clang::tidy::torchsync
