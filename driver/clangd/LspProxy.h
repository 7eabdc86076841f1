//===--- LspProxy.h - The LSP layer between the editor and clangd ---------===//
//
// torchsync-clangd runs clangd in its own process and puts this layer on its
// standard input and output. It leaves clangd's messages alone except for
// the fields below, which clangd 19 cannot be configured to fill as
// torchsync's users expect (docs/editor.md, "What differs from clangd"):
//
//  - the documentation link (codeDescription.href) of a torchsync diagnostic
//    points at torchsync's page of the check, not at clang-tidy's site;
//  - quick fixes of a torchsync diagnostic: the fix-its of the warning are
//    preferred (an editor's "fix all" and "auto fix" apply them), fix-its
//    that clangd took from a note are never preferred (they change what the
//    program does, and the note says how);
//  - a message that is not JSON-RPC, or nests too deeply to be parsed safely,
//    gets an error reply, where clangd would drop it, shut down or crash.
//
// It also follows which documents are open (and at which version) and which
// are saved, for the whole-program facts kept current beside clangd
// (LiveFacts.h), and can have clangd decide every open document again.
//
// The range and message of a diagnostic are never changed: clangd finds a
// diagnostic's fixes by them when the editor asks for code actions.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_CLANGD_LSPPROXY_H
#define TORCHSYNC_DRIVER_CLANGD_LSPPROXY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace torchsync::clangd {

/// What the layer needs to know about the installation.
struct ProxyOptions {
  /// Base URL of the docs; a check's page is <DocsURL>/checks/<name>.md.
  std::string DocsURL;
  /// Called with the path of each document the editor opens, and of each
  /// it saves (on the thread that reads from the editor).
  std::function<void(const std::string &)> Opened, Saved;
};

/// The path of a file: URI ("file:///a%20b.cpp" -> "/a b.cpp"); empty for
/// another scheme.
std::string pathOfUri(llvm::StringRef Uri);

/// True if \p Diagnostic (an LSP Diagnostic) comes from a torchsync check.
bool isTorchSyncDiagnostic(const llvm::json::Object &Diagnostic);

/// The text of a diagnostic's message as clangd titles a fix with it: the
/// first part (without folded notes and clangd's count of fixes), its first
/// letter lower case.
std::string diagnosticText(llvm::StringRef Message);

/// True if \p Title is the title clangd gives a fix-it of the warning whose
/// text is \p Text (diagnosticText), false for one that clangd took from
/// one of its \p Notes (titled with the note's text) or one it cannot tell.
/// clangd 19 hands the two kinds over alike (kind "quickfix", no data,
/// isPreferred only for a sole fix, the same objects inline and in code
/// action replies): the title is all that tells them apart.
/// test/clangd/fix-titles.test fails if clangd titles them otherwise.
bool isWarningFixTitle(llvm::StringRef Title, llvm::StringRef Text,
                       llvm::ArrayRef<std::string> Notes);

/// The torchsync diagnostics last published for each document, with their
/// notes: a code action request names its diagnostic, not always with its
/// notes, and sometimes by one of its notes.
class DiagnosticMemory {
public:
  struct Warning {
    std::string Text; ///< diagnosticText of the warning.
    std::vector<std::string> Notes;
  };

  void remember(llvm::StringRef Uri, const llvm::json::Array &Diagnostics);
  /// The torchsync warning that \p Diagnostic (as published for \p Uri) is
  /// or is a note of.
  std::optional<Warning> warningOf(llvm::StringRef Uri,
                                   const llvm::json::Object &Diagnostic) const;

private:
  mutable std::mutex Lock;
  /// Notes by warning text, by document.
  std::map<std::string, std::map<std::string, std::vector<std::string>>> ByUri;
};

/// Rewrites the params of a textDocument/publishDiagnostics notification
/// and remembers its notes. Returns true if anything changed.
bool rewritePublishedDiagnostics(llvm::json::Object &Params,
                                 const ProxyOptions &Opts,
                                 DiagnosticMemory &Memory);

/// Rewrites the result of a textDocument/codeAction request about the
/// document \p Uri. Returns true if anything changed.
bool rewriteCodeActions(llvm::json::Value &Result, llvm::StringRef Uri,
                        const DiagnosticMemory &Memory);

/// Joins an editor's connection (\p EditorIn, \p EditorOut) to clangd's
/// (\p ServerIn: clangd's standard input, \p ServerOut: its output), with a
/// thread for each direction. Takes ownership of the four descriptors.
class LspProxy {
public:
  LspProxy(ProxyOptions Opts, int EditorIn, int EditorOut, int ServerIn,
           int ServerOut);
  ~LspProxy();
  LspProxy(const LspProxy &) = delete;
  LspProxy &operator=(const LspProxy &) = delete;

  void start();
  /// Called once clangd has closed its output: returns after everything it
  /// wrote has reached the editor. The thread that reads from the editor
  /// is left running (it may be blocked in a read); exit the process next.
  void waitForServerOutput();
  /// Has clangd build every open document again, as if it had changed
  /// (clangd's didChange with forceRebuild, no change, the version the
  /// editor gave last), so that its diagnostics rest on facts that changed.
  void redecideOpenDocuments();

  struct State;

private:
  std::shared_ptr<State> S;
};

} // namespace torchsync::clangd

#endif // TORCHSYNC_DRIVER_CLANGD_LSPPROXY_H
