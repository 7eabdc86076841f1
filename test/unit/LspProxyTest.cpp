//===--- LspProxyTest.cpp - The editor layer's message guards -------------===//
//
// Part of torchsync. The bound on how deeply a JSON text nests
// (program/JsonDepth.h), which the layer in torchsync-clangd checks before it
// parses an LSP message, as the driver and the checks do for their inputs.
//
//===----------------------------------------------------------------------===//

#include "LspProxy.h"
#include "program/JsonDepth.h"
#include "gtest/gtest.h"
#include <string>

namespace clang::tidy::torchsync {
namespace {

TEST(LspProxyTest, NestingIsCountedOutsideStrings) {
  // Three levels: the object, the array, the object in it.
  EXPECT_FALSE(findJsonTooDeep(R"({"a": [1, {"b": 2}]})", 3).has_value());
  EXPECT_TRUE(findJsonTooDeep(R"({"a": [1, {"b": 2}]})", 2).has_value());
  EXPECT_FALSE(findJsonTooDeep(R"({"a": "[[[[{{{{"})", 1).has_value());
  EXPECT_FALSE(findJsonTooDeep(R"({"a": "\"[[[["})", 1).has_value());
}

// Found by torchsync-input-fuzzer (test/fuzz/inputs/lsp-escape-at-end): a
// backslash that ends the text inside a string skipped past the end, and the
// scan read on beyond the message.
TEST(LspProxyTest, BackslashAtTheEndStaysInside) {
  // Owned copies, so that nothing readable follows the text.
  std::string Open = R"({"a":"\)";
  EXPECT_FALSE(findJsonTooDeep(Open, 1).has_value());
  std::string Quote = "\"\\";
  EXPECT_FALSE(findJsonTooDeep(Quote, 0).has_value());
  EXPECT_FALSE(findJsonTooDeep("\\", 0).has_value());
}

TEST(LspProxyTest, PathsOfFileUris) {
  using ::torchsync::clangd::pathOfUri;
  EXPECT_EQ(pathOfUri("file:///p/a%20b.cpp"), "/p/a b.cpp");
  EXPECT_EQ(pathOfUri("file:///p/%2"), "/p/%2"); // Cut short: kept.
  EXPECT_EQ(pathOfUri("file:///p/%zz.cpp"), "/p/%zz.cpp");
  EXPECT_EQ(pathOfUri("untitled:Untitled-1"), "");
}

} // namespace
} // namespace clang::tidy::torchsync
