//===--- SyncClassifier.cpp - Which CUDA calls block the host -------------===//
//
// Purpose: implements the name and memcpy rules of SyncClassifier.h. The
// rules follow the CUDA Runtime API's "API synchronization behavior" section:
// synchronous memcpys involving host memory return only when the copy is done
// (pageable host-to-device ones first synchronize the stream); async memcpys
// with pageable host memory are staged and may block; device-to-device
// copies do not wait for the host; cudaFree is implicitly synchronizing.
//
//===----------------------------------------------------------------------===//

#include "SyncClassifier.h"

#include <cctype>

namespace torchsync::probe {

namespace {

bool endsWith(std::string_view S, std::string_view Suffix) {
  return S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

bool startsWith(std::string_view S, std::string_view Prefix) {
  return S.substr(0, Prefix.size()) == Prefix;
}

/// Strips one "_v<digits>" suffix; true if it did.
bool stripVersion(std::string &S) {
  size_t Pos = S.rfind("_v");
  if (Pos == std::string::npos || Pos + 2 >= S.size())
    return false;
  for (size_t I = Pos + 2; I < S.size(); ++I)
    if (!std::isdigit(static_cast<unsigned char>(S[I])))
      return false;
  S.erase(Pos);
  return true;
}

} // namespace

std::string baseApiName(std::string_view Name) {
  std::string S(Name);
  // Suffixes come as _ptsz_v7000, _v2_ptds, _v3020, _v2: peel until stable.
  for (bool Changed = true; Changed;) {
    Changed = stripVersion(S);
    for (std::string_view Suffix : {"_ptsz", "_ptds"}) {
      if (endsWith(S, Suffix)) {
        S.erase(S.size() - Suffix.size());
        Changed = true;
      }
    }
  }
  return S;
}

ApiClass classifyApi(std::string_view Name) {
  std::string B = baseApiName(Name);
  std::string_view S = B;
  if (S == "cudaStreamSynchronize" || S == "cuStreamSynchronize")
    return ApiClass::StreamSync;
  if (S == "cudaDeviceSynchronize" || S == "cudaThreadSynchronize" ||
      S == "cuCtxSynchronize")
    return ApiClass::ContextSync;
  if (S == "cudaEventSynchronize" || S == "cuEventSynchronize")
    return ApiClass::EventSync;
  // Stream-ordered frees and batch copies are asynchronous by design.
  if (S.find("FreeAsync") != std::string_view::npos ||
      S.find("BatchAsync") != std::string_view::npos)
    return ApiClass::None;
  if (S == "cudaFree" || S == "cudaFreeHost" || S == "cudaFreeArray" ||
      S == "cudaFreeMipmappedArray" || S == "cuMemFree" ||
      S == "cuMemFreeHost" || S == "cuArrayDestroy" ||
      S == "cuMipmappedArrayDestroy")
    return ApiClass::Free;
  bool IsMemcpy = startsWith(S, "cudaMemcpy") || startsWith(S, "cuMemcpy");
  if (IsMemcpy)
    return endsWith(S, "Async") ? ApiClass::MemcpyAsync : ApiClass::Memcpy;
  return ApiClass::None;
}

const char *apiClassName(ApiClass C) {
  switch (C) {
  case ApiClass::None:
    return "none";
  case ApiClass::StreamSync:
    return "stream_sync";
  case ApiClass::ContextSync:
    return "context_sync";
  case ApiClass::EventSync:
    return "event_sync";
  case ApiClass::Memcpy:
    return "blocking_memcpy";
  case ApiClass::MemcpyAsync:
    return "pageable_memcpy";
  case ApiClass::Free:
    return "free";
  }
  return "none";
}

const char *copyKindName(CopyKind K) {
  switch (K) {
  case CopyKind::HtoD:
    return "HtoD";
  case CopyKind::DtoH:
    return "DtoH";
  case CopyKind::HtoA:
    return "HtoA";
  case CopyKind::AtoH:
    return "AtoH";
  case CopyKind::AtoA:
    return "AtoA";
  case CopyKind::AtoD:
    return "AtoD";
  case CopyKind::DtoA:
    return "DtoA";
  case CopyKind::DtoD:
    return "DtoD";
  case CopyKind::HtoH:
    return "HtoH";
  case CopyKind::PtoP:
    return "PtoP";
  case CopyKind::Unknown:
    break;
  }
  return "unknown";
}

const char *memoryKindName(MemoryKind K) {
  switch (K) {
  case MemoryKind::Pageable:
    return "pageable";
  case MemoryKind::Pinned:
    return "pinned";
  case MemoryKind::Device:
    return "device";
  case MemoryKind::Array:
    return "array";
  case MemoryKind::Managed:
    return "managed";
  case MemoryKind::DeviceStatic:
    return "device_static";
  case MemoryKind::ManagedStatic:
    return "managed_static";
  case MemoryKind::Unknown:
    break;
  }
  return "unknown";
}

CopyKind copyKindFromInt(int V) {
  return V >= 0 && V <= 10 ? static_cast<CopyKind>(V) : CopyKind::Unknown;
}

MemoryKind memoryKindFromInt(int V) {
  return V >= 0 && V <= 7 ? static_cast<MemoryKind>(V) : MemoryKind::Unknown;
}

MemcpyVerdict classifyMemcpy(bool AsyncApi, CopyKind Dir, MemoryKind Src,
                             MemoryKind Dst) {
  bool HostSrc =
      Dir == CopyKind::HtoD || Dir == CopyKind::HtoA || Dir == CopyKind::HtoH;
  bool HostDst =
      Dir == CopyKind::DtoH || Dir == CopyKind::AtoH || Dir == CopyKind::HtoH;
  if (Dir == CopyKind::Unknown)
    return {!AsyncApi, "unknown"};
  if (!HostSrc && !HostDst)
    return {false, "device-only"};
  if (!AsyncApi)
    return {true, "sync-api"};
  bool Pageable = (HostSrc && Src == MemoryKind::Pageable) ||
                  (HostDst && Dst == MemoryKind::Pageable);
  if (Pageable)
    return {true, "pageable-host"};
  return {false, "pinned-async"};
}

bool memcpyMayBlock(bool AsyncApi, bool HaveParams, MemoryKind ParamSrc,
                    MemoryKind ParamDst) {
  // A driver API copy (no parameters read) or a failed pointer query: only
  // the record can tell.
  if (!HaveParams)
    return true;
  // A synchronous API blocks for every direction but device-only ones, and
  // the parameters cannot prove a copy device-only: the driver's memory type
  // does not tell managed memory (which CUPTI reports as its own kind, and
  // may count as a host side) from device memory. Rare in LibTorch's hot
  // paths, which copy with cudaMemcpyAsync.
  if (!AsyncApi)
    return true;
  // An async API blocks only when a host side is pageable (classifyMemcpy:
  // "pageable-host"), whatever the direction. The record's memory kinds and
  // the parameters' come from the driver's view of the same pointers at the
  // same moment: memory the driver knows (pinned, registered, device,
  // managed) is never reported pageable; only memory it does not know
  // (malloc, the stack) is, and the parameters call that Pageable. So
  // neither side Pageable, and neither unknown, proves the copy non-blocking.
  auto Known = [](MemoryKind K) {
    return K != MemoryKind::Pageable && K != MemoryKind::Unknown;
  };
  return !(Known(ParamSrc) && Known(ParamDst));
}

} // namespace torchsync::probe
