//===--- SyncDebugGuard.h - PyTorch's sync debug mode for a scope -*- C++
//-*-===//
//
// Purpose: the second oracle. SyncDebugGuard sets c10::cuda::warning_state()
// to L_WARN or L_ERROR for a scope and restores the previous mode, also when
// the scope is left by an exception. observeWithDebugMode() runs code twice:
// under L_WARN, counting the "called a synchronizing CUDA operation" warnings
// on this thread, and under L_ERROR, catching the c10::Error the first such
// sync throws. Debug mode sees only the paths that call
// c10::cuda::warn_or_error_on_sync (sync-catalog.md section 3): device and
// event synchronizes, thrust-internal syncs and pageable non_blocking copies
// are invisible to it; the CUPTI probe sees them.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_GUARD_SYNCDEBUGGUARD_H
#define TORCHSYNC_RUNTIME_GUARD_SYNCDEBUGGUARD_H

#include <c10/cuda/CUDAFunctions.h>
#include <c10/util/Exception.h>

#include <string>

#if __has_include(<torch/version.h>)
#include <torch/version.h>
#endif
// LibTorch 2.x passes a c10::Warning to the handler (c10::WarningUtils);
// 1.x passed the location and message separately (c10::Warning namespace).
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR < 2
#define TORCHSYNC_WARNING_API_1X 1
#endif

namespace torchsync::guard {

/// The text of the warning and of the error that debug mode raises.
inline constexpr const char *SyncMessage =
    "called a synchronizing CUDA operation";

class SyncDebugGuard {
public:
  explicit SyncDebugGuard(c10::cuda::SyncDebugMode Mode)
      : Previous(c10::cuda::warning_state().get_sync_debug_mode()) {
    c10::cuda::warning_state().set_sync_debug_mode(Mode);
  }
  ~SyncDebugGuard() {
    c10::cuda::warning_state().set_sync_debug_mode(Previous);
  }
  SyncDebugGuard(const SyncDebugGuard &) = delete;
  SyncDebugGuard &operator=(const SyncDebugGuard &) = delete;

private:
  c10::cuda::SyncDebugMode Previous;
};

/// Counts debug mode's warnings; passes every other warning on.
class SyncWarningCounter : public c10::WarningHandler {
public:
  explicit SyncWarningCounter(c10::WarningHandler *Next) : Next(Next) {}
#ifdef TORCHSYNC_WARNING_API_1X
  void process(const c10::SourceLocation &Loc, const std::string &Msg,
               bool Verbatim) override {
    if (Msg.find(SyncMessage) != std::string::npos)
      ++Count;
    else if (Next)
      Next->process(Loc, Msg, Verbatim);
  }
#else
  void process(const c10::Warning &W) override {
    if (W.msg().find(SyncMessage) != std::string::npos)
      ++Count;
    else if (Next)
      Next->process(W);
  }
#endif
  int Count = 0;

private:
  c10::WarningHandler *Next;
};

struct DebugModeResult {
  int Warnings = 0;         ///< syncs reported under L_WARN (this thread)
  bool ErrorThrown = false; ///< L_ERROR threw at a sync
  std::string ErrorMessage; ///< the first line of that error
};

/// Runs Fn under L_WARN, then under L_ERROR. Errors other than debug mode's
/// propagate.
template <class Fn> DebugModeResult observeWithDebugMode(Fn &&F) {
  DebugModeResult R;
  {
#ifdef TORCHSYNC_WARNING_API_1X
    namespace Utils = c10::Warning;
#else
    namespace Utils = c10::WarningUtils;
#endif
    SyncWarningCounter Counter(Utils::get_warning_handler());
    Utils::WarningHandlerGuard Handler(&Counter);
    SyncDebugGuard Mode(c10::cuda::SyncDebugMode::L_WARN);
    F();
    R.Warnings = Counter.Count;
  }
  try {
    SyncDebugGuard Mode(c10::cuda::SyncDebugMode::L_ERROR);
    F();
  } catch (const c10::Error &E) {
    std::string Msg = E.what_without_backtrace();
    if (Msg.find(SyncMessage) == std::string::npos)
      throw;
    R.ErrorThrown = true;
    R.ErrorMessage = Msg.substr(0, Msg.find('\n'));
  }
  return R;
}

} // namespace torchsync::guard

#endif // TORCHSYNC_RUNTIME_GUARD_SYNCDEBUGGUARD_H
