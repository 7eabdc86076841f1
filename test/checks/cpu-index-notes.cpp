// RUN: %check_torchsync %s cpu-index %t -fix-notes
// The note fixes: hoisting a loop-invariant CPU index (or bernoulli
// probabilities) to the device before the loop, and passing a where operand
// as a Scalar. Each is withheld when its condition does not hold.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

// 'idx' is also used after the loop, so it cannot be made on the device
// where it is made (index_on_device below): the copy is hoisted.
void hoist_index(int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto idx = torch::tensor({0, 2, 5});
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-3]]:3: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:23: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-4]]:16: note: the host waits in index.to(self.device()) in at::native::make_info, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-5]]:16: note: copy 'idx' to the device once, before the loop, as 'idx_dev'; the loop then uses that copy, so a change to the data of 'idx' made through another reference would no longer be seen
    (void)r;
  }
  // CHECK-FIXES: auto idx_dev = idx.to(x.device());
  // CHECK-FIXES-NEXT: for (int i = 0; i < steps; ++i) {
  // CHECK-FIXES-NEXT: auto r = x.index({idx_dev});
  (void)idx.numel();
}

// Used only as an index: made on the device where it is made, once (the
// warning fix, which keeps the meaning), and no hoist note.
void index_on_device(int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto idx = torch::tensor({0, 2, 5});
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-4]]:14: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:16: note: the host waits in index.to(self.device()) in at::native::make_info, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    (void)r;
  }
  // CHECK-FIXES: auto idx = (x.is_cuda() ? torch::tensor({0, 2, 5}).pin_memory().to(x.device(), /*non_blocking=*/true) : torch::tensor({0, 2, 5}));
}

// The indexed tensor is made in the loop: its device argument is used.
void hoist_from_factory(int steps) {
  const torch::Device dev(torch::kCUDA);
  auto rows = torch::randperm(8);
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({8, 4}, dev);
    x.index_put_({rows}, torch::zeros({8, 4}, dev));
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'index_put_()' waits for the GPU to copy CPU index 'rows' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-4]]:3: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:19: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-4]]:7: note: the host waits in index.to(self.device()) in at::native::make_info, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-5]]:7: note: copy 'rows' to the device once, before the loop, as 'rows_dev'
  }
  // CHECK-FIXES: auto rows_dev = rows.to(dev);
  // CHECK-FIXES-NEXT: for (int i = 0; i < steps; ++i) {
  // CHECK-FIXES: x.index_put_({rows_dev}, torch::zeros({8, 4}, dev));
}

void hoist_probabilities(int steps) {
  auto t = torch::empty({32}, kDev);
  auto keep = torch::full({32}, 0.9);
  while (steps-- > 0) {
    t.bernoulli_(keep);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'bernoulli_()' waits for the GPU to copy CPU probabilities 'keep' to the device of CUDA tensor 't'; create 'keep' on the device, or copy it there once outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-3]]:3: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:18: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-4]]:7: note: the host waits in p_.to(self.device()) in bernoulli_kernel, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-5]]:7: note: copy 'keep' to the device once, before the loop, as 'keep_dev'
  }
  // CHECK-FIXES: auto keep_dev = keep.to(t.device());
  // CHECK-FIXES-NEXT: while (steps-- > 0) {
  // CHECK-FIXES-NEXT: t.bernoulli_(keep_dev);
}

// No hoisting: the index changes in the loop, is used twice in it, is made
// in it, or the hot code is not a loop of its own.
void no_hoist(int steps) {
  auto x = torch::randn({16, 8}, kDev);
  auto moving = torch::tensor({0, 1});
  auto twice = torch::tensor({2, 3});
  for (int i = 0; i < steps; ++i) {
    auto a = x.index({moving});
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'moving' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-2]]:16: note: the host waits in index.to(self.device()) in at::native::make_info, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    moving = moving + 1;
    auto b = x.index({twice});
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'twice' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-2]]:16: note: the host waits in index.to(self.device()) in at::native::make_info, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    twice.add_(1);
    // Made in the loop: not hoisted, but made on the device where it is
    // made (a warning fix, test/checks/cpu-index-made-on-device.cpp).
    auto fresh = torch::randperm(16);
    // CHECK-FIXES: auto fresh = (x.is_cuda() ? torch::randperm(16).pin_memory().to(x.device(), /*non_blocking=*/true) : torch::randperm(16));
    auto c = x.index({fresh});
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'fresh' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-4]]:18: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:16: note: the host waits in index.to(self.device()) in at::native::make_info, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    (void)a; (void)b; (void)c;
  }
}

// The device of a parameter taken by reference cannot be named before the
// loop with certainty; the finding stays, without a note.
void by_reference(const torch::Tensor &x, int steps) {
  auto idx = torch::tensor({0, 1});
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of 'x' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-2]]:16: note: the host waits in index.to(self.device()) in at::native::make_info, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    (void)r;
  }
}

void where_scalar(int steps) {
  auto x = torch::randn({16}, kDev);
  auto mask = x > 0;
  auto zero = torch::tensor(0.0);
  for (int i = 0; i < steps; ++i) {
    auto a = torch::where(mask, x, torch::tensor(0.0));
    // CHECK-NOTES: :[[@LINE-1]]:14: warning: 'torch::where()' waits for the GPU to copy CPU 0-dim tensor 'torch::tensor(0.0)' to the device of its result; pass the value as a Scalar, or build 'torch::tensor(0.0)' on the device [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-2]]:36: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:14: note: the host waits in .to(device) of 0-dim CPU operands in where_self_out, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-4]]:14: note: pass the value as a Scalar, which where builds on the device; when every operand is 0-dim the result's dtype may differ
    // CHECK-FIXES: auto a = torch::where(mask, x, 0.0);
    auto b = torch::where(mask, at::scalar_tensor(-1), x);
    // CHECK-NOTES: :[[@LINE-1]]:14: warning: 'torch::where()' waits for the GPU to copy CPU 0-dim tensor 'at::scalar_tensor(-1)' to the device of its result; pass the value as a Scalar, or build 'at::scalar_tensor(-1)' on the device [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-2]]:33: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:14: note: the host waits in .to(device) of 0-dim CPU operands in where_self_out, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-4]]:14: note: pass the value as a Scalar
    // CHECK-FIXES: auto b = torch::where(mask, -1, x);
    auto c = torch::where(mask, x, zero);
    // CHECK-NOTES: :[[@LINE-1]]:14: warning: 'torch::where()' waits for the GPU to copy CPU 0-dim tensor 'zero' to the device of its result; pass the value as a Scalar, or build 'zero' on the device [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-2]]:14: note: the host waits in .to(device) of 0-dim CPU operands in where_self_out, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-FIXES: auto c = torch::where(mask, x, zero);
    // Tensor::where has no Scalar overload: no note fix.
    auto d = x.where(mask, at::scalar_tensor(1.0));
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'where()' waits for the GPU to copy CPU 0-dim tensor 'at::scalar_tensor(1.0)' to the device of its result; pass the value as a Scalar, or build 'at::scalar_tensor(1.0)' on the device [torchsync-cpu-index]
    // CHECK-NOTES: :[[@LINE-2]]:16: note: the host waits in .to(device) of 0-dim CPU operands in where_self_out, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-FIXES: auto d = x.where(mask, at::scalar_tensor(1.0));
    (void)a; (void)b; (void)c; (void)d;
  }
}
