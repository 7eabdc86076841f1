// RUN: %check_torchsync %s host-read %t
#include <torch/torch.h>
#include <cstdint>
#include <cstdio>
#include <array>
#include <vector>

// Fix-its in templates. A fix edits the template's text, which all its
// instantiations share: it is made where every instantiation agrees on it.
// The finding is reported once, from the instantiations, where the template
// has any (docs/options.md, "Fix-its in templates").

struct Batch {
  torch::Tensor data;
  torch::Tensor target;
};
using Loader = std::vector<Batch>;

// ---- The code does not depend on the parameter: one fix for all ------------

template <typename Model>
double fixed_code(Model &model, torch::Tensor loss, int steps) {
  double total = 0;
  for (int i = 0; i < steps; ++i)
    total += loss.item<double>();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  (void)model;
  return total;
}
template double fixed_code<int>(int &, torch::Tensor, int);
template double fixed_code<float>(float &, torch::Tensor, int);
// CHECK-FIXES: at::Tensor total_dev = at::scalar_tensor(total, at::kDouble);
// CHECK-FIXES-NEXT: for (int i = 0; i < steps; ++i)
// CHECK-FIXES-NEXT: total_dev = total_dev + loss.detach().to(at::kDouble).reshape({});
// CHECK-FIXES-NEXT: total = total_dev.item<double>();

// Never instantiated: reported from the template itself, fixed alike.
template <typename T> double unused(torch::Tensor loss, int steps) {
  double total = 0;
  for (int i = 0; i < steps; ++i)
    total += loss.item<double>();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  return total;
}
// CHECK-FIXES: total_dev = total_dev + loss.detach().to(at::kDouble).reshape({});

// ---- The code depends on the parameter ---------------------------------------

// One instantiation, in this file (the shape of a trainer templated on its
// data loader): the fix is made for the types it is used with.
template <typename DataLoader>
void test_once(torch::nn::Linear &model, torch::Device device,
               DataLoader &loader) {
  double test_loss = 0;
  int64_t correct = 0;
  for (const auto &batch : loader) {
    auto data = batch.data.to(device), target = batch.target.to(device);
    auto output = model->forward(data);
    test_loss += torch::mse_loss(output, target).template item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'item<float>()' waits for the GPU to read 'torch::mse_loss(output, target)' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    correct += output.argmax(1).eq(target).sum().template item<int64_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'item<int64_t>()' waits for the GPU to read 'output.argmax(1).eq(target).sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  }
  std::printf("%f %ld\n", test_loss, static_cast<long>(correct));
}
// CHECK-FIXES: at::Tensor test_loss_dev = at::scalar_tensor(test_loss, at::kDouble);
// CHECK-FIXES-NEXT: at::Tensor correct_dev = at::scalar_tensor(correct, at::kLong);
// CHECK-FIXES: test_loss_dev = test_loss_dev + torch::mse_loss(output, target).detach().to(at::kFloat);
// CHECK-FIXES: correct_dev = correct_dev + output.argmax(1).eq(target).sum().detach().to(at::kLong);
// CHECK-FIXES: test_loss = test_loss_dev.item<double>();
// CHECK-FIXES-NEXT: correct = correct_dev.item<int64_t>();

// Two instantiations of dependent code: they could need different edits, and
// the template's text cannot hold both. No fix.
template <typename Items> double twice(Items &items) {
  double total = 0;
  for (const auto &t : items)
    total += t.sum().template item<double>();
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'item<double>()' waits for the GPU to read 't.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  return total;
}
// CHECK-FIXES: total += t.sum().template item<double>();

// A member function of a class template, one instantiation: fixed.
template <typename DataLoader> struct Evaluator {
  double run(DataLoader &loader) {
    double sum = 0;
    for (const auto &batch : loader)
      sum += batch.data.sum().template item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'item<double>()' waits for the GPU to read 'batch.data.sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    return sum;
  }
};
// CHECK-FIXES: sum_dev = sum_dev + batch.data.sum().detach().to(at::kDouble);

// A lambda in a template with one instantiation: fixed.
template <typename DataLoader> double in_lambda(DataLoader &loader) {
  auto count = [&]() {
    double seen = 0;
    for (const auto &batch : loader)
      seen += batch.target.sum().template item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'item<double>()' waits for the GPU to read 'batch.target.sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    return seen;
  };
  return count();
}
// CHECK-FIXES: seen_dev = seen_dev + batch.target.sum().detach().to(at::kDouble);

void use(torch::nn::Linear &model, Loader &loader) {
  torch::Device device(torch::kCUDA);
  test_once(model, device, loader);
  std::vector<torch::Tensor> a;
  std::array<torch::Tensor, 2> b;
  twice(a);
  twice(b);
  Evaluator<Loader> eval;
  eval.run(loader);
  in_lambda(loader);
}

// The statement does not depend on the parameter, but what its fix rests
// on does: the value is proven 0-dim in one instantiation (a sum) and not
// in the other (a slice, which the fix views as 0-dim), which would make
// another edit of the same text: no fix.
template <bool Reduced> double reduced_or_not(torch::Tensor t, int n) {
  double grand = 0;
  for (int i = 0; i < n; ++i) {
    torch::Tensor v = t.sum();
    if constexpr (!Reduced)
      v = t.slice(0, 0, 1);
    grand += v.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'item<double>()' waits for the GPU to read 'v' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  }
  return grand;
}
template double reduced_or_not<true>(torch::Tensor, int);
template double reduced_or_not<false>(torch::Tensor, int);
// CHECK-FIXES: grand += v.item<double>();
