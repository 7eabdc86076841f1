// RUN: %check_torchsync %s cpu-index,torchsync-host-read,torchsync-dynamic-shape,torchsync-version-specific %t
// RUN: %check_torchsync %s cpu-index,torchsync-host-read,torchsync-dynamic-shape,torchsync-version-specific %t -check-suffix=V26 -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// One finding per call: with the neighbouring checks enabled, each indexing
// call is reported once, by the check that owns its row.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

void indexing(int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto cpu = torch::zeros({4});
  auto mask = x.select(1, 0) > 0;
  auto cpu_mask = torch::rand({16}) > 0.5;
  auto idx = torch::randint(16, {4}, torch::TensorOptions().device(kDev).dtype(torch::kLong));
  auto cpu_idx = torch::randperm(16);
  // CHECK-FIXES: auto cpu_idx = (x.is_cuda() ? torch::randperm(16).pin_memory().to(x.device(), /*non_blocking=*/true) : torch::randperm(16));
  // CHECK-FIXES-V26: auto cpu_idx = (x.is_cuda() ? torch::randperm(16).pin_memory().to(x.device(), /*non_blocking=*/true) : torch::randperm(16));
  for (int i = 0; i < steps; ++i) {
    auto best = x.sum(1).argmax();
    auto a = x.index({best});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to read CUDA tensor index 'best'; index on the device with 'index_select(0, best.reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:16: warning: 'index()' waits for the GPU to read CUDA tensor index 'best'; index on the device with 'index_select(0, best.reshape({1})).squeeze(0)' [torchsync-host-read]
    x.index_put_({best}, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to read CUDA tensor index 'best'; index on the device with 'index_select(0, best.reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:7: warning: 'index_put_()' waits for the GPU to read CUDA tensor index 'best'; index on the device with 'index_select(0, best.reshape({1})).squeeze(0)' [torchsync-host-read]
    auto b = x.index({mask});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'mask'; keep the shape with 'torch::where(mask, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:16: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'mask'; keep the shape with 'torch::where(mask, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    auto c = x.index({cpu_mask});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU mask 'cpu_mask' to the device of CUDA tensor 'x'; make the mask on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:16: warning: 'index()' waits for the GPU to copy CPU mask 'cpu_mask' to the device of CUDA tensor 'x'; make the mask on the device, or copy it there outside the hot path [torchsync-cpu-index]
    x.index_put_({cpu_idx}, torch::ones({16, 8}, kDev), /*accumulate=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy CPU index 'cpu_idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:7: warning: 'index_put_()' waits for the GPU to copy CPU index 'cpu_idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    x.index_put_({idx}, torch::tensor(1.0), /*accumulate=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'index_put_()' with accumulate=true waits for the GPU to bounds-check its indices in LibTorch 1.x; use 'index_add_' for one 1-D index, or LibTorch 2.x, which checks on the device [torchsync-version-specific]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:7: warning: 'index_put_()' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(1.0)' to the device of CUDA tensor 'x'; build the value on the device with 'at::scalar_tensor(v, x.options())' [torchsync-cpu-index]
    x.index_put_({mask}, torch::tensor(0.0));
    x.index_put_({mask}, 0.0);
    cpu.fill_(x.max());
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 'x.max()' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:9: warning: 'fill_()' of a CPU tensor with a tensor value on another device waits for the GPU to read CUDA tensor 'x.max()'; pass a Scalar value kept on the host, or fill a tensor on the device of 'x.max()' [torchsync-cpu-index]
    x.fill_(x.max());
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 'x.max()' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
    // CHECK-FIXES: x.copy_(x.max());
    auto d = x.index({torch::tensor(3)});
    auto e = x.index({idx});
    (void)a; (void)b; (void)c; (void)d; (void)e;
  }
}
