//===--- Probe.h - libtorchsync-probe: the CUPTI sync tracer ----*- C++ -*-===//
//
// Purpose: records every host-blocking CUDA event of a process: stream,
// context (device) and event synchronizes through the runtime or driver API,
// memcpys that block (synchronous ones with a host side, async ones whose host
// side is pageable, told apart by CUPTI's memcpy activity records), and the
// implicitly synchronizing frees; each with the host call stack and the time
// the host was blocked. Events go to a JSON-lines file, written in batches by
// a background thread (TraceBatch.h); each unique stack is written once, as a
// "stack" record that the events name by id.
//
// Step marks: each torchsync::mark_step() of the program (an NVTX mark named
// "torchsync.step", include/torchsync/step.h) reaches the probe through
// CUPTI's NVTX domain and is written as a "step" record, in order with the
// sync events, with its host time; a CUDA event recorded on the legacy
// default stream times it on the GPU, written at stop() as one "step_gpu"
// record (StepMarks.h). NVTX hands marks to CUPTI only when
// NVTX_INJECTION64_PATH names an NVTX injection library at the program's
// first NVTX call: the probe sets it (when unset) as it starts, and exports
// InitializeInjectionNvtx2 itself, so that NVTX_INJECTION64_PATH may name
// the probe (docs/verify-format.md says when that is needed).
//
// Three ways in, one library:
//   CUDA_INJECTION64_PATH=libtorchsync-probe.so ./prog   (CUDA calls
//       InitializeInjection; output in $TORCHSYNC_PROBE_OUT, default
//       torchsync-probe.<pid>.jsonl)
//   LD_PRELOAD=libtorchsync-probe.so TORCHSYNC_PROBE_OUT=f.jsonl ./prog
//   linked: call torchsync::probe::start(); regions (beginRegion/endRegion/
//       collect) attribute events to the code under test.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_PROBE_PROBE_H
#define TORCHSYNC_RUNTIME_PROBE_PROBE_H

#include "SyncClassifier.h"

#include <cstdint>
#include <string>
#include <vector>

namespace torchsync::probe {

struct Frame {
  std::string Module; ///< the shared object or executable
  uintptr_t Offset;   ///< address relative to the module's load base
  std::string Symbol; ///< demangled, or empty when the symbol is not exported
};

/// One time the host waited for the GPU.
struct SyncEvent {
  uint64_t Seq = 0;
  std::string Region;
  std::string Api;         ///< as CUPTI names it, e.g. cudaStreamSynchronize
  const char *Domain = ""; ///< "runtime" or "driver"
  ApiClass Kind = ApiClass::None;
  uint64_t StartNs = 0, EndNs = 0; ///< host steady clock around the call
  uint64_t ThreadId = 0;
  uint32_t CorrelationId = 0;
  // Memcpys only.
  CopyKind Copy = CopyKind::Unknown;
  MemoryKind Src = MemoryKind::Unknown, Dst = MemoryKind::Unknown;
  uint64_t Bytes = 0;
  const char *Reason = "";     ///< classifyMemcpy's reason
  const char *CopySource = ""; ///< "activity" or "params" (the fallback)
  /// The deduplicated raw stack (0: none recorded). collect() fills Stack
  /// from it; the trace names it as "stack_id".
  uint32_t StackId = 0;
  std::vector<Frame> Stack;
  /// Nonzero: not a sync but step mark number Step (from 1), at host time
  /// StartNs; written as a "step" record.
  uint64_t Step = 0;

  uint64_t blockedNs() const { return EndNs > StartNs ? EndNs - StartNs : 0; }
};

struct Options {
  std::string OutPath; ///< JSON lines; empty: keep events in memory only
  bool Stacks = true;
  unsigned MaxFrames = 32;
  const char *Mode = "linked";
  /// Events are written at least this often, and at once when this many are
  /// queued ($TORCHSYNC_PROBE_FLUSH_MS and $TORCHSYNC_PROBE_FLUSH_EVENTS
  /// override them).
  unsigned FlushMs = 5;
  unsigned FlushEvents = 4096;
};

/// Subscribes to CUPTI. False (with the failure reported) if CUPTI refused,
/// e.g. because another subscriber (Kineto, a profiler) holds it.
bool start(const Options &Opts);
/// Flushes, writes a summary line and unsubscribes.
void stop();
bool isRunning();

/// While disabled the callbacks return at once; use it around timing loops.
void setEnabled(bool On);

/// Events between beginRegion and endRegion carry the region's label and are
/// kept for collect().
void beginRegion(const std::string &Label);
void endRegion();
/// The region events since the last collect. Synchronize the device first:
/// memcpys are classified from activity records, complete only then.
std::vector<SyncEvent> collect();

/// The event as one JSON object (the probe's line format): its "stack" when
/// the event carries its symbolized frames, its "stack_id" when it names one.
std::string toJson(const SyncEvent &E);

/// CUDA/CUPTI failures reported so far (each also written as a JSON line).
unsigned failures();

/// Backtraces the probe has taken on the CUDA calls' threads: one per
/// recorded event with a stack, none for a memcpy whose parameters prove it
/// cannot block (also the summary's "stack_captures").
uint64_t stackCaptures();

} // namespace torchsync::probe

// C names fixed by CUDA's injection interface and by the probe's dlopen API:
// not LLVM-style names.
// NOLINTBEGIN(readability-identifier-naming)
extern "C" {
/// CUDA's injection entry point (CUDA_INJECTION64_PATH).
int InitializeInjection(void);
/// NVTX's injection entry point (NVTX_INJECTION64_PATH): hands NVTX to the
/// CUPTI library that the probe is linked with, whose NVTX domain the probe
/// subscribes to.
int InitializeInjectionNvtx2(const void *GetExportTable);
/// C entry points for programs that load the probe with dlopen.
int torchsync_probe_start(const char *OutPath);
void torchsync_probe_stop(void);
}
// NOLINTEND(readability-identifier-naming)

#endif // TORCHSYNC_RUNTIME_PROBE_PROBE_H
