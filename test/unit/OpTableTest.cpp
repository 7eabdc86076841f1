//===--- OpTableTest.cpp - The operator table ------------------------------===//
//
// The generated table (checks/ops/OpTable.inc) as the checks read it, and
// waitingOp() on the miniature LibTorch of a few operators.
//
//===----------------------------------------------------------------------===//

#include "utils/OpTable.h"
#include "utils/Ops.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy::torchsync;

namespace {

TEST(OpTableTest, SchemaArgumentNames) {
  EXPECT_EQ(schemaArgumentNames("copy_(Tensor(a!) self, Tensor src, bool "
                                "non_blocking=False) -> Tensor(a!)"),
            (llvm::SmallVector<llvm::StringRef, 8>{"self", "src",
                                                   "non_blocking"}));
  EXPECT_EQ(schemaArgumentNames("repeat_interleave.Tensor(Tensor repeats, *, "
                                "SymInt? output_size=None) -> Tensor"),
            (llvm::SmallVector<llvm::StringRef, 8>{"repeats", "output_size"}));
  EXPECT_TRUE(schemaArgumentNames("not a schema").empty());
}

TEST(OpTableTest, RowsSayWhatWaitsAndCiteTheirEvidence) {
  ASSERT_FALSE(opFacts().empty());
  EXPECT_FALSE(opTableSourceVersion().empty());
  for (const OpFact &F : opFacts()) {
    EXPECT_TRUE(F.Name.starts_with("aten::")) << F.Name.str();
    if (F.Effect != OpEffect::None)
      EXPECT_TRUE(F.Evidence.contains('/')) << F.Name.str();
    EXPECT_FALSE(F.Check.empty()) << F.Name.str();
  }
  const OpFact *Nonzero = opFact("aten::nonzero", "");
  ASSERT_NE(Nonzero, nullptr);
  EXPECT_EQ(Nonzero->Effect, OpEffect::OutputSize);
  EXPECT_EQ(Nonzero->Check, "dynamic-shape");
  EXPECT_EQ(Nonzero->Tensor, "self");
  const OpFact *Dense = opFact("aten::_local_scalar_dense", "");
  ASSERT_NE(Dense, nullptr);
  EXPECT_EQ(Dense->Effect, OpEffect::HostRead);
  const OpFact *Repeat = opFact("aten::repeat_interleave", "Tensor");
  ASSERT_NE(Repeat, nullptr);
  EXPECT_EQ(Repeat->When, OpCondition::Absent);
  EXPECT_EQ(Repeat->WhenArg, "output_size");
  EXPECT_EQ(Repeat->Tensor, "repeats");
  // An operator that does not wait has no row.
  EXPECT_EQ(opFact("aten::add", "Tensor"), nullptr);
  EXPECT_EQ(opFact("aten::repeat_interleave", "self_int"), nullptr);
}

TEST(OpTableTest, CompiledFunctions) {
  std::optional<OpCall> Item = compiledOp("at::Tensor::item");
  ASSERT_TRUE(Item);
  EXPECT_EQ(Item->Name, "aten::item");
  ASSERT_EQ(Item->Args.size(), 1u);
  EXPECT_EQ(Item->Args[0].Kind, OpArg::Object);
  EXPECT_FALSE(compiledOp("at::Tensor::add"));
}

constexpr char Mini[] = R"cpp(
namespace c10 { template <class T> struct optional { optional(); optional(T); }; }
namespace at {
class Tensor;
namespace _ops {
struct one_hot {
  static constexpr const char *name = "aten::one_hot";
  static constexpr const char *overload_name = "";
  static constexpr const char *schema_str = "one_hot(Tensor self, int num_classes=-1) -> Tensor";
  static Tensor call(const Tensor &self, long num_classes);
};
struct sort {
  static constexpr const char *name = "aten::sort";
  static constexpr const char *overload_name = "";
  static constexpr const char *schema_str = "sort(Tensor self) -> Tensor";
  static Tensor call(const Tensor &self);
};
}
class Tensor {};
inline Tensor one_hot(const Tensor &t, long n = -1) { return _ops::one_hot::call(t, n); }
inline Tensor sorted_one_hot(const Tensor &t) {
  return _ops::one_hot::call(_ops::sort::call(t), -1);
}
inline Tensor maybe_one_hot(const Tensor &t, bool b) {
  if (b)
    return _ops::one_hot::call(t, -1);
  return t;
}
}
)cpp";

/// waitingOp() on the call in function `f` of \p Code: the operator and
/// the text of the tensor it names, "" when none.
std::string waitingIn(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      std::string(Mini) + Code.str(), {"-std=c++17"}, "input.cpp");
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  if (!AST)
    return "error";
  auto Found = match(functionDecl(hasName("f"),
                                  hasBody(compoundStmt(hasAnySubstatement(
                                      expr(ignoringImplicit(
                                          callExpr().bind("call")))))))
                         .bind("f"),
                     AST->getASTContext());
  if (Found.size() != 1)
    return "no call";
  OpLowering Ops;
  std::optional<OpWait> W =
      waitingOp(Found[0].getNodeAs<CallExpr>("call"), "dynamic-shape", Ops,
                AST->getASTContext());
  if (!W)
    return "";
  std::string Tensor = "-";
  if (const auto *DRE =
          dyn_cast_or_null<DeclRefExpr>(W->Tensor->IgnoreImplicit()))
    Tensor = DRE->getDecl()->getName().str();
  return W->Fact->Name.str() + "(" + Tensor + ")";
}

TEST(OpTableTest, WaitingOpsOfCalls) {
  EXPECT_EQ(waitingIn("void f(at::Tensor x) { at::one_hot(x); }"),
            "aten::one_hot(x)");
  // The row's condition: num_classes == -1, shown or not.
  EXPECT_EQ(waitingIn("void f(at::Tensor x) { at::one_hot(x, 10); }"), "");
  EXPECT_EQ(waitingIn("void f(at::Tensor x, long n) { at::one_hot(x, n); }"),
            "");
  // Another check's question.
  EXPECT_EQ(waitingIn("void f(at::Tensor x) { at::_ops::sort::call(x); }"),
            "");
  // Several operators (a composite): not a spelling of one.
  EXPECT_EQ(waitingIn("void f(at::Tensor x) { at::sorted_one_hot(x); }"), "");
  // On a branch only.
  EXPECT_EQ(waitingIn("void f(at::Tensor x) { at::maybe_one_hot(x, true); }"),
            "");
}

} // namespace
