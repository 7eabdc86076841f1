//===--- OpTable.cpp - What an ATen operator does on CUDA -----------------===//

#include "OpTable.h"
#include "CallArgs.h"
#include "Dtypes.h"
#include "TorchApi.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torchsync {
namespace {

#define TORCHSYNC_OP_TABLE_SOURCE(Version, Digest)
#define TORCHSYNC_OP(Name, Overload, Effect, Check, Tensor, When, WhenArg,     \
                     WhenValue, Row, Evidence, Calls, Versions, Source,        \
                     Schema)                                                   \
  OpFact{Name,     Overload,  OpEffect::Effect,                                \
         Check,    Tensor,    OpCondition::When,                               \
         WhenArg,  WhenValue, Row,                                             \
         Evidence, Calls,     Versions,                                        \
         Source,   Schema},
#define TORCHSYNC_COMPILED(Function, Name, Overload, Schema)
const OpFact Facts[] = {
#include "../ops/OpTable.inc"
};
#undef TORCHSYNC_OP
#undef TORCHSYNC_COMPILED
#undef TORCHSYNC_OP_TABLE_SOURCE
#define TORCHSYNC_OP_TABLE_SOURCE(Version, Digest) Version,
#define TORCHSYNC_OP(...)
#define TORCHSYNC_COMPILED(...)
const char *const SourceVersion[] = {
#include "../ops/OpTable.inc"
};
#undef TORCHSYNC_OP
#undef TORCHSYNC_COMPILED
#undef TORCHSYNC_OP_TABLE_SOURCE

/// The expression of \p Call that the schema argument \p Name of \p Op
/// receives, and whether it receives the expression itself (not something
/// computed from it).
std::pair<const Expr *, bool>
callArgument(const CallExpr *Call, const OpCall &Op, llvm::StringRef Name) {
  llvm::SmallVector<llvm::StringRef, 8> Names = schemaArgumentNames(Op.Schema);
  for (unsigned I = 0; I < Names.size() && I < Op.Args.size(); ++I)
    if (Names[I] == Name)
      return {argumentIn(Call, Op.Args[I]), !Op.Args[I].Derived};
  return {nullptr, false};
}

/// Whether the call's arguments show that \p F's condition holds.
bool conditionHolds(const OpFact &F, const CallExpr *Call, const OpCall &Op,
                    ASTContext &Ctx) {
  if (F.When == OpCondition::Always)
    return true;
  auto [Arg, Itself] = callArgument(Call, Op, F.WhenArg);
  if (!Arg)
    return false;
  switch (F.When) {
  case OpCondition::Always:
    return true;
  case OpCondition::BoolIndex:
    for (const Expr *Elem : indexListElements(Arg))
      if (isTensorType(Elem->getType()) && isProvenBool(Elem, Ctx))
        return true;
    return false;
  case OpCondition::Absent:
    // Derived too: the wrapper passes on whether the argument is given
    // (`size.has_value() ? SymInt(*size) : nullopt`).
    return isNullopt(Arg);
  case OpCondition::Equals: {
    std::optional<double> V = Itself ? constantValue(Arg, Ctx) : std::nullopt;
    return V && *V == static_cast<double>(F.WhenValue);
  }
  }
  return false;
}

} // namespace

llvm::ArrayRef<OpFact> opFacts() { return Facts; }

llvm::StringRef opTableSourceVersion() { return SourceVersion[0]; }

const OpFact *opFact(llvm::StringRef Name, llvm::StringRef Overload) {
  for (const OpFact &F : Facts)
    if (F.Name == Name && F.Overload == Overload)
      return &F;
  return nullptr;
}

llvm::SmallVector<llvm::StringRef, 8> schemaArgumentNames(llvm::StringRef S) {
  llvm::SmallVector<llvm::StringRef, 8> Names;
  size_t Open = S.find('('), Close = S.rfind(") ->");
  if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos ||
      Close < Open)
    return Names;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  S.slice(Open + 1, Close).split(Parts, ',');
  for (llvm::StringRef Part : Parts) {
    Part = Part.split('=').first.trim();
    if (Part.empty() || Part == "*")
      continue;
    Names.push_back(Part.rsplit(' ').second.empty() ? Part
                                                    : Part.rsplit(' ').second);
  }
  return Names;
}

std::optional<OpWait> waitingOp(const CallExpr *Call, llvm::StringRef Check,
                                OpLowering &Ops, ASTContext &Ctx) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return std::nullopt;
  const OpCall *Only = nullptr;
  for (const OpCall &Op : Ops.lower(FD)) {
    if (Op.Conditional)
      continue;
    if (Only)
      return std::nullopt; // Several operators: not one op's spelling.
    Only = &Op;
  }
  if (!Only)
    return std::nullopt;
  const OpFact *F = opFact(Only->Name, Only->Overload);
  if (!F || F->Effect == OpEffect::None || F->Check != Check ||
      !conditionHolds(*F, Call, *Only, Ctx))
    return std::nullopt;
  auto [Tensor, Itself] = callArgument(Call, *Only, F->Tensor);
  return OpWait{F, Only, Itself ? Tensor : nullptr};
}

} // namespace clang::tidy::torchsync
