// RUN: %check_torchsync_real %s dynamic-shape %t -fix-notes
// RUN: %if libtorch-2.11 %{ %check_torchsync_real211 %s dynamic-shape %t.211 -fix-notes %}
// The real LibTorch headers (Debian's 1.13, and 2.11 where the tests have
// them): the dynamic-shape matchers must find the same declarations as on
// the mock headers.
#include <torch/torch.h>

namespace F = torch::nn::functional;

void step(torch::Tensor labels, torch::Tensor lengths) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto grid = torch::randn({8, 8}, torch::kCUDA);
  auto lp = torch::randn({50, 4, 20}, torch::kCUDA).log_softmax(2);
  auto targets = torch::randint(1, 20, {4, 10}, torch::kCUDA);
  auto long_idx = torch::arange(8, torch::TensorOptions().dtype(torch::kLong).device(torch::kCUDA));
  torch::nn::CTCLoss ctc;
  for (int i = 0; i < 10; ++i) {
    auto mask = x > 0;
    auto a = mask.nonzero();
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:19: warning: 'nonzero()' waits for the GPU to count the nonzero elements of CUDA tensor 'mask'; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    // LibTorch 2.x has nonzero_static (since 2.1).
    // CHECK-MESSAGES-V2: :[[@LINE-3]]:19: warning: 'nonzero()' waits for the GPU to count the nonzero elements of CUDA tensor 'mask'; use 'nonzero_static(/*size=*/N, /*fill_value=*/-1)' with a host-side bound N (pads with -1 or truncates to N rows), or mask arithmetic that keeps the shape [torchsync-dynamic-shape]
    auto b = torch::argwhere(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::argwhere()' waits for the GPU to count the nonzero elements of CUDA tensor 'x'; {{.*}} [torchsync-dynamic-shape]
    auto c = torch::where(mask);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::where()' with one argument waits for the GPU to count the nonzero elements of CUDA tensor 'mask'; {{.*}} [torchsync-dynamic-shape]
    auto d = x.masked_select(mask).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'masked_select()' waits for the GPU to count the elements of CUDA tensor 'x' selected by mask 'mask'; use 'masked_fill(~mask, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto d = x.masked_fill(~mask, 0).sum();
    auto e = x.index({mask}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'mask'; use 'torch::where(mask, x, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto e = torch::where(mask, x, 0).sum();
    auto e2 = grid.index({torch::indexing::Slice(), grid.sum(0) > 0});
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'grid' selected by bool mask 'grid.sum(0) > 0'; keep the shape with 'torch::where(grid.sum(0) > 0, grid, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    auto f = at::_unique2(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::_unique2()' waits for the GPU to count the unique elements of CUDA tensor 'x'; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto g = torch::unique_dim(grid, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::unique_dim()' waits for the GPU to count the unique elements of CUDA tensor 'grid'; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto h = x.repeat_interleave(long_idx.index({torch::indexing::Slice(0, 1)}));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'long_idx.index({torch::indexing::...'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    auto k = labels.bincount();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'bincount()' waits for the GPU to read the maximum of 'labels' if it is on CUDA; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    auto l = torch::histc(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::histc()' without a range waits for the GPU to read the minimum and maximum of CUDA tensor 'x'; pass the range (min < max) when it is known [torchsync-dynamic-shape]
    auto m = torch::one_hot(long_idx);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::one_hot()' without 'num_classes' waits for the GPU to read the maximum of CUDA tensor 'long_idx'; pass 'num_classes' when the number of classes is known [torchsync-dynamic-shape]
    auto n = F::one_hot(long_idx);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'F::one_hot()' without 'num_classes' waits for the GPU to read the maximum of CUDA tensor 'long_idx'; pass 'num_classes' when the number of classes is known [torchsync-dynamic-shape]
    auto o = F::ctc_loss(lp, targets, lengths, lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'F::ctc_loss()' waits for the GPU to copy the lengths and target offsets for CUDA tensor 'lp' between host and device; compute the loss less often: ATen has no sync-free CTC loss, and host-side (IntArrayRef) lengths only remove the device-to-host copy [torchsync-dynamic-shape]
    auto o2 = ctc(lp, targets, lengths, lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'CTCLoss' waits for the GPU to copy the lengths and target offsets for CUDA tensor 'lp' between host and device; compute the loss less often: ATen has no sync-free CTC loss, and host-side (IntArrayRef) lengths only remove the device-to-host copy [torchsync-dynamic-shape]
    auto o3 = ctc->forward(lp, targets, lengths, lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'forward()' waits for the GPU to copy the lengths and target offsets for CUDA tensor 'lp' between host and device; compute the loss less often: ATen has no sync-free CTC loss, and host-side (IntArrayRef) lengths only remove the device-to-host copy [torchsync-dynamic-shape]
    auto p = torch::combinations(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::combinations()' waits for the GPU to count the combinations of CUDA tensor 'x' (it selects them with masked_select); use 'at::triu_indices(n, n, 1)' on the device and 'index_select' for pairs (r = 2, no replacement) [torchsync-dynamic-shape]
    auto q = grid.to_sparse();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'to_sparse()' waits for the GPU to count the nonzero elements of CUDA tensor 'grid'; keep the tensor dense in the loop, or convert it once outside [torchsync-dynamic-shape]
    auto q2 = grid.to_sparse_csr();
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to_sparse_csr()' waits for the GPU to count the nonzero elements of CUDA tensor 'grid'; keep the tensor dense in the loop, or convert it once outside [torchsync-dynamic-shape]
    auto r = q.coalesce();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'coalesce()' waits for the GPU to count the unique indices of CUDA tensor 'q'; coalesce once outside the loop [torchsync-dynamic-shape]
    // NO-SYNC look-alikes.
    auto s1 = torch::where(mask, x, 0);
    auto s2 = x.masked_fill(~mask, 0);
    auto s3 = x.repeat_interleave(2);
    auto s4 = x.repeat_interleave(long_idx, 0, 64);
    auto s5 = x.histc(10, -1, 1);
    auto s6 = torch::one_hot(long_idx, 8);
    auto s7 = x.index({long_idx});
    x.index_put_({mask}, 0.0);
    x.masked_scatter_(mask, x * 2);
    auto s8 = x.index_select(0, long_idx);
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)e2; (void)f; (void)g;
    (void)h; (void)k; (void)l; (void)m; (void)n; (void)o; (void)o2; (void)o3;
    (void)p; (void)q2; (void)r; (void)s1; (void)s2; (void)s3; (void)s4;
    (void)s5; (void)s6; (void)s7; (void)s8;
  }
}
