//===--- SafeWrite.cpp - Writing fixed sources and reports safely ---------===//
//
// Part of torchsync. See SafeWrite.h.
//
//===----------------------------------------------------------------------===//

#include "SafeWrite.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace fs = llvm::sys::fs;

namespace torchsync {

namespace {

llvm::Error cannotWrite(llvm::StringRef Path, const llvm::Twine &Why) {
  return llvm::createStringError("cannot write '" + Path + "': " + Why);
}

/// Writes all of Data to FD; false (with the reason in EC) on failure.
std::error_code writeAll(int FD, llvm::StringRef Data) {
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/false);
  OS << Data;
  OS.flush();
  std::error_code EC = OS.error();
  OS.clear_error();
  return EC;
}

/// One name: a temporary file beside the target, renamed over it.
llvm::Error replaceByRename(llvm::StringRef Path, llvm::StringRef Real,
                            const fs::file_status &Status,
                            llvm::StringRef Contents) {
  llvm::Expected<fs::TempFile> Temp = fs::TempFile::create(
      Real + ".torchsync-tmp-%%%%%%", fs::owner_read | fs::owner_write);
  if (!Temp)
    return cannotWrite(Path, llvm::toString(Temp.takeError()));
  std::error_code EC = writeAll(Temp->FD, Contents);
  if (!EC)
    EC = fs::setPermissions(Temp->FD, Status.permissions());
  if (!EC) {
    // Keeps the owner when we may (running as root for another user); a
    // user can only own what they write, which is what they had anyway.
    (void)fs::changeFileOwnership(Temp->FD, Status.getUser(),
                                  Status.getGroup());
  }
  if (EC) {
    llvm::consumeError(Temp->discard());
    return cannotWrite(Path, EC.message());
  }
  if (llvm::Error E = Temp->keep(Real))
    return cannotWrite(Path, llvm::toString(std::move(E)));
  return llvm::Error::success();
}

/// Several names: rewritten in place, with a copy of the old text beside it
/// until the new one is complete.
llvm::Error rewriteInPlace(llvm::StringRef Path, llvm::StringRef Real,
                           llvm::StringRef Contents) {
  auto Old = llvm::MemoryBuffer::getFile(Real, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Old)
    return cannotWrite(Path, Old.getError().message());
  llvm::Expected<fs::TempFile> Backup = fs::TempFile::create(
      Real + ".torchsync-backup-%%%%%%", fs::owner_read | fs::owner_write);
  if (!Backup)
    return cannotWrite(Path, "cannot keep a copy of the old text: " +
                                 llvm::toString(Backup.takeError()));
  if (std::error_code EC = writeAll(Backup->FD, (*Old)->getBuffer())) {
    llvm::consumeError(Backup->discard());
    return cannotWrite(Path,
                       "cannot keep a copy of the old text: " + EC.message());
  }
  // The backup has a name of its own now; a crash below leaves it there.
  llvm::SmallString<256> BackupName(Backup->TmpName);
  if (llvm::Error E = Backup->keep(BackupName))
    return cannotWrite(Path, llvm::toString(std::move(E)));

  int FD;
  std::error_code EC =
      fs::openFileForWrite(Real, FD, fs::CD_OpenExisting, fs::OF_None);
  if (!EC) {
    EC = writeAll(FD, Contents);
    if (!EC)
      EC = fs::resize_file(FD, Contents.size());
    if (std::error_code CloseEC =
            llvm::sys::Process::SafelyCloseFileDescriptor(FD);
        !EC)
      EC = CloseEC;
  }
  if (!EC) {
    fs::remove(BackupName);
    return llvm::Error::success();
  }
  // Put the old text back; if even that fails, the backup stays.
  int Restore;
  bool Restored = false;
  if (!fs::openFileForWrite(Real, Restore, fs::CD_OpenExisting, fs::OF_None)) {
    Restored = !writeAll(Restore, (*Old)->getBuffer()) &&
               !fs::resize_file(Restore, (*Old)->getBufferSize());
    llvm::sys::Process::SafelyCloseFileDescriptor(Restore);
  }
  if (Restored) {
    fs::remove(BackupName);
    return cannotWrite(Path, EC.message());
  }
  return cannotWrite(Path, EC.message() + " (the old text is in '" +
                               BackupName + "')");
}

/// The reason of an error, without the file name that a FileError puts in
/// front of it.
std::string reasonOf(llvm::Error E) {
  std::string Reason;
  llvm::handleAllErrors(
      std::move(E),
      [&](const llvm::FileError &F) { Reason = F.messageWithoutFileInfo(); },
      [&](const llvm::ErrorInfoBase &Other) { Reason = Other.message(); });
  return Reason;
}

/// The names of an output's temporary files: ours, and llvm::writeToOutput's
/// (which the driver used before, and which a killed run may have left).
constexpr llvm::StringLiteral TemporarySuffixes[] = {".torchsync-tmp-",
                                                     ".temp-stream-"};

/// How old a temporary file of an output must be before a later run takes
/// it for one that a killed run left behind: a run writing the same output
/// now has its temporary file for seconds at most.
constexpr std::chrono::hours StaleTemporaryAge(1);

/// Removes the temporary files of Real (`<name>.torchsync-tmp-XXXXXX`,
/// `<name>.temp-stream-XXXXXX`) that are older than StaleTemporaryAge.
void removeStaleTemporaries(llvm::StringRef Real) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(Real);
  llvm::StringRef Name = llvm::sys::path::filename(Real);
  std::error_code EC;
  auto Now = std::chrono::system_clock::now();
  for (fs::directory_iterator It(Dir.empty() ? "." : Dir, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Entry = llvm::sys::path::filename(It->path());
    if (!Entry.consume_front(Name) ||
        llvm::none_of(TemporarySuffixes, [&](llvm::StringRef Suffix) {
          return Entry.size() == Suffix.size() + 6 && Entry.starts_with(Suffix);
        }))
      continue;
    fs::file_status Status;
    if (fs::status(It->path(), Status, /*follow=*/false) ||
        !fs::is_regular_file(Status) ||
        Now - Status.getLastModificationTime() < StaleTemporaryAge)
      continue;
    (void)fs::remove(It->path());
  }
}

} // namespace

std::string describeOutput(llvm::StringRef Path) {
  return Path == "-" ? "to standard output" : "'" + Path.str() + "'";
}

std::error_code takeStreamError(llvm::raw_fd_ostream &OS) {
  OS.flush();
  if (!OS.has_error())
    return std::error_code();
  std::error_code EC = OS.error();
  OS.clear_error();
  return EC;
}

llvm::Error
writeThroughTemporary(llvm::StringRef Path,
                      llvm::function_ref<void(llvm::raw_ostream &)> Write) {
  if (Path == "-") {
    Write(llvm::outs());
    if (std::error_code EC = takeStreamError(llvm::outs()))
      return llvm::createStringError(EC.message());
    return llvm::Error::success();
  }
  // As llvm::writeToOutput, which keeps the temporary file whatever
  // happened to the writes, and leaves the stream's error to abort the
  // process.
  llvm::Expected<fs::TempFile> Temp = fs::TempFile::create(
      Path + TemporarySuffixes[0] + "%%%%%%", fs::all_read | fs::all_write);
  if (!Temp)
    return llvm::createStringError(reasonOf(Temp.takeError()));
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    Write(OS);
    EC = takeStreamError(OS);
  }
  if (EC) {
    llvm::consumeError(Temp->discard());
    return llvm::createStringError(EC.message());
  }
  if (llvm::Error E = Temp->keep(Path))
    return llvm::createStringError(reasonOf(std::move(E)));
  return llvm::Error::success();
}

llvm::Error
writeOutputFile(llvm::StringRef Path,
                llvm::function_ref<void(llvm::raw_ostream &)> Write) {
  if (Path == "-")
    return writeThroughTemporary(Path, Write);
  // What the name leads to, through any links.
  fs::file_status Status;
  std::error_code Missing = fs::status(Path, Status);
  if (!Missing && !fs::is_regular_file(Status)) {
    if (fs::is_directory(Status))
      return llvm::createStringError("it is a directory");
    // A device or a FIFO (/dev/stdout is a link to one): written to
    // directly, as a shell would.
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, fs::OF_None);
    if (!EC) {
      Write(OS);
      OS.close();
      EC = takeStreamError(OS);
    }
    if (EC)
      return llvm::createStringError(EC.message());
    return llvm::Error::success();
  }
  // A link to a regular file: its target is replaced, the link stays.
  llvm::SmallString<256> Real(Path);
  if (fs::is_symlink_file(Path)) {
    if (Missing)
      return llvm::createStringError(
          "it is a symbolic link that leads nowhere (" + Missing.message() +
          ")");
    if (std::error_code EC = fs::real_path(Path, Real))
      return llvm::createStringError(EC.message());
  }
  if (llvm::Error E = writeThroughTemporary(Real, Write))
    return E;
  removeStaleTemporaries(Real);
  return llvm::Error::success();
}

llvm::Error checkWritable(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (std::error_code EC = fs::real_path(Path, Real))
    return cannotWrite(Path, EC.message());
  fs::file_status Status;
  if (std::error_code EC = fs::status(Real, Status))
    return cannotWrite(Path, EC.message());
  if (!fs::is_regular_file(Status))
    return cannotWrite(Path, "not a regular file");
  // Root may write anything; a file nobody may write is still meant to stay
  // as it is.
  if ((Status.permissions() & fs::all_write) == 0)
    return cannotWrite(Path, "the file is read-only");
  if (std::error_code EC = fs::access(Real, fs::AccessMode::Write))
    return cannotWrite(Path, EC.message());
  return llvm::Error::success();
}

llvm::Error writeSourceFile(llvm::StringRef Path, llvm::StringRef Contents) {
  if (llvm::Error E = checkWritable(Path))
    return E;
  llvm::SmallString<256> Real;
  fs::file_status Status;
  if (std::error_code EC = fs::real_path(Path, Real))
    return cannotWrite(Path, EC.message());
  if (std::error_code EC = fs::status(Real, Status))
    return cannotWrite(Path, EC.message());
  if (Status.getLinkCount() > 1)
    return rewriteInPlace(Path, Real, Contents);
  return replaceByRename(Path, Real, Status, Contents);
}

llvm::Error checkOutputsAgainst(llvm::ArrayRef<NamedOutput> Outputs,
                                llvm::ArrayRef<std::string> Inputs,
                                llvm::StringRef InputsWhat) {
  auto Named = [](const NamedOutput &Out) {
    return !Out.Path.empty() && Out.Path != "-";
  };
  // The same file by any name: equal once absolute, or (when both exist)
  // one file through links.
  auto SameFile = [](llvm::StringRef A, llvm::StringRef B) {
    llvm::SmallString<256> AbsA(A), AbsB(B);
    fs::make_absolute(AbsA);
    fs::make_absolute(AbsB);
    llvm::sys::path::remove_dots(AbsA, /*remove_dot_dot=*/true);
    llvm::sys::path::remove_dots(AbsB, /*remove_dot_dot=*/true);
    bool Same = false;
    return AbsA == AbsB || (!fs::equivalent(A, B, Same) && Same);
  };
  for (size_t I = 0; I < Outputs.size(); ++I) {
    const NamedOutput &Out = Outputs[I];
    if (!Named(Out))
      continue;
    for (const std::string &In : Inputs)
      if (SameFile(Out.Path, In))
        return llvm::createStringError(Out.Option + " '" + Out.Path + "' is " +
                                       InputsWhat +
                                       "; refusing to overwrite it");
    for (size_t J = 0; J < I; ++J)
      if (Named(Outputs[J]) && SameFile(Outputs[J].Path, Out.Path))
        return llvm::createStringError(Outputs[J].Option + " and " +
                                       Out.Option + " name the same file '" +
                                       Out.Path + "'");
  }
  return llvm::Error::success();
}

} // namespace torchsync
