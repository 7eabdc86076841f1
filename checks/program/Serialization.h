//===--- Serialization.h - Summaries and the index as text ------*- C++ -*-===//
//
// Part of torchsync. The JSON forms of what a whole-project run knows, each
// written and read only here, under one format version: a per-file summary
// (Summary.h), as the driver's result cache keeps it beside the file's
// findings, and the program's resolved facts (Index.h), as the driver writes
// them to the summary file (`torchsync-facts.json`) for the clang-tidy plugin
// and the editor. Each fact records the files it comes from, and the file
// the content hash (BLAKE3, as the result cache) of each: Index drops a fact
// that comes from a file whose content changed since.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_SERIALIZATION_H
#define TORCHSYNC_PROGRAM_SERIALIZATION_H

#include "program/Facts.h"
#include "program/Summary.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace clang::tidy::torchsync {

/// The version of both formats; text of another version is refused with one
/// line (a summary in the cache is then made again).
constexpr unsigned FormatVersion = 1;

/// Compact JSON text ("version": FormatVersion).
std::string summaryToJson(const Summary &S);
/// Reads it back; another version, text that is not a summary or JSON
/// nested too deeply (program/JsonDepth.h) is an error.
llvm::Expected<Summary> summaryFromJson(llvm::StringRef Text);

/// The content hash recorded for a file's text.
std::string factsContentHash(llvm::StringRef Data);

/// The hash recorded for a file's compile commands (each one's directory
/// and arguments, in the database's order); empty when there are none.
std::string
commandHash(llvm::ArrayRef<clang::tooling::CompileCommand> Commands);

/// commandHash of the commands that the compile database \p Database (a
/// compile_commands.json; a file it lacks gets its closest neighbour's, as
/// the driver gives it) lists for \p File; empty when it cannot be read.
/// The parsed database is kept while its time and size stay the same.
std::string commandHashIn(llvm::StringRef Database, llvm::StringRef File);

/// The summary file's text ("torchsync-facts": FormatVersion), indented.
/// What a function returns at one call (ReturnsAt facts) is in a list of
/// its own, "returnsAt" (each with the call's "file" and "offset"), which
/// a reader that does not know it leaves aside: it then decides those
/// calls by the function's "returns" fact, the join over every call.
std::string factsToJson(const FactsFile &F);
/// Errors are one line naming the problem ("not JSON: ...", "version 2,
/// expected 1", ...), without the file's name.
llvm::Expected<FactsFile> factsFromJson(llvm::StringRef Text);
/// Reads and parses \p Path; errors name it ("cannot read summary file
/// 'x': ...").
llvm::Expected<FactsFile> readFactsFile(llvm::StringRef Path);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_SERIALIZATION_H
