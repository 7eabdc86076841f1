//===--- Collector.cpp - The per-file summary builder ---------------------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "program/Collector.h"
#include "program/Recorder.h"
#include "program/Serialization.h"
#include "program/Summary.h"
#include "utils/ASTWalk.h"
#include "utils/Containers.h"
#include "utils/DataLoaders.h"
#include "utils/DeviceInference.h"
#include "utils/EntryPoints.h"
#include "utils/HotPath.h"
#include "utils/SyncOptions.h"
#include "utils/TorchApi.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::torchsync {

namespace {

/// Limits what the matchers traverse to the top-level declarations of user
/// code (makeUserCodeScope). It runs before clang-tidy's consumer in a
/// MultiplexConsumer, so the scope is in place when the matchers start.
class UserCodeScope : public ASTConsumer {
public:
  explicit UserCodeScope(const SourceManager &SM) : SM(SM) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (isUserCode(D->getLocation()))
        Scope.push_back(D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Context) override {
    Context.setTraversalScope(Scope);
  }

private:
  bool isUserCode(SourceLocation Loc) {
    if (Loc.isInvalid())
      return true;
    Loc = SM.getExpansionLoc(Loc);
    FileID File = SM.getFileID(Loc);
    if (File == SM.getMainFileID())
      return true;
    auto [It, Inserted] = UserFiles.try_emplace(File, true);
    if (Inserted) {
      OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
      It->second = !SM.isInSystemHeader(Loc) &&
                   !(Entry && isLibTorchHeader(Entry->getName()));
    }
    return It->second;
  }

  const SourceManager &SM;
  std::vector<Decl *> Scope;
  llvm::DenseMap<FileID, bool> UserFiles;
};

/// Joins the values of several returns: all must agree, a CPU that rests on
/// facts joins with CPU into CPU resting on all of them.
DeviceValue joinValues(const DeviceValue &A, const DeviceValue &B) {
  if (A.Device == Device::CPU && B.Device == Device::CPU) {
    DeviceValue R = A;
    for (const ProgramFact &F : B.Deps)
      if (!llvm::is_contained(R.Deps, F))
        R.Deps.push_back(F);
    return R;
  }
  if (A.Device == B.Device && A.Deps.empty() && B.Deps.empty())
    return A;
  return DeviceValue();
}

/// Records the user headers the preprocessor enters (not system or
/// LibTorch headers), for Summary::Headers.
class UserHeaders : public PPCallbacks {
public:
  UserHeaders(const SourceManager &SM, std::vector<FileID> &Out)
      : SM(SM), Out(Out) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile || Kind != SrcMgr::C_User || Loc.isInvalid())
      return;
    FileID FID = SM.getFileID(Loc);
    if (FID != SM.getMainFileID() && SM.getFileEntryRefForID(FID) &&
        isUserCode(Loc, SM))
      Out.push_back(FID);
  }

private:
  const SourceManager &SM;
  std::vector<FileID> &Out;
};

/// Records the user files' includes of CUDA headers (LibTorch's own
/// includes of them do not count).
class CudaIncludes : public PPCallbacks {
public:
  CudaIncludes(const SourceManager &SM, std::string &Reason)
      : SM(SM), Reason(Reason) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool, CharSourceRange,
                          OptionalFileEntryRef, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!Reason.empty() || !isUserCode(HashLoc, SM))
      return;
    std::string Lower = FileName.lower();
    if (StringRef(Lower).contains("cuda") || StringRef(Lower).ends_with(".cuh"))
      Reason = "includes <" + FileName.str() + ">";
  }

private:
  const SourceManager &SM;
  std::string &Reason;
};

bool isUserFunction(const FunctionDecl *FD, const SourceManager &SM) {
  return FD && !isInLibTorchNamespace(FD) && !FD->isInStdNamespace() &&
         isUserCode(FD->getLocation(), SM) &&
         !SM.isInSystemHeader(FD->getLocation());
}

/// The declaration a call site, a definition and a fact all name: the
/// template pattern of an instantiation, canonical.
const FunctionDecl *namedFunction(const FunctionDecl *FD) {
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  return FD->getCanonicalDecl();
}

/// Whether clang marked part of a function invalid: its declaration, a
/// declaration in it, or an expression it could not build (RecoveryExpr,
/// anything containing one). A function without such a mark is what it
/// would be in a unit that compiles.
class ErrorFinder : public ASTWalker {
public:
  bool Found = false;
  bool visitDecl(Decl *D) override {
    Found |= D->isInvalidDecl();
    return !Found;
  }
  bool visitStmt(Stmt *S) override {
    if (const auto *E = dyn_cast<Expr>(S))
      Found |= E->containsErrors();
    return !Found;
  }
};

bool hasErrors(FunctionDecl *FD) {
  ErrorFinder Finder;
  Finder.walk(FD);
  return Finder.Found;
}

/// The user functions named in \p S (called or not).
class NamedFunctions : public ASTWalker {
public:
  std::vector<const FunctionDecl *> Found;
  bool visitStmt(Stmt *S) override {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
        Found.push_back(FD);
    } else if (const auto *E = dyn_cast<OverloadExpr>(S)) {
      for (const NamedDecl *D : E->decls())
        if (const auto *FD = dyn_cast<FunctionDecl>(D->getUnderlyingDecl()))
          Found.push_back(FD);
        else if (const auto *FTD =
                     dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl()))
          Found.push_back(FTD->getTemplatedDecl());
    } else if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      if (const auto *FD = dyn_cast<FunctionDecl>(ME->getMemberDecl()))
        Found.push_back(FD);
    }
    return true;
  }
};

class SummaryBuilder : public ASTWalker {
public:
  SummaryBuilder(ASTContext &Ctx, const SyncOptions &Opts, Summary &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Facts(Recorder::Mode::Record),
        Devices(Ctx), Hot(Ctx, Opts), Out(Out) {
    Devices.setRecorder(&Facts);
    Hot.setRecording(true);
    EntryPoints.setNamed(Opts.EntryPoints);
    TemplateInstantiations = true;
  }

  void run() {
    recordRegistrations();
    for (Decl *D : Ctx.getTraversalScope())
      walk(D);
    for (const DeclRefExpr *DRE : FunctionRefs)
      if (!Callees.contains(DRE))
        if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
            FD && isUserFunction(FD, SM)) {
          takeAddress(usrOf(namedFunction(FD)));
        }
  }

  void takeAddress(std::string Usr) {
    if (!Usr.empty() && AddressTaken.insert(Usr).second)
      Out.AddressTaken.push_back(Usr);
  }

  bool visitDecl(Decl *D) override {
    if (auto *FD = dyn_cast<FunctionDecl>(D))
      return visitFunctionDecl(FD);
    if (auto *V = dyn_cast<VarDecl>(D))
      return visitVarDecl(V);
    return true;
  }

  bool visitStmt(Stmt *S) override {
    if (auto *DRE = dyn_cast<DeclRefExpr>(S))
      return visitDeclRefExpr(DRE);
    if (auto *SL = dyn_cast<StringLiteral>(S))
      return visitStringLiteral(SL);
    if (auto *CE = dyn_cast<CXXConstructExpr>(S))
      return visitCXXConstructExpr(CE);
    if (auto *BO = dyn_cast<BinaryOperator>(S))
      return visitBinaryOperator(BO);
    if (auto *Call = dyn_cast<CallExpr>(S))
      return visitCallExpr(Call);
    return true;
  }

  bool visitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isTemplateInstantiation() ||
        !isUserFunction(FD, SM))
      return true;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && MD->getParent()->isLambda())
      return true;
    if (FD->isMain())
      Out.DefinesMain = true;
    if (Ctx.getDiagnostics().hasErrorOccurred() && hasErrors(FD)) {
      // Left out: what it returns is not known, and what it calls may not
      // all be seen (its valid calls are still recorded below).
      Out.Dropped.push_back(FD->getQualifiedNameAsString());
      NamedFunctions Named;
      Named.walk(FD);
      for (const FunctionDecl *Callee : Named.Found)
        if (isUserFunction(Callee, SM))
          takeAddress(usrOf(namedFunction(Callee)));
      return true;
    }
    FunctionSummary F;
    F.Usr = usrOf(namedFunction(FD));
    if (F.Usr.empty())
      return true;
    F.Name = FD->getNameAsString();
    F.Where = placeOf(FD->getLocation());
    F.External = FD->isExternallyVisible();
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    F.Virtual = MD && MD->isVirtual();
    if (MD) {
      llvm::SmallVector<const CXXMethodDecl *, 4> Work(
          MD->overridden_methods().begin(), MD->overridden_methods().end());
      llvm::SmallPtrSet<const CXXMethodDecl *, 4> Seen;
      while (!Work.empty()) {
        const CXXMethodDecl *Base = Work.pop_back_val();
        if (!Seen.insert(Base).second)
          continue;
        std::string Usr = usrOf(namedFunction(Base));
        if (!Usr.empty())
          F.Overrides.push_back(Usr);
        Work.append(Base->overridden_methods().begin(),
                    Base->overridden_methods().end());
      }
    }
    F.Template = FD->getDescribedFunctionTemplate() != nullptr ||
                 FD->isDependentContext();
    F.EntryPoint = !EntryPoints.of(FD).empty();
    // A tensor, or a sequence or array of them (the device of every tensor
    // it holds; a tuple's elements are ReturnElements).
    F.ReturnsList = isTensorContainerType(FD->getReturnType()) &&
                    !FD->getReturnType()->isReferenceType() &&
                    tensorElementIndices(FD->getReturnType()).empty();
    F.ReturnsTensor = isTensorType(FD->getReturnType()) || F.ReturnsList;
    // A dataset's get (a transform's apply) that returns examples: where
    // their tensors are, as a loader over it in another file sees them.
    // A tensor transform's operator() or apply returns a tensor: it makes
    // examples all the same (a loader calls it on its own type).
    const auto *Maker = dyn_cast<CXXMethodDecl>(FD);
    F.ExamplesMaker = Maker && !F.Template && makesExamples(Maker) &&
                      (!F.ReturnsTensor || isTensorType(FD->getReturnType()));
    if (F.ReturnsTensor && !F.Template && !F.ExamplesMaker)
      F.Returns = returnsOf(FD);
    if (F.ExamplesMaker) {
      F.ReturnsTensor = true;
      F.Returns = valueOf(
          [&](DeviceInference &DI) { return DI.ofExamplesMadeBy(Maker); });
      // A transform is passed the examples of the dataset it maps, whose
      // device the loader's analysis takes from that dataset: what it
      // returns on its own parameters' device adds nothing, and its
      // parameters (passed by the library) are not facts to wait for.
      llvm::erase_if(F.Returns.Deps, [&](const ProgramFact &D) {
        return D.Kind == ProgramFact::Parameter && D.Usr == F.Usr;
      });
    }
    if (!F.Template) {
      F.ReturnElements = returnElementsOf(FD);
      F.OutParams = outParamsOf(FD);
    }
    if (F.ReturnsTensor || !F.ReturnElements.empty())
      for (const ParmVarDecl *P : FD->parameters())
        F.Parameters.push_back(P->getNameAsString());
    for (unsigned I = 0; I < FD->getNumParams(); ++I)
      if (QualType T = FD->getParamDecl(I)->getType();
          isTensorListType(T) || isTensorContainerType(T) ||
          (isExampleBatchType(T) && !isExampleType(T)))
        F.ListParameters.push_back(I);
    Out.Functions.push_back(std::move(F));
    return true;
  }

  bool visitDeclRefExpr(DeclRefExpr *DRE) {
    const ValueDecl *D = DRE->getDecl();
    if (isa<FunctionDecl>(D))
      FunctionRefs.push_back(DRE);
    if (Out.ReachesCuda || !isUserCode(DRE->getLocation(), SM))
      return true;
    // kCUDA, DeviceType::CUDA, DispatchKey::CUDA / AutogradCUDA, ...
    if (D->getDeclName().isIdentifier() &&
        (isa<EnumConstantDecl>(D) || D->getName() == "kCUDA") &&
        D->getName().contains("CUDA"))
      reachesCuda("names " + D->getName().str());
    return true;
  }

  bool visitStringLiteral(StringLiteral *SL) {
    if (!Out.ReachesCuda && SL->isOrdinary() &&
        SL->getString().starts_with("cuda") &&
        isUserCode(SL->getBeginLoc(), SM))
      reachesCuda("names the device \"" + SL->getString().str() + "\"");
    return true;
  }

  bool visitCXXConstructExpr(CXXConstructExpr *CE) {
    // torch::Device(name) with a name known only at run time may be CUDA.
    if (Out.ReachesCuda || !isClassType(CE->getType(), "c10::Device") ||
        CE->getNumArgs() == 0 || !isUserCode(CE->getBeginLoc(), SM))
      return true;
    const Expr *Arg = CE->getArg(0)->IgnoreParenImpCasts();
    if (const auto *Inner = dyn_cast<CXXConstructExpr>(Arg);
        Inner && Inner->getNumArgs() == 1)
      Arg = Inner->getArg(0)->IgnoreParenImpCasts();
    if (isa<StringLiteral>(Arg) || Arg->getType()->isEnumeralType() ||
        isClassType(Arg->getType(), "c10::Device"))
      return true;
    if (Arg->getType()->isPointerType() ||
        isClassType(Arg->getType(), "std::basic_string") ||
        Arg->getType()->isRecordType())
      reachesCuda("makes a device from a name chosen at run time");
    return true;
  }

  /// How \p Call is hot: in a loop, hot for another local reason, or if
  /// its function is.
  void classifyCall(CallSummary &C, const CallExpr *Call) {
    std::optional<HotReason> R = Hot.classify(Call);
    if (!R)
      return;
    if (R->conditional()) {
      C.Hot = "if";
      C.If = R->Usr;
      C.IfName = R->Callee;
    } else {
      C.Hot = R->Kind == HotReason::Loop ? "loop" : "hot";
    }
  }

  /// A dispatch table's initializer: the user functions it names.
  bool visitVarDecl(VarDecl *V) {
    if (V->hasGlobalStorage() && V->getInit() && !V->isLocalVarDecl() &&
        isUserCode(V->getLocation(), SM))
      recordTable(V, V->getInit());
    return true;
  }

  /// `table[k] = &fn`, `ops.add = fn`: a table filled at run time.
  bool visitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign && isUserCode(BO->getBeginLoc(), SM))
      if (const VarDecl *V = tableOf(BO->getLHS()))
        recordTable(V, BO->getRHS());
    return true;
  }

  bool visitCallExpr(CallExpr *Call) {
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(DRE);
    if (!isUserCode(Call->getBeginLoc(), SM))
      return true;
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD) {
      recordCallThroughTable(Call);
      return true;
    }
    if (!Out.ReachesCuda) {
      if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
          MD && FD->getDeclName().isIdentifier() && FD->getName() == "cuda")
        reachesCuda("calls .cuda()");
      std::string QName = FD->getQualifiedNameAsString();
      if (StringRef(QName).contains("::cuda::") &&
          !StringRef(QName).ends_with("is_available") &&
          !StringRef(QName).ends_with("device_count") &&
          !StringRef(QName).ends_with("cudnn_is_available"))
        reachesCuda("calls " + QName);
    }
    if (!isUserFunction(FD, SM) || Call->getBeginLoc().isInvalid())
      return true;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && MD->getParent()->isLambda())
      return true;
    CallSummary C;
    const FunctionDecl *Named = namedFunction(FD);
    C.Callee = usrOf(Named);
    if (C.Callee.empty())
      return true;
    C.CalleeName = FD->getNameAsString();
    C.Where = placeOf(Call->getBeginLoc());
    classifyCall(C, Call);
    // Arguments by parameter: a member operator's first argument is the
    // object.
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD);
    for (unsigned I = Shift; I < Call->getNumArgs(); ++I) {
      unsigned Param = I - Shift;
      if (Param >= FD->getNumParams())
        break;
      QualType T = FD->getParamDecl(Param)->getType();
      if (!isTensorType(T) && !isClassType(T, "c10::Device") &&
          !isEnumType(T, "c10::DeviceType") && !isExampleBatchType(T) &&
          !isTensorListType(T) && !isTensorContainerType(T))
        continue;
      C.Args.push_back({Param, valueOf(Call->getArg(I))});
    }
    Out.Calls.push_back(std::move(C));
    return true;
  }

private:
  /// The variable of static storage an expression reads a function pointer
  /// from: `table[k]`, `ops.add`, `(*ops).add`, `tables[d].add`, `ptr`.
  static const VarDecl *tableOf(const Expr *E) {
    for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
      E = E->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        return V && V->hasGlobalStorage() ? V : nullptr;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
        E = ASE->getBase();
      else if (const auto *ME = dyn_cast<MemberExpr>(E))
        E = ME->getBase();
      else if (const auto *U = dyn_cast<UnaryOperator>(E);
               U && U->getOpcode() == UO_Deref)
        E = U->getSubExpr();
      else
        return nullptr;
    }
    return nullptr;
  }

  void recordTable(const VarDecl *V, const Expr *Init) {
    NamedFunctions Named;
    Named.walk(const_cast<Expr *>(Init));
    TableSummary T;
    for (const FunctionDecl *F : Named.Found)
      if (isUserFunction(F, SM))
        if (std::string Usr = usrOf(namedFunction(F)); !Usr.empty())
          T.Functions.push_back(std::move(Usr));
    if (T.Functions.empty())
      return;
    T.Var = usrOf(V->getCanonicalDecl());
    if (!T.Var.empty())
      Out.Tables.push_back(std::move(T));
  }

  /// A call through a function pointer read from a table: a call of each
  /// function the table holds (Index.cpp).
  void recordCallThroughTable(const CallExpr *Call) {
    const VarDecl *V = tableOf(Call->getCallee());
    if (!V)
      return;
    CallSummary C;
    C.Through = usrOf(V->getCanonicalDecl());
    if (C.Through.empty())
      return;
    C.CalleeName = V->getNameAsString();
    C.Where = placeOf(Call->getBeginLoc());
    classifyCall(C, Call);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      QualType T = Call->getArg(I)->getType();
      if (isTensorType(T) || isClassType(T, "c10::Device"))
        C.Args.push_back({I, valueOf(Call->getArg(I))});
    }
    Out.Calls.push_back(std::move(C));
  }

  /// The user functions this file registers as entry points, wherever they
  /// are defined. A function registered for Python or the dispatcher is
  /// called from outside the project with tensors the project does not
  /// make: they may be CUDA even where the project's own code never names
  /// it.
  void recordRegistrations() {
    for (const EntryPoint &E : EntryPoints.all()) {
      const FunctionDecl *FD = E.Function;
      if (!FD || !isUserFunction(FD, SM) || E.Loc.isInvalid() ||
          !isUserCode(E.Loc, SM))
        continue;
      if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
          MD && MD->getParent()->isLambda())
        continue; // Defined here: hot through this file's own analysis.
      RegistrationSummary R;
      R.Usr = usrOf(namedFunction(FD));
      if (R.Usr.empty())
        continue;
      R.Name = entryPointName(E);
      R.Where = placeOf(E.Loc);
      for (unsigned I = 0; I < FD->getNumParams(); ++I)
        if (isTensorType(FD->getParamDecl(I)->getType()))
          R.TensorParams.push_back(I);
      switch (E.Kind) {
      case RegistrationKind::TorchLibrary:
      case RegistrationKind::RegisterOperators:
        R.As = "an operator";
        R.Dispatch = deviceOfDispatchKey(E.DispatchKey);
        break;
      case RegistrationKind::Pybind11:
        R.As = "a Python function";
        break;
      case RegistrationKind::AutogradFunction:
        R.As = "an autograd function";
        break;
      case RegistrationKind::Named:
        R.As = "an entry point (EntryPoints option)";
        break;
      case RegistrationKind::ExportedC:
        R.As = "an exported C function";
        break;
      }
      // An exported C function taking no tensor (nor a pointer to one) is
      // called with none.
      bool TakesTensors =
          E.Kind != RegistrationKind::ExportedC ||
          llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
            QualType T = P->getType();
            if (const auto *Pointer = T->getAs<PointerType>())
              T = Pointer->getPointeeType();
            return isTensorType(T);
          });
      if (!Out.ReachesCuda && E.Kind != RegistrationKind::AutogradFunction &&
          TakesTensors)
        reachesCuda("registers '" + R.Name + "' as " + R.As +
                    ", called with tensors from outside the project");
      Out.Registrations.push_back(std::move(R));
    }
  }

  void reachesCuda(std::string Why) {
    Out.ReachesCuda = true;
    Out.CudaReason = std::move(Why);
  }

  SummaryPlace placeOf(SourceLocation Loc) { return summaryPlaceOf(SM, Loc); }

  /// The device of a tensor or device expression: known, or CPU resting on
  /// whole-program facts (parameters, user functions' returns), or unknown.
  DeviceValue valueOf(const Expr *E) {
    return valueOf([&](DeviceInference &DI) {
      QualType T = E->getType();
      if (isTensorType(T))
        return DI.ofTensor(E);
      if (isExampleBatchType(T))
        return DI.ofBatchTensors(E); // The tensors of a data-loader batch.
      if (isTensorListType(T) || isTensorContainerType(T))
        return DI.ofTensorList(E); // Every tensor a container holds.
      return DI.ofDeviceSpec(E);
    });
  }

  /// The device that \p Evaluate gives, as valueOf(const Expr *) says it.
  DeviceValue valueOf(llvm::function_ref<Device(DeviceInference &)> Evaluate) {
    Device D = Evaluate(Devices);
    DeviceValue V;
    V.Device = D == Device::Runtime ? D : Device::Unknown;
    if (D == Device::CPU || D == Device::CUDA) {
      V.Device = D;
      return V;
    }
    // A device chosen at run time stays that across files (CUDA on some
    // runs, the CPU on others: "may be non-CPU", never a host tensor),
    // unless it is only the device of a parameter (`t.to(device)` with
    // `torch::Device device` a parameter), which is chosen by the callers
    // and rests on what they pass, as an unknown tensor's does.
    if (std::optional<std::vector<ProgramFact>> Deps =
            DeviceInference::ifEveryFactCpu(Ctx, Evaluate)) {
      V.Device = Device::CPU;
      V.Deps = std::move(*Deps);
    }
    return V;
  }

  DeviceValue returnsOf(const FunctionDecl *FD) {
    llvm::SmallVector<const ReturnStmt *, 4> Returns =
        returnStatements(FD->getBody());
    // A `return;` anywhere: nothing is known, and no value is looked at.
    if (Returns.empty() || llvm::any_of(Returns, [](const ReturnStmt *R) {
          return !R->getRetValue();
        }))
      return DeviceValue();
    std::optional<DeviceValue> Joined;
    for (const ReturnStmt *R : Returns) {
      DeviceValue V = valueOf(R->getRetValue());
      Joined = Joined ? joinValues(*Joined, V) : V;
    }
    return *Joined;
  }

  /// For a function that returns a tuple or pair of tensors (or of vectors
  /// of tensors: every tensor such an element holds): the device of each
  /// such element, joined over its returns (unknown for an
  /// element of a return that is not built in place or from a local tuple
  /// whose writes are all seen).
  std::vector<std::pair<unsigned, DeviceValue>>
  returnElementsOf(const FunctionDecl *FD) {
    std::vector<std::pair<unsigned, DeviceValue>> Out;
    llvm::SmallVector<unsigned, 4> Indices =
        returnedElementIndices(FD->getReturnType());
    if (Indices.empty() || !FD->hasBody())
      return Out;
    // Per element: the join over every return, unknown where one return
    // does not show that element as a tensor.
    std::vector<std::optional<DeviceValue>> Joined(Indices.size());
    std::vector<bool> Known(Indices.size(), true);
    llvm::SmallVector<const ReturnStmt *, 4> Returns =
        returnStatements(FD->getBody());
    for (const ReturnStmt *R : Returns) {
      std::optional<llvm::SmallVector<std::pair<unsigned, const Expr *>, 4>>
          Elements = returnedElements(R->getRetValue(), Ctx);
      if (!Elements) { // Not built where it is returned: nothing is known.
        Known.assign(Indices.size(), false);
        break;
      }
      for (unsigned K = 0; K < Indices.size(); ++K) {
        bool Seen = false;
        for (const auto &[Index, Value] : *Elements) {
          if (!Known[K] || Index != Indices[K])
            continue;
          Seen = isTensorType(Value->getType()) ||
                 isTensorListType(Value->getType());
          if (!Seen)
            break;
          DeviceValue V = valueOf(Value);
          Joined[K] = Joined[K] ? joinValues(*Joined[K], V) : V;
        }
        Known[K] = Known[K] && Seen;
      }
    }
    for (unsigned K = 0; K < Indices.size(); ++K)
      Out.emplace_back(Indices[K],
                       Known[K] && Joined[K] ? *Joined[K] : DeviceValue());
    return Out;
  }

  /// What the function leaves in each of its out-parameters that its body
  /// writes: a tensor, each tensor element of a tuple or pair, or the
  /// elements of a sequence (DeviceInference::ofOutParameter).
  std::vector<OutParamSummary> outParamsOf(const FunctionDecl *FD) {
    std::vector<OutParamSummary> Outs;
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      const ParmVarDecl *P = FD->getParamDecl(I);
      QualType T = P->getType();
      if (!isOutParameterType(T))
        continue;
      // Element -1 and fact element 0: the tensor, or every element of a
      // sequence; a tuple's element e is fact element e + 1.
      llvm::SmallVector<int, 4> Elements{-1};
      if (llvm::SmallVector<unsigned, 4> Indices =
              tensorElementIndices(T.getNonReferenceType());
          !Indices.empty())
        Elements.assign(Indices.begin(), Indices.end());
      bool Container = !isTensorType(T.getNonReferenceType());
      for (int Element : Elements) {
        OutParamSummary Out;
        Out.Param = I;
        Out.Element = static_cast<unsigned>(Element + 1);
        Out.Name = P->getNameAsString();
        Out.Where = placeOf(P->getLocation());
        // Never written there: the caller keeps what it passed. A
        // container's values are joined over the whole function that
        // holds it, so the call adds none (a host fact, neutral there); a
        // tensor's write would replace what it held, so there is no fact.
        if (Devices.ofOutParameter(FD, I, Element) == Device::None) {
          if (!Container)
            continue;
          Out.Written = false;
          Out.Value.Device = Device::CPU;
          Outs.push_back(std::move(Out));
          continue;
        }
        Out.Value = valueOf([&](DeviceInference &DI) {
          Device D = DI.ofOutParameter(FD, I, Element);
          return D == Device::None ? Device::Unknown : D;
        });
        Outs.push_back(std::move(Out));
      }
    }
    return Outs;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  Recorder Facts;
  DeviceInference Devices;
  HotPathAnalysis Hot;
  EntryPointIndex EntryPoints{Ctx};
  Summary &Out;
  std::vector<const DeclRefExpr *> FunctionRefs;
  llvm::DenseSet<const DeclRefExpr *> Callees;
  llvm::StringSet<> AddressTaken;
};

/// Adds what \p From says to \p Into (two compile commands of one file).
void append(Summary &Into, Summary From) {
  auto Move = [](auto &To, auto &Src) {
    To.insert(To.end(), std::make_move_iterator(Src.begin()),
              std::make_move_iterator(Src.end()));
  };
  Move(Into.Functions, From.Functions);
  Move(Into.Calls, From.Calls);
  Move(Into.Registrations, From.Registrations);
  Move(Into.Tables, From.Tables);
  Move(Into.AddressTaken, From.AddressTaken);
  Move(Into.Dropped, From.Dropped);
  Into.DefinesMain |= From.DefinesMain;
  if (!Into.ReachesCuda && From.ReachesCuda) {
    Into.ReachesCuda = true;
    Into.CudaReason = std::move(From.CudaReason);
  }
}

class SummaryConsumer : public ASTConsumer {
public:
  SummaryConsumer(CompilerInstance &Compiler, std::vector<std::string> Hot,
                  std::vector<std::string> Entries, std::string &Out)
      : Out(Out) {
    Opts.HotFunctions = std::move(Hot);
    Opts.EntryPoints = std::move(Entries);
    const SourceManager &SM = Compiler.getSourceManager();
    Compiler.getPreprocessor().addPPCallbacks(
        std::make_unique<CudaIncludes>(SM, IncludeReason));
    Compiler.getPreprocessor().addPPCallbacks(
        std::make_unique<UserHeaders>(SM, Headers));
    if (Compiler.getLangOpts().CUDA)
      IncludeReason = "is compiled as CUDA";
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Summary S;
    const SourceManager &SM = Ctx.getSourceManager();
    if (OptionalFileEntryRef Main =
            SM.getFileEntryRefForID(SM.getMainFileID())) {
      if (llvm::sys::path::extension(Main->getName()) == ".cu")
        IncludeReason = "is a .cu file";
      S.MainFile = summaryPath(*Main);
      S.MainHash = factsContentHash(SM.getBufferData(SM.getMainFileID()));
    }
    for (FileID FID : Headers) {
      OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID);
      std::optional<StringRef> Text = SM.getBufferDataOrNone(FID);
      if (Entry && Text)
        S.Headers.emplace_back(summaryPath(*Entry), factsContentHash(*Text));
    }
    llvm::sort(S.Headers);
    S.Headers.erase(std::unique(S.Headers.begin(), S.Headers.end()),
                    S.Headers.end());
    SummaryBuilder Builder(Ctx, Opts, S);
    Builder.run();
    if (!S.ReachesCuda && !IncludeReason.empty()) {
      S.ReachesCuda = true;
      S.CudaReason = IncludeReason;
    }
    // A file listed more than once in the compile database (once per
    // target, with its flags): the summary is of every entry (D19).
    if (!Out.empty()) {
      if (llvm::Expected<Summary> Before = summaryFromJson(Out)) {
        append(*Before, std::move(S));
        S = std::move(*Before);
      } else {
        llvm::consumeError(Before.takeError());
      }
    }
    Out = summaryToJson(S);
  }

private:
  SyncOptions Opts;
  std::string IncludeReason;
  std::vector<FileID> Headers;
  std::string &Out;
};

} // namespace

std::unique_ptr<ASTConsumer> makeUserCodeScope(const SourceManager &SM) {
  return std::make_unique<UserCodeScope>(SM);
}

std::unique_ptr<ASTConsumer>
makeCollector(CompilerInstance &Compiler, std::vector<std::string> HotFunctions,
              std::vector<std::string> EntryPoints, std::string &Out) {
  return std::make_unique<SummaryConsumer>(Compiler, std::move(HotFunctions),
                                           std::move(EntryPoints), Out);
}

} // namespace clang::tidy::torchsync
