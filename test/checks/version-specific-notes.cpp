// RUN: %check_torchsync %s version-specific %t -fix-notes
// The D8 note: index_add_ changes the order and the error behaviour, so it
// is a suggestion without a fix-it; several indices get no note.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

void scatter_add(int steps) {
  auto grid = torch::zeros({8, 8}, kDev);
  auto hist = torch::zeros({100}, kDev);
  auto idx = torch::randint(100, {32}, kDev);
  auto r = torch::randint(8, {32}, kDev);
  auto c = torch::randint(8, {32}, kDev);
  auto ones = torch::ones({32}, kDev);
  for (int i = 0; i < steps; ++i) {
    hist.index_put_({idx}, ones, /*accumulate=*/true);
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'index_put_()' with accumulate=true waits for the GPU to bounds-check its indices in LibTorch 1.x; use 'index_add_' for one 1-D index, or LibTorch 2.x, which checks on the device [torchsync-version-specific]
    // CHECK-NOTES: :[[@LINE-2]]:10: note: the host waits in index.max().item() and index.min().item() in wrapIndexOnce, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:10: note: 'hist.index_add_(0, idx, values)' adds the same values without the host read, but in a non-deterministic order, needs 'values' of the indexed shape (no broadcasting), and an out-of-range index becomes a device assert instead of an IndexError
    // CHECK-FIXES: hist.index_put_({idx}, ones, /*accumulate=*/true);
    grid.index_put_({r, c}, ones, true);
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'index_put_()' with accumulate=true waits for the GPU to bounds-check its indices in LibTorch 1.x; use 'index_add_' for one 1-D index, or LibTorch 2.x, which checks on the device [torchsync-version-specific]
    // CHECK-NOTES: :[[@LINE-2]]:10: note: the host waits in index.max().item() and index.min().item() in wrapIndexOnce, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
  }
}
