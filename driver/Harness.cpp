//===--- Harness.cpp - Snippet-mode harnesses for the runtime verifier ----===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "Analysis.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace torchsync {

namespace {

/// How many times a harness calls each function.
constexpr int CallsPerFunction = 3;

/// The element types a spec may name, with the c10::ScalarType enumerator
/// that the harness writes.
struct DTypeName {
  llvm::StringLiteral Name;
  llvm::StringLiteral Enumerator;
  enum { Floating, Integral, Boolean } Kind;
};
constexpr DTypeName DTypes[] = {
    {"float32", "Float", DTypeName::Floating},
    {"float", "Float", DTypeName::Floating},
    {"float64", "Double", DTypeName::Floating},
    {"double", "Double", DTypeName::Floating},
    {"float16", "Half", DTypeName::Floating},
    {"half", "Half", DTypeName::Floating},
    {"bfloat16", "BFloat16", DTypeName::Floating},
    {"int64", "Long", DTypeName::Integral},
    {"long", "Long", DTypeName::Integral},
    {"int32", "Int", DTypeName::Integral},
    {"int", "Int", DTypeName::Integral},
    {"int16", "Short", DTypeName::Integral},
    {"int8", "Char", DTypeName::Integral},
    {"uint8", "Byte", DTypeName::Integral},
    {"bool", "Bool", DTypeName::Boolean},
};

const DTypeName *findDType(llvm::StringRef Name) {
  for (const DTypeName &D : DTypes)
    if (D.Name == Name)
      return &D;
  return nullptr;
}

//===--- The spec ---------------------------------------------------------===//

/// Reports the first key of O that is not in Known.
bool onlyKnownKeys(const llvm::json::Object &O,
                   llvm::ArrayRef<llvm::StringRef> Known,
                   llvm::StringLiteral Message, llvm::json::Path P) {
  for (const auto &KV : O)
    if (!llvm::is_contained(Known, llvm::StringRef(KV.first))) {
      P.field(KV.first).report(Message);
      return false;
    }
  return true;
}

} // namespace

// Found by argument-dependent lookup from llvm::json's fromJSON of vectors,
// so it lives in the namespace of HarnessArgSpec.
bool fromJSON(const llvm::json::Value &V, HarnessArgSpec &A,
              llvm::json::Path P) {
  using Kind = HarnessArgSpec::Kind;
  if (V.kind() == llvm::json::Value::Null) {
    A.K = Kind::Default;
    return true;
  }
  if (std::optional<bool> B = V.getAsBoolean()) {
    A.K = Kind::Bool;
    A.Bool = *B;
    return true;
  }
  if (V.kind() == llvm::json::Value::Number) {
    if (std::optional<int64_t> I = V.getAsInteger()) {
      A.K = Kind::Integer;
      A.Integer = *I;
      A.Real = static_cast<double>(*I);
    } else {
      A.K = Kind::Real;
      A.Real = *V.getAsNumber();
    }
    return true;
  }
  if (std::optional<llvm::StringRef> S = V.getAsString()) {
    if (!findDType(*S)) {
      P.report("unknown dtype (expected float32, float64, float16, "
               "bfloat16, int64, int32, int16, int8, uint8 or bool)");
      return false;
    }
    A.K = Kind::DType;
    A.DType = S->str();
    return true;
  }
  const llvm::json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected a tensor ({\"shape\": [...], \"dtype\": ...}), a "
             "number, true or false, a dtype name or null");
    return false;
  }
  if (!onlyKnownKeys(*O, {"shape", "dtype", "device"},
                     "unknown key (expected shape, dtype or device)", P))
    return false;
  A.K = Kind::Tensor;
  A.Shape = {64, 64};
  A.DType = "float32";
  A.Device = "cuda";
  llvm::json::ObjectMapper M(V, P);
  if (!M.mapOptional("shape", A.Shape) || !M.mapOptional("dtype", A.DType) ||
      !M.mapOptional("device", A.Device))
    return false;
  if (llvm::any_of(A.Shape, [](int64_t N) { return N < 0; })) {
    P.field("shape").report("a dimension is negative");
    return false;
  }
  if (!findDType(A.DType)) {
    P.field("dtype").report("unknown dtype (expected float32, float64, "
                            "float16, bfloat16, int64, int32, int16, int8, "
                            "uint8 or bool)");
    return false;
  }
  if (A.Device != "cuda" && A.Device != "cpu") {
    P.field("device").report("expected \"cuda\" or \"cpu\"");
    return false;
  }
  return true;
}

namespace {

struct FunctionSpecJSON {
  std::vector<HarnessArgSpec> Args;
};

bool fromJSON(const llvm::json::Value &V, FunctionSpecJSON &F,
              llvm::json::Path P) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object ({\"args\": [...]})");
    return false;
  }
  if (!onlyKnownKeys(*O, {"args"}, "unknown key (expected args)", P))
    return false;
  llvm::json::ObjectMapper M(V, P);
  return M.map("args", F.Args);
}

bool fromJSON(const llvm::json::Value &V, HarnessSpec &S, llvm::json::Path P) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object ({\"functions\": {...}})");
    return false;
  }
  if (!onlyKnownKeys(*O, {"functions"}, "unknown key (expected functions)", P))
    return false;
  std::map<std::string, FunctionSpecJSON> Functions;
  llvm::json::ObjectMapper M(V, P);
  if (!M.map("functions", Functions))
    return false;
  for (auto &[Name, F] : Functions)
    S.Functions[Name] = std::move(F.Args);
  return true;
}

//===--- Finding the enclosing functions ----------------------------------===//

/// What a harness makes for a parameter.
enum class ParamKind { Tensor, Integer, Real, Bool, Scalar, DType };

struct Param {
  ParamKind Kind;
  std::string Name;    ///< As declared, or "#N" when unnamed.
  std::string Type;    ///< The type of the harness's local variable.
  std::string Written; ///< The parameter's type as written, for messages.
  bool RValueRef = false;
};

/// A finding's enclosing function, or why a harness cannot call it.
struct Target {
  bool Supported = false;
  std::string Reason;
  std::string Name;   ///< Qualified, without the leading "::".
  std::string Plain;  ///< Unqualified.
  std::string Callee; ///< What the harness calls.
  std::vector<Param> Params;
  unsigned Line = 0; ///< Of the function's name.
  /// Identifies the function within its file.
  unsigned Offset = 0;
};

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
class EnclosingFinder : public RecursiveASTVisitor<EnclosingFinder> {
public:
  EnclosingFinder(ASTContext &Ctx, llvm::ArrayRef<unsigned> Offsets)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Offsets(Offsets),
        Best(Offsets.size()) {}

  bool TraverseDecl(Decl *D) {
    // Only the main file's declarations can hold its findings.
    if (D && !isa<TranslationUnitDecl>(D)) {
      SourceLocation Loc = SM.getExpansionLoc(D->getBeginLoc());
      if (Loc.isValid() && SM.getFileID(Loc) != SM.getMainFileID())
        return true;
    }
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      consider(FD->getSourceRange(), FD, nullptr);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    consider(L->getSourceRange(), nullptr, L);
    return true;
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
        F.TraverseDecl(Ctx.getTranslationUnitDecl());
        A.Out = F.targets();
      }
    };
    return std::make_unique<Consumer>(*this);
  }

private:
  llvm::ArrayRef<unsigned> Offsets;
  std::vector<Target> &Out;
};

/// The targets of Offsets in File; empty when it cannot be parsed.
std::vector<Target> findTargets(llvm::StringRef File,
                                llvm::ArrayRef<unsigned> Offsets,
                                const tooling::CompilationDatabase &DB,
                                llvm::ArrayRef<std::string> ExtraArgs) {
  std::vector<Target> Out;
  std::unique_ptr<tooling::ClangTool> ToolPtr = makeTool(DB, File);
  tooling::ClangTool &Tool = *ToolPtr;
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);
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

//===--- Writing the harnesses --------------------------------------------===//

/// Path of To relative to the directory From (both absolute).
std::string relativeTo(llvm::StringRef To, llvm::StringRef From) {
  llvm::SmallVector<llvm::StringRef, 16> A, B;
  for (auto I = llvm::sys::path::begin(To), E = llvm::sys::path::end(To);
       I != E; ++I)
    A.push_back(*I);
  for (auto I = llvm::sys::path::begin(From), E = llvm::sys::path::end(From);
       I != E; ++I)
    B.push_back(*I);
  size_t Common = 0;
  while (Common < A.size() && Common < B.size() && A[Common] == B[Common])
    ++Common;
  llvm::SmallString<256> Result;
  for (size_t I = Common; I < B.size(); ++I)
    llvm::sys::path::append(Result, "..");
  for (size_t I = Common; I < A.size(); ++I)
    llvm::sys::path::append(Result, A[I]);
  return llvm::sys::path::convert_to_slash(Result);
}

std::string cString(llvm::StringRef S) {
  std::string Out = "\"";
  llvm::raw_string_ostream OS(Out);
  OS.write_escaped(S);
  OS << "\"";
  return Out;
}

const char *kindName(HarnessArgSpec::Kind K) {
  switch (K) {
  case HarnessArgSpec::Kind::Default:
    return "null";
  case HarnessArgSpec::Kind::Tensor:
    return "a tensor";
  case HarnessArgSpec::Kind::Integer:
    return "an integer";
  case HarnessArgSpec::Kind::Real:
    return "a real number";
  case HarnessArgSpec::Kind::Bool:
    return "true or false";
  case HarnessArgSpec::Kind::DType:
    return "a dtype name";
  }
  llvm_unreachable("unknown kind");
}

/// The initializer of the harness's local for P, from Spec (or the
/// default when Spec is null or Default).
llvm::Expected<std::string> initializer(const Param &P,
                                        const HarnessArgSpec *Spec,
                                        llvm::StringRef Function, unsigned I) {
  using Kind = HarnessArgSpec::Kind;
  HarnessArgSpec A;
  if (Spec)
    A = *Spec;
  auto Mismatch = [&]() -> llvm::Error {
    return llvm::createStringError(
        "harness spec for '" + Function + "': argument " +
        std::to_string(I + 1) + " is " + kindName(A.K) + ", but parameter '" +
        P.Name + "' has type '" + P.Written + "'");
  };
  auto Number = [](double D) {
    std::string S;
    llvm::raw_string_ostream(S) << llvm::format("%.17g", D);
    return S;
  };
  switch (P.Kind) {
  case ParamKind::Tensor: {
    if (A.K == Kind::Default) {
      A.Shape = {64, 64};
      A.DType = "float32";
      A.Device = "cuda";
    } else if (A.K != Kind::Tensor) {
      return Mismatch();
    }
    const DTypeName *D = findDType(A.DType);
    std::string Shape = "std::vector<int64_t>{";
    for (size_t J = 0; J < A.Shape.size(); ++J)
      Shape += (J ? ", " : "") + std::to_string(A.Shape[J]);
    Shape += "}";
    std::string Options =
        "torch::TensorOptions().dtype(c10::ScalarType::" + D->Enumerator.str() +
        ").device(" + (A.Device == "cpu" ? "torch::kCPU" : "torch::kCUDA") +
        ")";
    // Fresh random values, never zeros: normal floats, integers in
    // [1, 10), booleans both ways.
    switch (D->Kind) {
    case DTypeName::Floating:
      return "torch::randn(" + Shape + ", " + Options + ")";
    case DTypeName::Integral:
      return "torch::randint(1, 10, " + Shape + ", " + Options + ")";
    case DTypeName::Boolean:
      return "torch::randint(0, 2, " + Shape + ", " + Options + ")";
    }
    llvm_unreachable("unknown dtype kind");
  }
  case ParamKind::Integer:
    if (A.K == Kind::Default)
      return "static_cast<" + P.Type + ">(4)";
    if (A.K != Kind::Integer)
      return Mismatch();
    return "static_cast<" + P.Type + ">(" + std::to_string(A.Integer) + ")";
  case ParamKind::Real:
    if (A.K == Kind::Default)
      return "static_cast<" + P.Type + ">(0.5)";
    if (A.K != Kind::Integer && A.K != Kind::Real)
      return Mismatch();
    return "static_cast<" + P.Type + ">(" + Number(A.Real) + ")";
  case ParamKind::Bool:
    if (A.K == Kind::Default)
      return std::string("true");
    if (A.K != Kind::Bool)
      return Mismatch();
    return std::string(A.Bool ? "true" : "false");
  case ParamKind::Scalar:
    switch (A.K) {
    case Kind::Default:
      return std::string("c10::Scalar(0.5)");
    case Kind::Integer:
      return "c10::Scalar(static_cast<int64_t>(" + std::to_string(A.Integer) +
             "))";
    case Kind::Real:
      return "c10::Scalar(" + Number(A.Real) + ")";
    case Kind::Bool:
      return std::string(A.Bool ? "c10::Scalar(true)" : "c10::Scalar(false)");
    default:
      return Mismatch();
    }
  case ParamKind::DType:
    if (A.K == Kind::Default)
      return std::string("c10::ScalarType::Float");
    if (A.K != Kind::DType)
      return Mismatch();
    return "c10::ScalarType::" + findDType(A.DType)->Enumerator.str();
  }
  llvm_unreachable("unknown parameter kind");
}

/// One function a harness calls, with the findings it holds.
struct Call {
  Target T;
  std::string Body; ///< Statements of one call.
  std::string CallExpr;
  std::vector<std::string> Where; ///< "path:line check" of each finding.
};

struct HarnessFile {
  std::string Source; ///< Absolute.
  std::string Path;   ///< Root-relative.
  std::string Stem;   ///< File and target names.
  std::vector<Call> Calls;
  /// The project's include directories from the compile command; absolute.
  std::vector<std::string> IncludeDirs;
};

/// The include directories (-I, -iquote, -isystem, -idirafter) of File's
/// compile command and ExtraArgs that lie under Root: the project's own
/// headers, which the user's file may include. LibTorch's and the system's
/// come from find_package(Torch) on the machine that builds the harness, so
/// a directory outside the root, or one that holds LibTorch's own headers,
/// is left out: the harness must see one LibTorch.
std::vector<std::string>
projectIncludeDirs(llvm::StringRef File, const tooling::CompilationDatabase &DB,
                   llvm::ArrayRef<std::string> ExtraArgs,
                   llvm::StringRef Root) {
  std::vector<std::string> Dirs;
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(File);
  if (Commands.empty())
    return Dirs;
  const tooling::CompileCommand &Command = Commands.front();
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Command.CommandLine.size(); ++I)
    Argv.push_back(Command.CommandLine[I].c_str());
  for (const std::string &A : ExtraArgs)
    Argv.push_back(A.c_str());
  namespace opts = driver::options;
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args = driver::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(opts::ClangOption));
  for (const llvm::opt::Arg *A :
       Args.filtered(opts::OPT_I, opts::OPT_iquote, opts::OPT_isystem,
                     opts::OPT_idirafter)) {
    llvm::SmallString<256> Dir(A->getValue());
    if (!llvm::sys::path::is_absolute(Dir)) {
      Dir = Command.Directory;
      llvm::sys::path::append(Dir, A->getValue());
    }
    // Arguments after '--' give "." as the directory: the current one.
    if (llvm::sys::fs::make_absolute(Dir))
      continue;
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (!pathUnder(Dir, Root))
      continue;
    llvm::SmallString<256> Torch(Dir), ATen(Dir);
    llvm::sys::path::append(Torch, "torch", "torch.h");
    llvm::sys::path::append(ATen, "ATen", "ATen.h");
    if (llvm::sys::fs::exists(Torch) || llvm::sys::fs::exists(ATen))
      continue;
    if (!llvm::is_contained(Dirs, Dir.str()))
      Dirs.push_back(std::string(Dir));
  }
  return Dirs;
}

/// The statements that make the inputs of T and call it once; adds the
/// name of the spec entry used to Used.
llvm::Error makeCall(Call &C, const HarnessSpec &Spec,
                     llvm::StringSet<> &Used) {
  const std::vector<HarnessArgSpec> *Args = nullptr;
  std::string SpecName;
  for (const std::string &Name : {C.T.Name, C.T.Plain}) {
    auto It = Spec.Functions.find(Name);
    if (It != Spec.Functions.end()) {
      Args = &It->second;
      SpecName = Name;
      Used.insert(Name);
      break;
    }
  }
  if (Args && Args->size() != C.T.Params.size())
    return llvm::createStringError(
        "harness spec for '" + SpecName + "' gives " +
        std::to_string(Args->size()) + " argument" +
        (Args->size() == 1 ? "" : "s") + ", but '" + C.T.Name + "' takes " +
        std::to_string(C.T.Params.size()));
  std::string Arguments;
  for (unsigned I = 0; I < C.T.Params.size(); ++I) {
    const Param &P = C.T.Params[I];
    llvm::Expected<std::string> Init =
        initializer(P, Args ? &(*Args)[I] : nullptr, SpecName, I);
    if (!Init)
      return Init.takeError();
    std::string Local = "a" + std::to_string(I);
    C.Body += "  " + P.Type + " " + Local + " = " + *Init + ";\n";
    Arguments +=
        (I ? ", " : "") + (P.RValueRef ? "std::move(" + Local + ")" : Local);
  }
  C.CallExpr = C.T.Callee + "(" + Arguments + ")";
  C.Body += "  " + C.CallExpr + ";\n";
  return llvm::Error::success();
}

void writeHarnessSource(llvm::raw_ostream &OS, const HarnessFile &H,
                        llvm::StringRef Include) {
  OS << "// Generated by torchsync --emit-harness from " << H.Path
     << "; do not edit.\n"
        "//\n"
        "// Calls each function that holds a finding "
     << CallsPerFunction
     << " times on fresh random\n"
        "// inputs on CUDA, one function at a time; standard output says "
        "which\n"
        "// function runs and how it ended (torchsync-harness: begin, ok, "
        "error).\n"
        "// docs/harness.md describes it.\n\n"
        "#include <torch/torch.h>\n\n"
        "#include <cstdint>\n"
        "#include <cstdio>\n"
        "#include <exception>\n"
        "#include <string>\n"
        "#include <utility>\n"
        "#include <vector>\n\n"
        "namespace torchsync_harness {\n"
        "int run(const char *Function, const char *Where, void (*Call)()) {\n"
        "  std::printf(\"torchsync-harness: begin %s (%s)\\n\", Function, "
        "Where);\n"
        "  std::fflush(stdout);\n"
        "  std::string Problem;\n"
        "  try {\n"
        "    for (int I = 0; I < "
     << CallsPerFunction
     << "; ++I)\n"
        "      Call();\n"
        "    // The function's work is done before the next one starts.\n"
        "    torch::cuda::synchronize();\n"
        "  } catch (const c10::Error &E) {\n"
        "    Problem = E.what_without_backtrace();\n"
        "  } catch (const std::exception &E) {\n"
        "    Problem = E.what();\n"
        "  }\n"
        "  if (Problem.empty()) {\n"
        "    std::printf(\"torchsync-harness: ok %s\\n\", Function);\n"
        "    std::fflush(stdout);\n"
        "    return 0;\n"
        "  }\n"
        "  Problem = Problem.substr(0, Problem.find('\\n'));\n"
        "  std::printf(\"torchsync-harness: error %s: %s\\n\", Function, "
        "Problem.c_str());\n"
        "  std::fflush(stdout);\n"
        "  try {\n"
        "    torch::cuda::synchronize();\n"
        "  } catch (const std::exception &) {\n"
        "  }\n"
        "  return 1;\n"
        "}\n"
        "} // namespace torchsync_harness\n\n"
        "// The user's main, if any, is renamed so that the harness's is the "
        "program's.\n"
        "#define main torchsync_user_main\n"
        "#include "
     << cString(Include)
     << "\n"
        "#undef main\n\n";
  for (size_t I = 0; I < H.Calls.size(); ++I) {
    const Call &C = H.Calls[I];
    OS << "// " << C.T.Name << ": " << llvm::join(C.Where, ", ") << "\n"
       << "static void torchsync_harness_call_" << I << "() {\n"
       << C.Body << "}\n\n";
  }
  OS << "int main() {\n"
        "  if (!torch::cuda::is_available()) {\n"
        "    std::fprintf(stderr, \"torchsync-harness: no CUDA device\\n\");\n"
        "    return 2;\n"
        "  }\n"
        "  int Failed = 0;\n";
  for (size_t I = 0; I < H.Calls.size(); ++I) {
    const Call &C = H.Calls[I];
    OS << "  Failed += torchsync_harness::run(" << cString(C.T.Name) << ", "
       << cString(H.Path + ":" + std::to_string(C.T.Line))
       << ", &torchsync_harness_call_" << I << ");\n";
  }
  OS << "  std::printf(\"torchsync-harness: %d of " << H.Calls.size()
     << " functions ran without an error\\n\", " << H.Calls.size()
     << " - Failed);\n"
        "  return Failed ? 1 : 0;\n"
        "}\n";
}

/// Movable: the directory and the project's include directories lie under
/// the root, so the directories are written relative to the CMakeLists.txt.
void writeCMakeLists(llvm::raw_ostream &OS, llvm::ArrayRef<HarnessFile> Files,
                     llvm::StringRef Dir, bool Movable) {
  OS << "# Generated by torchsync --emit-harness; do not edit. Builds one "
        "harness per\n"
        "# source file, with debug information, against LibTorch:\n"
        "#   cmake -S <this dir> -B <this dir>/build "
        "-DCMAKE_PREFIX_PATH=<libtorch>\n"
        "#   cmake --build <this dir>/build\n"
        "# (<libtorch>: python3 -c 'import torch; "
        "print(torch.utils.cmake_prefix_path)')\n"
        "cmake_minimum_required(VERSION 3.18)\n"
        "project(torchsync_harness CXX)\n"
        "find_package(Torch REQUIRED)\n"
        "set(CMAKE_CXX_STANDARD 17)\n"
        "set(CMAKE_CXX_STANDARD_REQUIRED ON)\n"
        "set(CMAKE_CXX_FLAGS \"${CMAKE_CXX_FLAGS} ${TORCH_CXX_FLAGS}\")\n";
  for (const HarnessFile &H : Files) {
    std::string Target = H.Stem + "_harness";
    OS << "\n# " << H.Path << "\n"
       << "add_executable(" << Target << " " << H.Stem << ".harness.cpp)\n"
       << "target_link_libraries(" << Target
       << " PRIVATE \"${TORCH_LIBRARIES}\")\n"
       << "# Unoptimized, so that each sync's stack shows the user's "
          "function.\n"
       << "target_compile_options(" << Target
       << " PRIVATE -g -O0 -fno-omit-frame-pointer)\n";
    if (H.IncludeDirs.empty())
      continue;
    OS << "# The project's include directories from the compile command.\n"
       << "target_include_directories(" << Target << " PRIVATE";
    for (const std::string &Include : H.IncludeDirs)
      OS << "\n  \""
         << (Movable ? "${CMAKE_CURRENT_SOURCE_DIR}/" + relativeTo(Include, Dir)
                     : llvm::sys::path::convert_to_slash(Include))
         << "\"";
    OS << ")\n";
  }
}

llvm::Error writeFile(llvm::StringRef Dir, llvm::StringRef Name,
                      llvm::function_ref<void(llvm::raw_ostream &)> Write) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Name);
  // Through a temporary file and a rename: never half-written.
  if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        Write(OS);
        return llvm::Error::success();
      }))
    return llvm::createStringError("cannot write '" + Path +
                                   "': " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

/// A file name from a stem: letters, digits, '_' and '-'.
std::string safeStem(llvm::StringRef Path) {
  std::string Stem = llvm::sys::path::stem(Path).str();
  for (char &C : Stem)
    if (!llvm::isAlnum(C) && C != '_' && C != '-')
      C = '_';
  return Stem.empty() ? "source" : Stem;
}

} // namespace

llvm::Expected<HarnessSpec> readHarnessSpec(llvm::StringRef File) {
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return llvm::createStringError("cannot read harness spec '" + File +
                                   "': " + Buffer.getError().message());
  llvm::Expected<llvm::json::Value> Parsed =
      llvm::json::parse((*Buffer)->getBuffer());
  if (!Parsed)
    return llvm::createStringError("invalid harness spec '" + File +
                                   "': " + llvm::toString(Parsed.takeError()));
  HarnessSpec Spec;
  llvm::json::Path::Root Root("spec");
  if (!fromJSON(*Parsed, Spec, Root))
    return llvm::createStringError("invalid harness spec '" + File +
                                   "': " + llvm::toString(Root.getError()));
  return Spec;
}

llvm::Expected<HarnessSettings> prepareHarness(llvm::StringRef Dir,
                                               llvm::StringRef SpecFile) {
  HarnessSettings S;
  if (Dir.empty())
    return llvm::createStringError("--emit-harness needs a directory");
  llvm::SmallString<256> Abs(Dir);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Abs))
    return llvm::createStringError("cannot resolve '" + Dir +
                                   "': " + EC.message());
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  if (std::error_code EC = llvm::sys::fs::create_directories(Abs))
    return llvm::createStringError("cannot create harness directory '" + Dir +
                                   "': " + EC.message());
  if (!llvm::sys::fs::is_directory(Abs))
    return llvm::createStringError("harness directory '" + Dir +
                                   "' is not a directory");
  if (std::error_code EC =
          llvm::sys::fs::access(Abs, llvm::sys::fs::AccessMode::Write))
    return llvm::createStringError("cannot write to harness directory '" + Dir +
                                   "': " + EC.message());
  S.Dir = std::string(Abs);
  if (!SpecFile.empty()) {
    llvm::Expected<HarnessSpec> Spec = readHarnessSpec(SpecFile);
    if (!Spec)
      return Spec.takeError();
    S.Spec = std::move(*Spec);
  }
  return S;
}

llvm::Error emitHarnesses(llvm::ArrayRef<Finding> Findings,
                          const tooling::CompilationDatabase &DB,
                          const SourceFiles &Sources,
                          const HarnessSettings &Settings) {
  // The files with findings, in a stable order, and each finding's offset.
  std::map<std::string, std::vector<size_t>> ByFile;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (Findings[I].Where.known())
      ByFile[Findings[I].Where.File].push_back(I);

  std::vector<std::string> Files;
  for (const auto &KV : ByFile)
    Files.push_back(KV.first);
  std::vector<std::vector<Target>> Targets(Files.size());
  forEachInParallel(Files.size(), /*Jobs=*/0, [&](size_t F) {
    std::vector<unsigned> Offsets;
    for (size_t I : ByFile[Files[F]])
      Offsets.push_back(Findings[I].Where.Offset);
    Targets[F] = findTargets(Files[F], Offsets, DB, Settings.ExtraArgs);
  });

  // Each finding's target; one harness per file, one call per function.
  std::vector<Target> Of(Findings.size());
  std::vector<std::pair<size_t, size_t>> CallOf(
      Findings.size(), {~size_t(0), ~size_t(0)}); // (harness, call)
  std::vector<HarnessFile> Harnesses;
  llvm::StringSet<> Stems, UsedSpecs;
  for (size_t F = 0; F < Files.size(); ++F) {
    const std::vector<size_t> &Indices = ByFile[Files[F]];
    HarnessFile H;
    H.Source = Files[F];
    H.Path = Sources.relativePath(Files[F]);
    for (size_t J = 0; J < Indices.size(); ++J) {
      size_t I = Indices[J];
      if (Targets[F].empty()) {
        Of[I].Reason = "cannot parse " + H.Path +
                       " again to find the function around the finding";
        continue;
      }
      Of[I] = Targets[F][J];
      if (!Of[I].Supported)
        continue;
      auto It = llvm::find_if(
          H.Calls, [&](const Call &C) { return C.T.Offset == Of[I].Offset; });
      if (It == H.Calls.end()) {
        H.Calls.push_back({Of[I], "", "", {}});
        It = std::prev(H.Calls.end());
        if (llvm::Error E = makeCall(*It, Settings.Spec, UsedSpecs))
          return E;
      }
      It->Where.push_back(Findings[I].Check + " at line " +
                          std::to_string(Findings[I].Where.Line));
      CallOf[I] = {Harnesses.size(), size_t(It - H.Calls.begin())};
    }
    if (H.Calls.empty())
      continue;
    H.IncludeDirs =
        projectIncludeDirs(H.Source, DB, Settings.ExtraArgs, Sources.root());
    // Two sources with the same stem get distinct harnesses.
    std::string Stem = safeStem(H.Path);
    for (unsigned N = 2; !Stems.insert(Stem).second; ++N)
      Stem = safeStem(H.Path) + "-" + std::to_string(N);
    H.Stem = Stem;
    Harnesses.push_back(std::move(H));
  }
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Findings[I].Where.known())
      Of[I].Reason = "the finding has no place in a source file";

  // The harnesses include the user's file by a path relative to them when
  // both lie under the root, so that the folder can move with the project
  // (to the GPU machine, say).
  for (const HarnessFile &H : Harnesses) {
    std::string Include = pathUnder(H.Source, Sources.root()) &&
                                  pathUnder(Settings.Dir, Sources.root())
                              ? relativeTo(H.Source, Settings.Dir)
                              : llvm::sys::path::convert_to_slash(H.Source);
    if (llvm::Error E = writeFile(
            Settings.Dir, H.Stem + ".harness.cpp",
            [&](llvm::raw_ostream &OS) { writeHarnessSource(OS, H, Include); }))
      return E;
  }
  if (llvm::Error E =
          writeFile(Settings.Dir, "CMakeLists.txt", [&](llvm::raw_ostream &OS) {
            writeCMakeLists(
                OS, Harnesses, Settings.Dir,
                pathUnder(Settings.Dir, Sources.root()).has_value());
          }))
    return E;

  unsigned Harnessed = 0;
  if (llvm::Error E =
          writeFile(Settings.Dir, "harness.json", [&](llvm::raw_ostream &OS) {
            llvm::json::OStream J(OS, 2);
            J.object([&] {
              J.attribute("version", 1);
              J.attribute("root", Sources.root());
              J.attribute("callsPerFunction", CallsPerFunction);
              J.attributeArray("harnesses", [&] {
                for (const HarnessFile &H : Harnesses)
                  J.object([&] {
                    J.attribute("source", H.Path);
                    J.attribute("harness", H.Stem + ".harness.cpp");
                    J.attribute("target", H.Stem + "_harness");
                    J.attributeArray("functions", [&] {
                      for (const Call &C : H.Calls)
                        J.value(C.T.Name);
                    });
                  });
              });
              J.attributeArray("findings", [&] {
                for (size_t I = 0; I < Findings.size(); ++I) {
                  const Finding &F = Findings[I];
                  const Target &T = Of[I];
                  J.object([&] {
                    J.attribute("check", F.Check);
                    J.attribute("path", F.Where.Path);
                    J.attribute("line", F.Where.Line);
                    J.attribute("column", F.Where.Column);
                    J.attribute("fingerprint", F.Fingerprint);
                    if (T.Name.empty())
                      J.attribute("function", nullptr);
                    else
                      J.attribute("function", T.Name);
                    if (CallOf[I].first != ~size_t(0)) {
                      ++Harnessed;
                      const HarnessFile &H = Harnesses[CallOf[I].first];
                      J.attribute("status", "harnessed");
                      J.attribute("harness", H.Stem + ".harness.cpp");
                      J.attribute("target", H.Stem + "_harness");
                      J.attribute("call", H.Calls[CallOf[I].second].CallExpr);
                    } else {
                      J.attribute("status", "unsupported");
                      J.attribute("reason", T.Reason);
                    }
                  });
                }
              });
            });
            OS << "\n";
          }))
    return E;

  if (!Settings.Quiet) {
    for (size_t I = 0; I < Findings.size(); ++I)
      if (CallOf[I].first == ~size_t(0))
        llvm::errs() << "torchsync: note: no harness for "
                     << Findings[I].Where.Path << ":" << Findings[I].Where.Line
                     << " (" << Findings[I].Check << "): " << Of[I].Reason
                     << "\n";
    // A misspelt name would silently leave a function on default inputs.
    for (const auto &KV : Settings.Spec.Functions)
      if (!UsedSpecs.contains(KV.first))
        llvm::errs() << "torchsync: warning: the harness spec names '"
                     << KV.first << "', which holds no harnessed finding\n";
    llvm::errs() << "torchsync: harnesses for " << Harnessed << " of "
                 << Findings.size() << " finding"
                 << (Findings.size() == 1 ? "" : "s") << " in " << Settings.Dir
                 << "\n";
  }
  return llvm::Error::success();
}

} // namespace torchsync
