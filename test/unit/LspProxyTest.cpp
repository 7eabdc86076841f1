//===--- LspProxyTest.cpp - The editor layer's message guards -------------===//
//
// Part of torchsync. The bound on how deeply an LSP message nests, which the
// layer in torchsync-clangd checks before it parses a message.
//
//===----------------------------------------------------------------------===//

#include "LspProxy.h"
#include "gtest/gtest.h"
#include <string>

namespace torchsync::clangd {
namespace {

TEST(LspProxyTest, NestingIsCountedOutsideStrings) {
  // Three levels: the object, the array, the object in it.
  EXPECT_FALSE(nestsDeeperThan(R"({"a": [1, {"b": 2}]})", 3));
  EXPECT_TRUE(nestsDeeperThan(R"({"a": [1, {"b": 2}]})", 2));
  EXPECT_FALSE(nestsDeeperThan(R"({"a": "[[[[{{{{"})", 1));
  EXPECT_FALSE(nestsDeeperThan(R"({"a": "\"[[[["})", 1));
}

// Found by torchsync-input-fuzzer (test/fuzz/inputs/lsp-escape-at-end): a
// backslash that ends the text inside a string skipped past the end, and the
// scan read on beyond the message.
TEST(LspProxyTest, BackslashAtTheEndStaysInside) {
  // Owned copies, so that nothing readable follows the text.
  std::string Open = R"({"a":"\)";
  EXPECT_FALSE(nestsDeeperThan(Open, 1));
  std::string Quote = "\"\\";
  EXPECT_FALSE(nestsDeeperThan(Quote, 0));
  EXPECT_FALSE(nestsDeeperThan("\\", 0));
}

} // namespace
} // namespace torchsync::clangd
