// RUN: %check_torchsync %s clip-grad-norm %t
// RUN: %check_torchsync %s clip-grad-norm %t -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// 1.13 takes the parameters by value, 2.x by const reference: both are
// reported, and the device-side rewrite compiles against both.
#include <torch/torch.h>

void train(torch::nn::Linear &model, int steps) {
  auto params = model->parameters();
  for (int step = 0; step < steps; ++step) {
    torch::nn::utils::clip_grad_norm_(params, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'params' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}    [](const std::vector<at::Tensor>& params, double max_norm) {{{$}}
    // CHECK-FIXES: {{^}}      auto coef = at::clamp(max_norm / (total + 1e-6), c10::nullopt, 1.0);{{$}}
    // CHECK-FIXES: {{^}}    }(params, 1.0);{{$}}
    double n = torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'model->parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    (void)n;
  }
}
