//===--- Collector.h - The per-file summary builder -------------*- C++ -*-===//
//
// Part of torchsync. What a whole-project run learns from one translation
// unit (Summary.h), built from the analyses the checks use (device
// inference, hot paths, entry points) over the user code of the unit; and
// the traversal scope that keeps the checks and the collector to that code.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_COLLECTOR_H
#define TORCHSYNC_PROGRAM_COLLECTOR_H

#include "clang/AST/ASTConsumer.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class SourceManager;
namespace tidy::torchsync {

/// An AST consumer that limits what later consumers traverse (the AST's
/// traversal scope) to the top-level declarations of user code
/// (utils/UserCode.h). Put it first in a MultiplexConsumer. Nothing is
/// lost: a match in a system or LibTorch header would be reported in that
/// header, where clang-tidy drops it; templates of user code bring their
/// instantiations along, and ASTContext's parent map follows the scope.
std::unique_ptr<ASTConsumer> makeUserCodeScope(const SourceManager &SM);

/// An AST consumer that writes the summary of the translation unit to
/// \p Out as JSON text (Serialization.h); run it after makeUserCodeScope's.
/// \p HotFunctions and \p EntryPoints are the configuration's global
/// `HotFunctions` and `EntryPoints` lists.
std::unique_ptr<ASTConsumer>
makeCollector(CompilerInstance &Compiler, std::vector<std::string> HotFunctions,
              std::vector<std::string> EntryPoints, std::string &Out);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_PROGRAM_COLLECTOR_H
