//===--- CompileDatabase.h - Where the compile commands come from ---------===//
//
// Part of torchsync. With -p, the compile_commands.json of the build
// directory; without -p and without compiler arguments after '--', the
// database is looked for as clang-tidy looks for it (the first file's
// directory and its parents) and as clangd does (also the build/ folder of
// each of them), so that `torchsync src/train.cpp` finds
// build/compile_commands.json in a CMake project. Headers and files the
// database does not list get the command of their closest neighbour.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_COMPILEDATABASE_H
#define TORCHSYNC_DRIVER_COMPILEDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace torchsync {

/// The compile_commands.json of BuildDir (-p). Fails, naming the problem,
/// when the directory or the file is missing or the file cannot be read.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadBuildDatabase(llvm::StringRef BuildDir);

/// The database for File when neither -p nor '--' is given: the first of
/// File's directory, its parents, and the build/ folder of each (nearest
/// first) that holds compile_commands.json or compile_flags.txt. Null when
/// there is none.
std::unique_ptr<clang::tooling::CompilationDatabase>
findDatabaseFor(llvm::StringRef File);

/// What a file that did not compile without a compilation database is
/// told, after the compiler's error.
constexpr llvm::StringLiteral NoDatabaseHint =
    "; no compilation database was found (compile_commands.json in its "
    "directory, a parent or their build/ folder), so it was parsed as "
    "-std=c++17 with no other flags: pass -p <build-dir>, or the compiler "
    "arguments after '--'";

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_COMPILEDATABASE_H
