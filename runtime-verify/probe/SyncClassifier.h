//===--- SyncClassifier.h - Which CUDA calls block the host -----*- C++ -*-===//
//
// Purpose: the probe's decisions, kept free of CUDA so that they are unit
// tested on machines without a GPU. classifyApi() maps a runtime or driver API
// name (as CUPTI spells it, with or without the _v3020 / _ptsz suffixes) to
// the kind of wait it can cause; classifyMemcpy() decides from a memcpy's
// direction and its host side's memory kind (CUPTI's copyKind, srcKind and
// dstKind) whether the host blocked, following the CUDA runtime's "API
// synchronization behavior" rules.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_PROBE_SYNCCLASSIFIER_H
#define TORCHSYNC_RUNTIME_PROBE_SYNCCLASSIFIER_H

#include <string>
#include <string_view>

namespace torchsync::probe {

/// What an API call can make the host wait for.
enum class ApiClass {
  None,        ///< not a waiting call (launches, queries, async frees, ...)
  StreamSync,  ///< cudaStreamSynchronize, cuStreamSynchronize
  ContextSync, ///< cudaDeviceSynchronize, cudaThreadSynchronize,
               ///< cuCtxSynchronize
  EventSync,   ///< cudaEventSynchronize, cuEventSynchronize
  Memcpy,      ///< a synchronous memcpy API (blocks unless device-to-device)
  MemcpyAsync, ///< an async memcpy API (blocks if its host side is pageable)
  Free, ///< cudaFree, cudaFreeHost, cuMemFree...: implicitly synchronizing
};

/// The API name without CUPTI's version and per-thread-stream suffixes:
/// "cudaMemcpyAsync_ptsz_v7000" -> "cudaMemcpyAsync", "cuMemFree_v2" ->
/// "cuMemFree".
std::string baseApiName(std::string_view Name);

ApiClass classifyApi(std::string_view Name);

/// The kind of event the probe records, as written in its JSON ("kind").
const char *apiClassName(ApiClass C);

/// CUPTI's CUpti_ActivityMemcpyKind values (checked against cupti_activity.h
/// where CUPTI is available).
enum class CopyKind {
  Unknown = 0,
  HtoD = 1,
  DtoH = 2,
  HtoA = 3,
  AtoH = 4,
  AtoA = 5,
  AtoD = 6,
  DtoA = 7,
  DtoD = 8,
  HtoH = 9,
  PtoP = 10,
};

/// CUPTI's CUpti_ActivityMemoryKind values.
enum class MemoryKind {
  Unknown = 0,
  Pageable = 1,
  Pinned = 2,
  Device = 3,
  Array = 4,
  Managed = 5,
  DeviceStatic = 6,
  ManagedStatic = 7,
};

const char *copyKindName(CopyKind K);
const char *memoryKindName(MemoryKind K);
CopyKind copyKindFromInt(int V);
MemoryKind memoryKindFromInt(int V);

struct MemcpyVerdict {
  bool Blocking;
  /// "sync-api", "pageable-host", "pinned-async", "device-only", "unknown"
  const char *Reason;
};

/// Did a memcpy block the host? AsyncApi: it came from a *Async API (or
/// CUPTI's ASYNC flag is set).
MemcpyVerdict classifyMemcpy(bool AsyncApi, CopyKind Dir, MemoryKind Src,
                             MemoryKind Dst);

/// Can a memcpy still turn out blocking, judged at its API's EXIT callback
/// from the call's own parameters (HaveParams: the runtime API's pointers,
/// each given its memory kind by the driver) before CUPTI's activity record,
/// which decides, has arrived? The probe captures the call's stack only when
/// this says yes: a backtrace costs microseconds, and the common LibTorch
/// copy (.item(): cudaMemcpyAsync into pinned memory, then a stream
/// synchronize) never blocks. So it must say yes whenever classifyMemcpy()
/// could say Blocking, for whatever direction the record names: no recorded
/// event may lose its stack.
bool memcpyMayBlock(bool AsyncApi, bool HaveParams, MemoryKind ParamSrc,
                    MemoryKind ParamDst);

} // namespace torchsync::probe

#endif // TORCHSYNC_RUNTIME_PROBE_SYNCCLASSIFIER_H
