//===--- MockAST.h - Sources over the mock LibTorch headers -----*- C++ -*-===//
//
// Part of torchsync's unit tests: an in-memory translation unit compiled as
// the check tests compile theirs (C++17, test/Inputs/mock as a system
// include directory).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_TEST_UNIT_MOCKAST_H
#define TORCHSYNC_TEST_UNIT_MOCKAST_H

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace torchsync::test {

/// The AST of \p Code (which includes the mock headers it needs).
inline std::unique_ptr<clang::ASTUnit> parseWithMockHeaders(llvm::StringRef Code) {
  return clang::tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-isystem", TORCHSYNC_MOCK_INCLUDE}, "input.cpp");
}

} // namespace torchsync::test

#endif // TORCHSYNC_TEST_UNIT_MOCKAST_H
