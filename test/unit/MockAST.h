//===--- MockAST.h - Sources over the mock LibTorch headers -----*- C++ -*-===//
//
// Part of torchsync's unit tests: an in-memory translation unit of plain C++
// (parsePlain), or one compiled as
// the check tests compile theirs (C++17, test/Inputs/mock as a system
// include directory), on the check tests' precompiled mock <torch/torch.h>
// where it leaves what the source sees the same (test/check_torchsync.py's
// uses_pch says when): parsing the mock headers costs about 0.8 s a source,
// loading their PCH a few milliseconds.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_TEST_UNIT_MOCKAST_H
#define TORCHSYNC_TEST_UNIT_MOCKAST_H

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace torchsync::test {

/// Whether nothing but blank lines and line comments precedes \p Code's
/// `#include <torch/torch.h>`.
inline bool torchIncludeFirst(llvm::StringRef Code) {
  while (!Code.empty()) {
    auto [Line, Rest] = Code.split('\n');
    Line = Line.trim();
    if (!Line.empty() && !Line.starts_with("//"))
      return Line == "#include <torch/torch.h>";
    Code = Rest;
  }
  return false;
}

/// The AST of \p Code (which includes the mock headers it needs).
inline std::unique_ptr<clang::ASTUnit>
parseWithMockHeaders(llvm::StringRef Code) {
  std::vector<std::string> Args{"-std=c++17", "-isystem",
                                TORCHSYNC_MOCK_INCLUDE};
  // <torch/torch.h> and what it includes are include-guarded: the source's
  // own include of it adds nothing after the PCH.
  if (llvm::StringRef(TORCHSYNC_MOCK_PCH).size() && torchIncludeFirst(Code)) {
    Args.push_back("-include-pch");
    Args.push_back(TORCHSYNC_MOCK_PCH);
  }
  return clang::tooling::buildASTFromCodeWithArgs(Code, Args, "input.cpp");
}

/// The AST of \p Code, plain C++17 that includes nothing; a test fails
/// where it does not compile.
inline std::unique_ptr<clang::ASTUnit> parsePlain(llvm::StringRef Code) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"},
                                               "input.cpp");
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  return AST;
}

} // namespace torchsync::test

#endif // TORCHSYNC_TEST_UNIT_MOCKAST_H
