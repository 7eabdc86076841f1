//===--- JsonDepth.h - Refusing JSON and YAML nested too deeply -*- C++ -*-===//
//
// Part of torchsync. LLVM's JSON parser, json::Value's destructor and the
// YAML reader behind clang-tidy's configuration recurse once per level of
// nesting: 50,000 levels (a 100 kB file of '[') overflow the stack. Only
// corrupt or hostile files nest like that, but they must get a one-line
// error, not a crash. So every reader of a file that a user or another tool
// hands over (reports, baselines, harness specs, the summary file,
// configuration files) counts the nesting first, in one pass without
// recursion, and refuses text nested deeper than MaxNesting. The driver,
// the plugin and the editor share this header.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_JSONDEPTH_H
#define TORCHSYNC_PROGRAM_JSONDEPTH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <optional>

namespace clang::tidy::torchsync {

/// The deepest nesting accepted: far deeper than anything torchsync or
/// torchsync-verify write (a SARIF log nests about a dozen levels), far
/// shallower than what overflows a thread's stack.
constexpr unsigned MaxNesting = 1000;

/// The offset in the JSON \p Text of the first '[' or '{' that opens a level
/// deeper than \p Limit, counted in one pass without parsing (brackets in
/// strings do not count); std::nullopt when there is none. Text that is not
/// JSON is counted all the same: the parser reports it.
std::optional<size_t> findJsonTooDeep(llvm::StringRef Text, unsigned Limit);

/// Fails ("nested more than 1000 levels deep (line N)") when the arrays and
/// objects of the JSON \p Text nest deeper than MaxNesting. Text that is not
/// JSON passes: the parser reports it.
llvm::Error checkJsonNesting(llvm::StringRef Text);

/// llvm::json::parse, after checkJsonNesting.
llvm::Expected<llvm::json::Value> parseJsonBounded(llvm::StringRef Text);

/// Fails when the YAML \p Text may nest deeper than MaxNesting. The count
/// errs on the high side: flow collections ('[' and '{' outside quotes and
/// comments), plus, on each line, the indentation and the block indicators
/// ("- ", "? ") that open a nested block collection on the same line.
llvm::Error checkYamlNesting(llvm::StringRef Text);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_JSONDEPTH_H
