//===--- Serialization.h - Per-file summaries as text -----------*- C++ -*-===//
//
// Part of torchsync. The JSON form of a per-file summary (Summary.h), as the
// driver's result cache keeps it beside the file's findings: one versioned
// format, written and read only here.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_SERIALIZATION_H
#define TORCHSYNC_PROGRAM_SERIALIZATION_H

#include "program/Summary.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace clang::tidy::torchsync {

/// Compact JSON text ("version": 1).
std::string summaryToJson(const Summary &S);
/// Reads it back; another version, text that is not a summary or JSON
/// nested too deeply (utils/JsonDepth.h) is an error.
llvm::Expected<Summary> summaryFromJson(llvm::StringRef Text);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_SERIALIZATION_H
