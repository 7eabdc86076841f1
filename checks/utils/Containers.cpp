//===--- Containers.cpp - What a local container of tensors holds ---------===//

#include "Containers.h"
#include "ASTWalk.h"
#include "Parents.h"
#include "TorchApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace clang::tidy::torchsync {
namespace {

enum class Shape { None, Sequence, Tuple, Array };

Shape shapeOf(QualType T);

/// True for a std::pair or std::tuple type with a tensor element.
bool isTensorTupleType(QualType T);

/// The kind of container \p T is, when it holds tensors (a sequence or
/// array of tuples or pairs of tensors is one too: hasNestedTuples).
Shape shapeOf(QualType T) {
  if (T.isNull() || T->isReferenceType())
    return Shape::None;
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return Shape::None;
  llvm::StringRef Name = RD->getName();
  const TemplateArgumentList &Args = RD->getTemplateArgs();
  auto TensorArg = [&](unsigned I) {
    return I < Args.size() && Args[I].getKind() == TemplateArgument::Type &&
           isTensorType(Args[I].getAsType());
  };
  auto TupleArg = [&](unsigned I) {
    return I < Args.size() && Args[I].getKind() == TemplateArgument::Type &&
           isTensorTupleType(Args[I].getAsType());
  };
  if (Name == "vector" || Name == "deque")
    return TensorArg(0) || TupleArg(0) ? Shape::Sequence : Shape::None;
  if (Name == "array")
    return TensorArg(0) || TupleArg(0) ? Shape::Array : Shape::None;
  if (Name == "pair")
    return TensorArg(0) || TensorArg(1) ? Shape::Tuple : Shape::None;
  if (Name == "tuple" && Args.size() == 1 &&
      Args[0].getKind() == TemplateArgument::Pack)
    for (const TemplateArgument &A : Args[0].pack_elements())
      if (A.getKind() == TemplateArgument::Type && isTensorType(A.getAsType()))
        return Shape::Tuple;
  return Shape::None;
}

bool isTensorTupleType(QualType T) {
  return shapeOf(T.getCanonicalType().getUnqualifiedType()) == Shape::Tuple;
}

/// True for a sequence or array whose elements are tuples or pairs of
/// tensors (`std::vector<std::pair<Tensor, Tensor>>`, a list of batches):
/// an element's tensors (`xs[i].first`, `std::get<0>(xs[i])`) have the
/// join of every tensor put in any element.
bool hasNestedTuples(QualType T) {
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.isNull() ? nullptr : T.getCanonicalType()->getAsCXXRecordDecl());
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier() ||
      RD->getTemplateArgs().size() == 0 ||
      RD->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  Shape S = shapeOf(T.getCanonicalType().getUnqualifiedType());
  return (S == Shape::Sequence || S == Shape::Array) &&
         isTensorTupleType(RD->getTemplateArgs()[0].getAsType());
}

/// An operator of ATen's: a method of Tensor, or a function of namespace
/// `at` or `torch` itself (not `torch::nn::Module::parameters()`, whose
/// tensors are the module's).
bool isTensorOp(const FunctionDecl *FD) {
  if (isa<CXXMethodDecl>(FD))
    return isTensorMethod(FD);
  const auto *NS =
      dyn_cast<NamespaceDecl>(FD->getDeclContext()->getRedeclContext());
  return NS && NS->getIdentifier() &&
         (NS->getName() == "at" || NS->getName() == "torch") &&
         NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

/// The type of the container \p V holds: a parameter's without the
/// reference.
QualType containerTypeOf(const ValueDecl *V) {
  return isa<ParmVarDecl>(V)
             ? V->getType().getNonReferenceType().getUnqualifiedType()
             : V->getType();
}

/// The local container variable (a container parameter, a structured
/// binding) \p E names, if any.
const ValueDecl *containerVariable(const Expr *E) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const ValueDecl *V = DRE ? DRE->getDecl() : nullptr;
  return isa_and_nonnull<VarDecl, BindingDecl>(V) &&
                 shapeOf(containerTypeOf(V)) != Shape::None
             ? V
             : nullptr;
}

/// The elements of a std::tuple or std::pair type \p T, with their types.
llvm::SmallVector<QualType, 4> tupleElementTypes(QualType T) {
  llvm::SmallVector<QualType, 4> Types;
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier() ||
      (RD->getName() != "tuple" && RD->getName() != "pair"))
    return Types;
  const TemplateArgumentList &Args = RD->getTemplateArgs();
  if (RD->getName() == "tuple" &&
      (Args.size() != 1 || Args[0].getKind() != TemplateArgument::Pack))
    return Types;
  llvm::ArrayRef<TemplateArgument> Elements =
      RD->getName() == "tuple" ? Args[0].pack_elements() : Args.asArray();
  for (const TemplateArgument &A : Elements)
    Types.push_back(A.getKind() == TemplateArgument::Type ? A.getAsType()
                                                          : QualType());
  return Types;
}

/// True for a std::pair or std::tuple type none of whose elements is a
/// reference: what it is built from is copied (or moved) into it.
bool holdsCopies(QualType T) {
  llvm::SmallVector<QualType, 4> Types = tupleElementTypes(T);
  return !Types.empty() && llvm::none_of(Types, [](QualType E) {
    return E.isNull() || E->isReferenceType();
  });
}

bool isWrapper(const Stmt *S) {
  return isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
             CXXBindTemporaryExpr, ExprWithCleanups, CXXFunctionalCastExpr>(S);
}

/// True for a non-const lvalue reference type: what binds to it may be
/// written through it later.
bool writableReference(QualType T) {
  return T->isLValueReferenceType() &&
         !T.getNonReferenceType().isConstQualified();
}

class ContentsCollector {
public:
  /// \p Active: the variables whose contents are being collected (the
  /// copies that led here). \p OutParam: V is an out-parameter, whose
  /// values on entry are the caller's, not collected.
  ContentsCollector(const ValueDecl *V, ASTContext &Ctx,
                    llvm::SmallPtrSetImpl<const ValueDecl *> &Active,
                    bool OutParam = false)
      : V(V), Ctx(Ctx), Active(Active), OutParam(OutParam) {}

  ContainerContents run() {
    Active.insert(V);
    ContainerContents Result = collect();
    Active.erase(V);
    return Result;
  }

private:
  /// The type of the container (an out-parameter's, without the
  /// reference).
  QualType containerType() const { return containerTypeOf(V); }

  ContainerContents collect() {
    Shape S = shapeOf(containerType());
    const auto *Owner =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    const auto *Var = dyn_cast<VarDecl>(V);
    if (S == Shape::None || (OutParam && !isa<ParmVarDecl>(V)) || !Owner ||
        !Owner->hasBody() || (Var && Var->isCXXForRangeDecl())) {
      Out.Unseen = true;
      return Out;
    }
    Tuple = S == Shape::Tuple;
    Nested = hasNestedTuples(containerType());
    if (const auto *P = dyn_cast<ParmVarDecl>(V); P && !OutParam) {
      ContainerContents::Value Entry;
      Entry.Entry = P; // What the callers pass.
      Out.Values.push_back(Entry);
    } else if (const auto *B = dyn_cast<BindingDecl>(V)) {
      addBinding(B);
    } else if (!OutParam) {
      addInitial(cast<VarDecl>(V)->getInit());
    }
    if (Out.Unseen)
      return Out;
    struct Refs : ASTWalker {
      const ValueDecl *V;
      llvm::SmallVector<const DeclRefExpr *, 8> Found;
      bool visitStmt(Stmt *St) override {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(St);
            DRE && DRE->getDecl() == V)
          Found.push_back(DRE);
        return true;
      }
    } R;
    R.V = V;
    R.walk(Owner->getBody());
    for (const DeclRefExpr *DRE : R.Found)
      if (!Out.Unseen)
        containerUse(DRE);
    return Out;
  }

  const ValueDecl *V;
  ASTContext &Ctx;
  llvm::SmallPtrSetImpl<const ValueDecl *> &Active;
  bool OutParam = false;
  bool Tuple = false;
  /// Its elements are tuples or pairs of tensors (hasNestedTuples).
  bool Nested = false;
  ContainerContents Out;

  void put(const Expr *E, int Index) {
    if (!Nested) {
      Out.Values.push_back({Tuple ? Index : -1, E});
      return;
    }
    // A tuple or pair put in as a whole: its tensor elements, built in
    // place or read from a local tuple variable.
    if (!E || isTensorType(E->getType())) {
      Out.Values.push_back({-1, E});
      return;
    }
    if (std::optional<llvm::SmallVector<std::pair<unsigned, const Expr *>, 4>>
            Elements = returnedElements(E, Ctx)) {
      for (const auto &[Index, Element] : *Elements)
        if (isTensorType(Element->getType()))
          Out.Values.push_back({-1, Element});
      return;
    }
    Out.Unseen = true;
  }

  /// The parent of \p E that is not a wrapper, and the child of it that
  /// leads to \p E.
  DynTypedNode parent(const Expr *E, const Expr *&Child) {
    DynTypedNode Node = DynTypedNode::create(*E);
    Child = E;
    for (unsigned Steps = 0; Steps < 16; ++Steps) {
      DynTypedNodeList Parents = parentsOf(Node, Ctx);
      // An element of a braced list has two: the list as written, and the
      // conversion of the list's semantic form; the conversion is followed.
      llvm::SmallVector<DynTypedNode, 2> Kept(Parents.begin(), Parents.end());
      if (Kept.size() == 2 && Kept[0].get<InitListExpr>())
        Kept.erase(Kept.begin());
      else if (Kept.size() == 2 && Kept[1].get<InitListExpr>())
        Kept.pop_back();
      if (Kept.size() != 1)
        return DynTypedNode();
      const auto *S = Kept[0].get<Stmt>();
      if (!S || !isWrapper(S))
        return Kept[0];
      Child = cast<Expr>(S);
      Node = Kept[0];
    }
    return DynTypedNode();
  }

  /// The values of an initializer or of a whole container assigned.
  void addInitial(const Expr *Init) {
    if (!Init)
      return;
    Init = Init->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Init)) {
      unsigned Written = 0; // Not the defaulted allocator.
      while (Written < CE->getNumArgs() &&
             !isa<CXXDefaultArgExpr>(CE->getArg(Written)))
        ++Written;
      if (Written == 0)
        return; // Empty.
      if (Written == 1)
        if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(
                CE->getArg(0)->IgnoreImplicit())) {
          addInitial(IL->getSubExpr());
          return;
        }
      if (const ValueDecl *From = containerVariable(CE->getArg(0));
          Written == 1 && From) {
        copyFrom(From);
        return;
      }
      // pair(a, b), tuple(a, b, c): element by element.
      if (Tuple) {
        for (unsigned I = 0; I < Written; ++I)
          put(CE->getArg(I), static_cast<int>(I));
        return;
      }
      Out.Unseen = true;
      return;
    }
    if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
      if (IL->getNumInits() == 1 && !IL->getInit(0)->getType().isNull() &&
          (shapeOf(IL->getInit(0)->getType()) != Shape::None ||
           IL->getInit(0)->getType()->isConstantArrayType())) {
        addInitial(IL->getInit(0)); // std::array's inner brace, a copy.
        return;
      }
      for (unsigned I = 0; I < IL->getNumInits(); ++I)
        put(IL->getInit(I), static_cast<int>(I));
      return;
    }
    if (const ValueDecl *From = containerVariable(Init)) {
      copyFrom(From);
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(Init)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
          (FD->getName() == "make_tuple" || FD->getName() == "make_pair" ||
           FD->getName() == "forward_as_tuple")) {
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          put(Call->getArg(I), static_cast<int>(I));
        return;
      }
      if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
          FD->getName() == "move" && Call->getNumArgs() == 1) {
        addInitial(Call->getArg(0));
        return;
      }
      // A vector of tensors that an op of LibTorch's returns (`split`,
      // `unbind`, `meshgrid`): each on the device of the op's inputs.
      if (FD && !Tuple && isTensorOp(FD) && isTensorListType(Call->getType())) {
        ContainerContents::Value Made;
        Made.E = Call;
        Made.Inputs = true;
        Out.Values.push_back(Made);
        return;
      }
      // A sequence or array that a function of the user's returns: what
      // its returns hold (DeviceInference::ofReturnedContainer).
      if (FD && !Tuple && !FD->isInStdNamespace() &&
          !isInLibTorchNamespace(FD) &&
          !FD->getReturnType()->isReferenceType() &&
          Ctx.hasSameUnqualifiedType(FD->getReturnType(), containerType())) {
        ContainerContents::Value Returned;
        Returned.E = Returned.From = Call;
        Out.Values.push_back(Returned);
        return;
      }
      // What a function of the user's returns: its elements are facts of
      // the program (Recorder::returnDevice).
      if (FD && Tuple && !FD->isInStdNamespace() &&
          !isInLibTorchNamespace(FD)) {
        for (unsigned I : tensorElementIndices(containerType())) {
          ContainerContents::Value Returned;
          Returned.Index = Returned.Element = static_cast<int>(I);
          Returned.E = Returned.From = Call;
          Out.Values.push_back(Returned);
        }
        return;
      }
    }
    Out.Unseen = true; // A container from a call, a member, a parameter.
  }

  /// A structured binding of a sequence (`auto [xs, ys] = load(...)`):
  /// element I of what the call of a user function returns, a fact of the
  /// program (Recorder::returnDevice); any other decomposition is not
  /// followed.
  void addBinding(const BindingDecl *B) {
    Out.Unseen = true;
    const auto *DD =
        dyn_cast_or_null<DecompositionDecl>(B->getDecomposedDecl());
    if (Tuple || !DD || DD->isCXXForRangeDecl() ||
        DD->getType()->isLValueReferenceType() || !DD->getInit())
      return;
    const auto *Call = dyn_cast<CallExpr>(ignoreWrappers(DD->getInit()));
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    if (!FD || FD->isInStdNamespace() || isInLibTorchNamespace(FD) ||
        FD->getReturnType()->isReferenceType())
      return;
    const auto *Position = llvm::find(DD->bindings(), B);
    unsigned I = static_cast<unsigned>(Position - DD->bindings().begin());
    if (Position == DD->bindings().end() ||
        !llvm::is_contained(returnedElementIndices(FD->getReturnType()), I))
      return;
    Out.Unseen = false;
    ContainerContents::Value Returned;
    Returned.E = Call;
    Returned.From = Call;
    Returned.Element = static_cast<int>(I);
    Out.Values.push_back(Returned);
  }

  void copyFrom(const ValueDecl *From) {
    // A copy of a container whose contents are being collected (itself,
    // `a = b; b = a;`) adds nothing new: they are collected anyway.
    if (Active.contains(From))
      return;
    ContainerContents Other = ContentsCollector(From, Ctx, Active).run();
    Out.Unseen |= Other.Unseen;
    for (const ContainerContents::Value &Val : Other.Values)
      Out.Values.push_back(Val);
  }

  /// A use of the container itself.
  void containerUse(const DeclRefExpr *DRE) {
    const Expr *Child = nullptr;
    DynTypedNode P = parent(DRE, Child);
    if (const auto *ME = P.get<MemberExpr>()) {
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        int Index = F->getName() == "first" ? 0 : 1;
        elementUse(ME, Index);
        return;
      }
      const Expr *MEChild = nullptr;
      const auto *MC = parent(ME, MEChild).get<CXXMemberCallExpr>();
      const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
      if (!MD || !MD->getIdentifier()) {
        Out.Unseen = true;
        return;
      }
      llvm::StringRef Name = MD->getName();
      if (llvm::is_contained(
              {"push_back", "emplace_back", "push_front", "emplace_front"},
              Name) &&
          MC->getNumArgs() == 1) {
        put(MC->getArg(0), -1);
      } else if (Nested &&
                 (Name == "emplace_back" || Name == "emplace_front")) {
        // The element's constructor: each tensor it is given.
        for (const Expr *Arg : MC->arguments())
          if (isTensorType(Arg->getType()))
            put(Arg, -1);
      } else if ((Name == "insert" || Name == "emplace") &&
                 MC->getNumArgs() == 2 &&
                 isTensorType(MC->getArg(1)->getType())) {
        put(MC->getArg(1), -1);
      } else if (Name == "at" || Name == "front" || Name == "back") {
        elementUse(MC, -1);
      } else if (!MD->isConst() &&
                 !llvm::is_contained({"size", "empty", "capacity", "reserve",
                                      "clear", "pop_back", "pop_front",
                                      "shrink_to_fit", "max_size"},
                                     Name)) {
        Out.Unseen = true; // begin(), data(), erase(), resize(), swap().
      }
      return;
    }
    if (const auto *OC = P.get<CXXOperatorCallExpr>()) {
      if (OC->getOperator() == OO_Subscript && OC->getArg(0) == Child) {
        elementUse(OC, -1);
        return;
      }
      if (OC->getOperator() == OO_Equal && OC->getArg(0) == Child) {
        addInitial(OC->getArg(1)); // The whole container replaced.
        return;
      }
    }
    if (const auto *Call = P.get<CallExpr>()) {
      if (std::optional<int> N = stdGetIndex(Call->getDirectCallee())) {
        elementUse(Call, Tuple ? *N : -1);
        return;
      }
    }
    readOnly(P, Child, /*Whole=*/true);
  }

  /// A use of an element (\p A reads it).
  void elementUse(const Expr *A, int Index) {
    const Expr *Child = nullptr;
    DynTypedNode P = parent(A, Child);
    // A tensor of a tuple element: `xs[i].first`, `std::get<0>(xs[i])`.
    if (Nested && !isTensorType(A->getType())) {
      if (const auto *ME = P.get<MemberExpr>();
          ME && isa<FieldDecl>(ME->getMemberDecl())) {
        elementUse(ME, -1);
        return;
      }
      if (const auto *Call = P.get<CallExpr>();
          Call && Call->getNumArgs() == 1 &&
          stdGetIndex(Call->getDirectCallee())) {
        elementUse(Call, -1);
        return;
      }
    }
    if (const auto *OC = P.get<CXXOperatorCallExpr>();
        OC && OC->getOperator() == OO_Equal && OC->getArg(0) == Child) {
      put(OC->getArg(1), Index);
      return;
    }
    if (const auto *ME = P.get<MemberExpr>()) {
      // A tensor method on the element: in place or not, it stays on its
      // device, except set_, which gives it another storage.
      const Expr *MEChild = nullptr;
      const auto *MC = parent(ME, MEChild).get<CXXMemberCallExpr>();
      const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
      if (MD && MD->getIdentifier() && MD->getName() == "set_" &&
          MC->getNumArgs() == 1) {
        put(MC->getArg(0), Index);
        return;
      }
      if (!MC || !isTensorType(ME->getBase()->getType())) {
        Out.Unseen = true;
        return;
      }
      return;
    }
    readOnly(P, Child);
  }

  /// The container passed whole to out-parameter \p Param of \p Call: what
  /// the callee leaves there, where its writes are followed (each tensor
  /// element of a tuple or pair, any element of a sequence).
  bool outArgument(const CallExpr *Call, unsigned Param) {
    const FunctionDecl *FD = outParameterCallee(Call, Param, Ctx);
    if (!FD || !Ctx.hasSameUnqualifiedType(
                   containerType(),
                   FD->getParamDecl(Param)->getType().getNonReferenceType()))
      return false;
    ContainerContents::Value Left;
    Left.E = Left.From = Call;
    Left.Param = static_cast<int>(Param);
    if (!Tuple) {
      Out.Values.push_back(Left);
      return true;
    }
    for (unsigned I : tensorElementIndices(containerType())) {
      Left.Index = Left.Element = static_cast<int>(I);
      Out.Values.push_back(Left);
    }
    return true;
  }

  /// A use of the container (\p Whole) or an element that must only read
  /// it: passed by value or const reference, copied, returned; or the
  /// container passed to an out-parameter whose writes are followed.
  void readOnly(DynTypedNode P, const Expr *Child, bool Whole = false) {
    if (const auto *Call = P.get<CallExpr>()) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD) {
        Out.Unseen = true;
        return;
      }
      // std::make_pair, std::make_tuple: copies.
      if (FD->isInStdNamespace() && FD->getIdentifier() &&
          (FD->getName() == "make_pair" || FD->getName() == "make_tuple") &&
          holdsCopies(Call->getType()))
        return;
      unsigned Offset = isa<CXXOperatorCallExpr>(Call) &&
                                isa<CXXMethodDecl>(FD) &&
                                !cast<CXXMethodDecl>(FD)->isStatic()
                            ? 1
                            : 0;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        if (Call->getArg(I) != Child)
          continue;
        if (I < Offset) {
          // The object of a member operator: a const one only reads.
          if (!cast<CXXMethodDecl>(FD)->isConst())
            Out.Unseen = true;
          return;
        }
        unsigned Param = I - Offset;
        if (Param >= FD->getNumParams() ||
            writableReference(FD->getParamDecl(Param)->getType()))
          Out.Unseen |= !(Whole && outArgument(Call, Param));
        return;
      }
      Out.Unseen = true;
      return;
    }
    if (const auto *CE = P.get<CXXConstructExpr>()) {
      // A copy (or move) of it.
      if (CE->getNumArgs() == 1 &&
          CE->getConstructor()->isCopyOrMoveConstructor())
        return;
      // An element of a std::pair or std::tuple built from it (`return
      // {xs, ys};`): a copy, whatever reference the constructor takes.
      if (holdsCopies(CE->getType()))
        return;
      // A view of it as a list an op takes (`torch::cat(parts)` makes an
      // ArrayRef or ITensorListRef of const tensors, the latter through a
      // forwarding constructor): read only.
      if (CE->getNumArgs() == 1 && isTensorListType(CE->getType()))
        return;
      Out.Unseen = true;
      return;
    }
    if (const auto *D = P.get<VarDecl>()) {
      // A range-for's hidden `auto &&__range = xs;`: its loop variable
      // decides.
      if (D->isImplicit())
        for (const DynTypedNode &DS : parentsOf(*D, Ctx))
          for (const DynTypedNode &FR : parentsOf(DS, Ctx))
            if (FR.get<CXXForRangeStmt>()) {
              readOnly(FR, Child);
              return;
            }
      if (writableReference(D->getType()))
        Out.Unseen = true;
      return;
    }
    if (P.get<ReturnStmt>())
      return;
    if (const auto *FR = P.get<CXXForRangeStmt>()) {
      if (writableReference(FR->getLoopVariable()->getType()))
        Out.Unseen = true;
      return;
    }
    Out.Unseen = true;
  }
};

} // namespace

bool isOutParameterType(QualType T) {
  if (!T->isLValueReferenceType())
    return false;
  QualType Object = T.getNonReferenceType();
  return !Object.isConstQualified() &&
         (isTensorType(Object) || isTensorContainerType(Object));
}

const FunctionDecl *outParameterCallee(const CallExpr *Call, unsigned Param,
                                       const ASTContext &Ctx) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || isInLibTorchNamespace(FD) || Param >= FD->getNumParams() ||
      !isOutParameterType(FD->getParamDecl(Param)->getType()))
    return nullptr;
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return nullptr;
  // Not a system header's (a third-party library's), and not a template:
  // its instantiations are not told apart.
  if (Ctx.getSourceManager().isInSystemHeader(FD->getLocation()) ||
      FD->isTemplateInstantiation() || FD->getDescribedFunctionTemplate() ||
      FD->isDependentContext())
    return nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
    if (MD->getParent()->isLambda())
      return nullptr;
    // A virtual call may run an override that writes something else.
    if (MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
        !MD->getParent()->hasAttr<FinalAttr>())
      return nullptr;
  }
  return FD;
}

std::optional<int> stdGetIndex(const FunctionDecl *FD) {
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
      FD->getName() != "get")
    return std::nullopt;
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  if (!Args || Args->size() == 0 ||
      (*Args)[0].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return static_cast<int>((*Args)[0].getAsIntegral().getExtValue());
}

bool isTensorContainerType(QualType T) {
  return shapeOf(T.getNonReferenceType().getUnqualifiedType()) != Shape::None;
}

std::optional<ElementRead> elementRead(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = ignoreWrappers(E)->IgnoreImplicit();
  // A tensor of a tuple element of a sequence: `xs[i].first`,
  // `std::get<0>(xs.at(i))`.
  const Expr *Of = nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E);
      ME && isa<FieldDecl>(ME->getMemberDecl()))
    Of = ME->getBase();
  else if (const auto *Call = dyn_cast<CallExpr>(E);
           Call && Call->getNumArgs() == 1 &&
           stdGetIndex(Call->getDirectCallee()))
    Of = Call->getArg(0);
  if (Of && isTensorType(E->getType()))
    if (std::optional<ElementRead> Outer = elementRead(Of);
        Outer && hasNestedTuples(containerTypeOf(Outer->Container)))
      return ElementRead{Outer->Container, -1};
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2)
      if (const ValueDecl *V = containerVariable(OC->getArg(0)))
        return ElementRead{V, -1};
    return std::nullopt;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getIdentifier() &&
        llvm::is_contained({"at", "front", "back"}, MD->getName()))
      if (const ValueDecl *V =
              containerVariable(MC->getImplicitObjectArgument()))
        return ElementRead{V, -1};
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (std::optional<int> N = stdGetIndex(Call->getDirectCallee());
        N && Call->getNumArgs() == 1)
      if (const ValueDecl *V = containerVariable(Call->getArg(0)))
        return ElementRead{V, shapeOf(V->getType()) == Shape::Tuple ? *N : -1};
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
        F && F->getIdentifier() &&
        (F->getName() == "first" || F->getName() == "second"))
      if (const ValueDecl *V = containerVariable(ME->getBase()))
        return ElementRead{V, F->getName() == "first" ? 0 : 1};
  return std::nullopt;
}

ContainerContents contentsOf(const ValueDecl *V, ASTContext &Ctx) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Active;
  return ContentsCollector(V, Ctx, Active).run();
}

ContainerContents outContentsOf(const ParmVarDecl *P, ASTContext &Ctx) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Active;
  if (!P || !isOutParameterType(P->getType()) ||
      isTensorType(P->getType().getNonReferenceType())) {
    ContainerContents None;
    None.Unseen = true;
    return None;
  }
  return ContentsCollector(P, Ctx, Active, /*OutParam=*/true).run();
}

llvm::SmallVector<unsigned, 4> tensorElementIndices(QualType T) {
  llvm::SmallVector<unsigned, 4> Indices;
  T = T.getNonReferenceType();
  if (shapeOf(T.getUnqualifiedType()) != Shape::Tuple)
    return Indices;
  const auto *RD = cast<ClassTemplateSpecializationDecl>(
      T.getCanonicalType()->getAsCXXRecordDecl());
  const TemplateArgumentList &Args = RD->getTemplateArgs();
  llvm::ArrayRef<TemplateArgument> Types =
      RD->getName() == "tuple" ? Args[0].pack_elements() : Args.asArray();
  for (unsigned I = 0; I < Types.size(); ++I)
    if (Types[I].getKind() == TemplateArgument::Type &&
        isTensorType(Types[I].getAsType()))
      Indices.push_back(I);
  return Indices;
}

llvm::SmallVector<unsigned, 4> returnedElementIndices(QualType T) {
  llvm::SmallVector<unsigned, 4> Indices;
  llvm::SmallVector<QualType, 4> Types = tupleElementTypes(T);
  for (unsigned I = 0; I < Types.size(); ++I)
    if (!Types[I].isNull() &&
        (isTensorType(Types[I]) ||
         (isTensorListType(Types[I]) && shapeOf(Types[I]) == Shape::Sequence)))
      Indices.push_back(I);
  return Indices;
}

std::optional<llvm::SmallVector<std::pair<unsigned, const Expr *>, 4>>
returnedElements(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  llvm::SmallVector<std::pair<unsigned, const Expr *>, 4> Out;
  E = E->IgnoreImplicit();
  // A local tuple variable (or a copy of one) returned.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 &&
      CE->getConstructor()->isCopyOrMoveConstructor())
    E = CE->getArg(0)->IgnoreImplicit();
  if (const ValueDecl *V = containerVariable(E)) {
    if (shapeOf(V->getType()) != Shape::Tuple)
      return std::nullopt;
    ContainerContents C = contentsOf(V, Ctx);
    if (C.Unseen)
      return std::nullopt;
    for (const ContainerContents::Value &Val : C.Values) {
      if (Val.From || Val.Index < 0)
        return std::nullopt;
      Out.push_back({static_cast<unsigned>(Val.Index), Val.E});
    }
    return Out;
  }
  llvm::ArrayRef<const Expr *> Args;
  llvm::SmallVector<const Expr *, 4> Storage;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
        (FD->getName() != "make_tuple" && FD->getName() != "make_pair"))
      return std::nullopt;
    Storage.append(Call->arg_begin(), Call->arg_end());
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    for (const Expr *A : CE->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        Storage.push_back(A);
  } else if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    Storage.append(IL->inits().begin(), IL->inits().end());
  } else {
    return std::nullopt;
  }
  Args = Storage;
  for (unsigned I = 0; I < Args.size(); ++I)
    Out.push_back({I, Args[I]});
  return Out;
}

} // namespace clang::tidy::torchsync
