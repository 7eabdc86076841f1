//===--- LiveFacts.cpp - Whole-program facts kept current for the editor --===//

#include "LiveFacts.h"
#include "program/Facts.h"
#include "program/Index.h"
#include "program/Serialization.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <chrono>
#include <cstdio>

namespace torchsync::clangd {

namespace {

bool hasDatabase(llvm::StringRef Dir) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "compile_commands.json");
  return llvm::sys::fs::is_regular_file(Path);
}

std::string readFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

} // namespace

std::string databaseFolderOf(llvm::StringRef File,
                             llvm::StringRef CompileCommandsDir) {
  if (!CompileCommandsDir.empty()) {
    llvm::SmallString<256> Dir(CompileCommandsDir);
    llvm::sys::fs::make_absolute(Dir);
    return hasDatabase(Dir) ? std::string(Dir) : std::string();
  }
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    if (hasDatabase(Dir))
      return Dir.str();
    llvm::SmallString<256> Build(Dir);
    llvm::sys::path::append(Build, "build");
    if (hasDatabase(Build))
      return std::string(Build);
  }
  return "";
}

LiveFacts::LiveFacts(Options O) : Opts(std::move(O)) {
  Worker = std::thread([this] { work(); });
}

LiveFacts::~LiveFacts() {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Stopping = true;
  }
  Wake.notify_all();
  if (Worker.joinable())
    Worker.join();
}

void LiveFacts::opened(llvm::StringRef File) {
  std::string Database = databaseFolderOf(File, Opts.CompileCommandsDir);
  if (Database.empty())
    return;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Known.count(Database) || Unlisted.count(File.str()))
      return;
  }
  // Only a database that lists the file: its facts are about its files (a
  // file outside it gets nothing from them, and clangd guesses its command).
  std::string Error;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          Database + "/compile_commands.json", Error,
          clang::tooling::JSONCommandLineSyntax::AutoDetect);
  bool Listed = DB && !DB->getCompileCommands(File).empty();
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Listed) {
      Unlisted.insert(File.str());
      return;
    }
    if (!Known.insert(Database).second)
      return;
  }
  schedule(Database);
}

void LiveFacts::saved(llvm::StringRef) {
  // Any saved file (a header too) may change the facts of a database in
  // use; a run whose files did not change takes everything from the cache.
  std::vector<std::string> Databases;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Databases.assign(Known.begin(), Known.end());
  }
  for (const std::string &Database : Databases)
    schedule(Database);
}

void LiveFacts::schedule(const std::string &Database) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Pending.insert(Database);
  }
  Wake.notify_all();
}

void LiveFacts::work() {
  for (;;) {
    std::string Database;
    {
      std::unique_lock<std::mutex> Guard(Lock);
      Wake.wait(Guard, [&] { return Stopping || !Pending.empty(); });
      if (Stopping)
        return;
      // Saves made while a run goes on are taken by the next run, once.
      Database = *Pending.begin();
      Pending.erase(Pending.begin());
    }
    if (refresh(Database) && Opts.Redecide)
      Opts.Redecide();
  }
}

bool LiveFacts::refresh(const std::string &Database) {
  std::string FactsPath = clang::tidy::torchsync::factsFileBeside(Database);
  std::string Before;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = LastFacts.find(Database);
    Before =
        It != LastFacts.end()
            ? It->second
            : clang::tidy::torchsync::factsContentHash(readFile(FactsPath));
  }
  llvm::SmallString<128> ErrorLog;
  int FD = -1;
  if (llvm::sys::fs::createTemporaryFile("torchsync-clangd-facts", "log", FD,
                                         ErrorLog))
    ErrorLog.clear();
  else
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(""),
      ErrorLog.empty() ? std::optional<llvm::StringRef>(llvm::StringRef(""))
                       : std::optional<llvm::StringRef>(ErrorLog.str())};
  llvm::StringRef Args[] = {Opts.Driver,          "-p",      Database,
                            "--whole-program=on", "--quiet", "--fail-on=none"};
  auto Start = std::chrono::steady_clock::now();
  std::string Message;
  bool Failed = false;
  int Status = llvm::sys::ExecuteAndWait(Opts.Driver, Args, std::nullopt,
                                         Redirects, 0, 0, &Message, &Failed);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  std::string Errors = ErrorLog.empty() ? "" : readFile(ErrorLog);
  if (!ErrorLog.empty())
    llvm::sys::fs::remove(ErrorLog);
  std::string After =
      clang::tidy::torchsync::factsContentHash(readFile(FactsPath));
  if (Opts.Log) {
    if (Failed || Status != 0) {
      llvm::StringRef First = llvm::StringRef(Errors).split('\n').first;
      Opts.Log("torchsync-clangd: the whole-program pass over '" + Database +
               "' failed: " +
               (Failed          ? Message
                : First.empty() ? "exit code " + std::to_string(Status)
                                : First.str()));
    } else {
      char Time[32];
      std::snprintf(Time, sizeof(Time), "%.1f", Seconds);
      Opts.Log("torchsync-clangd: whole-program facts of '" + Database + "' " +
               (After == Before ? "unchanged" : "updated") + " (" + Time +
               " s)");
    }
  }
  std::lock_guard<std::mutex> Guard(Lock);
  LastFacts[Database] = After;
  return After != Before;
}

} // namespace torchsync::clangd
