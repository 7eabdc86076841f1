//===--- LspProxy.cpp - The LSP layer between the editor and clangd -------===//

#include "LspProxy.h"
#include "TorchSyncEditor.h"
#include "program/JsonDepth.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include <cerrno>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace json = llvm::json;
// LSP messages nest a dozen levels; LLVM's JSON parser and json::Value's
// destructor recurse once per level, in the layer and in clangd alike: the
// layer refuses messages nested deeper than the bound of every other JSON
// input.
using clang::tidy::torchsync::findJsonTooDeep;
using clang::tidy::torchsync::MaxNesting;

namespace torchsync::clangd {

bool isTorchSyncDiagnostic(const json::Object &Diagnostic) {
  std::optional<llvm::StringRef> Code = Diagnostic.getString("code");
  return Code && Code->starts_with("torchsync-") &&
         Diagnostic.getString("source") == llvm::StringRef("clang-tidy");
}

namespace {

/// A text as clangd shows it in titles: the first letter lower case (clangd
/// capitalizes messages, not fix titles).
std::string asTitle(llvm::StringRef Text) {
  std::string T = Text.str();
  if (!T.empty())
    T[0] = llvm::toLower(T[0]);
  return T;
}

/// The parts of a message that clangd joined with blank lines: the
/// diagnostic's own text, then its notes when the client takes no
/// relatedInformation ("<file>:<line>:<col>: note: <text>").
llvm::SmallVector<llvm::StringRef> messageParts(llvm::StringRef Message) {
  llvm::SmallVector<llvm::StringRef> Parts;
  Message.split(Parts, "\n\n");
  return Parts;
}

/// The text after "<file>:<line>:<col>: <Level>: " in a folded part.
std::optional<llvm::StringRef> foldedText(llvm::StringRef Part,
                                          llvm::StringRef Level) {
  std::string Marker = (": " + Level + ": ").str();
  size_t At = Part.find(Marker);
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  return Part.drop_front(At + Marker.size());
}

} // namespace

std::string diagnosticText(llvm::StringRef Message) {
  llvm::StringRef Text = messageParts(Message).front();
  // clangd may count the fixes at the end of the text.
  llvm::StringRef Core = Text;
  if (Core.consume_back(" (fix available)"))
    return asTitle(Core);
  if (Core.consume_back(" fixes available)")) {
    auto [Rest, Count] = Core.rsplit(" (");
    unsigned N;
    if (!Count.getAsInteger(10, N))
      return asTitle(Rest);
  }
  return asTitle(Text);
}

bool isWarningFixTitle(llvm::StringRef Title, llvm::StringRef Text,
                       llvm::ArrayRef<std::string> Notes) {
  // A note's fix-it is titled with the note's text, which torchsync's checks
  // also send as a note without fix-its (TorchSyncCheck.cpp, ~SyncReport).
  std::string T = asTitle(Title);
  for (const std::string &Note : Notes)
    if (T == asTitle(Note))
      return false;
  // clangd titles a fix-it of the diagnostic itself by its one edit
  // ("change 'a' to 'b'", "insert 'x'", "remove 'y'", shortened with an
  // ellipsis) or, with several edits, by the diagnostic's text.
  return Title.starts_with("change '") || Title.starts_with("insert '") ||
         Title.starts_with("remove '") || T == asTitle(Text);
}

namespace {

bool isCheckName(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
#define TORCHSYNC_CHECK(Class, Name, Summary) Name,
#include "Checks.def"
  };
  return Names.contains(Name);
}

/// The texts of a published diagnostic's notes: its relatedInformation, or
/// the notes folded into its message.
std::vector<std::string> noteTexts(const json::Object &Diagnostic) {
  std::vector<std::string> Texts;
  if (const json::Array *Related = Diagnostic.getArray("relatedInformation"))
    for (const json::Value &R : *Related)
      if (const json::Object *O = R.getAsObject())
        if (std::optional<llvm::StringRef> Text = O->getString("message"))
          Texts.push_back(Text->str());
  if (std::optional<llvm::StringRef> Message =
          Diagnostic.getString("message")) {
    // The parts outlive the loop (drop_begin of a temporary would not).
    llvm::SmallVector<llvm::StringRef> Parts = messageParts(*Message);
    for (llvm::StringRef Part : llvm::drop_begin(Parts))
      if (std::optional<llvm::StringRef> Text = foldedText(Part, "note"))
        Texts.push_back(Text->str());
  }
  return Texts;
}

/// Marks the quick fixes in \p Actions that belong to torchsync
/// diagnostics: preferred if they come from the warning, not preferred if
/// from a note. \p Of gives the diagnostic an action is for. Returns true
/// if anything changed.
bool markQuickFixes(
    json::Array &Actions,
    llvm::function_ref<const json::Object *(const json::Object &Action)> Of,
    const DiagnosticMemory &Memory, llvm::StringRef Uri) {
  bool Changed = false;
  for (json::Value &A : Actions) {
    json::Object *Action = A.getAsObject();
    if (!Action || Action->getString("kind") != llvm::StringRef("quickfix"))
      continue;
    std::optional<llvm::StringRef> Title = Action->getString("title");
    const json::Object *D = Of(*Action);
    if (!Title || !D)
      continue;
    std::optional<DiagnosticMemory::Warning> W = Memory.warningOf(Uri, *D);
    if (!W)
      continue;
    bool Preferred = isWarningFixTitle(*Title, W->Text, W->Notes);
    if (Action->getBoolean("isPreferred") != std::optional<bool>(Preferred)) {
      (*Action)["isPreferred"] = Preferred;
      Changed = true;
    }
  }
  return Changed;
}

} // namespace

void DiagnosticMemory::remember(llvm::StringRef Uri,
                                const json::Array &Diagnostics) {
  std::map<std::string, std::vector<std::string>> Warnings;
  for (const json::Value &V : Diagnostics)
    if (const json::Object *D = V.getAsObject(); D && isTorchSyncDiagnostic(*D))
      if (std::optional<llvm::StringRef> Message = D->getString("message"))
        Warnings[diagnosticText(*Message)] = noteTexts(*D);
  std::lock_guard<std::mutex> Guard(Lock);
  if (Warnings.empty())
    ByUri.erase(Uri.str());
  else
    ByUri[Uri.str()] = std::move(Warnings);
}

std::optional<DiagnosticMemory::Warning>
DiagnosticMemory::warningOf(llvm::StringRef Uri,
                            const json::Object &Diagnostic) const {
  std::optional<llvm::StringRef> Message = Diagnostic.getString("message");
  if (!Message)
    return std::nullopt;
  std::string Text;
  if (isTorchSyncDiagnostic(Diagnostic)) {
    Text = diagnosticText(*Message);
  } else if (!Diagnostic.get("code")) {
    // A note that clangd publishes as a diagnostic of its own (clients
    // without relatedInformation): "<note>\n\n<file>:<l>:<c>: warning: <text>".
    llvm::SmallVector<llvm::StringRef> Parts = messageParts(*Message);
    for (llvm::StringRef Part : llvm::drop_begin(Parts))
      if (std::optional<llvm::StringRef> W = foldedText(Part, "warning"))
        Text = diagnosticText(*W);
    if (Text.empty())
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  std::lock_guard<std::mutex> Guard(Lock);
  auto File = ByUri.find(Uri.str());
  if (File == ByUri.end())
    return isTorchSyncDiagnostic(Diagnostic)
               ? std::optional<Warning>(Warning{Text, {}})
               : std::nullopt;
  auto It = File->second.find(Text);
  if (It == File->second.end())
    return isTorchSyncDiagnostic(Diagnostic)
               ? std::optional<Warning>(Warning{Text, {}})
               : std::nullopt;
  return Warning{Text, It->second};
}

bool rewritePublishedDiagnostics(json::Object &Params, const ProxyOptions &Opts,
                                 DiagnosticMemory &Memory) {
  json::Array *Diags = Params.getArray("diagnostics");
  std::optional<llvm::StringRef> Uri = Params.getString("uri");
  if (!Diags || !Uri)
    return false;
  Memory.remember(*Uri, *Diags);
  bool Changed = false;
  for (json::Value &V : *Diags) {
    json::Object *D = V.getAsObject();
    if (!D || !isTorchSyncDiagnostic(*D))
      continue;
    llvm::StringRef Name =
        D->getString("code")->drop_front(llvm::StringRef("torchsync-").size());
    if (isCheckName(Name)) {
      (*D)["codeDescription"] = json::Object{
          {"href",
           llvm::formatv("{0}/checks/{1}.md", Opts.DocsURL, Name).str()}};
      Changed = true;
    } else if (*D->getString("code") ==
               clang::tidy::torchsync::SummaryFileDiagnostic) {
      // What is wrong with the summary file (--whole-program=off).
      (*D)["codeDescription"] = json::Object{
          {"href",
           llvm::formatv("{0}/options.md#summary-file", Opts.DocsURL).str()}};
      Changed = true;
    }
    // Fixes sent with the diagnostic (clangd's codeActionsInline).
    if (json::Array *Inline = D->getArray("codeActions"))
      Changed |= markQuickFixes(
          *Inline, [&](const json::Object &) { return D; }, Memory, *Uri);
  }
  return Changed;
}

bool rewriteCodeActions(json::Value &Result, llvm::StringRef Uri,
                        const DiagnosticMemory &Memory) {
  json::Array *Actions = Result.getAsArray();
  if (!Actions)
    return false;
  // clangd names the one diagnostic each quick fix is for.
  auto Of = [](const json::Object &Action) -> const json::Object * {
    const json::Array *Diags = Action.getArray("diagnostics");
    return Diags && Diags->size() == 1 ? (*Diags)[0].getAsObject() : nullptr;
  };
  return markQuickFixes(*Actions, Of, Memory, Uri);
}

// ---- Transport --------------------------------------------------------------

namespace {

/// Reads LSP messages (headers, a blank line, Content-Length bytes of body)
/// from a file descriptor.
class MessageReader {
public:
  explicit MessageReader(int FD) : FD(FD) {}

  enum class Status { Message, End, BadHeader };

  /// The next message's body in \p Body.
  Status next(std::string &Body) {
    std::optional<size_t> Length;
    bool SawHeader = false;
    for (;;) {
      std::optional<std::string> Line = readLine();
      if (!Line)
        return Status::End;
      llvm::StringRef L = llvm::StringRef(*Line).rtrim("\r");
      if (L.empty()) {
        if (!SawHeader)
          continue; // Blank lines between messages.
        break;
      }
      // After a message without a length, whose body could not be
      // skipped, the next header may follow that body on the same line.
      if (size_t At = L.find_insensitive("content-length:");
          At != 0 && At != llvm::StringRef::npos)
        L = L.drop_front(At);
      SawHeader = true;
      auto [Name, Value] = L.split(':');
      size_t N;
      if (Name.trim().equals_insensitive("content-length") &&
          !Value.trim().getAsInteger(10, N))
        Length = N;
    }
    if (!Length)
      return Status::BadHeader;
    Body.clear();
    while (Buffer.size() - Pos < *Length)
      if (!fill())
        return Status::End;
    Body.assign(Buffer, Pos, *Length);
    Pos += *Length;
    return Status::Message;
  }

private:
  std::optional<std::string> readLine() {
    for (;;) {
      size_t End = Buffer.find('\n', Pos);
      if (End != std::string::npos) {
        std::string Line = Buffer.substr(Pos, End - Pos);
        Pos = End + 1;
        return Line;
      }
      if (!fill())
        return std::nullopt;
    }
  }

  bool fill() {
    if (Pos > 0) {
      Buffer.erase(0, Pos);
      Pos = 0;
    }
    char Chunk[65536];
    ssize_t Got;
    do
      Got = ::read(FD, Chunk, sizeof(Chunk));
    while (Got < 0 && errno == EINTR);
    if (Got <= 0)
      return false;
    Buffer.append(Chunk, Got);
    return true;
  }

  int FD;
  std::string Buffer;
  size_t Pos = 0;
};

/// Writes one framed message; false if the other end is gone.
bool writeAll(int FD, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t Put = ::write(FD, Data.data(), Data.size());
    if (Put < 0 && errno == EINTR)
      continue;
    if (Put <= 0)
      return false;
    Data = Data.drop_front(Put);
  }
  return true;
}

std::string frame(llvm::StringRef Body) {
  return llvm::formatv("Content-Length: {0}\r\n\r\n{1}", Body.size(), Body)
      .str();
}

} // namespace

namespace {

std::string idKey(const json::Value &Id) {
  return llvm::formatv("{0}", Id).str();
}

} // namespace

std::string pathOfUri(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return "";
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Byte;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path.push_back(static_cast<char>(Byte));
      I += 2;
    } else {
      Path.push_back(Uri[I]);
    }
  }
  return Path;
}

struct LspProxy::State {
  ProxyOptions Opts;
  int EditorIn, EditorOut, ServerIn, ServerOut;
  std::mutex EditorLock; // Both directions write to the editor.
  /// Held while a message goes to clangd, and while the open documents
  /// change: a rebuild asked for in between names the version clangd has.
  std::mutex ServerLock;
  /// The open documents and the last version the editor gave each.
  std::map<std::string, json::Value> Open;
  std::mutex PendingLock;
  /// codeAction requests in flight: their ids and documents.
  llvm::StringMap<std::string> CodeActionRequests;
  DiagnosticMemory Memory;
  std::thread FromEditor, FromServer;

  void toEditor(llvm::StringRef Body) {
    std::string Framed = frame(Body);
    std::lock_guard<std::mutex> Guard(EditorLock);
    writeAll(EditorOut, Framed);
  }

  void replyError(const json::Value *Id, int Code, llvm::StringRef Message) {
    json::Object Reply{
        {"jsonrpc", "2.0"},
        {"id", Id ? *Id : json::Value(nullptr)},
        {"error", json::Object{{"code", Code}, {"message", Message}}}};
    toEditor(llvm::formatv("{0}", json::Value(std::move(Reply))).str());
  }

  /// Checks a message from the editor as clangd's transport would take it;
  /// true if it may go on to clangd. clangd drops a message that is not
  /// JSON, shuts down on one that is not JSON-RPC and overflows its stack on
  /// one nested too deeply: such messages are answered here instead
  /// (JSON-RPC's Parse error and Invalid Request).
  /// A document the admitted message opened (true) or saved (false), by
  /// path; set by admit().
  using DocumentEvent = std::optional<std::pair<bool, std::string>>;

  bool admit(llvm::StringRef Body, DocumentEvent &Event) {
    if (findJsonTooDeep(Body, MaxNesting)) {
      replyError(nullptr, -32700,
                 llvm::formatv("Parse error: nested deeper than {0} levels",
                               MaxNesting)
                     .str());
      return false;
    }
    llvm::Expected<json::Value> Parsed = json::parse(Body);
    if (!Parsed) {
      replyError(nullptr, -32700,
                 "Parse error: " + llvm::toString(Parsed.takeError()));
      return false;
    }
    const json::Object *O = Parsed->getAsObject();
    if (!O || O->getString("jsonrpc") != llvm::StringRef("2.0")) {
      replyError(O ? O->get("id") : nullptr, -32600,
                 "Invalid Request: not a JSON-RPC 2.0 message");
      return false;
    }
    const json::Value *Id = O->get("id");
    if (Id && !Id->getAsInteger() && !Id->getAsString()) {
      replyError(nullptr, -32600,
                 "Invalid Request: 'id' is neither a number nor a string");
      return false;
    }
    const json::Value *Method = O->get("method");
    if (Method && !Method->getAsString()) {
      replyError(Id, -32600, "Invalid Request: 'method' is not a string");
      return false;
    }
    if (!Method && !Id) {
      replyError(nullptr, -32600, "Invalid Request: neither 'method' nor 'id'");
      return false;
    }
    if (Id && Method && *Method->getAsString() == "textDocument/codeAction") {
      std::string Uri;
      if (const json::Object *Params = O->getObject("params"))
        if (const json::Object *Doc = Params->getObject("textDocument"))
          Uri = Doc->getString("uri").value_or("").str();
      std::lock_guard<std::mutex> Guard(PendingLock);
      CodeActionRequests[idKey(*Id)] = std::move(Uri);
    }
    if (Method)
      Event = follow(*Method->getAsString(), *O);
    return true;
  }

  void pumpFromEditor() {
    MessageReader Reader(EditorIn);
    std::string Body;
    for (;;) {
      MessageReader::Status St = Reader.next(Body);
      if (St == MessageReader::Status::End)
        break;
      if (St == MessageReader::Status::BadHeader) {
        replyError(nullptr, -32700,
                   "Parse error: a message without a Content-Length header");
        continue;
      }
      DocumentEvent Event;
      {
        std::lock_guard<std::mutex> Guard(ServerLock);
        if (!admit(Body, Event))
          continue;
        if (!writeAll(ServerIn, frame(Body)))
          break;
      }
      if (Event && !Event->second.empty()) {
        const auto &Hook = Event->first ? Opts.Opened : Opts.Saved;
        if (Hook)
          Hook(Event->second);
      }
    }
    // The editor is gone (or clangd is): clangd sees the end of its input
    // and stops.
    std::lock_guard<std::mutex> Guard(ServerLock);
    ::close(ServerIn);
    ServerIn = -1;
  }

  /// Follows the open documents' versions in the message \p O (method
  /// \p Method); for an opened or saved one, its path. Called with
  /// ServerLock held.
  DocumentEvent follow(llvm::StringRef Method, const json::Object &O) {
    if (!Method.starts_with("textDocument/did"))
      return std::nullopt;
    const json::Object *Params = O.getObject("params");
    const json::Object *Doc =
        Params ? Params->getObject("textDocument") : nullptr;
    std::optional<llvm::StringRef> Uri = Doc ? Doc->getString("uri") : "";
    if (!Uri || Uri->empty())
      return std::nullopt;
    const json::Value *Version = Doc->get("version");
    if (Method == "textDocument/didOpen" ||
        Method == "textDocument/didChange") {
      if (Version)
        Open.insert_or_assign(Uri->str(), *Version);
      if (Method == "textDocument/didOpen")
        return std::make_pair(true, pathOfUri(*Uri));
    } else if (Method == "textDocument/didClose") {
      Open.erase(Uri->str());
    } else if (Method == "textDocument/didSave") {
      return std::make_pair(false, pathOfUri(*Uri));
    }
    return std::nullopt;
  }

  void redecide() {
    std::lock_guard<std::mutex> Guard(ServerLock);
    if (ServerIn < 0)
      return;
    for (const auto &[Uri, Version] : Open) {
      json::Object Message{
          {"jsonrpc", "2.0"},
          {"method", "textDocument/didChange"},
          {"params",
           json::Object{{"textDocument",
                         json::Object{{"uri", Uri}, {"version", Version}}},
                        {"contentChanges", json::Array()},
                        {"forceRebuild", true}}}};
      if (!writeAll(
              ServerIn,
              frame(
                  llvm::formatv("{0}", json::Value(std::move(Message))).str())))
        return;
    }
  }

  /// The message from clangd as the editor gets it.
  std::string rewrite(std::string Body) {
    if (findJsonTooDeep(Body, MaxNesting))
      return Body;
    llvm::Expected<json::Value> Parsed = json::parse(Body);
    if (!Parsed) {
      llvm::consumeError(Parsed.takeError());
      return Body;
    }
    json::Object *O = Parsed->getAsObject();
    if (!O)
      return Body;
    bool Changed = false;
    if (O->getString("method") ==
        llvm::StringRef("textDocument/publishDiagnostics")) {
      if (json::Object *Params = O->getObject("params"))
        Changed = rewritePublishedDiagnostics(*Params, Opts, Memory);
    } else if (!O->get("method") && O->get("id")) {
      std::optional<std::string> Uri;
      {
        std::lock_guard<std::mutex> Guard(PendingLock);
        auto It = CodeActionRequests.find(idKey(*O->get("id")));
        if (It != CodeActionRequests.end()) {
          Uri = std::move(It->second);
          CodeActionRequests.erase(It);
        }
      }
      if (Uri)
        if (json::Value *Result = O->get("result"))
          Changed = rewriteCodeActions(*Result, *Uri, Memory);
    }
    if (!Changed)
      return Body;
    return llvm::formatv("{0}", *Parsed).str();
  }

  void pumpFromServer() {
    MessageReader Reader(ServerOut);
    std::string Body;
    for (;;) {
      MessageReader::Status St = Reader.next(Body);
      if (St == MessageReader::Status::End)
        break;
      if (St == MessageReader::Status::BadHeader)
        continue; // Not from clangd's transport; nothing to pass on.
      toEditor(rewrite(std::move(Body)));
    }
  }
};

LspProxy::LspProxy(ProxyOptions Opts, int EditorIn, int EditorOut, int ServerIn,
                   int ServerOut)
    : S(std::make_shared<State>()) {
  S->Opts = std::move(Opts);
  S->EditorIn = EditorIn;
  S->EditorOut = EditorOut;
  S->ServerIn = ServerIn;
  S->ServerOut = ServerOut;
}

LspProxy::~LspProxy() {
  if (S->FromServer.joinable())
    S->FromServer.join();
  if (S->FromEditor.joinable())
    S->FromEditor.detach();
}

void LspProxy::start() {
  // The threads share the state, which outlives this object if the reading
  // thread is still blocked when the process exits.
  std::shared_ptr<State> St = S;
  S->FromEditor = std::thread([St] { St->pumpFromEditor(); });
  S->FromServer = std::thread([St] { St->pumpFromServer(); });
}

void LspProxy::redecideOpenDocuments() { S->redecide(); }

void LspProxy::waitForServerOutput() {
  if (S->FromServer.joinable())
    S->FromServer.join();
}

} // namespace torchsync::clangd
