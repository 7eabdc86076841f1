// RUN: %check_torchsync %s cpu-index %t
// RUN: %check_torchsync %s cpu-index %t -check-suffix=V26 -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// In 1.x, fill_ with a CUDA value and an accumulating index_put_ with
// device indices are torchsync-version-specific's (E14, D8): this check
// stays silent there. In 2.x it reports fill_ of a CPU tensor with a CUDA
// value (E14 across devices) and the host value of an accumulating
// index_put_ (E16).
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

void version(int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto cpu = torch::zeros({4});
  auto idx = torch::randint(16, {4}, torch::TensorOptions().device(kDev).dtype(torch::kLong));
  for (int i = 0; i < steps; ++i) {
    cpu.fill_(x.max());
    // CHECK-MESSAGES-V26: :[[@LINE-1]]:9: warning: 'fill_()' of a CPU tensor with a tensor value on another device waits for the GPU to read CUDA tensor 'x.max()'; pass a Scalar value kept on the host, or fill a tensor on the device of 'x.max()' [torchsync-cpu-index]
    at::index_put_(x, {idx}, torch::tensor(1.0), /*accumulate=*/true);
    // CHECK-MESSAGES-V26: :[[@LINE-1]]:5: warning: 'at::index_put_()' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(1.0)' to the device of CUDA tensor 'x'; build the value on the device with 'at::scalar_tensor(v, x.options())' [torchsync-cpu-index]
    // Same device: NO-SYNC in 2.x (version-specific reports it in 1.x).
    x.fill_(x.max());
    // A CPU value on a CUDA tensor is read from host memory.
    x.fill_(torch::tensor(2.0));
  }
}
