//===--- Probe.cpp - libtorchsync-probe: the CUPTI sync tracer ------------===//
//
// Purpose: implements Probe.h on CUPTI's callback API (every runtime and
// driver API whose name SyncClassifier says can wait: ENTER/EXIT time the
// wait) and its activity API (memcpy records carry copyKind, srcKind and
// dstKind, which tell a pageable copy from a pinned one). A memcpy call is
// held as pending until its activity record arrives (matched on the runtime
// or driver correlation id); if none arrives, the call's own parameters and
// cuPointerGetAttribute decide instead. Driver callbacks nested in a traced
// runtime call are ignored so one wait is counted once.
//
// The hot path keeps a sync cheap: glibc backtrace() for the raw return
// addresses, the stack interned by their hash (StackTable), and the event
// queued (BatchWriter). The writer thread symbolizes each new stack once
// (dladdr + demangle), writes it as a "stack" record, then the events, then a
// "progress" record, and flushes once per batch.
//
// Step marks (torchsync::mark_step(), an NVTX mark "torchsync.step") arrive
// through CUPTI's NVTX domain: the mark is numbered, given a CUDA event on the
// legacy default stream from StepTimeline's pool (StepMarks.h) and queued as
// a "step" record with the sync events; stop() writes the GPU times as one
// "step_gpu" record. The probe's own CUDA calls for this are made with
// ProbeCall set, so its callbacks ignore them.
//
//===----------------------------------------------------------------------===//

#include "Probe.h"
#include "StepMarks.h"
#include "TraceBatch.h"

#include "../common/CheckStatus.h"
#include "../common/JsonWriter.h"

#include <cupti.h>
// The NVTX domain's parameter structs (nvtxMarkA_params, ...).
#include <generated_nvtx_meta.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <unordered_map>

namespace torchsync::probe {

// The classifier mirrors CUPTI's enums without including CUPTI.
static_assert(int(CopyKind::HtoD) == CUPTI_ACTIVITY_MEMCPY_KIND_HTOD);
static_assert(int(CopyKind::DtoH) == CUPTI_ACTIVITY_MEMCPY_KIND_DTOH);
static_assert(int(CopyKind::DtoD) == CUPTI_ACTIVITY_MEMCPY_KIND_DTOD);
static_assert(int(CopyKind::HtoH) == CUPTI_ACTIVITY_MEMCPY_KIND_HTOH);
static_assert(int(CopyKind::PtoP) == CUPTI_ACTIVITY_MEMCPY_KIND_PTOP);
static_assert(int(MemoryKind::Pageable) == CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE);
static_assert(int(MemoryKind::Pinned) == CUPTI_ACTIVITY_MEMORY_KIND_PINNED);
static_assert(int(MemoryKind::Device) == CUPTI_ACTIVITY_MEMORY_KIND_DEVICE);
static_assert(int(MemoryKind::Managed) == CUPTI_ACTIVITY_MEMORY_KIND_MANAGED);

namespace {

constexpr size_t ActivityBufferBytes = 1 << 20;
constexpr size_t MaxOrphans = 4096;
/// Raw frames captured on the hot path: the probe's and CUPTI's own frames
/// above the traced API, then up to Options::MaxFrames of the program's.
constexpr int MaxRawFrames = 64;
/// A progress record at least this often while nothing else is written.
constexpr uint64_t ProgressIdleNs = 1'000'000'000;

struct PendingCopy {
  SyncEvent Event;
  bool AsyncApi = false;
  // The fallback, from the call's parameters.
  bool HaveParams = false;
  CopyKind ParamDir = CopyKind::Unknown;
  MemoryKind ParamSrc = MemoryKind::Unknown, ParamDst = MemoryKind::Unknown;
};

struct CopyRecord {
  CopyKind Dir;
  MemoryKind Src, Dst;
  bool AsyncFlag;
  uint64_t Bytes;
};

/// StepTimeline's CUDA calls: driver API, every status checked.
struct CudaStepApi {
  using Event = CUevent;
  bool create(CUevent &E) {
    return TS_CU_CHECK(cuEventCreate(&E, CU_EVENT_DEFAULT));
  }
  bool record(CUevent E) {
    return TS_CU_CHECK(cuEventRecord(E, CU_STREAM_LEGACY));
  }
  EventState query(CUevent E) {
    CUresult R = cuEventQuery(E);
    // Not reached yet: the answer that keeps the hot path from waiting.
    if (R == CUDA_ERROR_NOT_READY)
      return EventState::NotReady;
    return TS_CU_CHECK(R) ? EventState::Ready : EventState::Error;
  }
  bool sync(CUevent E) { return TS_CU_CHECK(cuEventSynchronize(E)); }
  bool elapsed(CUevent From, CUevent To, double &Ms) {
    float F = 0;
    if (!TS_CU_CHECK(cuEventElapsedTime(&F, From, To)))
      return false;
    Ms = F;
    return true;
  }
  void destroy(CUevent E) { TS_CU_CHECK(cuEventDestroy(E)); }
};

struct State {
  std::mutex StateM; // everything below except Out
  std::mutex OutM;   // Out
  FILE *Out = nullptr;
  StackTable Stacks;
  BatchWriter<SyncEvent> Writer;
  std::mutex SymM; // Symbolized
  std::unordered_map<uint32_t, std::vector<Frame>> Symbolized;
  // The writer's own (its thread, under its flush lock).
  std::vector<bool> StackWritten;
  uint64_t StartNs = 0, LastProgressNs = 0;
  /// The profile in the summary: time on the CUDA call's thread spent
  /// recording (stack capture, interning, queueing), and on the writer's
  /// thread symbolizing stacks and formatting events.
  std::atomic<uint64_t> RecordNs{0}, SymbolizeNs{0}, FormatNs{0};
  /// Backtraces taken on the hot path (the summary's stack_captures): one
  /// per recorded event, none for a memcpy that cannot block.
  std::atomic<uint64_t> StackCaptures{0};
  size_t LastProgressEvents = 0;
  std::atomic<bool> Running{false};
  std::atomic<bool> Enabled{true};
  /// Calls while Accepting carry Region; events with that label are kept
  /// until collect() (memcpys are classified after the region's last call).
  std::atomic<bool> Accepting{false};
  Options Opts;
  CUpti_SubscriberHandle Subscriber = nullptr;
  std::vector<ApiClass> RuntimeClass, DriverClass;
  std::string Region;
  std::vector<SyncEvent> Collected;
  std::unordered_map<uint32_t, PendingCopy> RuntimePending, DriverPending;
  std::unordered_map<uint32_t, CopyRecord> RuntimeOrphans, DriverOrphans;
  std::atomic<uint64_t> Seq{0};
  std::atomic<uint64_t> Emitted{0};
  std::string SelfModule;
  /// Sync records written so far (the progress record's count; the writer's
  /// own count includes the step records).
  std::atomic<uint64_t> SyncsWritten{0};
  // Step marks, under StepM (lock order: StepM, then the writer's lock).
  std::mutex StepM;
  std::atomic<uint64_t> StepCount{0};
  CUcontext StepCtx = nullptr; ///< where the step events live
  bool StepExitHook = false;
  CudaStepApi StepApi;
  StepTimeline<CudaStepApi> StepTimes{StepApi};
  std::atomic<uint64_t> StepNs{0}; ///< time spent on marks (the summary's)
};

// Leaked on purpose: callbacks and atexit handlers may run during teardown.
State &state() {
  static State *S = new State;
  return *S;
}

uint64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Set while the probe makes CUDA calls of its own (the step events): its
/// callbacks ignore them, so they never count as the program's.
thread_local bool ProbeCall = false;

struct ProbeCallScope {
  bool Saved = ProbeCall;
  ProbeCallScope() { ProbeCall = true; }
  ~ProbeCallScope() { ProbeCall = Saved; }
  ProbeCallScope(const ProbeCallScope &) = delete;
  ProbeCallScope &operator=(const ProbeCallScope &) = delete;
};

uint64_t threadId() {
  thread_local uint64_t Tid = static_cast<uint64_t>(::syscall(SYS_gettid));
  return Tid;
}

/// A line of its own (start, error, warning), after the queued events.
void writeLine(const std::string &Line) {
  State &S = state();
  if (S.Writer.running()) {
    S.Writer.writeLine(Line);
    return;
  }
  std::lock_guard<std::mutex> L(S.OutM);
  if (!S.Out)
    return;
  std::fputs(Line.c_str(), S.Out);
  std::fputc('\n', S.Out);
  std::fflush(S.Out); // a crashing program keeps what was recorded
}

void sinkFailure(const status::Failure &F) {
  status::printToStderr(F);
  writeLine(json::Object()
                .str("type", "error")
                .str("file", F.File)
                .integer("line", F.Line)
                .str("call", F.Expr)
                .str("library", F.Library)
                .integer("code", F.Code)
                .str("status", F.Name)
                .str("message", F.Message)
                .done());
}

std::string moduleOf(const void *Addr) {
  Dl_info Info;
  if (dladdr(Addr, &Info) && Info.dli_fname)
    return Info.dli_fname;
  return "";
}

bool isToolFrame(const std::string &Module) {
  const State &S = state();
  if (Module == S.SelfModule)
    return true;
  auto Base = Module.substr(Module.rfind('/') + 1);
  return Base.rfind("libcupti", 0) == 0 || Base.rfind("libcuda.so", 0) == 0;
}

/// The hot path's stack: raw return addresses, interned.
uint32_t captureStack() {
  void *Buf[MaxRawFrames];
  int N = backtrace(Buf, MaxRawFrames);
  state().StackCaptures.fetch_add(1, std::memory_order_relaxed);
  return state().Stacks.intern(Buf, N > 0 ? size_t(N) : 0);
}

std::vector<Frame> symbolize(const std::vector<void *> &Raw) {
  std::vector<Frame> Frames;
  bool Leading = true;
  for (void *Addr : Raw) {
    Dl_info Info{};
    Frame F{"", reinterpret_cast<uintptr_t>(Addr), ""};
    if (dladdr(Addr, &Info)) {
      if (Info.dli_fname)
        F.Module = Info.dli_fname;
      if (Info.dli_fbase)
        F.Offset -= reinterpret_cast<uintptr_t>(Info.dli_fbase);
      if (Info.dli_sname) {
        int St = 0;
        char *D = abi::__cxa_demangle(Info.dli_sname, nullptr, nullptr, &St);
        F.Symbol = St == 0 && D ? D : Info.dli_sname;
        std::free(D);
      }
    }
    // Skip the probe's and CUPTI's own frames above the traced API.
    if (Leading && isToolFrame(F.Module))
      continue;
    Leading = false;
    Frames.push_back(std::move(F));
    if (Frames.size() >= state().Opts.MaxFrames)
      break;
  }
  return Frames;
}

/// The frames of a stack id, symbolized once.
const std::vector<Frame> &symbolizedStack(uint32_t Id) {
  State &S = state();
  std::lock_guard<std::mutex> L(S.SymM);
  auto It = S.Symbolized.find(Id);
  if (It == S.Symbolized.end()) {
    uint64_t T0 = nowNs();
    It = S.Symbolized.emplace(Id, symbolize(S.Stacks.get(Id))).first;
    S.SymbolizeNs += nowNs() - T0;
  }
  return It->second;
}

std::string stackJson(const std::vector<Frame> &Stack) {
  json::Array A;
  char Hex[32];
  for (const Frame &F : Stack) {
    std::snprintf(Hex, sizeof Hex, "0x%zx", static_cast<size_t>(F.Offset));
    A.raw(json::Object()
              .str("module", F.Module)
              .str("offset", Hex)
              .str("symbol", F.Symbol)
              .done());
  }
  return A.done();
}

/// The writer thread: each new stack once, then the events.
void formatBatch(std::vector<SyncEvent> &Batch, std::string &Text) {
  State &S = state();
  uint64_t T0 = nowNs();
  uint64_t Syncs = 0;
  for (const SyncEvent &E : Batch) {
    Syncs += E.Step == 0;
    if (E.StackId) {
      if (S.StackWritten.size() <= E.StackId)
        S.StackWritten.resize(E.StackId + 1024);
      if (!S.StackWritten[E.StackId]) {
        S.StackWritten[E.StackId] = true;
        Text += json::Object()
                    .str("type", "stack")
                    .uinteger("id", E.StackId)
                    .raw("frames", stackJson(symbolizedStack(E.StackId)))
                    .done();
        Text += '\n';
      }
    }
    Text += toJson(E);
    Text += '\n';
  }
  S.SyncsWritten += Syncs;
  S.FormatNs += nowNs() - T0;
}

/// After each batch: how far the program got, for a report on a program
/// that never finishes.
void progressRecord(size_t, std::string &Text) {
  State &S = state();
  size_t Written = S.SyncsWritten.load();
  uint64_t Now = nowNs();
  if (Written == S.LastProgressEvents &&
      Now - S.LastProgressNs < ProgressIdleNs)
    return;
  S.LastProgressEvents = Written;
  S.LastProgressNs = Now;
  Text += json::Object()
              .str("type", "progress")
              .uinteger("events", Written)
              .uinteger("stacks", S.Stacks.size())
              .uinteger("elapsed_ms", (Now - S.StartNs) / 1'000'000)
              .done();
  Text += '\n';
}

/// Records a finished event; the caller holds no lock.
void emit(SyncEvent E) {
  State &S = state();
  E.Seq = ++S.Seq;
  S.Emitted.fetch_add(1, std::memory_order_relaxed);
  if (!E.Region.empty()) {
    std::lock_guard<std::mutex> L(S.StateM);
    if (E.Region == S.Region)
      S.Collected.push_back(E);
  }
  S.Writer.push(std::move(E));
}

/// Classifies and, if it blocked, emits a memcpy.
void finishCopy(PendingCopy P, const CopyRecord *R) {
  SyncEvent &E = P.Event;
  MemcpyVerdict V{false, "unknown"};
  if (R) {
    E.Copy = R->Dir;
    E.Src = R->Src;
    E.Dst = R->Dst;
    E.Bytes = R->Bytes;
    E.CopySource = "activity";
    V = classifyMemcpy(P.AsyncApi || R->AsyncFlag, R->Dir, R->Src, R->Dst);
  } else if (P.HaveParams) {
    E.Copy = P.ParamDir;
    E.Src = P.ParamSrc;
    E.Dst = P.ParamDst;
    E.CopySource = "params";
    V = classifyMemcpy(P.AsyncApi, P.ParamDir, P.ParamSrc, P.ParamDst);
  } else {
    E.CopySource = "none";
    V = classifyMemcpy(P.AsyncApi, CopyKind::Unknown, MemoryKind::Unknown,
                       MemoryKind::Unknown);
  }
  if (!V.Blocking)
    return;
  E.Reason = V.Reason;
  E.Kind = P.AsyncApi ? ApiClass::MemcpyAsync : ApiClass::Memcpy;
  emit(std::move(E));
}

/// The memory kind of a host pointer that a memcpy reads or writes.
MemoryKind hostPointerKind(const void *Ptr) {
  unsigned int Type = 0;
  CUresult R = cuPointerGetAttribute(&Type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                     reinterpret_cast<CUdeviceptr>(Ptr));
  // Memory CUDA does not know (plain malloc) is pageable: the driver answers
  // CUDA_ERROR_INVALID_VALUE for it, which is therefore not a failure here.
  if (R == CUDA_ERROR_INVALID_VALUE)
    return MemoryKind::Pageable;
  if (!TS_CU_CHECK(R))
    return MemoryKind::Unknown;
  if (Type == CU_MEMORYTYPE_HOST)
    return MemoryKind::Pinned;
  if (Type == CU_MEMORYTYPE_DEVICE)
    return MemoryKind::Device;
  return MemoryKind::Unknown;
}

/// Fills the fallback classification from cudaMemcpy(Async) parameters.
void paramsOf(CUpti_CallbackId Cbid, const void *Params, PendingCopy &P) {
  const void *Dst = nullptr, *Src = nullptr;
  cudaMemcpyKind Kind = cudaMemcpyDefault;
  switch (Cbid) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_ptds_v7000: {
    auto *A = static_cast<const cudaMemcpy_v3020_params *>(Params);
    Dst = A->dst, Src = A->src, Kind = A->kind;
    break;
  }
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000: {
    auto *A = static_cast<const cudaMemcpyAsync_v3020_params *>(Params);
    Dst = A->dst, Src = A->src, Kind = A->kind;
    break;
  }
  default:
    return;
  }
  MemoryKind SrcK = hostPointerKind(Src), DstK = hostPointerKind(Dst);
  bool SrcHost = SrcK != MemoryKind::Device,
       DstHost = DstK != MemoryKind::Device;
  if (Kind == cudaMemcpyHostToDevice ||
      (Kind == cudaMemcpyDefault && SrcHost && !DstHost))
    P.ParamDir = CopyKind::HtoD;
  else if (Kind == cudaMemcpyDeviceToHost ||
           (Kind == cudaMemcpyDefault && !SrcHost && DstHost))
    P.ParamDir = CopyKind::DtoH;
  else if (Kind == cudaMemcpyDeviceToDevice ||
           (Kind == cudaMemcpyDefault && !SrcHost && !DstHost))
    P.ParamDir = CopyKind::DtoD;
  else
    P.ParamDir = CopyKind::HtoH;
  P.ParamSrc = SrcK;
  P.ParamDst = DstK;
  P.HaveParams = true;
}

thread_local int RuntimeDepth = 0;

/// The step events' context is going away: time the marks while it exists.
/// Called with StepM held.
void finishStepsLocked() {
  State &S = state();
  // Finished already (at exit, before the CUDA runtime's teardown): the
  // driver may be gone by stop().
  if (!S.StepCtx || S.StepTimes.finished())
    return;
  ProbeCallScope Guard;
  CUcontext Cur = nullptr;
  bool Push = TS_CU_CHECK(cuCtxGetCurrent(&Cur)) && Cur != S.StepCtx &&
              TS_CU_CHECK(cuCtxPushCurrent(S.StepCtx));
  S.StepTimes.finish();
  if (Push)
    TS_CU_CHECK(cuCtxPopCurrent(&Cur));
}

/// The first atexit handler to run after the program's: times the marks
/// while CUDA is up. The CUDA runtime registers its own teardown when it
/// starts, after the probe's stop() under LD_PRELOAD, and handlers run in
/// reverse: by stop() the driver answers CUDA_ERROR_DEINITIALIZED (seen on
/// an H100 with CUDA 13).
void finishStepsAtExit() {
  State &S = state();
  std::lock_guard<std::mutex> L(S.StepM);
  finishStepsLocked();
}

/// One torchsync.step mark: numbered, timed on the host and (from the pool)
/// by an event on the legacy default stream, queued with the sync events.
void recordStep() {
  State &S = state();
  uint64_t T = nowNs();
  ProbeCallScope Guard;
  std::lock_guard<std::mutex> L(S.StepM);
  uint64_t N = ++S.StepCount;
  // A mark before the program's first CUDA call, or on a thread without its
  // context, has no event (null in step_gpu).
  CUcontext Ctx = nullptr;
  bool CanRecord = cuCtxGetCurrent(&Ctx) == CUDA_SUCCESS && Ctx;
  if (CanRecord && !S.StepCtx) {
    S.StepCtx = Ctx;
    // Registered now, after the CUDA runtime's teardown: runs before it.
    if (!S.StepExitHook)
      S.StepExitHook = std::atexit(finishStepsAtExit) == 0;
  }
  S.StepTimes.mark(N, CanRecord && Ctx == S.StepCtx);
  SyncEvent E;
  E.Step = N;
  E.StartNs = E.EndNs = T;
  E.ThreadId = threadId();
  S.Writer.push(std::move(E));
  if (N == MaxTimedSteps + 1)
    writeLine(json::Object()
                  .str("type", "warning")
                  .str("message", "step marks past " +
                                      std::to_string(MaxTimedSteps) +
                                      " are timed on the host only")
                  .done());
  S.StepNs += nowNs() - T;
}

/// NVTX marks: nvtxMarkA, and nvtxMarkEx with an ASCII message.
void onNvtx(CUpti_CallbackId Cbid, const CUpti_NvtxData *D) {
  const char *Message = nullptr;
  if (Cbid == CUPTI_CBID_NVTX_nvtxMarkA) {
    Message = static_cast<const nvtxMarkA_params *>(D->functionParams)->message;
  } else if (Cbid == CUPTI_CBID_NVTX_nvtxMarkEx) {
    const nvtxEventAttributes_t *A =
        static_cast<const nvtxMarkEx_params *>(D->functionParams)->eventAttrib;
    if (A && A->messageType == NVTX_MESSAGE_TYPE_ASCII)
      Message = A->message.ascii;
  }
  if (isStepMark(Message))
    recordStep();
}

void CUPTIAPI onApi(void *, CUpti_CallbackDomain Domain, CUpti_CallbackId Cbid,
                    const void *Data) {
  State &S = state();
  if (ProbeCall)
    return; // the probe's own step events
  if (Domain == CUPTI_CB_DOMAIN_NVTX) {
    if (S.Enabled.load(std::memory_order_relaxed))
      onNvtx(Cbid, static_cast<const CUpti_NvtxData *>(Data));
    return;
  }
  if (Domain == CUPTI_CB_DOMAIN_RESOURCE) {
    const auto *R = static_cast<const CUpti_ResourceData *>(Data);
    std::lock_guard<std::mutex> L(S.StepM);
    if (Cbid == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING &&
        R->context == S.StepCtx)
      finishStepsLocked();
    return;
  }
  const auto *CB = static_cast<const CUpti_CallbackData *>(Data);
  bool Enter = CB->callbackSite == CUPTI_API_ENTER;
  bool Runtime = Domain == CUPTI_CB_DOMAIN_RUNTIME_API;
  if (Runtime) {
    if (Enter)
      ++RuntimeDepth;
    else if (RuntimeDepth > 0)
      --RuntimeDepth;
  } else if (RuntimeDepth > 0) {
    return; // the runtime call that made this driver call is traced already
  }
  if (!S.Enabled.load(std::memory_order_relaxed))
    return;
  if (Enter) {
    *CB->correlationData = nowNs();
    return;
  }
  const auto &Table = Runtime ? S.RuntimeClass : S.DriverClass;
  ApiClass Class = Cbid < Table.size() ? Table[Cbid] : ApiClass::None;
  if (Class == ApiClass::None)
    return;

  SyncEvent E;
  E.StartNs = *CB->correlationData;
  E.EndNs = nowNs();
  E.Api = CB->functionName ? CB->functionName : "";
  E.Domain = Runtime ? "runtime" : "driver";
  E.Kind = Class;
  E.ThreadId = threadId();
  E.CorrelationId = CB->correlationId;
  if (S.Accepting.load()) {
    std::lock_guard<std::mutex> L(S.StateM);
    E.Region = S.Region;
  }

  if (Class != ApiClass::Memcpy && Class != ApiClass::MemcpyAsync) {
    uint64_t T0 = E.EndNs;
    if (S.Opts.Stacks)
      E.StackId = captureStack();
    emit(std::move(E));
    S.RecordNs += nowNs() - T0;
    return;
  }
  PendingCopy P;
  P.AsyncApi = Class == ApiClass::MemcpyAsync;
  if (Runtime)
    paramsOf(Cbid, CB->functionParams, P);
  // Whether the copy blocked is known only when its activity record arrives,
  // after the stack is gone; but a copy whose parameters prove it cannot
  // block (an async copy between device and pinned memory: every .item() in
  // LibTorch, followed by the stream synchronize that is its real wait) is
  // never recorded, and its backtrace (microseconds through LibTorch's
  // stack) would be thrown away. memcpyMayBlock() says yes for every copy
  // that can still be recorded, so no recorded event loses its stack.
  if (S.Opts.Stacks &&
      memcpyMayBlock(P.AsyncApi, P.HaveParams, P.ParamSrc, P.ParamDst))
    E.StackId = captureStack();
  P.Event = std::move(E);
  uint32_t Id = CB->correlationId;
  S.RecordNs += nowNs() - P.Event.EndNs;
  std::optional<CopyRecord> Early;
  {
    std::lock_guard<std::mutex> L(S.StateM);
    auto &Orphans = Runtime ? S.RuntimeOrphans : S.DriverOrphans;
    auto It = Orphans.find(Id);
    if (It != Orphans.end()) {
      Early = It->second;
      Orphans.erase(It);
    } else {
      (Runtime ? S.RuntimePending : S.DriverPending)[Id] = std::move(P);
      return;
    }
  }
  finishCopy(std::move(P), &*Early);
}

void CUPTIAPI bufferRequested(uint8_t **Buffer, size_t *Size,
                              size_t *MaxRecords) {
  *Buffer = static_cast<uint8_t *>(std::aligned_alloc(8, ActivityBufferBytes));
  *Size = *Buffer ? ActivityBufferBytes : 0;
  *MaxRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext Ctx, uint32_t StreamId, uint8_t *Buffer,
                              size_t, size_t Valid) {
  State &S = state();
  CUpti_Activity *Rec = nullptr;
  std::vector<std::pair<PendingCopy, CopyRecord>> Done;
  while (Valid > 0) {
    CUptiResult R = cuptiActivityGetNextRecord(Buffer, Valid, &Rec);
    if (R == CUPTI_ERROR_MAX_LIMIT_REACHED)
      break; // the end of the buffer, not a failure
    if (!TS_CUPTI_CHECK(R))
      break;
    if (Rec->kind != CUPTI_ACTIVITY_KIND_MEMCPY)
      continue;
    const auto *M = reinterpret_cast<const CUpti_ActivityMemcpy6 *>(Rec);
    CopyRecord C{copyKindFromInt(M->copyKind), memoryKindFromInt(M->srcKind),
                 memoryKindFromInt(M->dstKind),
                 (M->flags & CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC) != 0, M->bytes};
    std::lock_guard<std::mutex> L(S.StateM);
    auto Take = [&](std::unordered_map<uint32_t, PendingCopy> &Map,
                    uint32_t Id) {
      auto It = Id ? Map.find(Id) : Map.end();
      if (It == Map.end())
        return false;
      Done.emplace_back(std::move(It->second), C);
      Map.erase(It);
      return true;
    };
    if (Take(S.RuntimePending, M->runtimeCorrelationId) ||
        Take(S.DriverPending, M->correlationId))
      continue;
    if (!S.Enabled.load())
      continue;
    // The record beat its API's EXIT callback: keep it for a while.
    if (S.RuntimeOrphans.size() > MaxOrphans)
      S.RuntimeOrphans.clear(), S.DriverOrphans.clear();
    if (M->runtimeCorrelationId)
      S.RuntimeOrphans[M->runtimeCorrelationId] = C;
    S.DriverOrphans[M->correlationId] = C;
  }
  size_t Dropped = 0;
  if (TS_CUPTI_CHECK(
          cuptiActivityGetNumDroppedRecords(Ctx, StreamId, &Dropped)) &&
      Dropped)
    writeLine(json::Object()
                  .str("type", "warning")
                  .str("message", "CUPTI dropped activity records")
                  .uinteger("count", Dropped)
                  .done());
  std::free(Buffer);
  for (auto &D : Done)
    finishCopy(std::move(D.first), &D.second);
}

/// Classifies what is still pending from the call parameters.
void settlePending() {
  State &S = state();
  std::vector<PendingCopy> Left;
  {
    std::lock_guard<std::mutex> L(S.StateM);
    for (auto *Map : {&S.RuntimePending, &S.DriverPending}) {
      for (auto &KV : *Map)
        Left.push_back(std::move(KV.second));
      Map->clear();
    }
  }
  for (auto &P : Left)
    finishCopy(std::move(P), nullptr);
}

bool enableDomain(CUpti_CallbackDomain Domain, uint32_t Size,
                  std::vector<ApiClass> &Table) {
  State &S = state();
  Table.assign(Size, ApiClass::None);
  for (uint32_t Cbid = 1; Cbid < Size; ++Cbid) {
    const char *Name = nullptr;
    CUptiResult R = cuptiGetCallbackName(Domain, Cbid, &Name);
    // Ids that this CUPTI does not define answer INVALID_PARAMETER: expected
    // while walking the id space.
    if (R == CUPTI_ERROR_INVALID_PARAMETER || !Name)
      continue;
    if (!TS_CUPTI_CHECK(R))
      return false;
    ApiClass C = classifyApi(Name);
    if (C == ApiClass::None)
      continue;
    if (!TS_CUPTI_CHECK(cuptiEnableCallback(1, S.Subscriber, Domain, Cbid)))
      return false;
    Table[Cbid] = C;
  }
  return true;
}

/// NVTX hands its calls to an injection library named by
/// NVTX_INJECTION64_PATH, which each NVTX copy (one per module that includes
/// nvtx3) reads once, at its first NVTX call; without it every mark of that
/// module is a no-op for the rest of the run. Naming the CUPTI library the
/// probe is linked with, as the probe starts, covers a program whose first
/// mark comes after the probe started: always under LD_PRELOAD (the probe
/// starts before main) and when linked, and under CUDA_INJECTION64_PATH when
/// the program's first NVTX call comes after its first CUDA call (CUDA
/// starts the probe). A program that calls NVTX before CUDA is initialized
/// under injection has read the variable already, and loses its marks unless
/// whoever starts it sets NVTX_INJECTION64_PATH beforehand: to this probe
/// (InitializeInjectionNvtx2 below) or to the same libcupti. Marks made
/// before the probe starts are not seen even then (CUPTI has no subscriber
/// yet), so the probe's numbering starts with the first mark it sees.
void setNvtxInjection() {
  if (std::getenv("NVTX_INJECTION64_PATH"))
    return; // the user's choice (a profiler's own NVTX handler, say)
  std::string Cupti = moduleOf(reinterpret_cast<const void *>(&cuptiSubscribe));
  if (!Cupti.empty())
    ::setenv("NVTX_INJECTION64_PATH", Cupti.c_str(), 0);
}

/// Step marks: the NVTX domain's marks, and the end of the step events'
/// context (resource domain).
bool enableStepCallbacks() {
  State &S = state();
  for (CUpti_CallbackId Cbid :
       {CUPTI_CBID_NVTX_nvtxMarkA, CUPTI_CBID_NVTX_nvtxMarkEx})
    if (!TS_CUPTI_CHECK(
            cuptiEnableCallback(1, S.Subscriber, CUPTI_CB_DOMAIN_NVTX, Cbid)))
      return false;
  return TS_CUPTI_CHECK(
      cuptiEnableCallback(1, S.Subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                          CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING));
}

/// At stop: the marks' GPU times, after the program's work (this waits for
/// the last event). A failed CUDA call has written an error record: no
/// step_gpu then, the host times stand.
void writeStepTimes() {
  State &S = state();
  std::lock_guard<std::mutex> L(S.StepM);
  if (S.StepCount == 0)
    return;
  finishStepsLocked();
  if (S.StepTimes.failed() || !S.StepTimes.timed())
    return;
  writeLine(stepGpuJson(S.StepTimes.elapsedMs()));
}

void atExitStop() { stop(); }

void beforeFork() { state().Writer.beforeFork(); }
void afterForkParent() { state().Writer.afterForkParent(); }
void afterForkChild() { state().Writer.afterForkChild(); }

unsigned envUnsigned(const char *Name, unsigned Default) {
  const char *V = std::getenv(Name);
  if (!V || !*V)
    return Default;
  char *End = nullptr;
  unsigned long N = std::strtoul(V, &End, 10);
  return *End == 0 && N > 0 ? static_cast<unsigned>(N) : Default;
}

} // namespace

std::string toJson(const SyncEvent &E) {
  if (E.Step)
    return stepJson(E.Step, E.StartNs);
  json::Object O;
  O.str("type", "sync")
      .uinteger("seq", E.Seq)
      .str("region", E.Region)
      .str("api", E.Api)
      .str("domain", E.Domain)
      .str("kind", apiClassName(E.Kind))
      .uinteger("start_ns", E.StartNs)
      .uinteger("end_ns", E.EndNs)
      .uinteger("blocked_ns", E.blockedNs())
      .uinteger("tid", E.ThreadId)
      .uinteger("correlation_id", E.CorrelationId);
  if (E.Kind == ApiClass::Memcpy || E.Kind == ApiClass::MemcpyAsync)
    O.raw("copy", json::Object()
                      .str("dir", copyKindName(E.Copy))
                      .str("src", memoryKindName(E.Src))
                      .str("dst", memoryKindName(E.Dst))
                      .uinteger("bytes", E.Bytes)
                      .str("reason", E.Reason)
                      .str("from", E.CopySource)
                      .done());
  if (E.StackId)
    O.uinteger("stack_id", E.StackId);
  if (!E.StackId || !E.Stack.empty())
    O.raw("stack", stackJson(E.Stack));
  return O.done();
}

bool start(const Options &Opts) {
  State &S = state();
  if (S.Running.exchange(true))
    return true;
  setNvtxInjection();
  S.Opts = Opts;
  S.Opts.FlushMs = envUnsigned("TORCHSYNC_PROBE_FLUSH_MS", Opts.FlushMs);
  S.Opts.FlushEvents =
      envUnsigned("TORCHSYNC_PROBE_FLUSH_EVENTS", Opts.FlushEvents);
  S.SelfModule = moduleOf(reinterpret_cast<const void *>(&start));
  S.StartNs = S.LastProgressNs = nowNs();
  S.LastProgressEvents = 0;
  status::statusSink() = &sinkFailure;
  if (!Opts.OutPath.empty()) {
    std::lock_guard<std::mutex> L(S.OutM);
    S.Out = std::fopen(Opts.OutPath.c_str(), "w");
    if (!S.Out)
      std::fprintf(stderr, "torchsync-probe: cannot write %s: %s\n",
                   Opts.OutPath.c_str(), std::strerror(errno));
  }
  static bool ForkHandlers =
      pthread_atfork(beforeFork, afterForkParent, afterForkChild) == 0;
  (void)ForkHandlers;
  BatchWriter<SyncEvent>::Config C;
  C.PeriodNs = uint64_t(S.Opts.FlushMs) * 1'000'000;
  C.MaxBatch = S.Opts.FlushEvents;
  S.Writer.start(S.Out, formatBatch, progressRecord, C);
  writeLine(json::Object()
                .str("type", "start")
                .integer("pid", ::getpid())
                .str("mode", Opts.Mode)
                .integer("cupti_api_version", CUPTI_API_VERSION)
                .done());
  bool Ok = TS_CUPTI_CHECK(cuptiSubscribe(&S.Subscriber, onApi, nullptr)) &&
            enableDomain(CUPTI_CB_DOMAIN_RUNTIME_API,
                         CUPTI_RUNTIME_TRACE_CBID_SIZE, S.RuntimeClass) &&
            enableDomain(CUPTI_CB_DOMAIN_DRIVER_API,
                         CUPTI_DRIVER_TRACE_CBID_SIZE, S.DriverClass) &&
            enableStepCallbacks() &&
            TS_CUPTI_CHECK(cuptiActivityRegisterCallbacks(bufferRequested,
                                                          bufferCompleted)) &&
            TS_CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
  if (!Ok) {
    writeLine(json::Object()
                  .str("type", "fatal")
                  .str("message", "the probe could not subscribe to CUPTI; "
                                  "no events are recorded")
                  .done());
    if (S.Subscriber)
      TS_CUPTI_CHECK(cuptiUnsubscribe(S.Subscriber));
    S.Subscriber = nullptr;
    S.Running = false;
    S.Writer.stop();
    return false;
  }
  return true;
}

void stop() {
  State &S = state();
  if (!S.Running.exchange(false))
    return;
  TS_CUPTI_CHECK(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
  settlePending();
  TS_CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY));
  TS_CUPTI_CHECK(cuptiUnsubscribe(S.Subscriber));
  S.Subscriber = nullptr;
  writeStepTimes();
  S.Writer.stop();
  writeLine(json::Object()
                .str("type", "summary")
                .uinteger("events", S.Emitted.load())
                .uinteger("stacks", S.Stacks.size())
                .uinteger("batches", S.Writer.batches())
                .uinteger("elapsed_ms", (nowNs() - S.StartNs) / 1'000'000)
                .uinteger("record_ns", S.RecordNs.load())
                .uinteger("symbolize_ns", S.SymbolizeNs.load())
                .uinteger("format_ns", S.FormatNs.load())
                .uinteger("stack_captures", S.StackCaptures.load())
                .uinteger("steps", S.StepCount.load())
                .uinteger("step_ns", S.StepNs.load())
                .uinteger("failures", status::failureCount().load())
                .done());
  std::lock_guard<std::mutex> L(S.OutM);
  if (S.Out)
    std::fclose(S.Out);
  S.Out = nullptr;
}

bool isRunning() { return state().Running.load(); }

void setEnabled(bool On) { state().Enabled = On; }

void beginRegion(const std::string &Label) {
  State &S = state();
  std::lock_guard<std::mutex> L(S.StateM);
  S.Region = Label;
  S.Collected.clear();
  S.Accepting = true;
}

void endRegion() {
  // The label stays until collect(): memcpys of the region are classified
  // when their records arrive, after the region's last call.
  State &S = state();
  S.Accepting = false;
}

std::vector<SyncEvent> collect() {
  State &S = state();
  if (S.Running.load())
    TS_CUPTI_CHECK(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
  settlePending();
  std::lock_guard<std::mutex> L(S.StateM);
  std::vector<SyncEvent> Out;
  Out.swap(S.Collected);
  S.Accepting = false;
  S.Region.clear();
  for (SyncEvent &E : Out)
    if (E.StackId)
      E.Stack = symbolizedStack(E.StackId);
  return Out;
}

unsigned failures() { return status::failureCount().load(); }

uint64_t stackCaptures() { return state().StackCaptures.load(); }

} // namespace torchsync::probe

using namespace torchsync::probe;

static const char *outPathFromEnv(std::string &Storage) {
  if (const char *P = std::getenv("TORCHSYNC_PROBE_OUT"))
    return P;
  Storage = "torchsync-probe." + std::to_string(::getpid()) + ".jsonl";
  return Storage.c_str();
}

extern "C" int InitializeInjection(void) {
  std::string Storage;
  Options O;
  O.OutPath = outPathFromEnv(Storage);
  O.Mode = "injection";
  if (!start(O))
    return 0;
  std::atexit(atExitStop);
  return 1;
}

// LD_PRELOAD=libtorchsync-probe.so: start before main when asked to.
__attribute__((constructor)) static void startFromPreload() {
  const char *Preload = std::getenv("LD_PRELOAD");
  if (!Preload || !std::strstr(Preload, "torchsync-probe"))
    return;
  std::string Storage;
  Options O;
  O.OutPath = outPathFromEnv(Storage);
  O.Mode = "preload";
  if (start(O))
    std::atexit(atExitStop);
}

extern "C" int torchsync_probe_start(const char *OutPath) {
  Options O;
  O.OutPath = OutPath ? OutPath : "";
  return start(O) ? 1 : 0;
}

extern "C" void torchsync_probe_stop(void) { stop(); }

// NVTX_INJECTION64_PATH=libtorchsync-probe.so: CUPTI's own NVTX injection,
// found in the libcupti the probe is linked with, so that whoever starts a
// program names one library for CUDA and NVTX. Looked up through that
// library's handle, so this definition never finds itself.
extern "C" int InitializeInjectionNvtx2(const void *GetExportTable) {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<const void *>(&cuptiSubscribe), &Info) ||
      !Info.dli_fname)
    return 0;
  void *Cupti = dlopen(Info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
  if (!Cupti)
    return 0;
  using InitFn = int (*)(const void *);
  auto Init =
      reinterpret_cast<InitFn>(dlsym(Cupti, "InitializeInjectionNvtx2"));
  return Init ? Init(GetExportTable) : 0;
}
