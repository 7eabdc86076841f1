//===--- CheckStatus.h - Checks every CUDA and CUPTI status -----*- C++ -*-===//
//
// Purpose: the one error-check header of the runtime tools. Every CUDA runtime,
// driver and CUPTI call goes through TS_CUDA_CHECK / TS_CU_CHECK /
// TS_CUPTI_CHECK, which report a failure with the call's text, its status name
// and the file:line of the call, and evaluate to true on success. A tool may
// route reports elsewhere (the probe also writes them as JSON lines) by
// setting statusSink(); failures are counted either way.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_COMMON_CHECKSTATUS_H
#define TORCHSYNC_RUNTIME_COMMON_CHECKSTATUS_H

#include <atomic>
#include <cstdio>
#include <string>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>

namespace torchsync::status {

/// One failed call: where, what, and the library's own words for it.
struct Failure {
  const char *File;
  int Line;
  const char *Expr;
  const char *Library; // "cuda", "cu" or "cupti"
  long long Code;
  std::string Name;
  std::string Message;
};

using Sink = void (*)(const Failure &);

inline void printToStderr(const Failure &F) {
  std::fprintf(stderr, "%s:%d: %s failed: %s (%lld): %s\n", F.File, F.Line,
               F.Expr, F.Name.c_str(), F.Code, F.Message.c_str());
}

inline std::atomic<Sink> &statusSink() {
  static std::atomic<Sink> S{&printToStderr};
  return S;
}

inline std::atomic<unsigned> &failureCount() {
  static std::atomic<unsigned> N{0};
  return N;
}

inline bool report(Failure F) {
  failureCount().fetch_add(1, std::memory_order_relaxed);
  statusSink().load()(F);
  return false;
}

inline bool check(cudaError_t S, const char *Expr, const char *File, int Line) {
  if (S == cudaSuccess)
    return true;
  return report({File, Line, Expr, "cuda", static_cast<long long>(S),
                 cudaGetErrorName(S), cudaGetErrorString(S)});
}

inline bool check(CUresult S, const char *Expr, const char *File, int Line) {
  if (S == CUDA_SUCCESS)
    return true;
  const char *Name = nullptr, *Msg = nullptr;
  if (cuGetErrorName(S, &Name) != CUDA_SUCCESS)
    Name = "unknown CUresult";
  if (cuGetErrorString(S, &Msg) != CUDA_SUCCESS)
    Msg = "no description";
  return report({File, Line, Expr, "cu", static_cast<long long>(S), Name, Msg});
}

inline bool check(CUptiResult S, const char *Expr, const char *File, int Line) {
  if (S == CUPTI_SUCCESS)
    return true;
  const char *Msg = nullptr;
  if (cuptiGetResultString(S, &Msg) != CUPTI_SUCCESS)
    Msg = "unknown CUptiResult";
  // cuptiGetResultString gives the enumerator's name, e.g.
  // CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED.
  return report({File, Line, Expr, "cupti", static_cast<long long>(S), Msg,
                 "see cupti_result.h"});
}

} // namespace torchsync::status

#define TS_CUDA_CHECK(call)                                                    \
  ::torchsync::status::check((call), #call, __FILE__, __LINE__)
#define TS_CU_CHECK(call)                                                      \
  ::torchsync::status::check((call), #call, __FILE__, __LINE__)
#define TS_CUPTI_CHECK(call)                                                   \
  ::torchsync::status::check((call), #call, __FILE__, __LINE__)

#endif // TORCHSYNC_RUNTIME_COMMON_CHECKSTATUS_H
