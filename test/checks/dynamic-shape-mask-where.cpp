// RUN: %check_torchsync %s dynamic-shape %t -fix-notes
// The torch::where rewrite of a bool-mask index changes the result's shape
// (the shape of the tensor, with zeros where the mask is false, instead of
// the selected elements). It is offered only where the mask is a bool tensor
// of the tensor's shape and device and nothing can use the result's size; a
// note says what to check everywhere else. The trainer that a --fix-notes run
// broke is below (wrong_rows); test/integration/fix-runs-cpu-only.test builds
// and runs the fixed code.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

void reductions(torch::Tensor unknown, torch::Tensor m_unknown) {
  auto x = torch::randn({64}, kDev);
  auto keep = x.isfinite();
  for (int i = 0; i < 10; ++i) {
    // A full reduction that sees the zeros: the rewrite is on a note.
    auto kept_mean = x.index({keep}).mean();
    // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'keep'; keep the shape with 'torch::where(keep, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:22: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:24: note: the host waits in nonzero() of the mask in at::native::expandTensors, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-4]]:24: note: keep the shape with torch::where; the result has the shape of 'x' with zeros where 'keep' is false instead of only the selected elements, so 'mean()' also sees those zeros
    // CHECK-FIXES: auto kept_mean = torch::where(keep, x, 0).mean();
    // Bound to a variable: its size may be read later.
    auto big = x.index({x > 1});
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'x > 1'; keep the shape with 'torch::where(x > 1, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:18: note: the host waits in nonzero() of the mask in at::native::expandTensors, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:18: note: 'torch::where(x > 1, x, 0)' keeps the shape on the device, with zeros where 'x > 1' is false; no fix is offered: the result then has the shape of 'x', so check that nothing uses its size or number of elements
    // CHECK-FIXES: auto big = x.index({x > 1});
    // A mask converted with to() may come from another device or dtype.
    auto casted = x.index({x.to(torch::kBool)}).sum();
    // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'x.to(torch::kBool)'; keep the shape with 'torch::where(x.to(torch::kBool), x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:21: note: the host waits in nonzero() of the mask in at::native::expandTensors, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:21: note: 'torch::where(x.to(torch::kBool), x, 0)' keeps the shape on the device where 'x.to(torch::kBool)' is a bool tensor with the shape and device of 'x' (a mask of fewer dimensions selects whole rows, and where() would broadcast it against the last dimensions instead); no fix is offered because that is not shown here, and the result would then have the shape of 'x' instead of the number of selected elements
    // CHECK-FIXES: auto casted = x.index({x.to(torch::kBool)}).sum();
    // masked_fill does not broadcast the tensor up to a larger mask.
    auto other = unknown.masked_select(m_unknown).sum();
    // CHECK-NOTES: :[[@LINE-1]]:26: warning: 'masked_select()' waits for the GPU to count the elements of 'unknown' selected by mask 'm_unknown' if it is on CUDA; use 'masked_fill(m_unknown.logical_not(), 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:26: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:26: note: the masked_fill rewrite sums the same elements where 'm_unknown' has the shape of 'unknown' or broadcasts to it (masked_fill does not broadcast 'unknown' up to a larger mask, as masked_select does); no fix is offered because that is not shown here
    // CHECK-FIXES: auto other = unknown.masked_select(m_unknown).sum();
    (void)kept_mean; (void)big; (void)casted; (void)other;
  }
}

// A row mask [64] over logits [64, 4] selects rows; torch::where would
// broadcast it against the 4 columns and throw. Even a mask of the right
// shape gets no rewrite when the result's size is used.
void wrong_rows(torch::Tensor target) {
  auto logits = torch::randn({64, 4}, kDev);
  for (int step = 0; step < 3; ++step) {
    auto pred = logits.argmax(1);
    auto wrong = pred.ne(target);
    auto hard = logits.detach().index({wrong});
    // CHECK-NOTES: :[[@LINE-1]]:33: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'logits.detach()' selected by bool mask 'wrong'; keep the shape with 'torch::where(wrong, logits.detach(), 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:33: note: the host waits in nonzero() of the mask in at::native::expandTensors, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:33: note: 'torch::where(wrong, logits.detach(), 0)' keeps the shape on the device where 'wrong' is a bool tensor with the shape and device of 'logits.detach()'
    // CHECK-FIXES: auto hard = logits.detach().index({wrong});
    auto positive = logits.detach().index({logits > 0});
    // CHECK-NOTES: :[[@LINE-1]]:37: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'logits.detach()' selected by bool mask 'logits > 0'; keep the shape with 'torch::where(logits > 0, logits.detach(), 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:37: note: the host waits in nonzero() of the mask in at::native::expandTensors, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:37: note: 'torch::where(logits > 0, logits.detach(), 0)' keeps the shape on the device, with zeros where 'logits > 0' is false; no fix is offered
    // CHECK-FIXES: auto positive = logits.detach().index({logits > 0});
    auto hard_sum = logits.detach().index({logits.detach().abs() > 1}).sum();
    // CHECK-NOTES: :[[@LINE-1]]:37: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'logits.detach()' selected by bool mask 'logits.detach().abs() > 1'; use 'torch::where(logits.detach().abs() > 1, logits.detach(), 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:21: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:37: note: the host waits in nonzero() of the mask in at::native::expandTensors, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-FIXES: auto hard_sum = torch::where(logits.detach().abs() > 1, logits.detach(), 0).sum();
    int64_t count = hard.size(0) + positive.size(0);
    (void)count; (void)hard_sum;
  }
}

// The tensor is assigned again in the loop: the mask made before may have
// another shape than the tensor at the index.
void reassigned(torch::Tensor batch) {
  auto x = torch::randn({64}, kDev);
  auto mask = x > 0;
  for (int i = 0; i < 3; ++i) {
    x = batch.to(kDev);
    auto s = x.index({mask}).sum();
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'mask'; keep the shape with 'torch::where(mask, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-NOTES: :[[@LINE-2]]:16: note: the host waits in nonzero() of the mask in at::native::expandTensors, then c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:16: note: 'torch::where(mask, x, 0)' keeps the shape on the device where 'mask' is a bool tensor
    // CHECK-FIXES: auto s = x.index({mask}).sum();
    (void)s;
  }
}
