//===--- TraceBatch.h - The probe's hot-path stack table and batches -*- C++
//-*-===//
//
// Purpose: what keeps recording a sync in microseconds, free of CUDA so that
// it is unit tested everywhere. StackTable deduplicates raw stacks (return
// addresses only, by a hash of the addresses): the hot path interns a stack
// and keeps its id; symbolizing (dladdr + demangle) happens once per unique
// stack, off the hot path. BatchWriter queues records and has a background
// thread format and write them in bounded batches (every PeriodNs or
// MaxBatch records, whichever comes first) with one fflush per batch, so a
// program killed by a timeout or a crash loses at most the last batch.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_PROBE_TRACEBATCH_H
#define TORCHSYNC_RUNTIME_PROBE_TRACEBATCH_H

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace torchsync::probe {

/// FNV-1a over the addresses' bytes.
inline uint64_t hashAddresses(void *const *Addrs, size_t N) {
  uint64_t H = 1469598103934665603ULL;
  for (size_t I = 0; I < N; ++I) {
    auto V = reinterpret_cast<uintptr_t>(Addrs[I]);
    for (unsigned B = 0; B < sizeof V; ++B) {
      H ^= (V >> (8 * B)) & 0xff;
      H *= 1099511628211ULL;
    }
  }
  return H;
}

/// Unique raw stacks, numbered from 1 in order of first sight. Thread-safe.
class StackTable {
public:
  /// The id of the stack Addrs[0..N); IsNew is set when it was first seen.
  uint32_t intern(void *const *Addrs, size_t N, bool *IsNew = nullptr) {
    uint64_t H = hashAddresses(Addrs, N);
    std::lock_guard<std::mutex> L(M);
    auto &Ids = ByHash[H];
    for (uint32_t Id : Ids) {
      const auto &S = Stacks[Id - 1];
      if (S.size() == N && std::equal(S.begin(), S.end(), Addrs)) {
        if (IsNew)
          *IsNew = false;
        return Id;
      }
    }
    Stacks.emplace_back(Addrs, Addrs + N);
    auto Id = static_cast<uint32_t>(Stacks.size());
    Ids.push_back(Id);
    if (IsNew)
      *IsNew = true;
    return Id;
  }
  /// The addresses of a stack id (empty for an unknown id).
  std::vector<void *> get(uint32_t Id) const {
    std::lock_guard<std::mutex> L(M);
    if (Id == 0 || Id > Stacks.size())
      return {};
    return Stacks[Id - 1];
  }
  size_t size() const {
    std::lock_guard<std::mutex> L(M);
    return Stacks.size();
  }

private:
  mutable std::mutex M;
  std::unordered_map<uint64_t, std::vector<uint32_t>> ByHash;
  std::vector<std::vector<void *>> Stacks;
};

/// Queues records on the hot path and writes them in batches. Format turns a
/// batch into text (JSON lines) on the writer's thread; Trailer, if set, adds
/// lines after each batch (the probe's progress record).
template <typename Rec> class BatchWriter {
public:
  using FormatFn = std::function<void(std::vector<Rec> &, std::string &)>;
  /// Called after each batch (also an empty one, every PeriodNs) with the
  /// number of records written so far.
  using TrailerFn = std::function<void(size_t Written, std::string &)>;

  struct Config {
    uint64_t PeriodNs = 5'000'000; ///< the longest a record waits
    size_t MaxBatch = 4096;        ///< a fuller queue is written at once
    bool Thread = true;            ///< else the next push after the deadline
  };

  BatchWriter() = default;
  BatchWriter(const BatchWriter &) = delete;
  BatchWriter &operator=(const BatchWriter &) = delete;
  ~BatchWriter() { stop(); }

  /// Starts writing to Out (not owned; may be null: records are dropped
  /// after formatting, which still runs, e.g. for the region's events).
  void start(FILE *Out, FormatFn Format, TrailerFn Trailer, Config C) {
    stop();
    std::lock_guard<std::mutex> L(M);
    this->Out = Out;
    this->Format = std::move(Format);
    this->Trailer = std::move(Trailer);
    Cfg = C;
    Stopping = false;
    Written = 0;
    Batches = 0;
    LastFlush = nowNs();
    Running = true;
    if (Cfg.Thread)
      Worker = std::thread([this] { loop(); });
  }

  /// The hot path: one lock, one move.
  void push(Rec R) {
    std::unique_lock<std::mutex> L(M);
    if (!Running)
      return;
    Pending.push_back(std::move(R));
    bool Full = Pending.size() >= Cfg.MaxBatch;
    if (Worker.joinable()) {
      if (Full)
        CV.notify_one();
      return;
    }
    if (Full || nowNs() - LastFlush >= Cfg.PeriodNs)
      flushLocked(L);
  }

  /// Writes what is queued now (the caller's thread).
  void flush() {
    std::unique_lock<std::mutex> L(M);
    flushLocked(L);
  }

  /// Writes a line of its own, after what is queued (errors, warnings).
  void writeLine(const std::string &Line) {
    std::unique_lock<std::mutex> L(M);
    flushLocked(L);
    writeText(Line + "\n");
  }

  /// Drains the queue and joins the thread; later pushes are dropped.
  void stop() {
    {
      std::lock_guard<std::mutex> L(M);
      if (!Running)
        return;
      Stopping = true;
    }
    CV.notify_one();
    if (Worker.joinable() && Worker.get_id() != std::this_thread::get_id())
      Worker.join();
    std::unique_lock<std::mutex> L(M);
    flushLocked(L);
    Running = false;
  }

  bool running() const {
    std::lock_guard<std::mutex> L(M);
    return Running;
  }

  /// Records formatted so far, and the batches written.
  size_t written() const { return Written.load(); }
  size_t batches() const { return Batches.load(); }

  // pthread_atfork: a child has no writer thread; it writes on its pushes.
  void beforeFork() { M.lock(); }
  void afterForkParent() { M.unlock(); }
  void afterForkChild() {
    new (&Worker) std::thread(); // the parent's thread is not in the child
    M.unlock();
  }

  static uint64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }

private:
  void loop() {
    std::unique_lock<std::mutex> L(M);
    while (!Stopping) {
      CV.wait_for(L, std::chrono::nanoseconds(Cfg.PeriodNs),
                  [&] { return Stopping || Pending.size() >= Cfg.MaxBatch; });
      flushLocked(L);
    }
  }

  /// Called with M held, returns with it held; formats and writes outside
  /// it, under FlushM, so that batches keep their order (lock order: M,
  /// then FlushM; FlushM is never held while taking M).
  void flushLocked(std::unique_lock<std::mutex> &L) {
    LastFlush = nowNs();
    if (Pending.empty() && !Trailer)
      return;
    std::vector<Rec> Batch;
    Batch.swap(Pending);
    {
      std::lock_guard<std::mutex> F(FlushM);
      L.unlock();
      std::string Text;
      if (!Batch.empty() && Format)
        Format(Batch, Text);
      size_t Count = Batch.size();
      Written += Count;
      if (Count)
        ++Batches;
      if (Trailer)
        Trailer(Written, Text);
      writeText(Text);
    }
    L.lock();
  }

  void writeText(const std::string &Text) {
    if (!Out || Text.empty())
      return;
    std::fwrite(Text.data(), 1, Text.size(), Out);
    std::fflush(Out);
  }

  mutable std::mutex M;
  std::mutex FlushM;
  std::condition_variable CV;
  std::thread Worker;
  std::vector<Rec> Pending;
  FormatFn Format;
  TrailerFn Trailer;
  FILE *Out = nullptr;
  Config Cfg;
  bool Running = false, Stopping = false;
  std::atomic<size_t> Written{0}, Batches{0};
  uint64_t LastFlush = 0;
};

} // namespace torchsync::probe

#endif // TORCHSYNC_RUNTIME_PROBE_TRACEBATCH_H
