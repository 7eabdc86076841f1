//===--- FileSelection.cpp - Which files a run analyzes -------------------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "FileSelection.h"
#include "Findings.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace llvm;

namespace torchsync {

Expected<Shard> parseShard(StringRef Text) {
  auto [K, N] = Text.split('/');
  Shard S;
  if (K.getAsInteger(10, S.Index) || N.getAsInteger(10, S.Count) ||
      S.Count == 0 || S.Index == 0 || S.Index > S.Count)
    return createStringError("invalid --shard '" + Text +
                             "' (expected K/N with 1 <= K <= N, e.g. 2/4)");
  return S;
}

Expected<std::vector<GlobPattern>> compileGlobs(ArrayRef<std::string> Patterns,
                                                StringRef Option) {
  std::vector<GlobPattern> Globs;
  for (const std::string &P : Patterns) {
    Expected<GlobPattern> G = GlobPattern::create(P, /*MaxSubPatterns=*/1024);
    if (!G)
      return createStringError("invalid " + Option + " pattern '" + P +
                               "': " + toString(G.takeError()));
    Globs.push_back(std::move(*G));
  }
  return Globs;
}

std::vector<std::string> selectFiles(std::vector<std::string> Files,
                                     const PathFilter &Filter, StringRef Root) {
  llvm::sort(Files);
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  std::vector<std::string> Kept;
  for (std::string &File : Files) {
    std::string Path =
        pathUnder(File, Root).value_or(sys::path::convert_to_slash(File));
    auto Matches = [&](const GlobPattern &G) { return G.match(Path); };
    if (!Filter.Include.empty() && llvm::none_of(Filter.Include, Matches))
      continue;
    if (llvm::any_of(Filter.Exclude, Matches))
      continue;
    Kept.push_back(std::move(File));
  }
  if (!Filter.Part)
    return Kept;
  std::vector<std::string> Part;
  for (size_t I = Filter.Part->Index - 1; I < Kept.size();
       I += Filter.Part->Count)
    Part.push_back(std::move(Kept[I]));
  return Part;
}

std::vector<std::string> filesUnder(ArrayRef<std::string> Files,
                                    StringRef Dir) {
  std::vector<std::string> Under;
  for (const std::string &File : Files)
    if (pathUnder(File, Dir))
      Under.push_back(File);
  return Under;
}

Error checkInputsExist(ArrayRef<std::string> Files,
                       const clang::tooling::CompilationDatabase &DB) {
  for (const std::string &File : Files) {
    // A database copied from another machine names directories that are
    // not here; the file is then missing too, and the directory says why.
    for (const clang::tooling::CompileCommand &C : DB.getCompileCommands(File))
      if (!sys::fs::is_directory(C.Directory))
        return createStringError("cannot analyze '" + File +
                                 "': the directory of its compile command, '" +
                                 C.Directory + "', does not exist");
    if (!sys::fs::exists(File))
      return createStringError("cannot analyze '" + File + "': no such file");
  }
  return Error::success();
}

} // namespace torchsync
