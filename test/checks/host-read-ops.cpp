// RUN: %check_torchsync %s host-read %t
//
// Spellings that no matcher of the check names: calls that run one operator
// whose row in the operator table (checks/ops/facts.yaml) says it reads a
// value on the host. The check finds them by the operator the call runs
// (checks/utils/OpTable.h), whatever the spelling.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

// ---- Positives -------------------------------------------------------------

void direct_ops(torch::Tensor unknown) {
  auto x = torch::randn({4}, kDev);
  auto y = torch::randn({4}, kDev);
  for (int i = 0; i < 10; ++i) {
    auto v = at::_ops::_local_scalar_dense::call(x.sum());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::_ops::_local_scalar_dense::call()' runs aten::_local_scalar_dense, which waits for the GPU to read CUDA tensor 'x.sum()' on the host; keep the value on the device or read it less often (sync-catalog row B1) [torchsync-host-read]
    bool same = at::_ops::equal::call(x, y);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'at::_ops::equal::call()' runs aten::equal, which waits for the GPU to read CUDA tensor 'x' on the host; keep the value on the device or read it less often (sync-catalog row B4) [torchsync-host-read]
    bool nz = at::_ops::is_nonzero::call(unknown);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::_ops::is_nonzero::call()' runs aten::is_nonzero, which waits for the GPU to read 'unknown' on the host if it is on CUDA; keep the value on the device or read it less often (sync-catalog row B3) [torchsync-host-read]
    (void)v; (void)same; (void)nz;
  }
}

// In a macro, and in a template (reported once, on its definition).
#define RAW_ITEM(t) at::_ops::_local_scalar_dense::call(t)
void in_macro() {
  auto x = torch::randn({1}, kDev);
  for (int i = 0; i < 10; ++i) {
    auto v = RAW_ITEM(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::_ops::_local_scalar_dense::call()' runs aten::_local_scalar_dense, which waits for the GPU to read CUDA tensor 'x' on the host; keep the value on the device or read it less often (sync-catalog row B1) [torchsync-host-read]
    (void)v;
  }
}

template <typename T> void in_template(T t) {
  for (int i = 0; i < 10; ++i) {
    bool nz = at::_ops::is_nonzero::call(t);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::_ops::is_nonzero::call()' runs aten::is_nonzero, which waits for the GPU to read 't' on the host if it is on CUDA; keep the value on the device or read it less often (sync-catalog row B3) [torchsync-host-read]
    (void)nz;
  }
}
template void in_template<torch::Tensor>(torch::Tensor);

// ---- Negatives -------------------------------------------------------------

// CPU tensors: nothing waits.
void on_cpu() {
  auto x = torch::randn({4});
  for (int i = 0; i < 10; ++i) {
    auto v = at::_ops::_local_scalar_dense::call(x.sum());
    bool same = at::_ops::equal::call(x, x);
    (void)v; (void)same;
  }
}

// Outside a loop: not hot.
void once() {
  auto x = torch::randn({4}, kDev);
  auto v = at::_ops::_local_scalar_dense::call(x.sum());
  (void)v;
}

// The spellings the check names keep their own messages (host-read.cpp):
// one finding per call, not a second from the table.
void named(torch::Tensor x) {
  auto y = x.to(kDev);
  for (int i = 0; i < 10; ++i) {
    float f = y.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'y.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    (void)f;
  }
}
