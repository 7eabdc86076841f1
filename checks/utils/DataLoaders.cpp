//===--- DataLoaders.cpp - torch::data batches and datasets ---------------===//

#include "DataLoaders.h"
#include "TorchApi.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torchsync {

namespace {

/// The record \p T names through references, pointers and smart pointers.
const CXXRecordDecl *recordOf(QualType T) {
  for (unsigned I = 0; !T.isNull() && I < 8; ++I) {
    T = T.getNonReferenceType();
    if (const auto *PT = T->getAs<PointerType>()) {
      T = PT->getPointeeType();
      continue;
    }
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
    if (Spec && Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type) {
      std::string Name = Spec->getQualifiedNameAsString();
      if (Name == "std::unique_ptr" || Name == "std::shared_ptr") {
        T = Spec->getTemplateArgs()[0].getAsType();
        continue;
      }
    }
    return RD;
  }
  return nullptr;
}

/// The \p I-th type argument of \p RD when it is a specialization of
/// \p Name, else a null type.
QualType typeArg(const CXXRecordDecl *RD, StringRef Name, unsigned I) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getQualifiedNameAsString() != Name ||
      Spec->getTemplateArgs().size() <= I ||
      Spec->getTemplateArgs()[I].getKind() != TemplateArgument::Type)
    return QualType();
  return Spec->getTemplateArgs()[I].getAsType();
}

/// The methods named \p Names that \p RD declares (not inherited): in
/// \p Out those it defines in this translation unit, in \p Elsewhere
/// those defined in another one.
void definedMethods(const CXXRecordDecl *RD,
                    std::initializer_list<StringRef> Names,
                    llvm::SmallVectorImpl<const CXXMethodDecl *> &Out,
                    llvm::SmallVectorImpl<const CXXMethodDecl *> &Elsewhere) {
  if (!RD || !RD->hasDefinition())
    return;
  for (const CXXMethodDecl *MD : RD->getDefinition()->methods()) {
    // "operator()" names the call operator (a TensorTransform's).
    StringRef Name = MD->getOverloadedOperator() == OO_Call ? "operator()"
                     : MD->getDeclName().isIdentifier()     ? MD->getName()
                                                            : StringRef();
    for (StringRef N : Names)
      if (Name == N) {
        const FunctionDecl *Def = nullptr;
        if (MD->hasBody(Def))
          Out.push_back(cast<CXXMethodDecl>(Def));
        else if (!MD->isPureVirtual())
          Elsewhere.push_back(MD);
      }
  }
}

/// True when \p RD derives, directly or not, from a class of namespace
/// \p Prefix (`torch::data::datasets::`).
bool derivesFromNamespace(const CXXRecordDecl *RD, StringRef Prefix,
                          unsigned Depth = 0) {
  if (!RD || !RD->hasDefinition() || Depth > 8)
    return false;
  for (const CXXBaseSpecifier &B : RD->getDefinition()->bases()) {
    const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
    if (Base &&
        (StringRef(Base->getQualifiedNameAsString()).starts_with(Prefix) ||
         derivesFromNamespace(Base, Prefix, Depth + 1)))
      return true;
  }
  return false;
}

} // namespace

bool isExampleType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  return RD && RD->getQualifiedNameAsString() == "torch::data::Example";
}

bool isExampleBatchType(QualType T) {
  if (isExampleType(T))
    return true;
  const CXXRecordDecl *RD = recordOf(T);
  for (StringRef Name : {"std::vector", "std::deque"})
    if (QualType E = typeArg(RD, Name, 0); !E.isNull() && isExampleType(E))
      return true;
  return false;
}

QualType loaderDataset(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  if (!RD)
    return QualType();
  for (StringRef Name :
       {"torch::data::StatelessDataLoader", "torch::data::StatefulDataLoader",
        "torch::data::DataLoaderBase"})
    if (QualType D = typeArg(RD, Name, 0); !D.isNull())
      return D;
  // A user class derived from a loader.
  if (!RD->hasDefinition())
    return QualType();
  for (const CXXBaseSpecifier &B : RD->getDefinition()->bases())
    if (QualType D = loaderDataset(B.getType()); !D.isNull())
      return D;
  return QualType();
}

DatasetFacts datasetFacts(QualType Dataset) {
  DatasetFacts F;
  const CXXRecordDecl *RD = recordOf(Dataset);
  if (!RD)
    return F;
  if (QualType Source = typeArg(RD, "torch::data::datasets::MapDataset", 0);
      !Source.isNull()) {
    QualType Transform = typeArg(RD, "torch::data::datasets::MapDataset", 1);
    const CXXRecordDecl *TD = recordOf(Transform);
    F.Source = Source;
    F.K = DatasetFacts::SourceDevice;
    // A user transform may move the tensors: its apply methods say where.
    if (TD && !isInLibTorchNamespace(TD)) {
      F.K = DatasetFacts::User;
      definedMethods(TD, {"apply", "apply_batch", "operator()"}, F.Methods,
                     F.Elsewhere);
    }
    return F;
  }
  if (QualType Source =
          typeArg(RD, "torch::data::datasets::SharedBatchDataset", 0);
      !Source.isNull()) {
    F.K = DatasetFacts::SourceDevice;
    F.Source = Source;
    return F;
  }
  if (RD->getQualifiedNameAsString() == "torch::data::datasets::TensorDataset")
    return F; // Unknown: the tensor is given at run time.
  if (isInLibTorchNamespace(RD)) {
    F.K = DatasetFacts::Host; // MNIST, ChunkDataset, ...: loaded on the host.
    return F;
  }
  F.K = DatasetFacts::User;
  definedMethods(RD, {"get", "get_batch"}, F.Methods, F.Elsewhere);
  return F;
}

bool makesExamples(const CXXMethodDecl *MD) {
  const CXXRecordDecl *RD = MD ? MD->getParent() : nullptr;
  if (!RD || isInLibTorchNamespace(RD))
    return false;
  StringRef Name = MD->getOverloadedOperator() == OO_Call ? "operator()"
                   : MD->getDeclName().isIdentifier()     ? MD->getName()
                                                          : StringRef();
  if (Name == "get" || Name == "get_batch")
    return derivesFromNamespace(RD, "torch::data::datasets::");
  if (Name == "apply" || Name == "apply_batch" || Name == "operator()")
    return derivesFromNamespace(RD, "torch::data::transforms::");
  return false;
}

} // namespace clang::tidy::torchsync
