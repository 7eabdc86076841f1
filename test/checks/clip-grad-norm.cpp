// RUN: %check_torchsync %s clip-grad-norm %t
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

struct Net : torch::nn::Module {
  Net() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};

// ---- Positives -------------------------------------------------------------

// The returned double is discarded: the same clipping, kept on the device,
// replaces the call on the warning.
void train(int steps) {
  torch::nn::Linear model(4, 2);
  model->to(torch::kCUDA);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  auto x = torch::randn({8, 4}, kDev);
  for (int step = 0; step < steps; ++step) {
    auto loss = model(x).pow(2).mean();
    opt.zero_grad();
    loss.backward(); // F5: NO-SYNC
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}    [](const std::vector<at::Tensor>& params, double max_norm) {{{$}}
    // CHECK-FIXES-NEXT: {{^}}      std::vector<at::Tensor> norms;{{$}}
    // CHECK-FIXES-NEXT: {{^}}      for (const auto& p : params){{$}}
    // CHECK-FIXES-NEXT: {{^}}        if (p.grad().defined()){{$}}
    // CHECK-FIXES-NEXT: {{^}}          norms.push_back(p.grad().data().norm(2.0));{{$}}
    // CHECK-FIXES-NEXT: {{^}}      if (norms.empty()){{$}}
    // CHECK-FIXES-NEXT: {{^}}        return;{{$}}
    // CHECK-FIXES-NEXT: {{^}}      auto total = norms.size() == 1 ? norms[0] : at::stack(norms).norm(2.0);{{$}}
    // CHECK-FIXES-NEXT: {{^}}      auto coef = at::clamp(max_norm / (total + 1e-6), c10::nullopt, 1.0);{{$}}
    // CHECK-FIXES-NEXT: {{^}}      for (const auto& p : params){{$}}
    // CHECK-FIXES-NEXT: {{^}}        if (p.grad().defined()){{$}}
    // CHECK-FIXES-NEXT: {{^}}          p.grad().data().mul_(coef);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    }(model->parameters(), 1.0);{{$}}
    opt.step(); // F4: NO-SYNC
  }
}

// The result is used: reported, not rewritten (the type would change).
double train_logged(int steps) {
  auto net = std::make_shared<Net>();
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  net->to(device);
  auto x = torch::randn({8, 4}, kDev);
  double last = 0;
  for (int step = 0; step < steps; ++step) {
    net->forward(x).sum().backward();
    double norm = torch::nn::utils::clip_grad_norm_(net->parameters(), 0.5);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'net->parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    last += torch::nn::utils::clip_grad_norm_(net->parameters(), 0.5, 2.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'net->parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    (void)norm;
  }
  return last;
}

// Other norms and the finiteness check: reported, not rewritten.
void other_flags(int steps) {
  torch::nn::Linear model(4, 2);
  model->to(kDev);
  for (int step = 0; step < steps; ++step) {
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0, /*norm_type=*/1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0, /*norm_type=*/1.0);
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0, 2.0, /*error_if_nonfinite=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0, 2.0, /*error_if_nonfinite=*/true);
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0, std::numeric_limits<double>::infinity());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0, std::numeric_limits<double>::infinity());
  }
}

// The initializer_list and single-tensor overloads, an explicit 2-norm, a
// void cast, an if branch: rewritten.
void overloads(int steps) {
  auto w = torch::randn({4, 4}, kDev).requires_grad_();
  auto b = torch::zeros({4}, kDev).requires_grad_();
  for (int step = 0; step < steps; ++step) {
    torch::nn::utils::clip_grad_norm_({w, b}, 0.5, 2, false);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}    }({w, b}, 0.5);{{$}}
    torch::nn::utils::clip_grad_norm_(w, 0.5);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}    }({w}, 0.5);{{$}}
    (void)torch::nn::utils::clip_grad_norm_(w, 0.25, 2.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}    (void)[](const std::vector<at::Tensor>& params, double max_norm) {{{$}}
    // CHECK-FIXES: {{^}}    }({w}, 0.25);{{$}}
    if (step % 2 == 0)
      torch::nn::utils::clip_grad_norm_(b, 2.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    // CHECK-FIXES: {{^}}      [](const std::vector<at::Tensor>& params, double max_norm) {{{$}}
    // CHECK-FIXES-NEXT: {{^}}        std::vector<at::Tensor> norms;{{$}}
    // CHECK-FIXES: {{^}}      }({b}, 2.0);{{$}}
  }
}

// Unknown devices: modules and tensors from elsewhere.
void train_external(torch::nn::Linear &model, torch::Tensor w, int steps) {
  for (int step = 0; step < steps; ++step) {
    auto n = torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'model->parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    auto m = torch::nn::utils::clip_grad_norm_(w, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'w' is on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    (void)n; (void)m;
  }
}

// A parameter list kept in a variable follows the module; one that is
// changed afterwards is unknown.
void param_lists(int steps) {
  torch::nn::Linear model(4, 2);
  model->to(kDev);
  auto params = model->parameters();
  torch::nn::Linear cpu_model(4, 2);
  auto mixed = cpu_model->parameters();
  mixed.push_back(torch::randn({2}, kDev));
  for (int step = 0; step < steps; ++step) {
    double a = torch::nn::utils::clip_grad_norm_(params, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    double b = torch::nn::utils::clip_grad_norm_(mixed, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'mixed' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
    (void)a; (void)b;
  }
}

// Unqualified through a using-directive; called from a loop in this file.
void clip_all(torch::nn::Module &m) {
  using namespace torch::nn::utils;
  clip_grad_norm_(m.parameters(), 1.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'm.parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
  // CHECK-FIXES: {{^}}  }(m.parameters(), 1.0);{{$}}
}
void drive(torch::nn::Module &m) {
  for (int i = 0; i < 3; ++i)
    clip_all(m);
}

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

// A module built here and never moved is on the CPU; so is one moved to kCPU.
void train_cpu(int steps) {
  torch::nn::Linear model(4, 2);
  auto net = std::make_shared<Net>();
  net->to(torch::kCPU);
  auto w = torch::randn({4, 4}).requires_grad_();
  auto params = model->parameters();
  for (int step = 0; step < steps; ++step) {
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    double n = torch::nn::utils::clip_grad_norm_(net->parameters(), 1.0);
    torch::nn::utils::clip_grad_norm_({w}, 1.0);
    torch::nn::utils::clip_grad_norm_(w, 1.0);
    torch::nn::utils::clip_grad_norm_(params, 1.0);
    (void)n;
  }
}

// Outside hot paths: one call at the end is not reported.
double final_norm() {
  torch::nn::Linear model(4, 2);
  model->to(kDev);
  return torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
}

// NO-SYNC neighbours: clip_grad_value_, optimizer steps (F4), backward (F5),
// full reductions (G1), _foreach ops (G13).
void no_sync(int steps) {
  torch::nn::Linear model(4, 2);
  model->to(kDev);
  torch::optim::Adam opt(model->parameters());
  auto x = torch::randn({8, 4}, kDev);
  for (int step = 0; step < steps; ++step) {
    auto loss = model(x).sum();
    loss.backward();
    torch::nn::utils::clip_grad_value_(model->parameters(), 0.5);
    auto norms = at::_foreach_norm(model->parameters());
    auto total = at::stack(norms).norm();
    auto coef = at::clamp_max(1.0 / (total + 1e-6), 1.0);
    opt.step();
    (void)coef;
  }
}

// A user's tensor-returning helper of the same name in another namespace.
namespace mytrain {
torch::Tensor clip_grad_norm_(const std::vector<torch::Tensor> &params, double max_norm) {
  return torch::zeros({});
}
} // namespace mytrain
void own_helper(int steps) {
  torch::nn::Linear model(4, 2);
  model->to(kDev);
  for (int step = 0; step < steps; ++step)
    mytrain::clip_grad_norm_(model->parameters(), 1.0);
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define CLIP(m) torch::nn::utils::clip_grad_norm_((m)->parameters(), 1.0)

void in_macros(int steps) {
  torch::nn::Linear model(4, 2);
  model->to(kDev);
  for (int step = 0; step < steps; ++step)
    CLIP(model);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
  // CHECK-FIXES: CLIP(model);
}

// A template with one instantiation, in this file: the fix is made for the
// types it is used with (test/checks/host-read-templates.cpp has the rules).
template <typename M>
void train_any(M &model, int steps) {
  for (int step = 0; step < steps; ++step)
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'model->parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
  // CHECK-FIXES: {{^}}    [](const std::vector<at::Tensor>& params, double max_norm) {{{$}}
  // CHECK-FIXES: {{^}}    }(model->parameters(), 1.0);{{$}}
}
template void train_any<torch::nn::Linear>(torch::nn::Linear &, int);

// A template used with two module types: each instantiation computes the
// same rewrite, so it is offered.
template <typename M>
void train_two(M &model, int steps) {
  for (int step = 0; step < steps; ++step)
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'model->parameters()' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
  // CHECK-FIXES: {{^}}    [](const std::vector<at::Tensor>& params, double max_norm) {{{$}}
  // CHECK-FIXES: {{^}}    }(model->parameters(), 1.0);{{$}}
}
template void train_two<torch::nn::Linear>(torch::nn::Linear &, int);
template void train_two<torch::nn::Conv2d>(torch::nn::Conv2d &, int);

// Used with a vector of parameters and with one tensor: the rewrites differ
// (the tensor is passed as a list of one), so neither is offered.
template <typename P>
void clip_params(P params, int steps) {
  for (int step = 0; step < steps; ++step)
    torch::nn::utils::clip_grad_norm_(params, 1.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'params' are on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: 'clip_grad_norm_()' waits for the GPU to read the total norm it returns if 'params' is on CUDA; clip on the device, keeping the norm a tensor (norm(), at::stack, at::clamp, mul_) [torchsync-clip-grad-norm]
  // CHECK-FIXES: {{^}}    torch::nn::utils::clip_grad_norm_(params, 1.0);{{$}}
}
template void clip_params<std::vector<torch::Tensor>>(std::vector<torch::Tensor>,
                                                      int);
template void clip_params<torch::Tensor>(torch::Tensor, int);
