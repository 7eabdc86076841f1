//===--- Recorder.cpp - What one file cannot see --------------------------===//

#include "program/Recorder.h"
#include "program/Device.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::torchsync {

std::vector<std::string> optionList(llvm::StringRef Value) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Value.split(Parts, ';', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Names;
  for (llvm::StringRef Name : Parts)
    if (!Name.trim().empty())
      Names.push_back(Name.trim().str());
  return Names;
}

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Usr;
  if (!D || index::generateUSRForDecl(D, Usr))
    return "";
  return std::string(Usr);
}

std::string summaryPath(FileEntryRef Entry) {
  StringRef Real = Entry.getFileEntry().tryGetRealPathName();
  return Real.empty() ? Entry.getName().str() : Real.str();
}

SummaryPlace summaryPlaceOf(const SourceManager &SM, SourceLocation Loc) {
  SummaryPlace P;
  Loc = SM.getFileLoc(Loc);
  if (Loc.isInvalid())
    return P;
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  if (OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID))
    P.File = summaryPath(*Entry);
  P.Offset = Offset;
  P.Line = SM.getLineNumber(FID, Offset);
  P.Column = SM.getColumnNumber(FID, Offset);
  return P;
}

std::optional<Device> Recorder::lookup(ProgramFact Fact) {
  switch (M) {
  case Mode::Off:
  case Mode::Record:
    return std::nullopt;
  case Mode::AssumeCpu:
    if (Fact.Usr.empty())
      return std::nullopt;
    if (!llvm::is_contained(Consulted, Fact))
      Consulted.push_back(std::move(Fact));
    return Device::CPU;
  }
  return std::nullopt;
}

void Recorder::assumeHost(SourceLocation Loc,
                          std::vector<ProgramFact> HostFacts) {
  if (M == Mode::Record && !HostFacts.empty())
    HostAssumed.emplace_back(Loc, std::move(HostFacts));
}

std::vector<ProgramFact> Recorder::hostAssumptionsAt(SourceLocation Loc) const {
  std::vector<ProgramFact> Facts;
  for (const auto &[At, Assumed] : HostAssumed)
    if (At == Loc)
      for (const ProgramFact &F : Assumed)
        if (!llvm::is_contained(Facts, F))
          Facts.push_back(F);
  return Facts;
}

std::optional<Device> Recorder::parameterDevice(const ParmVarDecl *P) {
  if (M == Mode::Off || !P)
    return std::nullopt;
  const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!F)
    return std::nullopt;
  // Lambdas' call operators have no call sites of their own in a summary:
  // they stay unknown. The calls of a template's instantiations are the
  // template's (the Collector names the pattern): a parameter of an
  // instantiation holds what the calls of every instantiation pass there,
  // which is sound where each parameter keeps its index (no parameter
  // pack). The uninstantiated pattern is not asked about.
  if (F->getDescribedFunctionTemplate() || F->isDependentContext())
    return std::nullopt;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(F);
      MD && MD->getParent()->isLambda())
    return std::nullopt;
  const FunctionDecl *Named = F;
  if (F->isTemplateInstantiation()) {
    Named = F->getTemplateInstantiationPattern();
    if (!Named || llvm::any_of(Named->parameters(), [](const ParmVarDecl *Q) {
          return Q->isParameterPack();
        }))
      return std::nullopt;
  }
  ProgramFact Fact;
  Fact.Kind = ProgramFact::Parameter;
  Fact.Usr = usrOf(Named->getCanonicalDecl());
  Fact.Index = P->getFunctionScopeIndex();
  Fact.Name = F->getNameAsString();
  return lookup(std::move(Fact));
}

std::optional<Device> Recorder::returnDevice(const FunctionDecl *F,
                                             std::optional<unsigned> Element,
                                             const CallExpr *Call) {
  // Only consulted facts are named (the others answer "not known"), and
  // naming a call takes its place.
  if (M != Mode::AssumeCpu || !F || F->isTemplateInstantiation())
    return std::nullopt;
  ProgramFact Fact;
  Fact.Kind = ProgramFact::Returns;
  Fact.Index = Element ? *Element + 1 : 0;
  Fact.Usr = usrOf(F->getCanonicalDecl());
  Fact.Name = F->getNameAsString();
  if (Call) {
    SummaryPlace Where = summaryPlaceOf(F->getASTContext().getSourceManager(),
                                        Call->getBeginLoc());
    if (!Where.File.empty()) {
      Fact.Kind = ProgramFact::ReturnsAt;
      Fact.File = std::move(Where.File);
      Fact.Offset = Where.Offset;
    }
  }
  return lookup(std::move(Fact));
}

std::optional<Device> Recorder::outDevice(const FunctionDecl *F, unsigned Param,
                                          std::optional<unsigned> Element) {
  if (M == Mode::Off || !F || F->isTemplateInstantiation())
    return std::nullopt;
  ProgramFact Fact;
  Fact.Kind = ProgramFact::Out;
  Fact.Index = Param;
  Fact.Element = Element ? *Element + 1 : 0;
  Fact.Usr = usrOf(F->getCanonicalDecl());
  Fact.Name = F->getNameAsString();
  return lookup(std::move(Fact));
}

} // namespace clang::tidy::torchsync
