// RUN: %check_torchsync_real %s '*' %t -fix-notes -no-pch
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s '*' %t.211 -fix-notes -no-pch %}
// The real LibTorch headers (Debian's 1.13, and 2.11 where the tests have
// them), including the c10/cuda ones: the matchers must find the same
// declarations as on the mock headers.
// Every check. The driver parses it without the tests' precompiled
// <torch/torch.h> (-no-pch), as a user's build parses it; the plugin's runs
// use the PCH, so their equal diagnostics also show it changes nothing. The
// other *-real.cpp tests use it throughout.
#include <torch/torch.h>
#include <c10/cuda/CUDAStream.h>
#include <iostream>

struct Net : torch::nn::Module {
  Net() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(torch::Tensor x) {
    TORCH_CHECK(x.isfinite().all().item<bool>(), "non-finite input");
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'TORCH_CHECK' condition waits for the GPU to read 'x.isfinite().all()' with 'item<bool>()' if it is on CUDA; check it on the device with 'at::_assert_async(cond)' [torchsync-sync-control-flow]
    // CHECK-FIXES-V1: at::_assert_async(x.isfinite().all());
    // 2.x's _assert_async takes the message too (_assert_async.msg).
    // CHECK-FIXES-V2: at::_assert_async(x.isfinite().all(), "non-finite input");
    return fc(x);
  }
  torch::nn::Linear fc;
};

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto model = std::make_shared<Net>();
  model->to(device);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  auto data = torch::randn({64, 4});
  float total = 0;
  auto obs = torch::zeros({8, 4}, torch::TensorOptions(device));
  auto frames = torch::randn({3, 4}, torch::kCUDA);
  for (int step = 0; step < 10; ++step) {
    // Options that name only a dtype: a host tensor.
    auto grid = torch::full({3, 4}, 0.5, frames.dtype());
    grid.narrow(0, step % 3, 1).copy_(frames[step % 3]);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'copy_(frames[step % 3])' waits for the GPU to copy CUDA tensor 'frames[step % 3]' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    obs[step % 8] = torch::zeros(4);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'obs[step % 8] = torch::zeros(4)' waits for the GPU to copy host tensor 'torch::zeros(4)' to the device if 'obs[step % 8]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
    auto batch = data.slice(0, step * 4, step * 4 + 4);
    auto x = batch.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(device)' waits for the GPU to copy host tensor 'batch' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto x = (device.is_cuda() ? batch.pin_memory() : batch).to(device, /*non_blocking=*/device.is_cuda());
    auto loss = model->forward(x).pow(2).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
    total += loss.item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'item<float>()' waits for the GPU to read 'loss' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    if (loss.item<float>() < 1e-3)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'if' condition waits for the GPU to read 'loss' with 'item<float>()' if it is on CUDA; compute both outcomes on the device and select with torch::where [torchsync-sync-control-flow]
      break;
    std::cout << loss << "\n";
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'operator<<' waits for the GPU to copy 'loss' to the host to print it if it is on CUDA; print sizes() or toString(), or print less often [torchsync-host-read]
    auto pred = model->forward(x).argmax(1).cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: 'cpu()' waits for the GPU to copy 'model->forward(x).argmax(1)' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-FIXES: auto pred = model->forward(x).argmax(1).to(at::kCPU, /*non_blocking=*/true);
    // Metadata and NO-SYNC look-alikes.
    auto n = x.size(0) + x.numel();
    bool c = x.is_cuda();
    auto s = x.sizes();
    auto m = loss.max();
    (void)pred; (void)n; (void)c; (void)s; (void)m;
  }
  std::cout << "final " << total << "\n";
  return 0;
}
