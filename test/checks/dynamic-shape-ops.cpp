// RUN: %check_torchsync %s dynamic-shape %t
//
// Spellings that no matcher of the check names: calls that run one operator
// whose row in the operator table (checks/ops/facts.yaml) says its output
// size is read from the device. The check finds them by the operator the
// call runs (checks/utils/OpTable.h), whatever the spelling.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

// ---- Positives -------------------------------------------------------------

void out_variants(torch::Tensor unknown) {
  auto x = torch::randint(0, 8, {64}, torch::TensorOptions(kDev).dtype(torch::kLong));
  torch::Tensor a, b, c, h;
  for (int i = 0; i < 10; ++i) {
    at::_unique2_outf(x, true, false, false, a, b, c);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::_unique2_outf()' runs aten::_unique2, which waits for the GPU to read the size of its output from CUDA tensor 'x'; use a form whose output size is known on the host, or run it less often (sync-catalog row D10) [torchsync-dynamic-shape]
    at::bincount_outf(unknown, {}, 0, h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::bincount_outf()' runs aten::bincount, which waits for the GPU to read the size of its output from 'unknown' if it is on CUDA; use a form whose output size is known on the host, or run it less often (sync-catalog row D12) [torchsync-dynamic-shape]
  }
}

// The operator called directly, with the condition of its row met.
void direct_ops(torch::Tensor labels) {
  auto reps = torch::ones({16}, torch::TensorOptions(kDev).dtype(torch::kLong));
  for (int i = 0; i < 10; ++i) {
    auto o = at::_ops::one_hot::call(labels.to(kDev), -1);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::_ops::one_hot::call()' runs aten::one_hot, which waits for the GPU to read the size of its output from CUDA tensor 'labels.to(kDev)'; use a form whose output size is known on the host, or run it less often (sync-catalog row D14) [torchsync-dynamic-shape]
    auto r = at::_ops::repeat_interleave_Tensor::call(reps, c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::_ops::repeat_interleave_Tensor::call()' runs aten::repeat_interleave, which waits for the GPU to read the size of its output from CUDA tensor 'reps'; use a form whose output size is known on the host, or run it less often (sync-catalog row D11) [torchsync-dynamic-shape]
    (void)o; (void)r;
  }
}

// In a macro, and in a template (reported once, on its definition, where
// the parameter's device is not known).
#define COUNT_UNIQUE(t, a, b, c) at::_unique2_outf(t, true, false, false, a, b, c)
void in_macro(torch::Tensor a, torch::Tensor b, torch::Tensor c) {
  auto x = torch::randn({64}, kDev);
  for (int i = 0; i < 10; ++i)
    COUNT_UNIQUE(x, a, b, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::_unique2_outf()' runs aten::_unique2, which waits for the GPU to read the size of its output from CUDA tensor 'x'; use a form whose output size is known on the host, or run it less often (sync-catalog row D10) [torchsync-dynamic-shape]
}

template <typename T> void templated(T x, torch::Tensor h) {
  for (int i = 0; i < 10; ++i)
    at::bincount_outf(x, {}, 0, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'at::bincount_outf()' runs aten::bincount, which waits for the GPU to read the size of its output from 'x' if it is on CUDA; use a form whose output size is known on the host, or run it less often (sync-catalog row D12) [torchsync-dynamic-shape]
}
void use_template(torch::Tensor h) {
  templated(torch::zeros({8}, torch::TensorOptions(kDev).dtype(torch::kLong)), h);
}

// ---- Negatives -------------------------------------------------------------

void negatives(torch::Tensor a, torch::Tensor b, torch::Tensor c) {
  auto cpu = torch::randint(0, 8, {64}, torch::kLong);
  auto reps = torch::ones({16}, torch::TensorOptions(kDev).dtype(torch::kLong));
  auto x = torch::randn({64}, kDev);
  for (int i = 0; i < 10; ++i) {
    // A host tensor: counted on the host, nothing to wait for.
    at::_unique2_outf(cpu, true, false, false, a, b, c);
    at::bincount_outf(cpu, {}, 0, a);
    // The row's condition does not hold: num_classes is given,
    // output_size is given.
    auto o = at::_ops::one_hot::call(x.to(torch::kLong), 10);
    auto r = at::_ops::repeat_interleave_Tensor::call(reps, 16);
    // An operator the table has no row for.
    auto s = at::_ops::select_int::call(x, 0, 1);
    (void)o; (void)r; (void)s;
  }
}

// Not hot: no loop, no entry point.
void cold(torch::Tensor a, torch::Tensor b, torch::Tensor c) {
  auto x = torch::randn({64}, kDev);
  at::_unique2_outf(x, true, false, false, a, b, c);
}
