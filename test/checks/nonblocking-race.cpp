// RUN: %check_torchsync %s nonblocking-race %t -fix-notes
#include <torch/torch.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>
#include <cstring>
#include <iostream>
#include <vector>

// The check fires everywhere, not only on hot paths: none of these functions
// has a loop unless the test is about loops.

// ---- Positives: the forms of the copy ----------------------------------------

float to_kcpu() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, /*non_blocking=*/true);
  float v = *h.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'h.data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: float v = *h.data_ptr<float>();
  return v;
}

float to_device_object() {
  auto g = torch::randn({4}, torch::kCUDA);
  torch::Tensor h = g.to(torch::Device(torch::kCPU), true);
  return h.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: return h.item<float>();
}

void *to_options(torch::TensorOptions opts) {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(opts.device(torch::kCPU), /*non_blocking=*/true);
  return h.data_ptr();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.data_ptr()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: return h.data_ptr();
}

float to_device_and_dtype() {
  auto g = torch::randn({4, 4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, torch::kFloat, /*non_blocking=*/true);
  auto a = h.accessor<float, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'h.accessor<float, 2>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: auto a = h.accessor<float, 2>();
  return a[0][0];
}

float assigned_later() {
  auto g = torch::randn({4}, torch::kCUDA);
  torch::Tensor h;
  h = g.to(at::kCPU, true);
  float v = h[0].item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'h[0].item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: float v = h[0].item<float>();
  return v;
}

// copy_ into a pinned host tensor (a non_blocking copy into pageable memory
// is synchronous: blocking-transfer reports that one).
float copy_into_pinned() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto pinned = torch::empty({4}, torch::TensorOptions().pinned_memory(true));
  pinned.copy_(g, /*non_blocking=*/true);
  auto total = pinned.sum();
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'pinned.sum()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: auto total = pinned.sum();
  auto staging = torch::empty({4}).pin_memory();
  staging.copy_(g, true);
  std::cout << staging.index({0}) << "\n";
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'std::cout << staging.index({0})' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: std::cout << staging.index({0}) << "\n";
  return total.item<float>();
}

// Pinnedness unknown (host memory from elsewhere): reported with the
// assumption spelled out.
float copy_into_blob(float *buffer) {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = torch::from_blob(buffer, {4});
  h.copy_(g, /*non_blocking=*/true);
  return buffer[0] + h.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'h' is pinned; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: return buffer[0] + h.item<float>();
}

// Read in the same expression as the copy: no variable, no place for a wait.
float same_expression() {
  auto g = torch::randn({4}, torch::kCUDA);
  float a = g.to(torch::kCPU, true).item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'g.to(torch::kCPU, true).item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  float b = *g.sum().to(torch::kCPU, true).view({1}).data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'g.sum().to(torch::kCPU, true).view({1}).data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  return a + b;
}

// ---- Positives: the kinds of read --------------------------------------------

void reads(torch::Tensor ref, float *out) {
  auto g = torch::randn({8}, torch::kCUDA);
  auto cpu_ref = torch::ones({8});
  auto a = g.to(torch::kCPU, true);
  bool same = a.equal(cpu_ref);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'a.equal(cpu_ref)' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: bool same = a.equal(cpu_ref);
  auto b = g.to(torch::kCPU, true);
  bool close = at::allclose(b, cpu_ref);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'at::allclose(b, cpu_ref)' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: bool close = at::allclose(b, cpu_ref);
  auto c = g.to(torch::kCPU, true);
  std::memcpy(out, c.data_ptr<float>(), 8 * sizeof(float));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'c.data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: std::memcpy(out, c.data_ptr<float>(), 8 * sizeof(float));
  // Two reads on one path: only the first is reported.
  auto d = g.to(torch::kCPU, true);
  std::vector<float> values(d.data_ptr<float>(), d.data_ptr<float>() + d.numel());
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'd.data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: std::vector<float> values(d.data_ptr<float>(), d.data_ptr<float>() + d.numel());
  auto e = g.to(torch::kCPU, true);
  auto doubled = e * 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'e * 2' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: auto doubled = e * 2;
  auto f = g.to(torch::kCPU, true);
  auto both = torch::stack({f, cpu_ref});
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::stack({f, cpu_ref})' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: auto both = torch::stack({f, cpu_ref});
  auto p = g.to(torch::kCPU, true);
  at::print(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'at::print(p)' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: at::print(p);
  auto q = g.to(torch::kCPU, true);
  auto row = q.slice(0, 0, 4);
  float first = row.item<float>(); // A view in a variable is not followed.
  float m = q.max().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'q.max()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: float m = q.max().item<float>();
  (void)same; (void)close; (void)doubled; (void)both; (void)first; (void)m;
  (void)ref;
}

// ---- Positives: control flow -------------------------------------------------

// A wait on one branch only: the other path still races.
float wait_on_one_branch(bool c) {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  if (c)
    torch::cuda::synchronize();
  auto acc = h.accessor<float, 1>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'h.accessor<float, 1>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: auto acc = h.accessor<float, 1>();
  return acc[0];
}

// Reads on two branches: one finding each.
float read_on_both_branches(bool c) {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  float v = 0;
  if (c) {
    v = h.item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
    // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
    // CHECK-FIXES-NEXT: v = h.item<float>();
  } else {
    v = h.sum().item<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'h.sum()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
    // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
    // CHECK-FIXES-NEXT: v = h.sum().item<float>();
  }
  return v;
}

// The copy at the end of iteration i is read at the start of iteration i+1.
// The read is in a loop, where an inserted wait would itself be a sync that
// torchsync-explicit-sync reports: no fix.
float pipelined(int steps) {
  auto g = torch::randn({4}, torch::kCUDA);
  torch::Tensor h;
  float total = 0;
  for (int i = 0; i < steps; ++i) {
    if (i > 0) {
      total += h.item<float>();
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
      // CHECK-FIXES: {{^ *}}if (i > 0) {{{$}}
      // CHECK-FIXES-NEXT: total += h.item<float>();
    }
    g.mul_(2);
    h = g.to(torch::kCPU, /*non_blocking=*/true);
  }
  return total;
}

// A read in a condition: the wait goes in front of the if.
int in_condition() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  if (h.item<float>() > 0.5f)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
    // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
    // CHECK-FIXES-NEXT: if (h.item<float>() > 0.5f)
    return 1;
  return 0;
}

// A read in a loop condition: a wait in front of the loop would run once; no
// fix.
int in_loop_condition() {
  auto g = torch::randn({1}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  int n = 0;
  while (h.item<float>() > n)
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
    // CHECK-FIXES: int in_loop_condition() {
    // CHECK-FIXES-NEXT: auto g = torch::randn({1}, torch::kCUDA);
    // CHECK-FIXES-NEXT: auto h = g.to(torch::kCPU, true);
    // CHECK-FIXES-NEXT: int n = 0;
    // CHECK-FIXES-NEXT: while (h.item<float>() > n)
    ++n;
  return n;
}

// Recording an event or making another stream wait for it does not make the
// host wait.
float recorded_not_waited() {
  auto g = torch::randn({4}, torch::kCUDA);
  at::cuda::CUDAEvent done;
  auto h = g.to(torch::kCPU, true);
  done.record();
  done.block(c10::cuda::getStreamFromPool());
  return h.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: return h.item<float>();
}

// A copy and a read inside a lambda.
auto in_lambda = [](torch::Tensor g) {
  auto h = g.to(torch::kCPU, true);
  return h.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'g' is on CUDA; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // A source that may be on the CPU: the program may run without CUDA, where
  // the wait would throw, so it waits only where there is a GPU.
  // CHECK-FIXES: {{^ *}}if (torch::cuda::is_available()) torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: return h.item<float>();
};

// Unknown device of the source: reported with the assumption.
float from_parameter(torch::Tensor d) {
  auto h = d.to(torch::kCPU, true);
  return *h.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'h.data_ptr<float>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'd' is on CUDA; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}if (torch::cuda::is_available()) torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: return *h.data_ptr<float>();
}

// A wait behind a test that the machine has a GPU: without one nothing can
// be pending, so the read after it is safe; a test whose branch does not
// wait, or a negated test, protects nothing.
void log_step();
float guarded_waits(torch::Tensor d) {
  auto h = d.to(torch::kCPU, true);
  if (torch::cuda::is_available()) torch::cuda::synchronize();
  float a = h.item<float>();
  auto h2 = d.to(torch::kCPU, true);
  if (torch::cuda::device_count() > 0)
    torch::cuda::synchronize();
  float b = h2.item<float>();
  auto h3 = d.to(torch::kCPU, true);
  if (torch::cuda::is_available())
    log_step();
  float c = h3.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'h3.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'd' is on CUDA; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}log_step();{{$}}
  // CHECK-FIXES-NEXT: {{^ *}}if (torch::cuda::is_available()) torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: float c = h3.item<float>();
  auto h4 = d.to(torch::kCPU, true);
  if (!torch::cuda::is_available())
    torch::cuda::synchronize();
  float e = h4.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'h4.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'd' is on CUDA; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}if (!torch::cuda::is_available()){{$}}
  // CHECK-FIXES-NEXT: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: {{^ *}}if (torch::cuda::is_available()) torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: float e = h4.item<float>();
  return a + b + c + e;
}

// A helper defined elsewhere is not known to wait.
void wait_somewhere_else();
float opaque_helper() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  wait_somewhere_else();
  return h.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: return h.item<float>();
}

// ---- Negatives: something waits on every path ----------------------------------

void helper_that_waits() { torch::cuda::synchronize(); }
void helper_two_deep() { helper_that_waits(); }
float read_scalar(torch::Tensor t) { return t.item<float>(); }

float waited(cudaStream_t raw, cudaEvent_t raw_event, float *dev, float *host,
             torch::Tensor loss) {
  auto g = torch::randn({4}, torch::kCUDA);
  at::cuda::CUDAEvent done;
  float sum = 0;
  auto a = g.to(torch::kCPU, true);
  torch::cuda::synchronize();
  sum += a.item<float>();
  auto b = g.to(torch::kCPU, true);
  at::cuda::device_synchronize();
  sum += b.item<float>();
  auto c = g.to(torch::kCPU, true);
  at::cuda::getCurrentCUDAStream().synchronize();
  sum += c.item<float>();
  auto d = g.to(torch::kCPU, true);
  done.record();
  done.synchronize();
  sum += d.item<float>();
  auto e = g.to(torch::kCPU, true);
  cudaStreamSynchronize(raw);
  sum += e.item<float>();
  auto f = g.to(torch::kCPU, true);
  cudaDeviceSynchronize();
  sum += f.item<float>();
  auto h = g.to(torch::kCPU, true);
  cudaEventSynchronize(raw_event);
  sum += h.item<float>();
  auto i = g.to(torch::kCPU, true);
  cudaMemcpy(host, dev, 4, cudaMemcpyDeviceToHost);
  sum += i.item<float>();
  // A host read of a CUDA tensor (or one that may be) waits for the stream.
  auto j = g.to(torch::kCPU, true);
  sum += g.sum().item<float>();
  sum += j.item<float>();
  auto k = g.to(torch::kCPU, true);
  sum += loss.item<float>();
  sum += k.item<float>();
  // A blocking copy waits for the stream too.
  auto l = g.to(torch::kCPU, true);
  auto blocking = g.cpu();
  sum += l.item<float>();
  auto m = g.to(torch::kCPU, true);
  auto upload = torch::ones({4}).to(torch::kCUDA);
  sum += m.item<float>();
  // So does a shape read (nonzero).
  auto n = g.to(torch::kCPU, true);
  auto nz = g.nonzero();
  sum += n.item<float>();
  // Helpers of this file that wait, also two calls deep, and lambdas.
  auto o = g.to(torch::kCPU, true);
  helper_that_waits();
  sum += o.item<float>();
  auto p = g.to(torch::kCPU, true);
  helper_two_deep();
  sum += p.item<float>();
  auto q = g.to(torch::kCPU, true);
  sum += read_scalar(g);
  sum += q.item<float>();
  auto wait = [] { torch::cuda::synchronize(); };
  auto r = g.to(torch::kCPU, true);
  wait();
  sum += r.item<float>();
  // Polling until the event has completed.
  auto s = g.to(torch::kCPU, true);
  done.record();
  while (!done.query()) {
  }
  sum += s.item<float>();
  // Waits on both branches.
  auto t = g.to(torch::kCPU, true);
  if (sum > 0)
    torch::cuda::synchronize();
  else
    done.synchronize();
  sum += t.item<float>();
  (void)blocking; (void)upload; (void)nz;
  return sum;
}

// The pipelined loop done right: wait for the previous copy before reading.
float pipelined_with_event(int steps) {
  auto g = torch::randn({4}, torch::kCUDA);
  at::cuda::CUDAEvent ready;
  torch::Tensor h;
  float total = 0;
  for (int i = 0; i < steps; ++i) {
    if (i > 0) {
      ready.synchronize();
      total += h.item<float>();
    }
    g.mul_(2);
    h = g.to(torch::kCPU, /*non_blocking=*/true);
    ready.record();
  }
  return total;
}

// ---- Negatives: not a pending copy, or not a read ------------------------------

float not_pending(torch::Tensor d, bool flag) {
  auto g = torch::randn({4}, torch::kCUDA);
  float sum = 0;
  auto a = g.to(torch::kCPU);                  // blocking (C1)
  sum += a.item<float>();
  auto b = g.to(torch::kCPU, /*non_blocking=*/false);
  sum += b.item<float>();
  auto c = g.cpu();
  sum += *c.data_ptr<float>();
  auto e = torch::ones({4}).to(torch::kCPU, true); // a CPU source: no copy
  sum += e.item<float>();
  auto f = g.to(torch::kCPU, flag);            // decided at run time
  sum += f.item<float>();
  auto pageable = torch::empty({4});
  pageable.copy_(g, true);                     // synchronous (C3)
  sum += pageable.item<float>();
  auto up = torch::ones({4}).pin_memory().to(torch::kCUDA, true); // H2D (C5)
  auto peer = g.to(torch::Device(torch::kCUDA, 1), true); // CUDA to CUDA (C10)
  auto blob = torch::from_blob(&sum, {1});     // C9
  auto dev_ptr = g.data_ptr<float>();          // B9: a device pointer
  (void)up; (void)peer; (void)blob; (void)dev_ptr; (void)d;
  return sum;
}

// The copy itself never waits (C2, G15): with no read there is nothing to
// report.
torch::Tensor copy_only() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, /*non_blocking=*/true);
  return h;
}

// Metadata only, and uses that are queued behind the copy on the stream.
int64_t metadata(at::cuda::CUDAEvent &done) {
  auto g = torch::randn({4, 4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  int64_t n = h.numel() + h.dim() + h.size(0) + h.sizes()[1];
  bool pinned = h.is_pinned();                 // C11
  auto opts = h.options();
  auto str = h.toString();
  h.print();
  auto again = h.pin_memory();                 // C12: already pinned
  auto back = h.to(torch::kCUDA, true);        // an upload, after the copy
  auto dst = torch::empty({4, 4}, torch::kCUDA);
  dst.copy_(h, true);
  done.record();
  (void)pinned; (void)opts; (void)str; (void)again; (void)back;
  return n;
}

// A new value for the variable ends the pending copy.
float reassigned() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  h = g.cpu();
  return h.item<float>();
}

// The variable escapes before the read: stay silent.
void fill(torch::Tensor &t);
float escaped(bool c) {
  auto g = torch::randn({4}, torch::kCUDA);
  float sum = 0;
  auto a = g.to(torch::kCPU, true);
  fill(a);
  sum += a.item<float>();
  auto b = g.to(torch::kCPU, true);
  torch::Tensor *pb = &b;
  sum += b.item<float>();
  auto d = g.to(torch::kCPU, true);
  auto later = [&d] { return d.item<float>(); };
  sum += d.item<float>();
  auto e = g.to(torch::kCPU, true);
  torch::Tensor &alias = e;
  sum += e.item<float>();
  (void)pb; (void)later; (void)alias; (void)c;
  return sum;
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define HOST_PTR(t) (t).data_ptr<float>()
#define TO_HOST(t) (t).to(torch::kCPU, /*non_blocking=*/true)

float in_macros() {
  auto g = torch::randn({4}, torch::kCUDA);
  auto h = g.to(torch::kCPU, true);
  float v = *HOST_PTR(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'HOST_PTR(h)' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: float in_macros() {
  // CHECK-FIXES-NEXT: auto g = torch::randn({4}, torch::kCUDA);
  // CHECK-FIXES-NEXT: auto h = g.to(torch::kCPU, true);
  // CHECK-FIXES-NEXT: float v = *HOST_PTR(h);
  // The copy in a macro: the wait still goes in front of the read.
  auto k = TO_HOST(g);
  v += k.item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'k.item<float>()' may read stale data: a non_blocking copy from the GPU may not have finished; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: auto k = TO_HOST(g);
  // CHECK-FIXES-NEXT: {{^ *}}torch::cuda::synchronize();{{$}}
  // CHECK-FIXES-NEXT: v += k.item<float>();
  return v;
}

template <typename T>
T first_value(torch::Tensor g) {
  auto h = g.to(torch::kCPU, true);
  return h.item<T>();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'h.item<T>()' may read stale data: a non_blocking copy from the GPU may not have finished if 'g' is on CUDA; record an at::cuda::CUDAEvent after the copy and synchronize it before this read [torchsync-nonblocking-race]
  // CHECK-FIXES: T first_value(torch::Tensor g) {
  // CHECK-FIXES-NEXT: auto h = g.to(torch::kCPU, true);
  // CHECK-FIXES-NEXT: return h.item<T>();
}
template float first_value<float>(torch::Tensor);
template double first_value<double>(torch::Tensor);
