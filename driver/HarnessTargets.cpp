//===--- HarnessTargets.cpp - The functions a harness calls ---------------===//
//
// Part of torchsync. See HarnessTargets.h.
//
//===----------------------------------------------------------------------===//

#include "HarnessTargets.h"
#include "Analysis.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace torchsync {

namespace {

std::optional<ParamKind> classifyType(QualType T) {
  QualType V = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *BT = V->getAs<BuiltinType>()) {
    if (BT->isBooleanType())
      return ParamKind::Bool;
    if (BT->isInteger())
      return ParamKind::Integer;
    if (BT->getKind() == BuiltinType::Float ||
        BT->getKind() == BuiltinType::Double ||
        BT->getKind() == BuiltinType::LongDouble)
      return ParamKind::Real;
    return std::nullopt;
  }
  if (const auto *ET = V->getAs<EnumType>())
    return ET->getDecl()->getQualifiedNameAsString() == "c10::ScalarType"
               ? std::optional(ParamKind::DType)
               : std::nullopt;
  if (const CXXRecordDecl *RD = V->getAsCXXRecordDecl()) {
    std::string Name = RD->getQualifiedNameAsString();
    if (Name == "at::Tensor")
      return ParamKind::Tensor;
    if (Name == "c10::Scalar")
      return ParamKind::Scalar;
  }
  return std::nullopt;
}

/// Decides whether a harness can call FD, and how.
Target describe(const FunctionDecl *FD, ASTContext &Ctx) {
  Target T;
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  Policy.SuppressTemplateArgsInCXXConstructors = true;
  {
    llvm::raw_string_ostream OS(T.Name);
    FD->printQualifiedName(OS, Policy);
  }
  T.Plain = FD->getNameAsString();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation NameLoc = SM.getExpansionLoc(FD->getLocation());
  T.Line = SM.getExpansionLineNumber(NameLoc);
  T.Offset = SM.getFileOffset(NameLoc);
  std::string Quoted = "'" + T.Name + "'";
  auto Unsupported = [&](const llvm::Twine &Why) {
    T.Reason = Why.str();
    return T;
  };

  if (FD->isMain())
    return Unsupported("the finding is in main; run the program itself "
                       "with torchsync-verify run");
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
    std::string Class = "'" + MD->getParent()->getNameAsString() + "'";
    if (isa<CXXConstructorDecl>(MD))
      return Unsupported(Quoted + " is a constructor of " + Class +
                         " (a harness only calls functions)");
    if (isa<CXXDestructorDecl>(MD))
      return Unsupported(Quoted + " is a destructor of " + Class +
                         " (a harness only calls functions)");
    if (!MD->isStatic())
      return Unsupported(Quoted + " is a non-static member function of " +
                         Class + " (a harness has no object to call it on)");
    if (MD->getAccess() != AS_public)
      return Unsupported(
          Quoted + " is a " +
          (MD->getAccess() == AS_private ? "private" : "protected") +
          " member function of " + Class);
    if (MD->getParent()->isLocalClass())
      return Unsupported(Quoted + " is a member of a local class");
  }
  if (FD->getDescribedFunctionTemplate() ||
      FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
    return Unsupported(Quoted + " is a function template (a harness does "
                                "not choose template arguments)");
  if (FD->isDependentContext())
    return Unsupported(Quoted + " is a member of a class template (a harness "
                                "does not choose template arguments)");
  if (FD->isVariadic())
    return Unsupported(Quoted + " is variadic");

  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *PD = FD->getParamDecl(I);
    Param P;
    P.Name = PD->getName().empty() ? "#" + std::to_string(I + 1)
                                   : PD->getNameAsString();
    P.Written = PD->getType().getAsString(Policy);
    std::optional<ParamKind> Kind = classifyType(PD->getType());
    if (!Kind)
      return Unsupported("parameter '" + P.Name + "' of " + Quoted +
                         " has type '" + P.Written +
                         "', which a harness cannot make (it makes tensors, "
                         "arithmetic scalars, c10::Scalar and "
                         "c10::ScalarType)");
    P.Kind = *Kind;
    P.RValueRef = PD->getType()->isRValueReferenceType();
    switch (P.Kind) {
    case ParamKind::Tensor:
      P.Type = "at::Tensor";
      break;
    case ParamKind::Scalar:
      P.Type = "c10::Scalar";
      break;
    case ParamKind::DType:
      P.Type = "c10::ScalarType";
      break;
    default:
      P.Type = PD->getType()
                   .getNonReferenceType()
                   .getCanonicalType()
                   .getUnqualifiedType()
                   .getAsString(Policy);
    }
    T.Params.push_back(std::move(P));
  }

  // Overloads make a plain call ambiguous or pick another one: take the
  // address of exactly this function instead.
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  unsigned Overloads = 0;
  for (const NamedDecl *ND : DC->lookup(FD->getDeclName()))
    if (isa<FunctionDecl, FunctionTemplateDecl>(ND->getUnderlyingDecl()))
      ++Overloads;
  if (Overloads > 1) {
    PrintingPolicy Full = Policy;
    Full.FullyQualifiedName = true;
    Full.PrintCanonicalTypes = true;
    std::string Type =
        FD->getReturnType().getCanonicalType().getAsString(Full) + " (*)(";
    for (unsigned I = 0; I < FD->getNumParams(); ++I)
      Type +=
          (I ? ", " : "") +
          FD->getParamDecl(I)->getType().getCanonicalType().getAsString(Full);
    Type += ")";
    T.Callee = "static_cast<" + Type + ">(&::" + T.Name + ")";
  } else {
    T.Callee = "::" + T.Name;
  }
  T.Supported = true;
  return T;
}

/// For each offset into the main file, the innermost function or lambda
/// whose source range holds it.
class EnclosingFinder {
public:
  EnclosingFinder(ASTContext &Ctx, llvm::ArrayRef<unsigned> Offsets)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Offsets(Offsets),
        Best(Offsets.size()) {}

  /// Considers the functions with a body and the lambdas of the main file's
  /// declarations, as written: not implicit functions, template
  /// instantiations or the call operators of lambdas (the matchers' walk
  /// meets those too).
  void run() {
    using namespace ast_matchers;
    auto Function = functionDecl().bind("function");
    auto Lambda = lambdaExpr().bind("lambda");
    auto Enclosing = decl(eachOf(Function, forEachDescendant(Function),
                                 forEachDescendant(Lambda)));
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      // Only the main file's declarations can hold its findings.
      SourceLocation Loc = SM.getExpansionLoc(D->getBeginLoc());
      if (Loc.isValid() && SM.getFileID(Loc) != SM.getMainFileID())
        continue;
      for (const BoundNodes &Found : match(Enclosing, *D, Ctx)) {
        if (const auto *FD = Found.getNodeAs<FunctionDecl>("function")) {
          const auto *MD = dyn_cast<CXXMethodDecl>(FD);
          if (FD->doesThisDeclarationHaveABody() && !FD->isImplicit() &&
              !FD->getTemplateInstantiationPattern() &&
              !(MD && MD->getParent()->isLambda()))
            consider(FD->getSourceRange(), FD, nullptr);
        } else if (const auto *L = Found.getNodeAs<LambdaExpr>("lambda")) {
          consider(L->getSourceRange(), nullptr, L);
        }
      }
    }
  }

  /// The target of each offset.
  std::vector<Target> targets() {
    std::vector<Target> Result;
    for (const Candidate &C : Best) {
      Target T;
      if (C.Function)
        T = describe(C.Function, Ctx);
      else if (C.Lambda)
        T.Reason = "the finding is in a lambda (a harness cannot call a "
                   "lambda from outside the function that makes it)";
      else
        T.Reason = "the finding is not inside a function";
      Result.push_back(std::move(T));
    }
    return Result;
  }

private:
  struct Candidate {
    unsigned Size = ~0u;
    const FunctionDecl *Function = nullptr;
    const LambdaExpr *Lambda = nullptr;
  };

  void consider(SourceRange R, const FunctionDecl *FD, const LambdaExpr *L) {
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionLoc(R.getEnd());
    if (B.isInvalid() || E.isInvalid() ||
        SM.getFileID(B) != SM.getMainFileID() ||
        SM.getFileID(E) != SM.getMainFileID())
      return;
    unsigned Begin = SM.getFileOffset(B), End = SM.getFileOffset(E);
    for (size_t I = 0; I < Offsets.size(); ++I)
      if (Begin <= Offsets[I] && Offsets[I] <= End &&
          End - Begin < Best[I].Size)
        Best[I] = {End - Begin, FD, L};
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  llvm::ArrayRef<unsigned> Offsets;
  std::vector<Candidate> Best;
};

class FinderAction : public ASTFrontendAction {
public:
  FinderAction(llvm::ArrayRef<unsigned> Offsets, std::vector<Target> &Out)
      : Offsets(Offsets), Out(Out) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    struct Consumer : ASTConsumer {
      FinderAction &A;
      explicit Consumer(FinderAction &A) : A(A) {}
      void HandleTranslationUnit(ASTContext &Ctx) override {
        EnclosingFinder F(Ctx, A.Offsets);
        F.run();
        A.Out = F.targets();
      }
    };
    return std::make_unique<Consumer>(*this);
  }

private:
  llvm::ArrayRef<unsigned> Offsets;
  std::vector<Target> &Out;
};

} // namespace

std::vector<Target> findTargets(llvm::StringRef File,
                                llvm::ArrayRef<unsigned> Offsets,
                                const tooling::CompilationDatabase &DB,
                                llvm::ArrayRef<std::string> ExtraArgsBefore,
                                llvm::ArrayRef<std::string> ExtraArgs,
                                const VfsOverlay *Overlay) {
  std::vector<Target> Out;
  std::unique_ptr<tooling::ClangTool> ToolPtr =
      makeTool(DB, File, /*Misses=*/nullptr, Overlay);
  tooling::ClangTool &Tool = *ToolPtr;
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      tooling::CommandLineArguments(ExtraArgsBefore.begin(),
                                    ExtraArgsBefore.end()),
      tooling::ArgumentInsertPosition::BEGIN));
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      tooling::CommandLineArguments(ExtraArgs.begin(), ExtraArgs.end()),
      tooling::ArgumentInsertPosition::END));
  struct Factory : tooling::FrontendActionFactory {
    llvm::ArrayRef<unsigned> Offsets;
    std::vector<Target> &Out;
    Factory(llvm::ArrayRef<unsigned> Offsets, std::vector<Target> &Out)
        : Offsets(Offsets), Out(Out) {}
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<FinderAction>(Offsets, Out);
    }
  } F(Offsets, Out);
  if (Tool.run(&F) != 0 || Out.size() != Offsets.size())
    return {};
  return Out;
}

} // namespace torchsync
