//===--- StepMarks.h - The probe's step marks, free of CUDA -----*- C++ -*-===//
//
// Purpose: what the probe does with a program's step marks
// (torchsync::mark_step() in include/torchsync/step.h, an NVTX mark named
// "torchsync.step"), without CUDA so that it is unit tested everywhere: which
// NVTX message is a mark, the "step" and "step_gpu" records, and
// StepTimeline, the pool of CUDA events that times the marks on the GPU.
//
// Each timed mark records an event on the legacy default stream; the hot path
// never waits for one. It asks (without waiting) whether the oldest pending
// events have completed, turns each completed one into milliseconds since the
// first timed mark's event and puts it back in the pool, so the pool holds
// only the events the GPU has not reached yet. Only stop() (or the context's
// destruction) waits, for the last event. The CUDA calls are a policy
// (Api::create, record, query, sync, elapsed, destroy) so that a fake drives
// the bookkeeping in the self test.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_PROBE_STEPMARKS_H
#define TORCHSYNC_RUNTIME_PROBE_STEPMARKS_H

#include "../common/JsonWriter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <string>
#include <vector>

namespace torchsync::probe {

/// The NVTX message of a step mark (torchsync::StepMarkName in step.h).
inline constexpr const char *StepMarkMessage = "torchsync.step";
/// Marks timed on the GPU: later marks have their host time only (and the
/// probe says so once, in a "warning" record). A million marks make a
/// step_gpu record of about 10 MB.
inline constexpr uint64_t MaxTimedSteps = 1'000'000;
/// Events the GPU has not reached yet, at most: a mark beyond them (a GPU
/// that many marks behind the host) is timed on the host only.
inline constexpr size_t MaxStepEventsInFlight = 4096;

/// True for the message of a step mark: exactly "torchsync.step".
inline bool isStepMark(const char *Message) {
  return Message && std::strcmp(Message, StepMarkMessage) == 0;
}

/// {"type":"step","n":N,"t_ns":T}: mark N (from 1) at host time T (the
/// steady clock of the sync events' start_ns).
inline std::string stepJson(uint64_t N, uint64_t HostNs) {
  return json::Object()
      .str("type", "step")
      .uinteger("n", N)
      .uinteger("t_ns", HostNs)
      .done();
}

/// A GPU time in ms to 0.1 us (CUDA events resolve about 0.5 us), without
/// trailing zeros; null for NaN (no event).
inline std::string stepMs(double Ms) {
  if (!std::isfinite(Ms))
    return "null";
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%.4f", Ms);
  std::string S = Buf;
  S.erase(S.find_last_not_of('0') + 1);
  if (S.back() == '.')
    S.pop_back();
  return S == "-0" ? "0" : S;
}

/// {"type":"step_gpu","elapsed_ms":[...]}: for mark k, the GPU time from the
/// first timed mark's event to mark k's; null (NaN here) for a mark without
/// an event.
inline std::string stepGpuJson(const std::vector<double> &ElapsedMs) {
  json::Array A;
  for (double Ms : ElapsedMs)
    A.raw(stepMs(Ms));
  return json::Object()
      .str("type", "step_gpu")
      .raw("elapsed_ms", A.done())
      .done();
}

/// What a non-blocking event query answers.
enum class EventState { Ready, NotReady, Error };

/// The GPU times of the marks, from a pool of events. Not thread-safe: the
/// probe calls it under its step lock. Api is the CUDA policy:
///   bool create(Event &), bool record(Event), EventState query(Event),
///   bool sync(Event), bool elapsed(Event From, Event To, double &Ms),
///   void destroy(Event).
template <typename Api> class StepTimeline {
public:
  using Event = typename Api::Event;

  explicit StepTimeline(Api &A, size_t MaxInFlight = MaxStepEventsInFlight,
                        uint64_t MaxTimed = MaxTimedSteps)
      : A(A), MaxInFlight(MaxInFlight), MaxTimed(MaxTimed) {}

  /// The hot path for mark N (1-based, called in order): resolves what has
  /// completed, then records an event for N when CanRecord (a CUDA context
  /// is current) and the pool and the cap allow. Never waits.
  void mark(uint64_t N, bool CanRecord) {
    if (Failed || N > MaxTimed)
      return;
    if (Ms.size() < N)
      Ms.resize(N, std::numeric_limits<double>::quiet_NaN());
    if (!CanRecord)
      return;
    poll();
    Event E{};
    if (Failed || !take(E))
      return;
    if (!A.record(E)) {
      Failed = true;
      return;
    }
    if (!HaveRef) {
      Ref = E;
      HaveRef = true;
      Ms[N - 1] = 0.0;
      return;
    }
    Pending.push_back({N, E});
  }

  /// Resolves the pending events that have completed, oldest first, without
  /// waiting (one query past the last completed one).
  void poll() {
    while (!Failed && !Pending.empty()) {
      EventState St = A.query(Pending.front().E);
      if (St == EventState::NotReady)
        return;
      if (St == EventState::Error) {
        Failed = true;
        return;
      }
      resolveFront();
    }
  }

  /// Waits for the last event and resolves them all; then gives the events
  /// back (destroy). Later marks are not timed. Idempotent.
  void finish() {
    if (Finished)
      return;
    Finished = true;
    if (!Failed && !Pending.empty() && !A.sync(Pending.back().E))
      Failed = true;
    while (!Failed && !Pending.empty())
      resolveFront();
    for (const auto &P : Pending)
      A.destroy(P.E);
    Pending.clear();
    for (Event E : Free)
      A.destroy(E);
    Free.clear();
    if (HaveRef)
      A.destroy(Ref);
    MaxTimed = 0; // no event is recorded after the events are gone
  }

  /// finish() has run: no CUDA call is left to make.
  bool finished() const { return Finished; }
  /// A CUDA call failed: the probe writes no step_gpu record.
  bool failed() const { return Failed; }
  /// At least one mark has an event.
  bool timed() const { return HaveRef; }
  /// Events created so far (the pool's size).
  size_t created() const { return Created; }
  /// Per mark (up to the cap), ms since the first timed mark; NaN: none.
  const std::vector<double> &elapsedMs() const { return Ms; }

private:
  struct PendingMark {
    uint64_t N;
    Event E;
  };

  bool take(Event &E) {
    if (Free.empty()) {
      // A few at a time: creating events costs about as much as recording.
      size_t Chunk =
          std::min<size_t>(16, MaxInFlight - std::min(MaxInFlight, Created));
      for (size_t I = 0; I < Chunk; ++I) {
        Event New{};
        if (!A.create(New)) {
          Failed = true;
          return false;
        }
        Free.push_back(New);
        ++Created;
      }
      if (Free.empty())
        return false;
    }
    E = Free.back();
    Free.pop_back();
    return true;
  }

  void resolveFront() {
    PendingMark P = Pending.front();
    Pending.pop_front();
    double V = 0;
    if (!A.elapsed(Ref, P.E, V)) {
      Failed = true;
      A.destroy(P.E);
      return;
    }
    Ms[P.N - 1] = V;
    Free.push_back(P.E);
  }

  Api &A;
  size_t MaxInFlight;
  uint64_t MaxTimed;
  std::vector<double> Ms;
  std::deque<PendingMark> Pending;
  std::vector<Event> Free;
  Event Ref{};
  bool HaveRef = false, Failed = false, Finished = false;
  size_t Created = 0;
};

} // namespace torchsync::probe

#endif // TORCHSYNC_RUNTIME_PROBE_STEPMARKS_H
