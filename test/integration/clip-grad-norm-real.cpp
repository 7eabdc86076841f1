// RUN: %check_torchsync_real %s clip-grad-norm %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s clip-grad-norm %t.211 %}
// The real LibTorch headers (Debian libtorch-dev 1.13): every overload of
// torch::nn::utils::clip_grad_norm_ is matched at the user's call and not
// inside clip_grad.h, and the device-side rewrite compiles.
#include <torch/torch.h>

struct Net : torch::nn::Module {
  Net() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto model = std::make_shared<Net>();
  model->to(device);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  auto x = torch::randn({8, 4}).to(device);
  auto w = torch::randn({4, 4}, device).requires_grad_();
  torch::nn::Linear cpu_model(4, 2);
  double logged = 0;
  for (int step = 0; step < 10; ++step) {
    opt.zero_grad();
    model->forward(x).pow(2).mean().backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'model->parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}    [](const std::vector<at::Tensor>& params, double max_norm) {{{$}}
    // CHECK-FIXES: {{^}}    }(model->parameters(), 1.0);{{$}}
    logged += torch::nn::utils::clip_grad_norm_({w}, 0.5, 2.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if '{w}' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    torch::nn::utils::clip_grad_norm_(w, 0.5);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'w' is on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}    }({w}, 0.5);{{$}}
    torch::nn::utils::clip_grad_norm_(cpu_model->parameters(), 1.0);
    torch::nn::utils::clip_grad_value_(model->parameters(), 1.0);
    opt.step();
  }
  return logged > 0;
}
