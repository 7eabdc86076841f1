//===--- NonblockingRaceCheck.cpp - torchsync-nonblocking-race ------------===//
//
// `h = d.to(kCPU, /*non_blocking=*/true)` allocates `h` in pinned memory and
// only enqueues the copy (cudaMemcpyAsync) on the current stream: the call
// returns before the data is there (catalog C2). `h.copy_(d, true)` into a
// pinned `h` does the same. Reading `h` on the host before something waits for
// the stream reads whatever the buffer held before: a correctness bug, so this
// check fires everywhere, not only on hot paths.
//
// The analysis runs over clang's CFG of the function that makes the copy:
// starting right after the copy, it follows every path and reports the first
// host read of the copy's result on a path where nothing waited for the GPU.
// The walk lives in utils/PendingReads, which blocking-transfer shares to
// decide when a blocking download may become non_blocking.
//
//===----------------------------------------------------------------------===//

#include "NonblockingRaceCheck.h"
#include "utils/ExplicitWaits.h"
#include "utils/FixIts.h"
#include "utils/HostReads.h"
#include "utils/Parents.h"
#include "utils/PendingReads.h"
#include "utils/Templates.h"
#include "utils/TorchApi.h"
#include "utils/Transfers.h"
#include "utils/UserCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/CFG.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchsync {

static constexpr char CopyId[] = "copy";

NonblockingRaceCheck::NonblockingRaceCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : TorchSyncCheck(Name, Context) {}

NonblockingRaceCheck::~NonblockingRaceCheck() = default;

void NonblockingRaceCheck::onEndOfTranslationUnit() {
  Reads.clear();
  ReportedReads.clear();
  FixedStatements.clear();
}

void NonblockingRaceCheck::registerCheckMatchers(MatchFinder *Finder) {
  // auto h = d.to(torch::kCPU, /*non_blocking=*/true);
  // h = d.to(torch::Device(torch::kCPU), true);
  // pinned.copy_(d, /*non_blocking=*/true);
  Finder->addMatcher(
      cxxMemberCallExpr(isExpansionInUserCode(),
                        callee(cxxMethodDecl(hasAnyName(
                            "::at::Tensor::to", "::at::Tensor::copy_"))))
          .bind(CopyId),
      this);
}

namespace {

/// The statement in a `{ ... }` block that contains \p E, where a wait can
/// be inserted in front of it so that it runs on every path to \p E. Null
/// when there is none (a loop header, a label, a case).
const Stmt *statementBefore(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return nullptr;
    const Stmt *Child = Node.get<Stmt>();
    DynTypedNode Parent = Parents[0];
    if (Parent.get<CompoundStmt>()) {
      if (!Child || isa<SwitchCase, LabelStmt, ForStmt, WhileStmt, DoStmt,
                        CXXForRangeStmt>(Child))
        return nullptr;
      return Child;
    }
    if (Parent.get<ForStmt>() || Parent.get<WhileStmt>() ||
        Parent.get<DoStmt>() || Parent.get<CXXForRangeStmt>() ||
        Parent.get<LambdaExpr>() ||
        (Parent.get<Decl>() && !Parent.get<VarDecl>()))
      return nullptr;
    Node = Parent;
  }
  return nullptr;
}

/// `ns::...::name` is declared in the translation unit before \p Loc.
bool isDeclaredBefore(ASTContext &Ctx, llvm::ArrayRef<StringRef> Path,
                      SourceLocation Loc) {
  const DeclContext *DC = Ctx.getTranslationUnitDecl();
  for (unsigned I = 0; I < Path.size(); ++I) {
    const Decl *Found = nullptr;
    for (const NamedDecl *ND : DC->lookup(&Ctx.Idents.get(Path[I]))) {
      bool Last = I + 1 == Path.size();
      if ((Last && isa<FunctionDecl>(ND)) ||
          (!Last && isa<NamespaceDecl>(ND))) {
        Found = ND;
        break;
      }
    }
    if (!Found)
      return false;
    if (I + 1 == Path.size())
      return Ctx.getSourceManager().isBeforeInTranslationUnit(
          Found->getLocation(), Loc);
    DC = cast<NamespaceDecl>(Found);
  }
  return false;
}

bool containsStmt(const Stmt *Outer, const Stmt *Inner) {
  if (!Outer)
    return false;
  if (Outer == Inner)
    return true;
  for (const Stmt *Child : Outer->children())
    if (containsStmt(Child, Inner))
      return true;
  return false;
}
} // namespace

void NonblockingRaceCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>(CopyId);
  ASTContext &Ctx = *Result.Context;
  DeviceInference &DI = Sync.devices(Ctx);
  std::optional<bool> NonBlocking = nonBlockingValue(Call);
  if (!NonBlocking || !*NonBlocking)
    return;
  const Expr *Recv = Call->getImplicitObjectArgument();
  std::optional<Transfer> T = asTransfer(Call, DI);
  if (!T)
    return;
  std::vector<std::string> Assumptions;
  bool MemoryAssumed = false;
  PendingCopy P;

  if (!T->IsCopy) {
    if (T->To != Device::CPU)
      return;
    P = resultOfCopy(Call, Ctx);
  } else {
    // host.copy_(src, /*non_blocking=*/true)
    if (T->To != Device::CPU)
      return;
    HostMemory Memory = DI.hostMemoryOf(Recv);
    // Into pageable memory the driver copies synchronously
    // (blocking-transfer reports that).
    if (Memory == HostMemory::Pageable)
      return;
    if (Memory == HostMemory::Unknown) {
      Assumptions.push_back("'" + exprText(Recv, Ctx) + "' is pinned");
      MemoryAssumed = true;
    }
    P = destinationOfCopy(Call, DI);
    if (!P.Var)
      return;
  }
  if (T->From == Device::CPU)
    return;
  // " if 'x' is a CUDA tensor" without its " if ". (The finding's device
  // assumption is made for each read reported, below.)
  if (T->From == Device::Unknown || T->From == Device::Runtime)
    Assumptions.insert(Assumptions.begin(),
                       ifCuda(T->Source, T->From, Ctx).substr(4));
  // The source's device decides (RuntimeDevice, UnknownDevice); an
  // unknown host memory is an assumption too (UnknownDevice).
  if (!Sync.reportsDevice(T->From) || !Sync.reportsAssumption(MemoryAssumed))
    return;
  if (P.Var && (!P.Var->hasLocalStorage() || !isTensorType(P.Var->getType())))
    return;

  llvm::SmallVector<const CallExpr *, 4> Found = Reads.find(P, DI, Ctx).Reads;

  std::string If;
  for (const std::string &A : Assumptions)
    If += (If.empty() ? " if " : " and ") + A;
  for (const CallExpr *Read : Found) {
    SourceLocation Loc = Read->getExprLoc();
    if (!ReportedReads.insert(Loc.getRawEncoding()).second)
      continue;
    // Each read's finding rests on the source being on a CUDA device; a
    // report takes the pending assumptions with it (the condition of a
    // whole-project run), so they are made again for every read after the
    // first (assumeCuda keeps no duplicates).
    if (T->From != Device::CUDA)
      assumeCuda(T->Source, Ctx);
    // A race is a bug wherever it is: reported outside hot paths too.
    SyncReport Report = reportSync(AlwaysReported);
    Report.warning(Loc, "'%0' may read stale data: a non_blocking copy from "
                        "the GPU may not have finished%1; record an "
                        "at::cuda::CUDAEvent after the copy and synchronize "
                        "it before this read")
        << exprText(Read, Ctx, 60) << If;
    Report.note(Call->getExprLoc(), "non_blocking copy started here");
    // Adding a wait changes when the program blocks: a note, and only where
    // the wait is declared and can go in front of the reading statement.
    if (!P.Var || !isFixable(Read, Ctx))
      continue;
    const Stmt *Before = statementBefore(Read, Ctx);
    if (!Before || containsStmt(Before, Call) ||
        !Before->getSourceRange().getBegin().isFileID() ||
        !Before->getSourceRange().getEnd().isFileID() ||
        !templateAllowsEdit(Before, Ctx))
      continue;
    // In hot code the inserted wait would itself be a sync that
    // torchsync-explicit-sync reports: a note fix must not create another
    // check's finding, so the wait is left to the user there.
    if (Sync.hotReason(Before, Ctx))
      continue;
    std::optional<std::string> Indent = indentationOf(Before, Ctx);
    if (!Indent)
      continue;
    // Where the source may be on the CPU, the program may run on a machine
    // without CUDA, where the wait throws ("No CUDA GPUs are available"):
    // it waits only where there is a GPU (on a CPU run the copy was
    // synchronous, and waiting for an idle GPU changes nothing).
    const char *Wait = nullptr;
    const char *Guard = nullptr;
    if (isDeclaredBefore(Ctx, {"torch", "cuda", "synchronize"},
                         Before->getBeginLoc()) &&
        isDeclaredBefore(Ctx, {"torch", "cuda", "is_available"},
                         Before->getBeginLoc())) {
      Wait = "torch::cuda::synchronize()";
      Guard = "torch::cuda::is_available()";
    } else if (isDeclaredBefore(Ctx, {"c10", "cuda", "device_synchronize"},
                                Before->getBeginLoc()) &&
               isDeclaredBefore(Ctx, {"c10", "cuda", "device_count"},
                                Before->getBeginLoc())) {
      Wait = "c10::cuda::device_synchronize()";
      Guard = "c10::cuda::device_count() > 0";
    }
    if (!Wait ||
        !FixedStatements.insert(Before->getBeginLoc().getRawEncoding()).second)
      continue;
    bool Guarded = T->From != Device::CUDA;
    std::string Statement = std::string(Wait) + ";";
    if (Guarded)
      Statement = "if (" + std::string(Guard) + ") " + Statement;
    Report.fixOnNote(
        FixItHint::CreateInsertion(
            Before->getBeginLoc(),
            Statement +
                lineBreakAt(Before->getBeginLoc(), Ctx.getSourceManager()) +
                *Indent),
        "wait with '" + std::string(Wait) + "' before this statement" +
            (Guarded ? " where there is a GPU" : "") +
            "; the host then waits for all work on the current CUDA device, "
            "not only for the copy (a copy from a tensor on another device "
            "needs that device's index)",
        Before->getBeginLoc());
  }
}

} // namespace clang::tidy::torchsync
