// RUN: %check_torchsync_real %s hidden-host-read %t
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s hidden-host-read %t.211 %}
// The real LibTorch headers (Debian libtorch-dev 1.13): searchsorted with a
// sorter, segment_reduce with lengths, mode, weighted and smoothed
// cross_entropy and LBFGS::step are matched at the user's call, not inside
// LibTorch's own headers, and their defaulted arguments are read correctly.
#include <torch/torch.h>

namespace F = torch::nn::functional;

int main() {
  torch::Device cuda(torch::kCUDA);
  auto seq = torch::rand({1000}, cuda);
  auto sorter = torch::argsort(seq);
  auto v = torch::rand({64}, cuda);
  auto data = torch::rand({10, 4}, cuda);
  auto lengths = torch::full({5}, 2, torch::TensorOptions(cuda).dtype(torch::kLong));
  auto x = torch::randn({16, 10}, cuda);
  auto y = torch::randint(0, 10, {16}, torch::TensorOptions(cuda).dtype(torch::kLong));
  auto w = torch::rand({10}, cuda);
  torch::nn::Linear model(4, 1);
  model->to(cuda);
  torch::optim::LBFGS opt(model->parameters(), torch::optim::LBFGSOptions(1.0));
  auto in = torch::randn({8, 4}, cuda);
  for (int step = 0; step < 10; ++step) {
    auto pos = torch::searchsorted(seq, v, false, false, c10::nullopt, sorter);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of CUDA tensor 'sorter'; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
    auto r = torch::segment_reduce(data, "sum", lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::segment_reduce()' waits for the GPU to validate lengths CUDA tensor 'lengths'; pass unsafe=true once the lengths are known to be valid [torchsync-hidden-host-read]
    auto m = x.mode(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mode()' on CUDA tensor 'x' waits for the GPU once per slice longer than 2048 elements (a thrust sort whose result is copied to the host); use slices of at most 2048 elements, which one kernel handles on the device [torchsync-hidden-host-read]
    auto l = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w).label_smoothing(0.1));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'F::cross_entropy()' with class weights, label smoothing and mean reduction waits for the GPU to select the non-ignored targets of CUDA tensor 'x'; compute the smoothing term by hand and divide by 'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0).sum()', which stays on the device [torchsync-hidden-host-read]
    opt.step([&] {
      opt.zero_grad();
      auto loss = model(in).pow(2).mean();
      loss.backward();
      return loss;
    });
    // CHECK-MESSAGES: :[[@LINE-6]]:9: warning: 'step()' of torch::optim::LBFGS waits for the GPU to read the loss and its line-search values several times per step; use an optimizer that keeps its state on the device, such as SGD or Adam, in hot loops [torchsync-hidden-host-read]
    // NO-SYNC look-alikes: no sorter, unsafe lengths, no smoothing.
    auto p2 = torch::searchsorted(seq, v);
    auto r2 = torch::segment_reduce(data, "sum", lengths, {}, {}, 0, /*unsafe=*/true);
    auto l2 = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w));
    (void)pos; (void)r; (void)m; (void)l; (void)p2; (void)r2; (void)l2;
  }
}
