// RUN: %check_torchsync %s blocking-transfer %t
#include <torch/torch.h>

// ---- Device to host --------------------------------------------------------

// The device is chosen at run time: the copies wait on the runs that choose
// CUDA, and the messages say so.
void d2h(torch::nn::Linear model) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto x = torch::randn({8, 4}).to(device);
  for (int i = 0; i < 10; ++i) {
    auto out = model(x);
    auto host = out.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'cpu()' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    auto host2 = out.to(torch::kCPU);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'to(torch::kCPU)' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    auto host3 = out.to(torch::Device(torch::kCPU), torch::kDouble);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'to(torch::Device(torch::kCPU), torch::kDouble)' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    auto dst = torch::empty({8, 4});
    dst.copy_(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'copy_(out)' waits for the GPU to copy 'out' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    (void)host; (void)host2; (void)host3;
  }
}

// Unknown devices are reported with the assumption spelled out.
void unknown(torch::Tensor t, torch::Device dev) {
  for (int i = 0; i < 3; ++i) {
    auto h = t.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'cpu()' waits for the GPU to copy 't' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    auto d = t.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to(torch::kCUDA)' waits for the GPU to copy 't' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // A source of unknown device is tested at run time: on the CPU and not
    // pinned, it is pinned and copied without blocking; anywhere else the
    // copy stays as it was.
    // CHECK-FIXES: auto d = (t.is_cpu() && !t.is_pinned() ? t.pin_memory() : t).to(torch::kCUDA, /*non_blocking=*/t.is_cpu() && !t.is_pinned());
    auto c = torch::ones({2}).to(dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'to(dev)' waits for the GPU to copy host tensor 'torch::ones({2})' to the device if 'dev' is CUDA; make it on the device [torchsync-blocking-transfer]
    auto n = t.to(dev);               // both sides unknown: not reported
    auto gpu = torch::zeros({2}, torch::kCUDA);
    gpu.copy_(t);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'copy_(t)' waits for the GPU to copy 't' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: gpu.copy_(t.is_cpu() && !t.is_pinned() ? t.pin_memory() : t, /*non_blocking=*/t.is_cpu() && !t.is_pinned());
    t.copy_(torch::ones({2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'copy_(torch::ones({2}))' waits for the GPU to copy host tensor 'torch::ones({2})' to the device if 't' is on CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    t.copy_(n);                       // both sides unknown: not reported
    // A view or a copy of 't' on its device: the test asks 't' (a view has
    // its storage, a copy is fresh memory, pinned only where 't' is).
    auto v = t.index({torch::indexing::Slice(i, i + 1)}).reshape(-1).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: 'to(torch::kCUDA)' waits for the GPU to copy 't.index({torch::indexing::Slice(i, i...' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto v = (t.is_cpu() && !t.is_pinned() ? t.index({torch::indexing::Slice(i, i + 1)}).reshape(-1).pin_memory() : t.index({torch::indexing::Slice(i, i + 1)}).reshape(-1)).to(torch::kCUDA, /*non_blocking=*/t.is_cpu() && !t.is_pinned());
    auto r = t[i].to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'to(torch::kCUDA)' waits for the GPU to copy 't[i]' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto r = (t.is_cpu() && !t.is_pinned() ? t[i].pin_memory() : t[i]).to(torch::kCUDA, /*non_blocking=*/t.is_cpu() && !t.is_pinned());
    // Not a view or a copy on the device of a name: the result is given a
    // variable of its own, which the test reads.
    auto s = (t + 1).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'to(torch::kCUDA)' waits for the GPU to copy '(t + 1)' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto s_host = t + 1;
    // CHECK-FIXES-NEXT: auto s = (s_host.is_cpu() && !s_host.is_pinned() ? s_host.pin_memory() : s_host).to(torch::kCUDA, /*non_blocking=*/s_host.is_cpu() && !s_host.is_pinned());
    auto p = t.pin_memory().index({torch::indexing::Slice(i, i + 1)}).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:71: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 't.pin_memory().index({torch::indexing...' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto p = t.pin_memory().index({torch::indexing::Slice(i, i + 1)}).to(torch::kCUDA);
    // A broadcast view: pin_memory() keeps its stride 0 and throws.
    auto w = t.expand({3, 4}).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'to(torch::kCUDA)' waits for the GPU to copy 't.expand({3, 4})' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto w = t.expand({3, 4}).to(torch::kCUDA);
    auto q = t.to(torch::kFloat).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'to(torch::kCUDA)' waits for the GPU to copy 't.to(torch::kFloat)' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto q = t.to(torch::kFloat).to(torch::kCUDA);
    (void)h; (void)d; (void)c; (void)n; (void)v; (void)r; (void)s; (void)p; (void)q; (void)w;
  }
}

// A stack of tensors whose device is not shown: the result is fresh memory
// on their device, tested through the list's first element (stack throws on
// an empty list, and the test then picks the original copy, which throws the
// same). torch::cat's result is given a variable of its own, which the test
// reads.
void stacked(std::vector<torch::Tensor> images, torch::Device dev) {
  for (int i = 0; i < 3; ++i) {
    auto a = torch::stack(images).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'to(torch::kCUDA)' waits for the GPU to copy 'torch::stack(images)' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = (!images.empty() && images[0].is_cpu() ? torch::stack(images).pin_memory() : torch::stack(images)).to(torch::kCUDA, /*non_blocking=*/!images.empty() && images[0].is_cpu());
    auto c = torch::cat(images).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'to(torch::kCUDA)' waits for the GPU to copy 'torch::cat(images)' to the device if it is on the CPU; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto c_host = torch::cat(images);
    // CHECK-FIXES-NEXT: auto c = (c_host.is_cpu() && !c_host.is_pinned() ? c_host.pin_memory() : c_host).to(torch::kCUDA, /*non_blocking=*/c_host.is_cpu() && !c_host.is_pinned());
    auto b = torch::stack(images, 1).to(dev); // both sides unknown: not reported
    (void)a; (void)b; (void)c;
  }
}

// A factory whose options name only a dtype (`t.dtype()`, a ScalarType) makes
// a host tensor: a row of a CUDA tensor copied into it is a download.
void dtypeOnlyOptions(int n) {
  auto t = torch::randn({3, 8, 8}, torch::kCUDA);
  for (int i = 0; i < n; ++i) {
    auto grid = torch::full({3, 8, 8}, 0.5, t.dtype());
    for (int k = 0; k < 3; ++k)
      grid.narrow(0, k, 1).copy_(t[k]);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'copy_(t[k])' waits for the GPU to copy CUDA tensor 't[k]' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    auto half = torch::zeros({3, 8, 8}, torch::kHalf);
    half.copy_(t);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'copy_(t)' waits for the GPU to copy CUDA tensor 't' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
  }
}

// ---- Host to device, with the fix that keeps the meaning ------------------

void h2d(torch::Tensor param) {
  auto device = torch::Device(torch::kCUDA);
  auto staging = torch::empty({64}, torch::TensorOptions().pinned_memory(true));
  auto gpu = torch::empty({64}, torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    auto batch = torch::randn({64});
    auto a = batch.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(device)' waits for the GPU to copy host tensor 'batch' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = batch.pin_memory().to(device, /*non_blocking=*/true);
    auto b = batch.cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'cuda()' waits for the GPU to copy host tensor 'batch' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto b = batch.pin_memory().to(at::kCUDA, /*non_blocking=*/true);
    auto c = (batch * 2).to(torch::kCUDA, torch::kHalf);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'to(torch::kCUDA, torch::kHalf)' waits for the GPU to copy host tensor '(batch * 2)' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto c = (batch * 2).pin_memory().to(torch::kCUDA, torch::kHalf, /*non_blocking=*/true);
    auto d = batch.to(device, /*non_blocking=*/false);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(device, /*non_blocking=*/false)' waits for the GPU to copy host tensor 'batch' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto d = batch.pin_memory().to(device, /*non_blocking=*/true);
    gpu.copy_(batch);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'copy_(batch)' waits for the GPU to copy host tensor 'batch' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: gpu.copy_(batch.pin_memory(), /*non_blocking=*/true);
    // A pinned source could be changed by the host before the copy: no fix.
    auto e = staging.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'to(device)' waits for the GPU to copy host tensor 'staging' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto e = staging.to(device);
    (void)a; (void)b; (void)c; (void)d; (void)e;
  }
}

// non_blocking=true from pageable memory still waits (C5, DM:N).
void pageable_non_blocking() {
  auto gpu = torch::empty({64}, torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    auto batch = torch::rand({64});
    auto a = batch.to(torch::kCUDA, /*non_blocking=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::kCUDA, /*non_blocking=*/true)' waits despite non_blocking=true: the CUDA driver stages pageable host tensor 'batch'; pin it with 'pin_memory()' [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = batch.pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
    auto host = torch::empty({64});
    host.copy_(gpu, true);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'copy_(gpu, true)' waits despite non_blocking=true: the CUDA driver stages pageable host tensor 'host'; allocate it with TensorOptions().pinned_memory(true) [torchsync-blocking-transfer]
    (void)a;
  }
}

// ---- Negatives -------------------------------------------------------------

void negatives() {
  auto cpu = torch::randn({8});
  auto gpu = torch::randn({8}, torch::kCUDA);
  auto pinned = torch::empty({8}, torch::TensorOptions().pinned_memory(true));
  for (int i = 0; i < 10; ++i) {
    auto a = cpu.cpu();                          // already on the CPU
    auto b = cpu.to(torch::kDouble);             // dtype only
    auto c = gpu.to(torch::kCUDA);               // already on the GPU
    auto d = gpu.cuda();
    auto e = gpu.to(torch::kCPU, /*non_blocking=*/true);  // C2: async into pinned memory
    auto f = pinned.to(torch::kCUDA, true);      // pinned, non_blocking
    auto g = cpu.to(torch::kFloat).to(cpu);      // CPU to CPU
    gpu.copy_(gpu * 2);                          // device to device
    cpu.copy_(cpu + 1);                          // host to host
    auto h = gpu.to(gpu.options().dtype(torch::kHalf));
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; (void)h;
  }
  // Outside loops: set-up copies are not reported by default.
  auto w = torch::randn({8}).to(torch::kCUDA);
  auto back = gpu.cpu();
  (void)w; (void)back;
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define TO_GPU(t) (t).to(torch::kCUDA)

void macros() {
  for (int i = 0; i < 3; ++i) {
    auto batch = torch::randn({4});
    auto a = TO_GPU(batch);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'to()' waits for the GPU to copy host tensor '(t)' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = TO_GPU(batch);
    (void)a;
  }
}

// A template whose code depends on its parameter, instantiated with two
// types: the instantiations could need different edits, so none is made.
template <typename T> void templated(T scale) {
  for (int i = 0; i < 3; ++i) {
    auto batch = torch::randn({4}) * scale;
    auto a = batch.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'batch' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    // CHECK-FIXES: auto a = batch.to(torch::kCUDA);
    (void)a;
  }
}
template void templated<double>(double);
template void templated<float>(float);
