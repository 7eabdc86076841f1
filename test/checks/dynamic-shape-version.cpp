// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=V1 -fix-notes
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=V21 -fix-notes -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=1
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=V26 -fix-notes -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// nonzero_static is suggested only where the parsed LibTorch runs it on CUDA
// (2.6+); 1.13 lacks it and 2.1-2.5 have only the CPU kernel.
#include <torch/torch.h>

void f(torch::Tensor scores) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto counts = torch::tensor({1, 2, 3}, torch::kCUDA);
  for (int i = 0; i < 3; ++i) {
    auto idx = (scores > 0).nonzero();
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:29: warning: 'nonzero()' waits for the GPU to count the nonzero elements of '(scores > 0)' if it is on CUDA; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    // CHECK-MESSAGES-V21: :[[@LINE-2]]:29: warning: 'nonzero()' waits for the GPU to count the nonzero elements of '(scores > 0)' if it is on CUDA; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    // CHECK-MESSAGES-V26: :[[@LINE-3]]:29: warning: 'nonzero()' waits for the GPU to count the nonzero elements of '(scores > 0)' if it is on CUDA; use 'nonzero_static(/*size=*/N, /*fill_value=*/-1)' with a host-side bound N (pads with -1 or truncates to N rows), or mask arithmetic that keeps the shape [torchsync-dynamic-shape]
    auto parts = torch::where(x > 0);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:18: warning: 'torch::where()' with one argument waits for the GPU to count the nonzero elements of CUDA tensor 'x > 0'; use the three-argument 'torch::where(cond, a, b)' if the indices only select values [torchsync-dynamic-shape]
    // CHECK-MESSAGES-V21: :[[@LINE-2]]:18: warning: 'torch::where()' with one argument waits for the GPU to count the nonzero elements of CUDA tensor 'x > 0'; use the three-argument 'torch::where(cond, a, b)' if the indices only select values [torchsync-dynamic-shape]
    // CHECK-MESSAGES-V26: :[[@LINE-3]]:18: warning: 'torch::where()' with one argument waits for the GPU to count the nonzero elements of CUDA tensor 'x > 0'; use the three-argument 'torch::where(cond, a, b)' if the indices only select values, or 'nonzero_static(/*size=*/N, /*fill_value=*/-1).unbind(1)' with a host-side bound N [torchsync-dynamic-shape]
    auto rep = x.repeat_interleave(counts);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:18: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'counts'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    // CHECK-MESSAGES-V21: :[[@LINE-2]]:18: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'counts'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    // CHECK-MESSAGES-V26: :[[@LINE-3]]:18: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'counts'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    // CHECK-FIXES-V1: auto rep = x.repeat_interleave(counts, /*dim=*/c10::nullopt, /*output_size=*/6);
    // CHECK-FIXES-V21: auto rep = x.repeat_interleave(counts, /*dim=*/c10::nullopt, /*output_size=*/6);
    // CHECK-FIXES-V26: auto rep = x.repeat_interleave(counts, /*dim=*/c10::nullopt, /*output_size=*/6);
#if TORCH_VERSION_MAJOR >= 2
    // The suggested form itself does not sync.
    auto fixed = x.nonzero_static(/*size=*/16, /*fill_value=*/-1);
    auto fixed2 = at::nonzero_static(x, 16);
    (void)fixed; (void)fixed2;
#endif
    (void)idx; (void)parts; (void)rep;
  }
}
