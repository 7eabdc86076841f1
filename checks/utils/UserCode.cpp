//===--- UserCode.cpp - Is this the user's code or a library's? -----------===//

#include "UserCode.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::torchsync {

bool isLibTorchHeader(llvm::StringRef Path) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  for (auto It = llvm::sys::path::begin(Path), End = llvm::sys::path::end(Path);
       It != End; ++It)
    Parts.push_back(*It);
  for (size_t I = 0; I + 1 < Parts.size(); ++I) {
    if (Parts[I] == "ATen" || Parts[I] == "c10" || Parts[I] == "caffe2")
      return true;
    if (Parts[I] == "torch" && Parts[I + 1] == "csrc")
      return true;
  }
  // torch/torch.h, torch/script.h, ...: the directory that also holds csrc/.
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  if (llvm::sys::path::filename(Dir) != "torch")
    return false;
  llvm::SmallString<256> Csrc(Dir);
  llvm::sys::path::append(Csrc, "csrc");
  return llvm::sys::fs::is_directory(Csrc);
}

bool isUserCode(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return true;
  if (Loc.isMacroID())
    Loc = SM.getExpansionLoc(Loc);
  FileID File = SM.getFileID(Loc);
  if (File == SM.getMainFileID())
    return true;
  if (SM.isInSystemHeader(Loc))
    return false;
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return true; // <built-in>, <command line>: not a library header.
  // Keyed by the file's identity, which outlives the translation unit (the
  // driver analyzes several at once, one per thread).
  thread_local llvm::DenseMap<llvm::sys::fs::UniqueID, bool> LibTorch;
  auto [It, Inserted] = LibTorch.try_emplace(Entry->getUniqueID(), false);
  if (Inserted)
    It->second = isLibTorchHeader(Entry->getName());
  return !It->second;
}

bool isLibraryNamespace(const Decl *D) {
  const auto *NS = dyn_cast<NamespaceDecl>(D);
  if (!NS)
    return false;
  StringRef N = NS->getName();
  return N == "std" || N == "at" || N == "c10" || N == "torch" ||
         N == "caffe2" || N == "c10d" || N == "__gnu_cxx" || N == "pybind11";
}

} // namespace clang::tidy::torchsync
