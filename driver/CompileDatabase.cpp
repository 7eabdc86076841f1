//===--- CompileDatabase.cpp - Where the compile commands come from -------===//
//
// Part of torchsync. See CompileDatabase.h.
//
//===----------------------------------------------------------------------===//

#include "CompileDatabase.h"
#include "InputFiles.h"
#include "program/JsonDepth.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace tooling = clang::tooling;

namespace torchsync {

llvm::Expected<std::unique_ptr<tooling::CompilationDatabase>>
loadBuildDatabase(llvm::StringRef BuildDir) {
  if (!llvm::sys::fs::is_directory(BuildDir))
    return llvm::createStringError("build directory '" + BuildDir +
                                   "' does not exist");
  llvm::SmallString<256> File(BuildDir);
  llvm::sys::path::append(File, "compile_commands.json");
  if (!llvm::sys::fs::exists(File))
    return llvm::createStringError(
        "no compile_commands.json in '" + BuildDir +
        "' (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
  // The database's YAML reader recurses once per level of nesting.
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Text =
      readInputFile(File);
  if (!Text)
    return llvm::createStringError("cannot read '" + File +
                                   "': " + llvm::toString(Text.takeError()));
  if (llvm::Error E =
          clang::tidy::torchsync::checkJsonNesting((*Text)->getBuffer()))
    return llvm::createStringError("cannot read '" + File +
                                   "': " + llvm::toString(std::move(E)));
  std::string Error;
  auto JSON = tooling::JSONCompilationDatabase::loadFromFile(
      File, Error, tooling::JSONCommandLineSyntax::AutoDetect);
  if (!JSON)
    return llvm::createStringError(
        "cannot read '" + File +
        "': " + llvm::StringRef(Error).split('\n').first.trim());
  // Headers and new files get the command of their closest neighbour.
  return tooling::inferMissingCompileCommands(std::move(JSON));
}

std::unique_ptr<tooling::CompilationDatabase>
findDatabaseFor(llvm::StringRef File) {
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Build(Dir);
    llvm::sys::path::append(Build, "build");
    for (llvm::StringRef Candidate : {Dir, llvm::StringRef(Build)}) {
      // A database nested too deeply would crash its reader: it is passed
      // over, as one that cannot be read is.
      llvm::SmallString<256> JSON(Candidate);
      llvm::sys::path::append(JSON, "compile_commands.json");
      if (llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Text =
              readInputFile(JSON)) {
        if (llvm::Error E = clang::tidy::torchsync::checkJsonNesting(
                (*Text)->getBuffer())) {
          llvm::consumeError(std::move(E));
          continue;
        }
      } else {
        llvm::consumeError(Text.takeError());
      }
      std::string Ignored;
      if (std::unique_ptr<tooling::CompilationDatabase> DB =
              tooling::CompilationDatabase::loadFromDirectory(Candidate,
                                                              Ignored))
        return tooling::inferMissingCompileCommands(std::move(DB));
    }
    if (Dir == llvm::sys::path::root_path(Dir))
      break;
  }
  return nullptr;
}

} // namespace torchsync
