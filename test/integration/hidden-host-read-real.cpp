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
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::searchsorted()' with a sorter checks the range of CUDA tensor 'sorter' on the host (sorter.aminmax() and item() in searchsorted_pre_check), waiting for all queued GPU work (cudaMemcpyAsync + cudaStreamSynchronize in c10::cuda::memcpy_and_sync); consider searching the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without checking the sorter [torchsync-hidden-host-read]
    auto r = torch::segment_reduce(data, "sum", lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::segment_reduce()' validates lengths CUDA tensor 'lengths' on the host
    auto m = x.mode(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mode()' on CUDA tensor 'x' sorts each slice longer than 2048 elements
    auto l = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w).label_smoothing(0.1));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'F::cross_entropy()' with class weights, label smoothing and mean reduction
    opt.step([&] {
      opt.zero_grad();
      auto loss = model(in).pow(2).mean();
      loss.backward();
      return loss;
    });
    // CHECK-MESSAGES: :[[@LINE-6]]:9: warning: 'step()' of torch::optim::LBFGS reads the loss
    // NO-SYNC look-alikes: no sorter, unsafe lengths, no smoothing.
    auto p2 = torch::searchsorted(seq, v);
    auto r2 = torch::segment_reduce(data, "sum", lengths, {}, {}, 0, /*unsafe=*/true);
    auto l2 = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w));
    (void)pos; (void)r; (void)m; (void)l; (void)p2; (void)r2; (void)l2;
  }
}
