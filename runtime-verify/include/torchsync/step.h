//===--- step.h - torchsync: mark the steps of a hot loop -------*- C++ -*-===//
//
// Purpose: lets `torchsync-verify fix-check` and `run` time a program per
// step. Call torchsync::mark_step() once per iteration of the loop that
// matters (a training step, a served request):
//
//   #include <torchsync/step.h>
//   for (auto &batch : *loader) {
//     ...
//     torchsync::mark_step();
//   }
//
// The mark is an NVTX marker named "torchsync.step" (NVTX 3, header-only, in
// the CUDA toolkit). Under the probe (libtorchsync-probe.so) each mark is
// written to the trace with the host time and a CUDA event on the default
// stream, so that a step is timed on the host and on the GPU. Without the
// probe, or where nvtx3 is not installed (a CPU-only build), a mark costs a
// branch and waits for nothing: the header never synchronizes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_STEP_H
#define TORCHSYNC_STEP_H

#if defined(__has_include)
#if __has_include(<nvtx3/nvToolsExt.h>) && !defined(TORCHSYNC_NO_NVTX)
#include <nvtx3/nvToolsExt.h>
#define TORCHSYNC_STEP_HAS_NVTX 1
#endif
#endif

namespace torchsync {

/// The NVTX message of a step mark; the probe looks for exactly this text.
inline constexpr const char *StepMarkName = "torchsync.step";

/// Marks the end of one step of the program's hot loop.
// A user-facing name in the style of the code that calls it (LibTorch's
// snake_case), not LLVM's.
// NOLINTNEXTLINE(readability-identifier-naming)
inline void mark_step() {
#ifdef TORCHSYNC_STEP_HAS_NVTX
  nvtxMarkA(StepMarkName);
#endif
}

} // namespace torchsync

#endif // TORCHSYNC_STEP_H
