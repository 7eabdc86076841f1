//===--- Cache.cpp - Results of earlier runs, by what they depended on ----===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"
#include "SafeWrite.h"
#include "program/JsonDepth.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using clang::tidy::ClangTidyError;

namespace torchsync {
namespace {

/// Changes whenever the entry format or what the key covers does.
/// 2: findings suppressed by NOLINT; 3: include candidates that must stay
/// absent; 4: the file's whole-program summary.
constexpr int CacheFormat = 4;

/// An entry as stored: ClangTidyError is a tooling::Diagnostic plus two
/// fields, and has no default constructor, so it travels as this.
struct StoredError {
  clang::tooling::Diagnostic Diag;
  bool WarningAsError = false;
  std::vector<std::string> Aliases;
  bool SuppressedByNolint = false;
};

struct Entry {
  int Format = 0;
  std::string Key;
  std::vector<Dependency> Deps;
  std::vector<std::string> Absent;
  std::vector<StoredError> Errors;
  /// The summary of a whole-project run (program/Summary.h), JSON; empty
  /// otherwise.
  std::string Summary;
};

/// Entries are compressed when LLVM has zstd (most of an entry is the
/// list of files read: several thousand paths for a file that includes
/// <torch/torch.h>, 570 kB as text). The first line names the method and
/// the size of the text.
std::string pack(StringRef Text) {
  if (!compression::zstd::isAvailable())
    return "torchsync-cache none " + std::to_string(Text.size()) + "\n" +
           Text.str();
  SmallVector<uint8_t, 0> Packed;
  compression::zstd::compress(arrayRefFromStringRef(Text), Packed,
                              compression::zstd::BestSpeedCompression);
  return "torchsync-cache zstd " + std::to_string(Text.size()) + "\n" +
         toStringRef(Packed).str();
}

std::optional<std::string> unpack(StringRef Data) {
  auto [Header, Body] = Data.split('\n');
  SmallVector<StringRef, 3> Fields;
  Header.split(Fields, ' ');
  size_t Size = 0;
  if (Fields.size() != 3 || Fields[0] != "torchsync-cache" ||
      Fields[2].getAsInteger(10, Size))
    return std::nullopt;
  if (Fields[1] == "none")
    return Body.size() == Size ? std::optional(Body.str()) : std::nullopt;
  if (Fields[1] != "zstd" || !compression::zstd::isAvailable())
    return std::nullopt;
  SmallVector<uint8_t, 0> Text;
  if (Error E = compression::zstd::decompress(arrayRefFromStringRef(Body), Text,
                                              Size)) {
    consumeError(std::move(E));
    return std::nullopt;
  }
  return toStringRef(Text).str();
}

} // namespace
} // namespace torchsync

LLVM_YAML_IS_SEQUENCE_VECTOR(torchsync::Dependency)
LLVM_YAML_IS_SEQUENCE_VECTOR(torchsync::StoredError)

namespace llvm::yaml {
template <> struct MappingTraits<torchsync::Dependency> {
  static void mapping(IO &Io, torchsync::Dependency &D) {
    Io.mapRequired("Path", D.Path);
    Io.mapRequired("Hash", D.Hash);
  }
};
template <> struct MappingTraits<torchsync::StoredError> {
  static void mapping(IO &Io, torchsync::StoredError &E) {
    MappingTraits<clang::tooling::Diagnostic>::mapping(Io, E.Diag);
    Io.mapOptional("WarningAsError", E.WarningAsError, false);
    Io.mapOptional("EnabledDiagnosticAliases", E.Aliases);
    Io.mapOptional("SuppressedByNolint", E.SuppressedByNolint, false);
  }
};
template <> struct MappingTraits<torchsync::Entry> {
  static void mapping(IO &Io, torchsync::Entry &E) {
    Io.mapRequired("Format", E.Format);
    Io.mapRequired("Key", E.Key);
    Io.mapRequired("Dependencies", E.Deps);
    Io.mapRequired("Absent", E.Absent);
    Io.mapRequired("Diagnostics", E.Errors);
    Io.mapOptional("Summary", E.Summary, std::string());
  }
};
} // namespace llvm::yaml

namespace torchsync {

std::string contentHash(StringRef Data) {
  auto Digest = BLAKE3::hash<16>(arrayRefFromStringRef(Data));
  return toHex(Digest, /*LowerCase=*/true);
}

Expected<std::unique_ptr<ResultCache>> ResultCache::open(StringRef Dir) {
  SmallString<256> Abs(Dir);
  if (std::error_code EC = sys::fs::make_absolute(Abs))
    return createStringError("cannot use cache directory '" + Dir +
                             "': " + EC.message());
  if (std::error_code EC = sys::fs::create_directories(Abs))
    return createStringError("cannot create cache directory '" + Dir +
                             "': " + EC.message());
  // The analyzer's identity: its own bytes (the checks are linked in) and
  // the LLVM it runs on, which is a shared library.
  std::string Exe = sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&contentHash));
  auto Binary = MemoryBuffer::getFile(Exe, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
  if (!Binary)
    return createStringError("cannot read the torchsync binary '" + Exe +
                             "': " + Binary.getError().message());
  std::string Identity = "torchsync-cache-v" + std::to_string(CacheFormat) +
                         " llvm-" LLVM_VERSION_STRING " binary-" +
                         contentHash((*Binary)->getBuffer());
  return std::unique_ptr<ResultCache>(
      new ResultCache(std::string(Abs), std::move(Identity)));
}

std::string ResultCache::keyFor(StringRef File, ArrayRef<std::string> Command,
                                StringRef Directory, StringRef Config) const {
  BLAKE3 Hasher;
  // Each part is preceded by its length, so that no two different lists of
  // parts hash the same text.
  auto Add = [&](StringRef Part) {
    Hasher.update(std::to_string(Part.size()) + ":");
    Hasher.update(Part);
  };
  Add(Identity);
  Add(File);
  Add(Directory);
  for (const std::string &Arg : Command)
    Add(Arg);
  Add(Config);
  // The compiler driver adds these to the include path.
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"}) {
    std::optional<std::string> Value = sys::Process::GetEnv(Var);
    Add(Value ? "=" + *Value : "unset");
  }
  return toHex(Hasher.final<16>(), /*LowerCase=*/true);
}

std::string ResultCache::entryPath(StringRef Key) const {
  // The llvmcache- prefix is what llvm::pruneCache looks after.
  SmallString<256> Path(Dir);
  sys::path::append(Path, "llvmcache-" + Key);
  return std::string(Path);
}

std::optional<std::string> ResultCache::currentHash(StringRef Path) {
  {
    std::lock_guard<std::mutex> Lock(HashesMutex);
    auto It = Hashes.find(Path);
    if (It != Hashes.end())
      return It->second;
  }
  std::optional<std::string> Hash;
  if (auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false))
    Hash = contentHash((*Buffer)->getBuffer());
  std::lock_guard<std::mutex> Lock(HashesMutex);
  Hashes[Path] = Hash;
  return Hash;
}

bool ResultCache::existsNow(StringRef Path) {
  {
    std::lock_guard<std::mutex> Lock(HashesMutex);
    auto It = Exists.find(Path);
    if (It != Exists.end())
      return It->second;
  }
  bool Now = sys::fs::exists(Path);
  std::lock_guard<std::mutex> Lock(HashesMutex);
  Exists[Path] = Now;
  return Now;
}

std::optional<std::vector<ClangTidyError>>
ResultCache::lookup(StringRef Key, std::vector<ClangTidyError> *Suppressed,
                    std::string *Summary) {
  std::string Path = entryPath(Key);
  auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  // A damaged entry is a miss, not an error: the file is analyzed again and
  // the entry rewritten.
  std::optional<std::string> Text = unpack((*Buffer)->getBuffer());
  if (!Text)
    return std::nullopt;
  // The YAML reader recurses once per level of nesting.
  if (llvm::Error E = clang::tidy::torchsync::checkYamlNesting(*Text)) {
    consumeError(std::move(E));
    return std::nullopt;
  }
  Entry E;
  yaml::Input In(*Text, nullptr, [](const SMDiagnostic &, void *) {});
  In >> E;
  if (In.error() || E.Format != CacheFormat || E.Key != Key)
    return std::nullopt;
  for (const Dependency &D : E.Deps) {
    std::optional<std::string> Now = currentHash(D.Path);
    if (!Now || *Now != D.Hash)
      return std::nullopt;
  }
  for (const std::string &Path : E.Absent)
    if (existsNow(Path))
      return std::nullopt;
  // Marks the entry as used, for pruning by age.
  int FD;
  if (!sys::fs::openFileForRead(Path, FD)) {
    (void)sys::fs::setLastAccessAndModificationTime(
        FD, std::chrono::system_clock::now());
    sys::Process::SafelyCloseFileDescriptor(FD);
  }
  if (Summary)
    *Summary = std::move(E.Summary);
  std::vector<ClangTidyError> Errors;
  for (StoredError &S : E.Errors) {
    ClangTidyError Error(S.Diag.DiagnosticName, S.Diag.DiagLevel,
                         S.Diag.BuildDirectory, S.WarningAsError);
    Error.Message = std::move(S.Diag.Message);
    Error.Notes = std::move(S.Diag.Notes);
    Error.EnabledDiagnosticAliases = std::move(S.Aliases);
    if (!S.SuppressedByNolint)
      Errors.push_back(std::move(Error));
    else if (Suppressed)
      Suppressed->push_back(std::move(Error));
  }
  return Errors;
}

Error ResultCache::store(StringRef Key, ArrayRef<Dependency> Deps,
                         ArrayRef<std::string> Absent,
                         ArrayRef<ClangTidyError> Errors,
                         ArrayRef<ClangTidyError> Suppressed,
                         StringRef Summary) {
  Entry E;
  E.Summary = Summary.str();
  E.Format = CacheFormat;
  E.Key = Key.str();
  E.Deps.assign(Deps.begin(), Deps.end());
  E.Absent.assign(Absent.begin(), Absent.end());
  for (const ClangTidyError &Error : Errors)
    E.Errors.push_back(
        {Error, Error.IsWarningAsError, Error.EnabledDiagnosticAliases});
  for (const ClangTidyError &Error : Suppressed)
    E.Errors.push_back({Error, Error.IsWarningAsError,
                        Error.EnabledDiagnosticAliases,
                        /*SuppressedByNolint=*/true});
  std::string Text;
  raw_string_ostream OS(Text);
  yaml::Output Out(OS);
  Out << E;
  std::string Packed = pack(Text);
  // Through a temporary file and a rename: a parallel run reading the same
  // entry sees the old one or the new one, never a mix.
  return writeThroughTemporary(entryPath(Key),
                               [&](raw_ostream &File) { File << Packed; });
}

void ResultCache::prune() {
  CachePruningPolicy Policy;
  Policy.Interval = std::chrono::minutes(20);
  Policy.Expiration = std::chrono::hours(7 * 24);
  pruneCache(Dir, Policy);
}

} // namespace torchsync
