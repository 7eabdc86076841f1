//===--- Parents.cpp - Parents of a node in user code ---------------------===//

#include "Parents.h"
#include "ASTWalk.h"
#include "UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <mutex>
#include <vector>

namespace clang::tidy::torchsync {

namespace {

using ParentList = llvm::SmallVector<DynTypedNode, 1>;

/// The parents of the nodes under one top-level declaration. Complete once
/// built and never changed afterwards, so the lists it hands out stay valid.
struct RootMap {
  /// Nodes with pointer identity (declarations, statements, attributes).
  llvm::DenseMap<const void *, ParentList> Pointers;
  /// Type locations and nested-name-specifier locations.
  llvm::DenseMap<DynTypedNode, ParentList> Others;

  const ParentList *find(const DynTypedNode &Node) const {
    if (Node.getNodeKind().hasPointerIdentity()) {
      auto It = Pointers.find(Node.getMemoizationData());
      return It == Pointers.end() ? nullptr : &It->second;
    }
    auto It = Others.find(Node);
    return It == Others.end() ? nullptr : &It->second;
  }
};

/// Records the parent of every node it traverses, as ASTContext's parent map
/// does: the same traversal (template instantiations and implicit code
/// included), the same kinds of nodes, the parents in the order met, a
/// parent with pointer identity listed once.
class ParentRecorder : public ASTWalker {
public:
  ParentRecorder(RootMap &Map, llvm::ArrayRef<DynTypedNode> Enclosing)
      : Map(Map), Stack(Enclosing.begin(), Enclosing.end()) {
    TemplateInstantiations = true;
    ImplicitCode = true;
  }

  bool enterDecl(Decl *D) override { return enter(DynTypedNode::create(*D)); }
  bool enterStmt(Stmt *S) override { return enter(DynTypedNode::create(*S)); }
  bool enterTypeLoc(TypeLoc TL) override {
    return enter(DynTypedNode::create(TL));
  }
  bool enterNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) override {
    return enter(DynTypedNode::create(NNS));
  }
  bool enterAttr(Attr *A) override { return enter(DynTypedNode::create(*A)); }
  void leaveDecl(Decl *) override { Stack.pop_back(); }
  void leaveStmt(Stmt *) override { Stack.pop_back(); }
  void leaveTypeLoc(TypeLoc) override { Stack.pop_back(); }
  void leaveNestedNameSpecifierLoc(NestedNameSpecifierLoc) override {
    Stack.pop_back();
  }
  void leaveAttr(Attr *) override { Stack.pop_back(); }

private:
  bool enter(const DynTypedNode &Node) {
    addParent(Node);
    Stack.push_back(Node);
    return true;
  }

  void addParent(const DynTypedNode &Node) {
    if (Stack.empty())
      return;
    ParentList &Parents = Node.getNodeKind().hasPointerIdentity()
                              ? Map.Pointers[Node.getMemoizationData()]
                              : Map.Others[Node];
    const DynTypedNode &Parent = Stack.back();
    // A parent without memoization data cannot be compared: listed again,
    // as in ASTContext's map.
    if (Parent.getMemoizationData() && llvm::is_contained(Parents, Parent))
      return;
    Parents.push_back(Parent);
  }

  RootMap &Map;
  llvm::SmallVector<DynTypedNode, 16> Stack;
};

/// The parent maps of one translation unit, one per top-level declaration
/// of user code (a declaration in a namespace of user code is one too).
class UserParents {
public:
  explicit UserParents(ASTContext &Ctx)
      : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  DynTypedNodeList parents(const DynTypedNode &Node) {
    if (Node.get<TranslationUnitDecl>())
      return llvm::ArrayRef<DynTypedNode>();
    collectRoots();
    if (const auto *D = Node.get<Decl>())
      if (auto It = ContextParents.find(D); It != ContextParents.end())
        return llvm::ArrayRef<DynTypedNode>(It->second);
    // Questions come in walks up one declaration: try the last one first.
    if (Last)
      if (const ParentList *P = Last->Map->find(Node))
        return llvm::ArrayRef<DynTypedNode>(*P);
    if (const ParentList *P = findByPosition(Node))
      return llvm::ArrayRef<DynTypedNode>(*P);
    // No position (an implicit node) or not in the declaration around it.
    for (Root &R : Roots)
      if (const ParentList *P = lookIn(R, Node))
        return llvm::ArrayRef<DynTypedNode>(*P);
    return llvm::ArrayRef<DynTypedNode>(); // A node of a library header.
  }

private:
  struct Root {
    Decl *D;
    /// The translation unit and the namespaces (linkage specifications)
    /// around D, outermost first.
    llvm::SmallVector<DynTypedNode, 4> Enclosing;
    std::unique_ptr<RootMap> Map;
  };
  struct Span {
    unsigned Begin, End;
    size_t Root;
  };

  void collectRoots() {
    if (Collected)
      return;
    Collected = true;
    llvm::SmallVector<DynTypedNode, 4> Enclosing;
    collectRoots(Ctx.getTranslationUnitDecl(), Enclosing);
    for (size_t I = 0; I != Roots.size(); ++I) {
      CharSourceRange Range =
          SM.getExpansionRange(Roots[I].D->getSourceRange());
      if (Range.getBegin().isInvalid() || Range.getEnd().isInvalid())
        continue;
      auto [BeginFile, Begin] = SM.getDecomposedLoc(Range.getBegin());
      auto [EndFile, End] = SM.getDecomposedLoc(Range.getEnd());
      Spans[BeginFile].push_back({Begin, EndFile == BeginFile ? End : ~0u, I});
    }
    for (auto &Entry : Spans)
      llvm::sort(Entry.second, [](const Span &A, const Span &B) {
        return A.Begin < B.Begin;
      });
  }

  /// The children that RecursiveASTVisitor traverses of a declaration
  /// context (lambda classes, blocks and captured declarations come with
  /// their expressions), in user code.
  void collectRoots(DeclContext *DC,
                    llvm::SmallVectorImpl<DynTypedNode> &Enclosing) {
    Enclosing.push_back(DynTypedNode::create(*cast<Decl>(DC)));
    for (Decl *D : DC->decls()) {
      if (isa<BlockDecl, CapturedDecl>(D))
        continue;
      if (const auto *RD = dyn_cast<CXXRecordDecl>(D); RD && RD->isLambda())
        continue;
      if (!isUserCode(D->getLocation(), SM))
        continue;
      if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
        ContextParents[D].push_back(Enclosing.back());
        collectRoots(cast<DeclContext>(D), Enclosing);
        continue;
      }
      Roots.push_back({D, {Enclosing.begin(), Enclosing.end()}, nullptr});
    }
    Enclosing.pop_back();
  }

  const ParentList *findByPosition(const DynTypedNode &Node) {
    SourceLocation Loc = Node.getSourceRange().getBegin();
    if (Loc.isInvalid())
      return nullptr;
    auto [File, Offset] = SM.getDecomposedExpansionLoc(Loc);
    auto It = Spans.find(File);
    if (It == Spans.end())
      return nullptr;
    const std::vector<Span> &InFile = It->second;
    auto After = llvm::upper_bound(
        InFile, Offset, [](unsigned O, const Span &S) { return O < S.Begin; });
    for (auto I = After; I != InFile.begin();) {
      --I;
      if (Offset <= I->End)
        if (const ParentList *P = lookIn(Roots[I->Root], Node))
          return P;
    }
    return nullptr;
  }

  const ParentList *lookIn(Root &R, const DynTypedNode &Node) {
    if (!R.Map) {
      R.Map = std::make_unique<RootMap>();
      ParentRecorder(*R.Map, R.Enclosing).walk(R.D);
    }
    const ParentList *P = R.Map->find(Node);
    if (P)
      Last = &R;
    return P;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  bool Collected = false;
  std::vector<Root> Roots;
  llvm::DenseMap<FileID, std::vector<Span>> Spans;
  llvm::DenseMap<const Decl *, ParentList> ContextParents;
  Root *Last = nullptr;
};

/// One UserParents per live ASTContext. The driver analyzes several
/// translation units at once (one per thread), so the registry is locked;
/// an entry goes when its ASTContext is destroyed. Never destroyed itself:
/// an ASTContext may outlive the static destructors.
struct Registry {
  std::mutex Lock;
  llvm::DenseMap<const ASTContext *, std::unique_ptr<UserParents>> Maps;
};

Registry &registry() {
  static Registry *R = new Registry;
  return *R;
}

void forget(void *Ctx) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Maps.erase(static_cast<const ASTContext *>(Ctx));
}

UserParents &userParents(ASTContext &Ctx) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  std::unique_ptr<UserParents> &Slot = R.Maps[&Ctx];
  if (!Slot) {
    Slot = std::make_unique<UserParents>(Ctx);
    Ctx.AddDeallocation(forget, &Ctx);
  }
  return *Slot;
}

} // namespace

DynTypedNodeList parentsOf(const DynTypedNode &Node, ASTContext &Ctx) {
  // FIXME: TK_AsIs only, the traversal clang-tidy runs the checks in.
  return userParents(Ctx).parents(Node);
}

const Stmt *parentPastWrappers(const Expr *E, const Expr *&Top,
                               ASTContext &Ctx) {
  Top = E;
  for (unsigned Steps = 0; Steps < 32; ++Steps) {
    DynTypedNodeList Parents = parentsOf(*Top, Ctx);
    if (Parents.size() != 1)
      return nullptr;
    const auto *P = Parents[0].get<Stmt>();
    if (!P || !isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr,
                   CXXBindTemporaryExpr, ExprWithCleanups>(P))
      return P;
    Top = cast<Expr>(P);
  }
  return nullptr;
}

const CXXMemberCallExpr *memberCallOn(const Expr *E, ASTContext &Ctx) {
  const Expr *Top = nullptr;
  const auto *ME =
      dyn_cast_or_null<MemberExpr>(parentPastWrappers(E, Top, Ctx));
  if (!ME)
    return nullptr;
  DynTypedNodeList Up = parentsOf(*ME, Ctx);
  const auto *Call = Up.size() == 1 ? Up[0].get<CXXMemberCallExpr>() : nullptr;
  return Call && Call->getCallee()->IgnoreParens() == ME ? Call : nullptr;
}

} // namespace clang::tidy::torchsync
