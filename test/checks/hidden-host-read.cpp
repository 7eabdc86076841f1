// RUN: %check_torchsync %s hidden-host-read %t
// RUN: %check_torchsync %s hidden-host-read %t -check-suffix=V26 -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
#include <torch/torch.h>

namespace F = torch::nn::functional;

const torch::Device kDev(torch::kCUDA);

// ---- Positives -------------------------------------------------------------

void searchsorted_with_sorter(int steps) {
  auto seq = torch::rand({1000}, kDev);
  auto sorter = torch::argsort(seq);
  auto v = torch::rand({64}, kDev);
  for (int i = 0; i < steps; ++i) {
    // E8: the sorter's range is checked on the host.
    auto pos = torch::searchsorted(seq, v, false, false, c10::nullopt, sorter);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of CUDA tensor 'sorter'; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:16: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of CUDA tensor 'sorter'; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
    (void)pos;
  }
}

void segment_reduce_with_lengths(int steps) {
  auto data = torch::rand({10, 4}, kDev);
  auto lengths = torch::full({5}, 2, torch::TensorOptions(kDev).dtype(torch::kLong));
  for (int i = 0; i < steps; ++i) {
    // E9: lengths are validated unless unsafe=true.
    auto r = at::segment_reduce(data, "sum", lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::segment_reduce()' waits for the GPU to validate lengths CUDA tensor 'lengths'; pass unsafe=true once the lengths are known to be valid [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:14: warning: 'at::segment_reduce()' waits for the GPU to validate lengths CUDA tensor 'lengths'; pass unsafe=true once the lengths are known to be valid [torchsync-hidden-host-read]
    auto r2 = at::segment_reduce(data, "max", lengths, {}, {}, 0, /*unsafe=*/false);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::segment_reduce()' waits for the GPU to validate lengths CUDA tensor 'lengths'; pass unsafe=true once the lengths are known to be valid [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:15: warning: 'at::segment_reduce()' waits for the GPU to validate lengths CUDA tensor 'lengths'; pass unsafe=true once the lengths are known to be valid [torchsync-hidden-host-read]
    (void)r; (void)r2;
  }
}

void mode_on_cuda(const torch::Tensor &unknown) {
  auto votes = torch::randint(0, 10, {32, 5000}, kDev);
  for (int i = 0; i < 4; ++i) {
    // E18: long slices take a per-slice thrust path.
    auto m = votes.mode(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'mode()' on CUDA tensor 'votes' waits for the GPU once per slice longer than 2048 elements (a thrust sort whose result is copied to the host); use slices of at most 2048 elements, which one kernel handles on the device [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:20: warning: 'mode()' on CUDA tensor 'votes' waits for the GPU once per slice longer than 2048 elements (a thrust sort whose result is copied to the host); use slices of at most 2048 elements, which one kernel handles on the device [torchsync-hidden-host-read]
    auto m2 = torch::mode(unknown, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::mode()' on 'unknown' waits for the GPU once per slice longer than 2048 elements (a thrust sort whose result is copied to the host) if it is on CUDA; use slices of at most 2048 elements, which one kernel handles on the device [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:15: warning: 'torch::mode()' on 'unknown' waits for the GPU once per slice longer than 2048 elements (a thrust sort whose result is copied to the host) if it is on CUDA; use slices of at most 2048 elements, which one kernel handles on the device [torchsync-hidden-host-read]
    (void)m; (void)m2;
  }
}

void cross_entropy_smoothed(int steps) {
  auto x = torch::randn({16, 10}, kDev);
  auto y = torch::randint(0, 10, {16}, torch::TensorOptions(kDev).dtype(torch::kLong));
  auto w = torch::rand({10}, kDev);
  auto opts = F::CrossEntropyFuncOptions().weight(w).label_smoothing(0.1);
  for (int i = 0; i < steps; ++i) {
    // E19: weights, smoothing and the default mean reduction.
    auto l1 = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w).label_smoothing(0.1));
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'F::cross_entropy()' with class weights, label smoothing and mean reduction waits for the GPU to select the non-ignored targets of CUDA tensor 'x'; compute the smoothing term by hand and divide by 'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0).sum()', which stays on the device [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:15: warning: 'F::cross_entropy()' with class weights, label smoothing and mean reduction waits for the GPU to select the non-ignored targets of CUDA tensor 'x'; compute the smoothing term by hand and divide by 'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0).sum()', which stays on the device [torchsync-hidden-host-read]
    auto l2 = F::cross_entropy(x, y, opts);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'F::cross_entropy()' with class weights, label smoothing and mean reduction waits for the GPU to select the non-ignored targets of CUDA tensor 'x'; compute the smoothing term by hand and divide by 'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0).sum()', which stays on the device [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:15: warning: 'F::cross_entropy()' with class weights, label smoothing and mean reduction waits for the GPU to select the non-ignored targets of CUDA tensor 'x'; compute the smoothing term by hand and divide by 'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0).sum()', which stays on the device [torchsync-hidden-host-read]
    auto l3 = at::cross_entropy_loss(x, y, w, at::Reduction::Mean, -100, 0.2);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::cross_entropy_loss()' with class weights, label smoothing and mean reduction waits for the GPU to select the non-ignored targets of CUDA tensor 'x'; compute the smoothing term by hand and divide by 'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0).sum()', which stays on the device [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:15: warning: 'at::cross_entropy_loss()' with class weights, label smoothing and mean reduction waits for the GPU to select the non-ignored targets of CUDA tensor 'x'; compute the smoothing term by hand and divide by 'weight.gather(0, target.masked_fill(ignored, 0)).masked_fill(ignored, 0).sum()', which stays on the device [torchsync-hidden-host-read]
    (void)l1; (void)l2; (void)l3;
  }
}

void lbfgs_steps(int steps) {
  torch::nn::Linear model(4, 1);
  model->to(torch::kCUDA);
  torch::optim::LBFGS opt(model->parameters(), torch::optim::LBFGSOptions(1.0));
  auto x = torch::randn({8, 4}, kDev);
  for (int i = 0; i < steps; ++i) {
    // F2: several item<double>() per step.
    opt.step([&] {
      opt.zero_grad();
      auto loss = model(x).pow(2).mean();
      loss.backward();
      return loss;
    });
    // CHECK-MESSAGES: :[[@LINE-6]]:9: warning: 'step()' of torch::optim::LBFGS waits for the GPU to read the loss and its line-search values several times per step; use an optimizer that keeps its state on the device, such as SGD or Adam, in hot loops [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-7]]:9: warning: 'step()' of torch::optim::LBFGS waits for the GPU to read the loss and its line-search values several times per step; use an optimizer that keeps its state on the device, such as SGD or Adam, in hot loops [torchsync-hidden-host-read]
  }
}

#if TORCH_MOCK_2X
void linspace_tensor_endpoints(int steps) {
  auto start = torch::zeros({}, kDev);
  auto end = torch::ones({}, kDev);
  for (int i = 0; i < steps; ++i) {
    // E21 (2.x only): the endpoints are read with item().
    auto grid = torch::linspace(start, end, 100);
    // CHECK-MESSAGES-V26: :[[@LINE-1]]:17: warning: 'torch::linspace()' with a tensor endpoint waits for the GPU to read CUDA tensor 'start'; use 'start + (end - start) * at::arange(steps, start.options()) / (steps - 1)', which stays on the device (rounding may differ in the last bit) [torchsync-hidden-host-read]
    auto grid2 = at::linspace(0.0, end, 100);
    // CHECK-MESSAGES-V26: :[[@LINE-1]]:18: warning: 'at::linspace()' with a tensor endpoint waits for the GPU to read CUDA tensor 'end'; use 'start + (end - start) * at::arange(steps, start.options()) / (steps - 1)', which stays on the device (rounding may differ in the last bit) [torchsync-hidden-host-read]
    (void)grid; (void)grid2;
  }
}
#endif

// In forward(): hot without a loop; the note says why.
struct Ranker : torch::nn::Module {
  torch::Tensor forward(torch::Tensor seq, torch::Tensor v, torch::Tensor sorter) {
    return torch::searchsorted(seq, v, false, false, c10::nullopt, sorter);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of 'sorter' if it is on CUDA; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:12: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of 'sorter' if it is on CUDA; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
  }
};

// ---- Negatives -------------------------------------------------------------

void negatives(int steps) {
  auto seq = torch::rand({1000}, kDev);
  auto v = torch::rand({64}, kDev);
  auto data = torch::rand({10, 4}, kDev);
  auto lengths = torch::full({5}, 2, torch::TensorOptions(kDev).dtype(torch::kLong));
  auto x = torch::randn({16, 10}, kDev);
  auto y = torch::randint(0, 10, {16}, torch::TensorOptions(kDev).dtype(torch::kLong));
  auto w = torch::rand({10}, kDev);
  auto cpu_seq = torch::rand({1000});
  auto cpu_sorter = torch::argsort(cpu_seq);
  auto cpu_votes = torch::randint(0, 10, {32, 5000});
  auto opts = F::CrossEntropyFuncOptions().weight(w).label_smoothing(0.1);
  torch::nn::Linear cpu_model(4, 1);
  torch::optim::LBFGS cpu_opt(cpu_model->parameters());
  for (int i = 0; i < steps; ++i) {
    // No sorter, or an empty one: no check.
    auto p1 = torch::searchsorted(seq, v);
    auto p2 = torch::searchsorted(seq, v, false, true, c10::nullopt, {});
    // A CPU sorter: the check runs on the CPU.
    auto p3 = torch::searchsorted(cpu_seq, v.cpu(), false, false, c10::nullopt, cpu_sorter);
    // unsafe=true, or offsets / no lengths: no validation of lengths.
    auto r1 = at::segment_reduce(data, "sum", lengths, {}, {}, 0, /*unsafe=*/true);
    auto r2 = at::segment_reduce(data, "sum");
    // mode on a CPU tensor.
    auto m = cpu_votes.mode(1);
    // cross_entropy without weights, without smoothing, or with sum.
    auto l1 = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().label_smoothing(0.1));
    auto l2 = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w));
    auto l3 = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w).label_smoothing(0.1).reduction(torch::kSum));
    auto l4 = at::cross_entropy_loss(x, y, w);
    auto l5 = at::cross_entropy_loss(x, y, w, at::Reduction::Sum, -100, 0.1);
    auto l6 = at::cross_entropy_loss(x, y, {}, at::Reduction::Mean, -100, 0.1);
    auto l7 = F::cross_entropy(x, y);
    // The weight is set, then cleared.
    auto l8 = F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w).label_smoothing(0.1).weight({}));
    // LBFGS on CPU parameters.
    cpu_opt.step([&] { return cpu_model(x.cpu()).sum(); });
    (void)p1; (void)p2; (void)p3; (void)r1; (void)r2; (void)m; (void)l1;
    (void)l2; (void)l3; (void)l4; (void)l5; (void)l6; (void)l7; (void)l8;
  }
  // Outside hot code: silent.
  auto once = F::cross_entropy(x, y, opts);
  (void)once;
}

// Options changed after their initializer, or passed in: not read, silent.
void options_not_followed(int steps, const F::CrossEntropyFuncOptions &given) {
  auto x = torch::randn({16, 10}, kDev);
  auto y = torch::randint(0, 10, {16}, torch::TensorOptions(kDev).dtype(torch::kLong));
  auto w = torch::rand({10}, kDev);
  auto opts = F::CrossEntropyFuncOptions().weight(w);
  opts.label_smoothing(0.0);
  for (int i = 0; i < steps; ++i) {
    auto l1 = F::cross_entropy(x, y, opts);
    auto l2 = F::cross_entropy(x, y, given);
    (void)l1; (void)l2;
  }
}

// ---- Macros and templates --------------------------------------------------

#define SORTED_POS(seq, v, s) torch::searchsorted(seq, v, false, false, c10::nullopt, s)

void in_macro(int steps) {
  auto seq = torch::rand({1000}, kDev);
  auto sorter = torch::argsort(seq);
  auto v = torch::rand({64}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto pos = SORTED_POS(seq, v, sorter);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of CUDA tensor 'sorter'; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:16: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of CUDA tensor 'sorter'; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
    (void)pos;
  }
}

template <typename T>
void in_template(int steps, T scale) {
  auto votes = torch::randint(0, 10, {32, 5000}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto m = (votes * scale).mode(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'mode()' on CUDA tensor '(votes * scale)' waits for the GPU once per slice longer than 2048 elements (a thrust sort whose result is copied to the host); use slices of at most 2048 elements, which one kernel handles on the device [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:30: warning: 'mode()' on CUDA tensor '(votes * scale)' waits for the GPU once per slice longer than 2048 elements (a thrust sort whose result is copied to the host); use slices of at most 2048 elements, which one kernel handles on the device [torchsync-hidden-host-read]
    (void)m;
  }
}
template void in_template<int>(int, int);

void in_lambda() {
  auto seq = torch::rand({1000}, kDev);
  auto sorter = torch::argsort(seq);
  auto v = torch::rand({64}, kDev);
  auto find = [&] {
    return torch::searchsorted(seq, v, false, false, c10::nullopt, sorter);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of CUDA tensor 'sorter'; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:12: warning: 'torch::searchsorted()' with a sorter waits for the GPU to check the range of CUDA tensor 'sorter'; search the sequence in sorted order, 'searchsorted(sorted.gather(-1, sorter), v)', which gives the same indices without the check [torchsync-hidden-host-read]
  };
  for (int i = 0; i < 3; ++i)
    (void)find();
}
