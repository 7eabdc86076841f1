//===--- SafeWrite.h - Writing fixed sources and reports safely -----------===//
//
// Part of torchsync. How the driver writes into files it does not own: the
// source files its fixes change, and the report, fixes and baseline files
// the user names. A fixed source file keeps what it is on disk: the fix goes
// through a symbolic link into its target, the file keeps its mode, owner
// and hard links, and a read-only file is refused. Nothing is ever left
// half-written. Outputs that name an input are refused before any analysis.
// The run's own outputs (reports, fixes, baselines, summary files, cache
// entries) are written through a temporary file that replaces the old one
// only once every byte is written: a full disk leaves the old file as it was.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_SAFEWRITE_H
#define TORCHSYNC_DRIVER_SAFEWRITE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace torchsync {

/// Replaces the contents of the source file at Path with Contents.
///
/// Symbolic links are followed: the target gets the new text and the link
/// stays a link. A file with one name is replaced by a temporary file in the
/// same directory, given the old file's mode (and owner, where allowed) and
/// renamed over it, so readers see the old or the new text. A file with
/// several hard links cannot be renamed over without splitting the links, so
/// it is rewritten in place; a copy of the old text is kept beside it
/// (`<name>.torchsync-backup-XXXXXX`) until the new text is complete, and
/// put back if writing fails.
///
/// A file without write permission (for anyone, or for this user) is
/// refused. Errors name the file and the reason.
llvm::Error writeSourceFile(llvm::StringRef Path, llvm::StringRef Contents);

/// Fails, naming Path and the reason, when writeSourceFile would refuse it
/// (missing, not a regular file, read-only, no permission).
llvm::Error checkWritable(llvm::StringRef Path);

/// Writes an output of the run to Path with Write through a temporary file
/// beside it (`<Path>.torchsync-tmp-XXXXXX`) that is renamed over Path only
/// when every write and the final flush succeeded: on a write error (a full
/// disk, a file size limit) it is removed, Path keeps its old contents, and
/// the error gives the reason ("No space left on device"), without the file
/// name. "-" is standard output, checked the same way. For cache entries;
/// outputs the user names go through writeOutputFile.
llvm::Error
writeThroughTemporary(llvm::StringRef Path,
                      llvm::function_ref<void(llvm::raw_ostream &)> Write);

/// writeThroughTemporary for an output the user names (-o, --export-fixes,
/// --write-baseline, the summary files, merge -o, render-sarif -o, harness
/// files), which writes where the name leads: through a symbolic link into
/// its target (the link stays a link; a link to nothing is refused); into a
/// device or FIFO that exists (`/dev/stdout`, `/dev/null`) directly; a
/// directory is refused. Once the file is written, temporary files of its
/// name that a killed run left behind (more than an hour old) are removed.
llvm::Error
writeOutputFile(llvm::StringRef Path,
                llvm::function_ref<void(llvm::raw_ostream &)> Write);

/// How "cannot write ..." names an output: "to standard output" for "-",
/// else the quoted path ("'report.sarif'").
std::string describeOutput(llvm::StringRef Path);

/// Flushes OS and returns its write error, if any, cleared so that the
/// stream's destructor does not abort the process ("IO failure on output
/// stream").
std::error_code takeStreamError(llvm::raw_fd_ostream &OS);

/// An output file named on the command line, and the option that named it.
struct NamedOutput {
  std::string Option; ///< e.g. "-o", "--export-fixes"
  std::string Path;
};

/// Refuses an output that is one of Inputs (the same file by any name: a
/// symbolic or hard link to it counts), or that another output names too.
/// Outputs that do not exist yet cannot be inputs. "-" is standard output.
llvm::Error checkOutputsAgainst(llvm::ArrayRef<NamedOutput> Outputs,
                                llvm::ArrayRef<std::string> Inputs,
                                llvm::StringRef InputsWhat = "an input file");

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_SAFEWRITE_H
