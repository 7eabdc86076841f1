// RUN: %check_torchsync %s blocking-transfer %t -fix-notes
// RUN: %check_torchsync %s blocking-transfer %t-outside -fix-notes -check-suffix=OUTSIDE -config="{CheckOptions: {ReportOutsideLoops: true}}"
// RUN: %clang_tidy_plugin --checks=-*,torchsync-blocking-transfer %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=NOFIX
// The note fix that makes a download non_blocking is offered only where the
// host does not touch the result before something waits for the GPU:
// otherwise the host would read stale data (a race that
// torchsync-nonblocking-race reports, and whose fix is a full synchronize).
#include <torch/torch.h>

// The host reads the copy on the next line: no fix.
float read_next_line(torch::Tensor logits) {
  float total = 0;
  for (int i = 0; i < 10; ++i) {
    auto host = logits.softmax(1).cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'cpu()' waits for the GPU to copy 'logits.softmax(1)' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:35: warning: 'cpu()' waits for the GPU to copy 'logits.softmax(1)' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-FIXES: auto host = logits.softmax(1).cpu();
    // CHECK-FIXES-OUTSIDE: auto host = logits.softmax(1).cpu();
    total += host[0][0].item<float>();
    // NOFIX: :[[@LINE-1]]:25: note: no non_blocking rewrite: the host reads the copied values here before anything waits for the GPU
  }
  return total;
}

// Copied once before the loop, read in it (reported with
// ReportOutsideLoops): no fix.
void read_in_loop() {
  auto moved = torch::randn({8}, torch::kCUDA).cpu();
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:48: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'torch::randn({8}, torch::kCUDA)' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
  // CHECK-FIXES-OUTSIDE: auto moved = torch::randn({8}, torch::kCUDA).cpu();
  for (int i = 0; i < 10; ++i)
    (void)moved.max().item<float>();
}

// Returned, or used in the same expression: no fix.
torch::Tensor returned(torch::Tensor out) {
  torch::Tensor host;
  for (int i = 0; i < 10; ++i)
    host = out.to(torch::kCPU);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(torch::kCPU)' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:16: warning: 'to(torch::kCPU)' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-FIXES: host = out.to(torch::kCPU);
    // CHECK-FIXES-OUTSIDE: host = out.to(torch::kCPU);
  return host;
}

float same_expression(torch::Tensor out) {
  float total = 0;
  for (int i = 0; i < 10; ++i)
    total += out.cpu()[0].item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'cpu()' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:18: warning: 'cpu()' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-FIXES: total += out.cpu()[0].item<float>();
    // CHECK-FIXES-OUTSIDE: total += out.cpu()[0].item<float>();
  return total;
}

// Something waits for the GPU (a host read of another CUDA tensor) before
// the host touches the copy: the copy may overlap with the work queued
// before that wait.
float wait_first(torch::nn::Linear model) {
  float total = 0;
  model->to(torch::kCUDA);
  auto x = torch::randn({4, 8}, torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    auto out = model(x);
    auto host = out.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'out' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:21: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'out' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-FIXES: auto host = out.to(at::kCPU, /*non_blocking=*/true);
    // CHECK-FIXES-OUTSIDE: auto host = out.to(at::kCPU, /*non_blocking=*/true);
    (void)host; // Discarding is not touching.
    float loss = out.sum().item<float>();
    total += loss + host[0][0].item<float>();
  }
  return total;
}

// Blocking copies that a read of an earlier non_blocking download relies on
// (each would be enough; both would be rewritten): no fix for either, the
// rewrite would make that read race.
float keeps_wait() {
  auto g = torch::randn({4}, torch::kCUDA);
  float sum = 0;
  for (int i = 0; i < 10; ++i) {
    auto l = g.to(torch::kCPU, true);
    auto blocking = g.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'g' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:23: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'g' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-FIXES: auto blocking = g.cpu();
    // CHECK-FIXES-OUTSIDE: auto blocking = g.cpu();
    auto upload = torch::ones({4}).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'torch::ones({4})' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:36: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'torch::ones({4})' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto upload = torch::ones({4}).to(torch::kCUDA);
    // CHECK-FIXES-OUTSIDE: auto upload = torch::ones({4}).to(torch::kCUDA);
    sum += l.item<float>();
  }
  return sum;
}
