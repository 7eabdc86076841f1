// RUN: %check_torchsync %s host-read %t
#include <torch/torch.h>
#include <cstdint>
#include <iostream>

// A running value read from the GPU in a loop and read after it: the sum is
// kept in a 0-dim tensor on the value's device (made from the variable before
// the loop, so the host's order of additions is kept) and read once after it.

// ---- Positives -------------------------------------------------------------

void epoch(torch::nn::Linear model, torch::Device device,
           std::vector<torch::Tensor> &batches) {
  for (int e = 0; e < 3; ++e) {
    double running_loss = 0.0;
    size_t num_correct = 0;
    for (auto &data : batches) {
      auto x = data.to(device);
      auto out = model(x);
      auto loss = out.pow(2).mean();
      running_loss += loss.item<double>() * x.size(0);
      // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
      auto pred = out.argmax(1);
      num_correct += pred.eq(0).sum().item<int64_t>();
      // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'item<int64_t>()' waits for the GPU to read 'pred.eq(0).sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    }
    std::cout << running_loss << " " << num_correct << "\n";
  }
}
// CHECK-FIXES: double running_loss = 0.0;
// CHECK-FIXES-NEXT: size_t num_correct = 0;
// CHECK-FIXES-NEXT: at::Tensor running_loss_dev = at::scalar_tensor(running_loss, at::kDouble);
// CHECK-FIXES-NEXT: at::Tensor num_correct_dev = at::scalar_tensor(static_cast<int64_t>(num_correct), at::kLong);
// CHECK-FIXES-NEXT: for (auto &data : batches) {
// CHECK-FIXES: running_loss_dev = running_loss_dev + loss.detach().to(at::kDouble) * x.size(0);
// CHECK-FIXES: num_correct_dev = num_correct_dev + pred.eq(0).sum().detach().to(at::kLong);
// CHECK-FIXES: {{^    }}}
// CHECK-FIXES-NEXT: {{^    }}running_loss = running_loss_dev.item<double>(); // NOLINT(torchsync-host-read): one read after the loop
// CHECK-FIXES-NEXT: {{^    }}num_correct = static_cast<size_t>(num_correct_dev.item<int64_t>()); // NOLINT(torchsync-host-read): one read after the loop
// CHECK-FIXES-NEXT: std::cout << running_loss << " " << num_correct << "\n";

// A float sum of doubles converts after each addition, as `+=` does; a
// parenthesized product, `-=`, a Scalar read with toDouble(), a while loop.
float perplexity(torch::Tensor l, torch::Tensor y, int steps) {
  float ppx = 0;
  double drift = 1.0;
  int i = 0;
  while (i < steps) {
    ppx += (l.item<double>() * y.numel());
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'item<double>()' waits for the GPU to read 'l' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    drift -= y.sum().item().toDouble(); // a comment after the statement
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item()' waits for the GPU to read 'y.sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    ++i;
  } // the loop ends here
  return ppx + static_cast<float>(drift);
}
// CHECK-FIXES: at::Tensor ppx_dev = at::scalar_tensor(ppx, at::kFloat);
// CHECK-FIXES-NEXT: at::Tensor drift_dev = at::scalar_tensor(drift, at::kDouble);
// CHECK-FIXES-NEXT: while (i < steps) {
// CHECK-FIXES: ppx_dev = (ppx_dev + (l.detach().to(at::kDouble).reshape({}) * y.numel())).to(at::kFloat);
// CHECK-FIXES: drift_dev = drift_dev - y.sum().detach().to(at::kDouble); // a comment after the statement
// CHECK-FIXES: } // the loop ends here
// CHECK-FIXES-NEXT: ppx = ppx_dev.item<float>();{{$}}
// CHECK-FIXES-NEXT: drift = drift_dev.item<double>();{{$}}

// The outermost loop in the variable's scope: the read-back is after it, in
// a place that is not hot (no NOLINT).
int64_t nested(torch::Tensor t, int n) {
  int64_t hits = 0;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      hits += t.gt(a + b).sum().item<int64_t>();
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'item<int64_t>()' waits for the GPU to read 't.gt(a + b).sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  return hits;
}
// CHECK-FIXES: at::Tensor hits_dev = at::scalar_tensor(hits, at::kLong);
// CHECK-FIXES-NEXT: for (int a = 0; a < n; ++a)
// CHECK-FIXES: hits_dev = hits_dev + t.gt(a + b).sum().detach().to(at::kLong);
// CHECK-FIXES: hits = hits_dev.item<int64_t>();{{$}}
// CHECK-FIXES: return hits;

// A do-while loop; a float value into a double sum (exact).
double do_loop(torch::Tensor t) {
  double s = 0;
  int k = 0;
  do {
    s += t.item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'item<float>()' waits for the GPU to read 't' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  } while (++k < 4);
  return s;
}
// CHECK-FIXES: at::Tensor s_dev = at::scalar_tensor(s, at::kDouble);
// CHECK-FIXES: s_dev = s_dev + t.detach().to(at::kFloat).reshape({});
// CHECK-FIXES: } while (++k < 4);
// CHECK-FIXES-NEXT: s = s_dev.item<double>();

// A value of a narrower dtype of the same kind is viewed as 0-dim: PyTorch
// promotes a tensor with dimensions (here [1]) over the 0-dim sum, and
// would add in float or int32 where the host adds in double or int64. A
// reduction over all elements is 0-dim already; a wider value or one of
// another kind promotes as the host does either way.
double narrower(torch::Tensor probs, torch::Tensor big, int n) {
  double total = 0;
  int64_t count = 0;
  double whole = 0;
  float mixed = 0;
  for (int i = 0; i < n; ++i) {
    total += probs.slice(0, 0, 1).item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'item<float>()' waits for the GPU to read 'probs.slice(0, 0, 1)' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    count += big.slice(0, 0, 1).item<int>();
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'item<int>()' waits for the GPU to read 'big.slice(0, 0, 1)' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    whole += probs.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'item<float>()' waits for the GPU to read 'probs.sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    mixed += big.slice(0, 0, 1).item<int>();
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'item<int>()' waits for the GPU to read 'big.slice(0, 0, 1)' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  }
  return total + count + whole + mixed;
}
// CHECK-FIXES: total_dev = total_dev + probs.slice(0, 0, 1).detach().to(at::kFloat).reshape({});
// CHECK-FIXES: count_dev = count_dev + big.slice(0, 0, 1).detach().to(at::kInt).reshape({});
// CHECK-FIXES: whole_dev = whole_dev + probs.sum().detach().to(at::kFloat);
// CHECK-FIXES: mixed_dev = mixed_dev + big.slice(0, 0, 1).detach().to(at::kInt).reshape({});

// A loss reduced to one value (the default mean, at::Reduction::Sum) is
// 0-dim and needs no view; one with no reduction, or with options written
// out (which may ask for none), is viewed as 0-dim: a value of more than one
// element then throws in the loop, where item() threw, not after it.
double losses(torch::Tensor out, torch::Tensor t, int n) {
  double mean_sum = 0;
  double sum_sum = 0;
  double none_sum = 0;
  double opt_sum = 0;
  for (int i = 0; i < n; ++i) {
    auto loss = torch::nn::functional::cross_entropy(out, t);
    mean_sum += loss.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    sum_sum += at::nll_loss(out, t, {}, at::Reduction::Sum).item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'item<double>()' waits for the GPU to read 'at::nll_loss(out, t, {}, at::...' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    none_sum += at::mse_loss(out, t, at::Reduction::None).item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'item<double>()' waits for the GPU to read 'at::mse_loss(out, t, at::Reduction::...' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    opt_sum += torch::nn::functional::mse_loss(out, t, torch::nn::functional::MSELossFuncOptions()).item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:101: warning: 'item<double>()' waits for the GPU to read 'torch::nn::functional::mse_loss(out,...' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
  }
  return mean_sum + sum_sum + none_sum + opt_sum;
}
// CHECK-FIXES: mean_sum_dev = mean_sum_dev + loss.detach().to(at::kDouble);
// CHECK-FIXES: sum_sum_dev = sum_sum_dev + at::nll_loss(out, t, {}, at::Reduction::Sum).detach().to(at::kDouble);
// CHECK-FIXES: none_sum_dev = none_sum_dev + at::mse_loss(out, t, at::Reduction::None).detach().to(at::kDouble).reshape({});
// CHECK-FIXES: opt_sum_dev = opt_sum_dev + torch::nn::functional::mse_loss(out, t, torch::nn::functional::MSELossFuncOptions()).detach().to(at::kDouble).reshape({});

// ---- Negatives: reported, no fix -------------------------------------------

#define ADD_LOSS(acc, t) acc += t.item<double>()

double no_fix(torch::Tensor loss, torch::Tensor other, int n, double &out) {
  // Read in the loop (every N steps): a note-only case.
  double every = 0;
  for (int i = 0; i < n; ++i) {
    every += loss.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    if (i % 10 == 0)
      std::cout << every << "\n";
  }
  // Declared in the loop: nothing to hoist past.
  for (int i = 0; i < n; ++i) {
    double inner = 0;
    inner += loss.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    std::cout << inner;
  }
  // A reference, a parameter: not a local value.
  for (int i = 0; i < n; ++i) {
    out += loss.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  }
  // An alias could change it in the loop.
  double aliased = 0;
  double *p = &aliased;
  for (int i = 0; i < n; ++i) {
    aliased += loss.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    *p *= 0.5;
  }
  // Integer division is not the device's true division; an integer times
  // a double is computed in double on the host, in the default dtype on the
  // device; an int32 value times an int64 size is int64 on the host.
  int64_t idiv = 0;
  double imix = 0;
  int64_t iwide = 0;
  for (int i = 0; i < n; ++i) {
    idiv += other.sum().item<int64_t>() / 2;
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'item<int64_t>()' waits for the GPU to read 'other.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    imix += other.sum().item<int64_t>() * 0.5;
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'item<int64_t>()' waits for the GPU to read 'other.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    iwide += other.sum().item<int32_t>() * other.size(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'item<int32_t>()' waits for the GPU to read 'other.sum()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  }
  // A second read in the same expression: the last one, an operand of the
  // sum, is kept on the device; the other stays a read of its own. A bool.
  double two = 0;
  int flags = 0;
  for (int i = 0; i < n; ++i) {
    two += loss.item<double>() * other.size(0) * other.sum().item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES: :[[@LINE-2]]:62: warning: 'item<double>()' waits for the GPU to read 'other.sum()' if it is on CUDA; add it up on the device and read the sum once after the loop [torchsync-host-read]
    flags += other.all().item<bool>();
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'item<bool>()' waits for the GPU to read 'other.all()' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  }
  // A loop that is not a statement of a block; a goto out of the loop.
  double unbraced = 0, jumped = 0;
  if (n > 1)
    for (int i = 0; i < n; ++i)
      unbraced += loss.item<double>();
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  for (int i = 0; i < n; ++i) {
    jumped += loss.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    if (i > 5)
      goto done;
  }
done:
  // A handler between the loop and the variable could read it.
  double caught = 0;
  try {
    for (int i = 0; i < n; ++i) {
      caught += loss.item<double>();
      // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    }
  } catch (...) {
    std::cout << caught;
  }
  // Code after the loop on its last line; a macro.
  double crowded = 0, macro = 0;
  for (int i = 0; i < n; ++i) { crowded += loss.item<double>(); } crowded *= 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  for (int i = 0; i < n; ++i) {
    ADD_LOSS(macro, loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  }
  // The name the tensor would take is taken.
  double taken = 0;
  int taken_dev = 0;
  for (int i = 0; i < n; ++i) {
    taken += loss.item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'item<double>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  }
  return every + unbraced + jumped + caught + crowded + macro + two + flags +
         idiv + imix + iwide + aliased + taken + taken_dev;
}
// CHECK-FIXES: every += loss.item<double>();
// CHECK-FIXES: inner += loss.item<double>();
// CHECK-FIXES: out += loss.item<double>();
// CHECK-FIXES: aliased += loss.item<double>();
// CHECK-FIXES: idiv += other.sum().item<int64_t>() / 2;
// CHECK-FIXES: imix += other.sum().item<int64_t>() * 0.5;
// CHECK-FIXES: iwide += other.sum().item<int32_t>() * other.size(0);
// CHECK-FIXES: at::Tensor two_dev = at::scalar_tensor(two, at::kDouble);
// CHECK-FIXES: two_dev = two_dev + loss.item<double>() * other.size(0) * other.sum().detach().to(at::kDouble);
// CHECK-FIXES: flags += other.all().item<bool>();
// CHECK-FIXES: two = two_dev.item<double>();
// CHECK-FIXES: unbraced += loss.item<double>();
// CHECK-FIXES: jumped += loss.item<double>();
// CHECK-FIXES: caught += loss.item<double>();
// CHECK-FIXES: for (int i = 0; i < n; ++i) { crowded += loss.item<double>(); } crowded *= 2;
// CHECK-FIXES: ADD_LOSS(macro, loss);
// CHECK-FIXES: taken += loss.item<double>();

// A template with one instantiation whose accumulator's type is its
// parameter: the fix would spell this instantiation's dtype, so none is
// made (test/checks/host-read-templates.cpp has the other rules).
template <typename T> T templated(torch::Tensor loss, int n) {
  T sum = 0;
  for (int i = 0; i < n; ++i)
    sum += loss.item<T>();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'item<T>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  return sum;
}
template double templated<double>(torch::Tensor, int);
// CHECK-FIXES: sum += loss.item<T>();

// CPU tensors: no finding, no fix.
double on_cpu(int n) {
  double total = 0;
  for (int i = 0; i < n; ++i)
    total += torch::ones({2}).sum().item<double>();
  return total;
}
