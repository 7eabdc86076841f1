//===--- OpsTest.cpp - The ATen operators a LibTorch call runs -------------===//
//
// OpLowering (checks/utils/Ops.h) on small sources: a LibTorch in miniature
// written the way its headers are (inline wrappers down to the
// `at::_ops::<op>::call` of a struct that names the operator), and, where the
// tests' precompiled real <torch/torch.h> was built, Debian's LibTorch.
//
//===----------------------------------------------------------------------===//

#include "utils/Ops.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy::torchsync;

namespace {

/// LibTorch's shapes, in miniature.
constexpr char MiniTorch[] = R"cpp(
namespace c10 {
struct Scalar { double v; double toDouble() const { return v; } };
struct TensorOptions {
  int device_ = 0;
  int device_opt() const { return device_; }
};
}
namespace at {
using c10::Scalar;
using c10::TensorOptions;
class Tensor;
namespace _ops {
struct nonzero {
  static constexpr const char *name = "aten::nonzero";
  static constexpr const char *overload_name = "";
  static constexpr const char *schema_str = "nonzero(Tensor self) -> Tensor";
  static Tensor call(const Tensor &self);
};
struct copy_ {
  static constexpr const char *name = "aten::copy_";
  static constexpr const char *overload_name = "";
  static constexpr const char *schema_str =
      "copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)";
  static Tensor &call(Tensor &self, const Tensor &src, bool non_blocking);
};
struct select_int {
  static constexpr const char *name = "aten::select";
  static constexpr const char *overload_name = "int";
  static constexpr const char *schema_str =
      "select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)";
  static Tensor call(const Tensor &self, long dim, long index);
};
struct item {
  static constexpr const char *name = "aten::item";
  static constexpr const char *overload_name = "";
  static constexpr const char *schema_str = "item(Tensor self) -> Scalar";
  static Scalar call(const Tensor &self);
};
struct zeros {
  static constexpr const char *name = "aten::zeros";
  static constexpr const char *overload_name = "";
  static constexpr const char *schema_str = "zeros(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor";
  static Tensor call(long size, int device);
};
struct recursive {
  static constexpr const char *name = "aten::recursive";
  static Tensor call(const Tensor &self);
};
}
class Tensor {
public:
  Tensor nonzero() const;
  Tensor &copy_(const Tensor &src, bool non_blocking = false) const;
  Tensor select(long dim, long index) const;
  Tensor operator[](long index) const { return select(0, index); }
  Tensor &operator=(const Tensor &rhs) && { return copy_(rhs); }
  Tensor &operator=(const Tensor &rhs) & { return *this; }
  Scalar item() const;
  template <typename T> T item() const;
  Tensor compiled() const;
  Tensor checked(bool fast) const {
    if (!fast)
      return nonzero();
    return fast ? select(0, 1) : copy_(*this);
  }
  Tensor ping() const;
  Tensor pong() const;
};
inline Tensor Tensor::nonzero() const {
  return at::_ops::nonzero::call(const_cast<Tensor &>(*this));
}
inline Tensor &Tensor::copy_(const Tensor &src, bool non_blocking) const {
  return at::_ops::copy_::call(const_cast<Tensor &>(*this), src, non_blocking);
}
inline Tensor Tensor::select(long dim, long index) const {
  return at::_ops::select_int::call(const_cast<Tensor &>(*this), dim, index);
}
inline Scalar Tensor::item() const {
  return at::_ops::item::call(const_cast<Tensor &>(*this));
}
template <> inline double Tensor::item() const { return item().toDouble(); }
inline Tensor Tensor::ping() const { return pong(); }
inline Tensor Tensor::pong() const {
  ping();
  return at::_ops::recursive::call(*this);
}
inline Tensor nonzero(const Tensor &self) { return self.nonzero(); }
inline Tensor zeros(long size, TensorOptions options = {}) {
  return at::_ops::zeros::call(size, options.device_opt());
}
}
namespace torch { using namespace at; }
)cpp";

/// The operators the call in each function named \p Name or \p Name<N> of
/// \p AST runs (the outermost call of a statement of its body), in the
/// order of the functions, each printed as "aten::select.int(this, -, arg0)":
/// the source of each argument, `~` before one derived from it, and `?`
/// before an operator run only on some paths.
std::vector<std::vector<std::string>> opsOfEach(ASTUnit &AST,
                                                llvm::StringRef Name) {
  // The main file's declarations only: matching all of a precompiled
  // <torch/torch.h> would read it back whole.
  AST.getASTContext().setTraversalScope(
      std::vector<Decl *>(AST.top_level_begin(), AST.top_level_end()));
  auto Found = match(
      functionDecl(matchesName("::" + Name.str() + "[0-9]*$"),
                   hasBody(compoundStmt(hasAnySubstatement(
                       expr(ignoringImplicit(callExpr().bind("call")))))))
          .bind("f"),
      AST.getASTContext());
  OpLowering Ops;
  std::vector<std::vector<std::string>> Result;
  for (const BoundNodes &Node : Found) {
    const auto *Call = Node.getNodeAs<CallExpr>("call");
    std::vector<std::string> One;
    for (const OpCall &Op : Ops.lower(Call->getDirectCallee())) {
      std::vector<std::string> Args;
      for (const OpArg &A : Op.Args)
        Args.push_back(
            std::string(A.Derived ? "~" : "") +
            (A.Kind == OpArg::Object     ? "this"
             : A.Kind == OpArg::Argument ? "arg" + std::to_string(A.Index)
                                         : "-"));
      One.push_back((Op.Conditional ? "?" : "") + Op.Name +
                    (Op.Overload.empty() ? "" : "." + Op.Overload) +
                    "(" + llvm::join(Args, ", ") + ")");
    }
    Result.push_back(std::move(One));
  }
  return Result;
}

/// The same for the one function `f` of \p Code, after the miniature.
std::vector<std::string> opsOf(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      std::string(MiniTorch) + Code.str(), {"-std=c++17"}, "input.cpp");
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  if (!AST)
    return {};
  std::vector<std::vector<std::string>> Each = opsOfEach(*AST, "f");
  EXPECT_EQ(Each.size(), 1u);
  return Each.size() == 1 ? Each.front() : std::vector<std::string>();
}

using Ops = std::vector<std::string>;

TEST(OpsTest, AMethodRunsItsOperatorOnItsObject) {
  EXPECT_EQ(opsOf("void f(at::Tensor t) { t.nonzero(); }"),
            Ops{"aten::nonzero(this)"});
}

TEST(OpsTest, FreeFunctionsAndOtherNamespacesRunTheSameOperator) {
  EXPECT_EQ(opsOf("void f(at::Tensor t) { at::nonzero(t); }"),
            Ops{"aten::nonzero(arg0)"});
  EXPECT_EQ(opsOf("void f(at::Tensor t) { torch::nonzero(t); }"),
            Ops{"aten::nonzero(arg0)"});
}

TEST(OpsTest, AssignmentToARowIsACopyIntoIt) {
  // `obs[i] = h`: the row is a select of obs; the assignment copies h into
  // it (its default non_blocking is no argument of the call).
  EXPECT_EQ(opsOf("void f(at::Tensor obs, at::Tensor h) { obs[1] = h; }"),
            Ops{"aten::copy_(this, arg0, -)"});
  EXPECT_EQ(opsOf("void f(at::Tensor obs) { obs[1]; }"),
            Ops{"aten::select.int(this, -, arg0)"});
  // Assigning to a variable (an lvalue) runs nothing.
  EXPECT_EQ(opsOf("void f(at::Tensor a, at::Tensor b) { a = b; }"), Ops{});
}

TEST(OpsTest, TemplateSpecializationsAndFactories) {
  EXPECT_EQ(opsOf("void f(at::Tensor t) { t.item<double>(); }"),
            Ops{"aten::item(this)"});
  // The factory's device comes from its options argument.
  EXPECT_EQ(opsOf("void f(c10::TensorOptions o) { at::zeros(4, o); }"),
            Ops{"aten::zeros(arg0, ~arg1)"});
}

TEST(OpsTest, CompiledAndForeignFunctionsRunNothingKnown) {
  EXPECT_EQ(opsOf("void f(at::Tensor t) { t.compiled(); }"), Ops{});
  EXPECT_EQ(opsOf("int g(int); void f() { g(1); }"), Ops{});
}

TEST(OpsTest, OperatorsOnSomePathsOnlyAreConditional) {
  EXPECT_EQ(opsOf("void f(at::Tensor t) { t.checked(true); }"),
            (Ops{"?aten::nonzero(this)", "?aten::select.int(this, -, -)",
                 "?aten::copy_(this, this, -)"}));
  // item<T>() of the miniature is declared, not defined, for other types:
  // compiled into the library, it is lowered by the operator table's row
  // for at::Tensor::item (OpTable.h).
  EXPECT_EQ(opsOf("void f(at::Tensor t) { t.item<float>(); }"),
            Ops{"aten::item(this)"});
}

TEST(OpsTest, RecursionEnds) {
  EXPECT_EQ(opsOf("void f(at::Tensor t) { t.ping(); }"),
            Ops{"aten::recursive(this)"});
}

/// Debian's LibTorch (1.13), on the tests' precompiled <torch/torch.h>.
TEST(OpsTest, RealHeaders) {
  llvm::StringRef Pch = TORCHSYNC_TORCH_PCH;
  if (Pch.empty())
    GTEST_SKIP() << "no precompiled real <torch/torch.h> (libtorch-dev)";
  std::vector<std::string> Args;
  for (llvm::StringRef Flag : llvm::split(TORCHSYNC_TORCH_FLAGS, '|'))
    Args.push_back(Flag.str());
  Args.push_back("-include-pch");
  Args.push_back(Pch.str());
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      R"cpp(#include <torch/torch.h>
void f0(torch::Tensor t) { t.nonzero(); }
void f1(torch::Tensor obs, torch::Tensor h) { obs[2] = h; }
void f2(torch::Tensor obs) { obs[2]; }
void f3(torch::Tensor t) { t.item<float>(); }
void f4(torch::Tensor t, torch::Device d) { t.to(d); }
void f5(torch::Tensor t) { t.cpu(); }
void f6(torch::TensorOptions o) { torch::zeros({8, 4}, o); }
void f7(torch::Tensor t) { torch::nonzero(t); }
)cpp",
      Args, "input.cpp");
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  std::vector<std::vector<std::string>> Each = opsOfEach(*AST, "f");
  ASSERT_EQ(Each.size(), 8u);
  EXPECT_EQ(Each[0], Ops{"aten::nonzero(this)"});
  EXPECT_EQ(Each[1], Ops{"aten::copy_(this, arg0, -)"});
  EXPECT_EQ(Each[2], Ops{"aten::select.int(this, -, arg0)"});
  // item<T>() is compiled into the library (TensorMethods.cpp): the
  // operator table's row for it says what it runs.
  EXPECT_EQ(Each[3], Ops{"aten::item(this)"});
  // A Device converts to TensorOptions: the overload of to() that takes
  // options, and its dtype, layout, device and pinnedness come from them.
  EXPECT_EQ(Each[4], Ops{"aten::to.dtype_layout(this, ~arg0, ~arg0, ~arg0, "
                         "~arg0, arg1, arg2, -)"});
  // cpu() is to(options().device(kCPU)): options made from the object.
  EXPECT_EQ(Each[5], Ops{"aten::to.dtype_layout(this, ~this, ~this, ~this, "
                         "~this, -, -, -)"});
  EXPECT_EQ(Each[6], Ops{"aten::zeros(~arg0, ~arg1, ~arg1, ~arg1, ~arg1)"});
  EXPECT_EQ(Each[7], Ops{"aten::nonzero(arg0)"});
}

} // namespace
