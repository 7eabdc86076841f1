// RUN: %check_torchsync %s sync-control-flow %t -check-suffix=V1 -fix-notes
// RUN: %check_torchsync %s sync-control-flow %t -check-suffix=V2 -fix-notes -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// The TORCH_CHECK rewrite keeps a literal message where the parsed LibTorch
// has at::_assert_async(Tensor, msg) (2.x), and drops it on 1.13.
#include <torch/torch.h>

void f(torch::Tensor x) {
  for (int i = 0; i < 3; ++i) {
    TORCH_CHECK(x.isfinite().all().item<bool>(), "non-finite values");
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:36: warning: 'TORCH_CHECK' condition waits for the GPU to read 'x.isfinite().all()' with 'item<bool>()' if it is on CUDA; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-MESSAGES-V2: :[[@LINE-2]]:36: warning: 'TORCH_CHECK' condition waits for the GPU to read 'x.isfinite().all()' with 'item<bool>()' if it is on CUDA; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-FIXES-V1: at::_assert_async(x.isfinite().all());
    // CHECK-FIXES-V2: at::_assert_async(x.isfinite().all(), "non-finite values");
    TORCH_CHECK(x.is_nonzero(), "step ", i, " failed");
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:19: warning: 'TORCH_CHECK' condition waits for the GPU to read 'x' with 'is_nonzero()' if it is on CUDA; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-MESSAGES-V2: :[[@LINE-2]]:19: warning: 'TORCH_CHECK' condition waits for the GPU to read 'x' with 'is_nonzero()' if it is on CUDA; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-FIXES-V1: at::_assert_async(x);
    // CHECK-FIXES-V2: at::_assert_async(x);
  }
}
