// RUN: %check_torchsync %s cpu-index %t -fix-notes -config="{CheckOptions: {ReportOutsideLoops: true}}"
// RUN: %check_torchsync %s cpu-index %t-default -fix-notes -check-suffix=DEFAULT
// Where the line before the loop is itself reported (ReportOutsideLoops, a
// hot function), the hoisted copy is made from pinned memory without
// blocking, so that no check reports it again; when that is not proven
// safe on every machine, there is no hoist. Outside hot code the plain copy
// stays.
//
// Fixes are idempotent across checks: a second --fix-notes run with every
// check enabled changes nothing.
// RUN: sed 's|// *CHECK-[A-Z-]*:.*|//|' %s > %t-all.cpp
// RUN: not %torchsync --no-cache --quiet --fix-notes --config="{CheckOptions: {ReportOutsideLoops: true}}" %t-all.cpp -- -std=c++17 -isystem %mock_include > /dev/null 2>&1
// RUN: cp %t-all.cpp %t-all.once.cpp
// RUN: %torchsync --no-cache --quiet --fix-notes --checks=-*,torchsync-blocking-transfer,torchsync-cpu-index --config="{CheckOptions: {ReportOutsideLoops: true}}" %t-all.cpp -- -std=c++17 -isystem %mock_include > /dev/null 2>&1 || true
// RUN: diff %t-all.once.cpp %t-all.cpp
#include <torch/torch.h>

// 'idx' is also used after the loop, so it cannot be made on the device
// where it is made (the warning fix): the copy is hoisted (a note fix).
void hoist_index(int steps) {
  auto x = torch::randn({16, 8}, torch::kCUDA);
  auto idx = torch::tensor({0, 2, 5});
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)r;
  }
  (void)idx.numel();
  // CHECK-FIXES: auto idx_dev = idx.pin_memory().to(x.device(), /*non_blocking=*/true);
  // CHECK-FIXES-NEXT: for (int i = 0; i < steps; ++i) {
  // CHECK-FIXES-NEXT: auto r = x.index({idx_dev});
  // CHECK-FIXES-DEFAULT: auto idx_dev = idx.to(x.device());
  // CHECK-FIXES-DEFAULT-NEXT: for (int i = 0; i < steps; ++i) {
  // CHECK-FIXES-DEFAULT-NEXT: auto r = x.index({idx_dev});
}

// The device is chosen at run time: pin_memory() would throw on a machine
// without CUDA, so with the hoisted line hot there would be no hoist; the
// index is made on the device of 'x' where it is made instead, pinned only
// where 'x' is CUDA (the warning fix, which keeps the meaning and comes
// first wherever it applies).
void runtime_device(int steps) {
  torch::Device dev(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto x = torch::randn({16, 8}, dev);
  auto idx = torch::tensor({0, 2, 5});
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of 'x' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of 'x' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)r;
  }
  // CHECK-FIXES: auto idx = (x.is_cuda() ? torch::tensor({0, 2, 5}).pin_memory().to(x.device(), /*non_blocking=*/true) : torch::tensor({0, 2, 5}));
  // CHECK-FIXES-NEXT: for (int i = 0; i < steps; ++i) {
  // CHECK-FIXES-NEXT: auto r = x.index({idx});
  // CHECK-FIXES-DEFAULT: auto idx = (x.is_cuda() ? torch::tensor({0, 2, 5}).pin_memory().to(x.device(), /*non_blocking=*/true) : torch::tensor({0, 2, 5}));
  // CHECK-FIXES-DEFAULT-NEXT: for (int i = 0; i < steps; ++i) {
  // CHECK-FIXES-DEFAULT-NEXT: auto r = x.index({idx});
}

// A pinned source: pin_memory() would return it as is, and the host could
// change it before the copy runs.
void pinned_source(int steps) {
  auto x = torch::randn({16, 8}, torch::kCUDA);
  auto idx = torch::tensor({0, 2, 5}).pin_memory();
  for (int i = 0; i < steps; ++i) {
    auto r = x.index({idx});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:16: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of CUDA tensor 'x'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)r;
  }
  // CHECK-FIXES: for (int i = 0; i < steps; ++i) {
  // CHECK-FIXES-NEXT: auto r = x.index({idx});
  // CHECK-FIXES-DEFAULT: auto idx_dev = idx.to(x.device());
}
