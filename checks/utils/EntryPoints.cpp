//===--- EntryPoints.cpp - Functions that code outside calls --------------===//

#include "EntryPoints.h"
#include "ASTWalk.h"
#include "CallArgs.h"
#include "TorchApi.h"
#include "UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/Regex.h"

namespace clang::tidy::torchsync {

namespace {

/// The qualified name of \p RD, or of the template it specializes.
std::string recordName(const CXXRecordDecl *RD) {
  if (!RD)
    return "";
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    return Spec->getSpecializedTemplate()->getQualifiedNameAsString();
  return RD->getQualifiedNameAsString();
}

/// The name of the enumerator an enum-typed constant expression evaluates
/// to (`c10::DispatchKey::CUDA`, `at::kCUDA`): "CUDA"; empty otherwise.
std::string enumeratorName(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return "";
  const auto *ET = E->IgnoreParenImpCasts()->getType()->getAs<EnumType>();
  if (!ET)
    return "";
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return "";
  for (const EnumConstantDecl *C : ET->getDecl()->enumerators())
    if (llvm::APSInt::isSameValue(C->getInitVal(), R.Val.getInt()))
      return C->getNameAsString();
  return "";
}

/// The function a registration argument names, and the dispatch key it
/// carries (from `torch::dispatch(Key, f)`).
struct Registered {
  const FunctionDecl *Function = nullptr;
  std::string Key;
  std::string Holder;
};

Registered registeredFunction(const Expr *E, const ASTContext &Ctx,
                              unsigned Depth = 0) {
  Registered R;
  if (!E || Depth > 6)
    return R;
  E = ignoreTemporaries(E);
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = ignoreTemporaries(U->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      R.Function = FD;
      return R;
    }
  }
  if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
    R.Function = LE->getCallOperator();
    return R;
  }
  // A variable holding a lambda, a functor temporary, TORCH_FN(fn).
  if (const CXXRecordDecl *RD =
          E->getType().getNonReferenceType()->getAsCXXRecordDecl()) {
    if (RD->isLambda()) {
      R.Function = RD->getLambdaCallOperator();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        R.Holder = DRE->getDecl()->getNameAsString();
      return R;
    }
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
        Spec && recordName(RD) == "c10::CompileTimeFunctionPointer") {
      const TemplateArgumentList &Args = Spec->getTemplateArgs();
      if (Args.size() == 2 &&
          Args[1].getKind() == TemplateArgument::Declaration) {
        R.Function = dyn_cast<FunctionDecl>(Args[1].getAsDecl());
        return R;
      }
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Call->getNumArgs() == 2 &&
        Callee->getQualifiedNameAsString() == "torch::dispatch") {
      R = registeredFunction(Call->getArg(1), Ctx, Depth + 1);
      R.Key = enumeratorName(Call->getArg(0), Ctx);
      return R;
    }
    // A call that picks or wraps one function: `py::overload_cast<T>(&fn)`
    // (an operator() call on a constant), `wrap(&fn)`. Not member calls:
    // `options().catchAllKernel(fn)` is a registration of its own.
    unsigned First = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
    if (!isa<CXXMemberCallExpr>(Call) && Call->getNumArgs() == First + 1)
      return registeredFunction(Call->getArg(First), Ctx, Depth + 1);
  }
  // `torch::CppFunction(fn)` and other wrappers of one function.
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() >= 1)
    return registeredFunction(Construct->getArg(0), Ctx, Depth + 1);
  return R;
}

/// For `m.def(...).impl(...)`, the variable the chain starts from.
const ValueDecl *chainRoot(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 64; ++Steps) {
    E = ignoreTemporaries(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      E = MC->getImplicitObjectArgument();
    else
      return nullptr;
  }
  return nullptr;
}

bool isAutogradFunctionBase(QualType T) {
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    return recordName(RD) == "torch::autograd::Function";
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
      return TD->getQualifiedNameAsString() == "torch::autograd::Function";
  return false;
}

class Finder : public ASTWalker {
public:
  Finder(ASTContext &Ctx, std::vector<EntryPoint> &Out,
         llvm::DenseMap<const FunctionDecl *, bool> &Called,
         const std::vector<llvm::Regex> &Named)
      : Ctx(Ctx), Out(Out), Called(Called), Named(Named) {}

  bool visitDecl(Decl *D) override {
    if (auto *FD = dyn_cast<FunctionDecl>(D))
      return visitFunctionDecl(FD);
    if (auto *V = dyn_cast<VarDecl>(D))
      return visitVarDecl(V);
    if (auto *RD = dyn_cast<CXXRecordDecl>(D))
      return visitCXXRecordDecl(RD);
    return true;
  }

  bool visitStmt(Stmt *S) override {
    if (auto *Call = dyn_cast<CallExpr>(S)) {
      auto *MemberCall = dyn_cast<CXXMemberCallExpr>(Call);
      return visitCallExpr(Call) &&
             (!MemberCall || visitCXXMemberCallExpr(MemberCall));
    }
    if (auto *Construct = dyn_cast<CXXConstructExpr>(S))
      return visitCXXConstructExpr(Construct);
    return true;
  }

  /// A function the EntryPoints option names (its whole name or qualified
  /// name matches one of the patterns), or one the library exports with C
  /// linkage (what `dlsym`, ctypes, JNI and other FFI layers call).
  bool visitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !FD->getIdentifier() ||
        FD->isTemplateInstantiation() ||
        !isUserCode(FD->getLocation(), Ctx.getSourceManager()))
      return true;
    if (!Named.empty()) {
      std::string Name = FD->getNameAsString();
      std::string Qualified = FD->getQualifiedNameAsString();
      if (llvm::any_of(Named, [&](const llvm::Regex &P) {
            return P.isValid() && (P.match(Name) || P.match(Qualified));
          })) {
        Out.push_back(
            EntryPoint{RegistrationKind::Named, FD, FD->getLocation(), ""});
        return true;
      }
    }
    if (isExportedC(FD))
      Out.push_back(
          EntryPoint{RegistrationKind::ExportedC, FD, FD->getLocation(), ""});
    return true;
  }

  /// `extern "C"`, defined, and visible outside the shared library (default
  /// visibility under the command's -fvisibility, or exported for a DLL);
  /// not a hook that a loader calls once: Python's module initialization
  /// (`PyInit_<module>`, which PYBIND11_MODULE defines), JNI's
  /// `JNI_OnLoad`/`JNI_OnUnload`, a constructor or destructor function.
  static bool isExportedC(const FunctionDecl *FD) {
    if (!FD->isExternC() || FD->isMain() || !FD->isExternallyVisible() ||
        FD->hasAttr<ConstructorAttr>() || FD->hasAttr<DestructorAttr>())
      return false;
    StringRef Name = FD->getName();
    if (Name.starts_with("PyInit_") || Name == "JNI_OnLoad" ||
        Name == "JNI_OnUnload")
      return false;
    return FD->hasAttr<DLLExportAttr>() ||
           FD->getLinkageAndVisibility().getVisibility() == DefaultVisibility;
  }

  /// The dispatch key of each TORCH_LIBRARY* init function: the function
  /// whose address a `torch::detail::TorchLibraryInit` variable is built
  /// with, and the `c10::DispatchKey` enumerator it is given (none for
  /// TORCH_LIBRARY and TORCH_LIBRARY_FRAGMENT).
  llvm::DenseMap<const FunctionDecl *, std::string> InitKeys;
  /// Registrations in init functions, whose key is resolved at the end.
  llvm::SmallVector<std::pair<size_t, const FunctionDecl *>, 8> Pending;

  bool visitVarDecl(VarDecl *V) {
    if (recordName(V->getType()->getAsCXXRecordDecl()) !=
        "torch::detail::TorchLibraryInit")
      return true;
    const auto *Init =
        dyn_cast_or_null<CXXConstructExpr>(ignoreTemporaries(V->getInit()));
    if (!Init || Init->getNumArgs() < 4)
      return true;
    const FunctionDecl *InitFn = firstFunctionIn(Init->getArg(1));
    if (!InitFn)
      return true;
    InitKeys[InitFn->getCanonicalDecl()] = firstEnumeratorIn(Init->getArg(3));
    return true;
  }

  bool visitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *FD = Call->getDirectCallee())
      Called[FD->getCanonicalDecl()] = true;
    return true;
  }

  bool visitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *MD = Call->getMethodDecl();
    if (!MD || !MD->getIdentifier())
      return true;
    std::string Class = recordName(MD->getParent());
    StringRef Name = MD->getName();
    unsigned N = writtenArgCount(Call);
    if (Class == "torch::Library" && (Name == "def" || Name == "impl") &&
        N >= 2) {
      // impl(name, key, fn) names the key in the middle.
      const Expr *Fn = Call->getArg(N == 3 && Name == "impl" ? 2 : 1);
      std::string Key =
          N == 3 && Name == "impl" ? enumeratorName(Call->getArg(1), Ctx) : "";
      size_t Index = add(RegistrationKind::TorchLibrary, Fn, Key);
      if (Index != NoEntry && Key.empty() && Out[Index].DispatchKey.empty())
        if (const auto *P = dyn_cast_or_null<ParmVarDecl>(
                chainRoot(Call->getImplicitObjectArgument())))
          if (const auto *InitFn = dyn_cast<FunctionDecl>(P->getDeclContext()))
            Pending.push_back({Index, InitFn->getCanonicalDecl()});
    } else if (Class == "pybind11::module_" && Name == "def" && N >= 2) {
      add(RegistrationKind::Pybind11, Call->getArg(1), "");
    } else if (Class == "pybind11::class_" &&
               (Name == "def" || Name == "def_static") && N >= 2) {
      add(RegistrationKind::Pybind11, Call->getArg(1), "");
    } else if (Class == "c10::RegisterOperators" && Name == "op" && N >= 2) {
      add(RegistrationKind::RegisterOperators, Call->getArg(1), "");
    } else if (Class == "c10::RegisterOperators::Options") {
      if (Name == "kernel" && N == 2)
        add(RegistrationKind::RegisterOperators, Call->getArg(1),
            enumeratorName(Call->getArg(0), Ctx));
      else if (Name == "catchAllKernel" && N == 1)
        add(RegistrationKind::RegisterOperators, Call->getArg(0), "");
    }
    return true;
  }

  bool visitCXXConstructExpr(CXXConstructExpr *Construct) {
    if (Construct->getNumArgs() >= 2 &&
        recordName(Construct->getConstructor()->getParent()) ==
            "c10::RegisterOperators")
      add(RegistrationKind::RegisterOperators, Construct->getArg(1), "");
    return true;
  }

  bool visitCXXRecordDecl(CXXRecordDecl *RD) {
    if (!RD->isThisDeclarationADefinition())
      return true;
    for (const CXXBaseSpecifier &Base : RD->bases()) {
      if (!isAutogradFunctionBase(Base.getType()))
        continue;
      for (const CXXMethodDecl *MD : RD->methods())
        if (MD->isStatic() && MD->getIdentifier() &&
            (MD->getName() == "forward" || MD->getName() == "backward"))
          Out.push_back(EntryPoint{RegistrationKind::AutogradFunction, MD,
                                   Base.getBeginLoc(), ""});
      // Static member templates (`template <class T> static ... forward`).
      for (const Decl *D : RD->decls())
        if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
          if (const auto *MD = dyn_cast<CXXMethodDecl>(FTD->getTemplatedDecl());
              MD && MD->isStatic() && MD->getIdentifier() &&
              (MD->getName() == "forward" || MD->getName() == "backward"))
            Out.push_back(EntryPoint{RegistrationKind::AutogradFunction, MD,
                                     Base.getBeginLoc(), ""});
    }
    return true;
  }

  static constexpr size_t NoEntry = ~size_t(0);

private:
  size_t add(RegistrationKind Kind, const Expr *Arg, std::string Key) {
    Registered R = registeredFunction(Arg, Ctx);
    if (!R.Function)
      return NoEntry;
    // `TORCH_FN(fn)`: the place of the macro, not inside it.
    SourceLocation Loc = Ctx.getSourceManager().getFileLoc(Arg->getBeginLoc());
    Out.push_back(EntryPoint{Kind, R.Function, Loc,
                             R.Key.empty() ? std::move(Key) : R.Key,
                             std::move(R.Holder)});
    return Out.size() - 1;
  }

  /// The first init function (`void(torch::Library&)`) named in \p E,
  /// through lambdas and casts: `&TORCH_LIBRARY_init_ns`, or the real
  /// headers' `c10::guts::if_constexpr<...>([]() { return &init; }, ...)`.
  static const FunctionDecl *firstFunctionIn(const Stmt *S) {
    if (!S)
      return nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
          FD && FD->getNumParams() == 1 &&
          recordName(FD->getParamDecl(0)
                         ->getType()
                         .getNonReferenceType()
                         ->getAsCXXRecordDecl()) == "torch::Library")
        return FD;
    for (const Stmt *Child : S->children())
      if (const FunctionDecl *FD = firstFunctionIn(Child))
        return FD;
    return nullptr;
  }

  std::string firstEnumeratorIn(const Stmt *S) {
    if (!S)
      return "";
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *C = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        if (const auto *ED = dyn_cast<EnumDecl>(C->getDeclContext());
            ED && ED->getQualifiedNameAsString() == "c10::DispatchKey")
          return C->getNameAsString();
    for (const Stmt *Child : S->children()) {
      std::string Name = firstEnumeratorIn(Child);
      if (!Name.empty())
        return Name;
    }
    return "";
  }

  ASTContext &Ctx;
  std::vector<EntryPoint> &Out;
  llvm::DenseMap<const FunctionDecl *, bool> &Called;
  const std::vector<llvm::Regex> &Named;
};

} // namespace

Device deviceOfDispatchKey(StringRef Key) {
  // The backend keys of 1.13 and 2.x: the backend's name ends the key
  // (SparseCUDA, QuantizedCPU, AutogradCUDA, NestedTensorCPU, SparseCsrCUDA).
  if (Key.ends_with("CUDA"))
    return Device::CUDA;
  if (Key.ends_with("CPU"))
    return Device::CPU;
  return Device::None;
}

void EntryPointIndex::build() {
  if (Built)
    return;
  Built = true;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<llvm::Regex> Patterns;
  for (const std::string &P : Named)
    Patterns.emplace_back("^(" + P + ")$");
  Finder F(Ctx, Entries, Called, Patterns);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (isLibraryNamespace(D) || !isUserCode(D->getLocation(), SM))
      continue;
    F.walk(D);
  }
  for (const auto &[Index, InitFn] : F.Pending)
    if (auto It = F.InitKeys.find(InitFn); It != F.InitKeys.end())
      Entries[Index].DispatchKey = It->second;
  for (unsigned I = 0, N = Entries.size(); I != N; ++I)
    ByDecl[Entries[I].Function->getCanonicalDecl()].push_back(I);
}

llvm::ArrayRef<EntryPoint> EntryPointIndex::all() {
  build();
  return Entries;
}

llvm::SmallVector<const EntryPoint *, 2>
EntryPointIndex::of(const FunctionDecl *FD) {
  build();
  llvm::SmallVector<const EntryPoint *, 2> Result;
  auto Collect = [&](const FunctionDecl *D) {
    if (auto It = ByDecl.find(D->getCanonicalDecl()); It != ByDecl.end())
      for (unsigned I : It->second)
        Result.push_back(&Entries[I]);
  };
  Collect(FD);
  if (Result.empty())
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      Collect(Pattern);
  return Result;
}

bool EntryPointIndex::calledDirectly(const FunctionDecl *FD) {
  build();
  return Called.lookup(FD->getCanonicalDecl());
}

std::vector<EntryPoint> findEntryPoints(ASTContext &Ctx) {
  EntryPointIndex Index(Ctx);
  return Index.all().vec();
}

std::string entryPointName(const EntryPoint &E) {
  if (!E.Holder.empty())
    return E.Holder;
  const FunctionDecl *FD = E.Function;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
    if (MD->getParent()->isLambda())
      return "lambda";
    return MD->getParent()->getNameAsString() + "::" + MD->getNameAsString();
  }
  return FD->getNameAsString();
}

} // namespace clang::tidy::torchsync
