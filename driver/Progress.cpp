//===--- Progress.cpp - Files done, total and time left -------------------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "Progress.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace torchsync {

Progress::Progress(raw_ostream &OS, size_t Total, bool Terminal,
                   unsigned Columns)
    : OS(OS), Total(Total), Terminal(Terminal), Columns(Columns ? Columns : 80),
      Start(std::chrono::steady_clock::now()) {}

std::string Progress::formatDuration(std::chrono::seconds S) {
  long long T = S.count();
  std::string Out;
  raw_string_ostream OS(Out);
  if (T >= 3600)
    OS << T / 3600 << "h" << format("%02lldm", (T % 3600) / 60);
  else if (T >= 60)
    OS << T / 60 << "m" << format("%02llds", T % 60);
  else
    OS << T << "s";
  return Out;
}

void Progress::finished(StringRef Path, bool Cached, bool Fail) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++Done;
  FromCache += Cached;
  Failed += Fail;
  unsigned Width = std::to_string(Total).size();
  std::string Counter;
  raw_string_ostream C(Counter);
  C << "[" << right_justify(std::to_string(Done), Width) << "/" << Total << "]";
  if (!Terminal) {
    OS << Counter << " " << Path
       << (Fail     ? " (failed)"
           : Cached ? " (cached)"
                    : "")
       << "\n";
    OS.flush();
    return;
  }
  // The time left, from the rate so far (cached files count too: they are
  // part of what is left as well).
  auto Elapsed = std::chrono::steady_clock::now() - Start;
  auto Left = std::chrono::duration_cast<std::chrono::seconds>(
      Elapsed * double(Total - Done) / double(Done));
  C << " " << right_justify(std::to_string(Done * 100 / Total), 3) << "%";
  if (Done < Total)
    C << " ETA " << formatDuration(Left);
  std::string Line = Counter + " ";
  // Keep the line shorter than the terminal, or it wraps and the next
  // redraw cannot clear it; long paths keep their end.
  size_t Room = Columns > Line.size() + 1 ? Columns - Line.size() - 1 : 0;
  StringRef Shown = Path;
  if (Shown.size() > Room)
    Shown = Room > 3 ? Shown.take_back(Room - 3) : StringRef();
  Line += (Path.size() > Room && Room > 3 ? "..." : "") + Shown.str();
  OS << "\r\x1b[K" << Line;
  OS.flush();
}

void Progress::done() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Terminal)
    OS << "\r\x1b[K";
  auto Elapsed = std::chrono::duration_cast<std::chrono::seconds>(
      std::chrono::steady_clock::now() - Start);
  OS << "torchsync: analyzed " << Done << " file" << (Done == 1 ? "" : "s")
     << " in " << formatDuration(Elapsed) << " (" << FromCache
     << " from the cache";
  if (Failed)
    OS << ", " << Failed << " failed";
  OS << ")\n";
  OS.flush();
}

} // namespace torchsync
