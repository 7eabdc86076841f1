// RUN: %check_torchsync %s dynamic-shape %t -fix-notes
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

// ---- Positives -------------------------------------------------------------

// D1-D3: nonzero and its composites.
void nonzero_family(torch::Tensor unknown) {
  auto x = torch::randn({64}, kDev);
  for (int i = 0; i < 10; ++i) {
    auto mask = x > 0;
    auto idx = mask.nonzero();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'nonzero()' waits for the GPU to count the nonzero elements of CUDA tensor 'mask'; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    auto idx2 = torch::nonzero(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::nonzero()' waits for the GPU to count the nonzero elements of CUDA tensor 'x'; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    auto idx3 = at::argwhere(mask);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'at::argwhere()' waits for the GPU to count the nonzero elements of CUDA tensor 'mask'; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    auto idx4 = x.argwhere();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'argwhere()' waits for the GPU to count the nonzero elements of CUDA tensor 'x'; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    auto parts = torch::where(mask);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'torch::where()' with one argument waits for the GPU to count the nonzero elements of CUDA tensor 'mask'; use the three-argument 'torch::where(cond, a, b)' if the indices only select values [torchsync-dynamic-shape]
    auto parts2 = mask.nonzero_numpy();
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'nonzero_numpy()' waits for the GPU to count the nonzero elements of CUDA tensor 'mask'; use the three-argument 'torch::where(cond, a, b)' if the indices only select values [torchsync-dynamic-shape]
    auto parts3 = at::nonzero_numpy(unknown);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'at::nonzero_numpy()' waits for the GPU to count the nonzero elements of 'unknown' if it is on CUDA; use the three-argument 'torch::where(cond, a, b)' if the indices only select values [torchsync-dynamic-shape]
    auto idx5 = (unknown != 0).nonzero();
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'nonzero()' waits for the GPU to count the nonzero elements of '(unknown != 0)' if it is on CUDA; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    (void)idx; (void)idx2; (void)idx3; (void)idx4; (void)parts; (void)parts2;
    (void)parts3; (void)idx5;
  }
}

// D4: masked_select; reduced at once by sum() it is rewritten on the warning.
void masked_select_uses(torch::Tensor unknown, torch::Tensor m_unknown) {
  auto x = torch::randn({64}, kDev);
  auto valid = x.isfinite();
  for (int i = 0; i < 10; ++i) {
    auto picked = x.masked_select(valid);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'masked_select()' waits for the GPU to count the elements of CUDA tensor 'x' selected by mask 'valid'; keep the shape with 'masked_fill(~valid, 0)' or 'torch::where(valid, x, 0)' [torchsync-dynamic-shape]
    auto total = x.masked_select(valid).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'masked_select()' waits for the GPU to count the elements of CUDA tensor 'x' selected by mask 'valid'; use 'masked_fill(~valid, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto total = x.masked_fill(~valid, 0).sum();
    auto pos = (x * 2).masked_select(x > 0).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'masked_select()' waits for the GPU to count the elements of CUDA tensor '(x * 2)' selected by mask 'x > 0'; use 'masked_fill(~(x > 0), 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto pos = (x * 2).masked_fill(~(x > 0), 0).sum();
    auto free_form = torch::masked_select(x, valid).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'torch::masked_select()' waits for the GPU to count the elements of CUDA tensor 'x' selected by mask 'valid'; use 'masked_fill(~valid, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto free_form = torch::masked_fill(x, ~valid, 0).sum();
    // A mask of unknown dtype may be uint8, where ~ flips every bit; of
    // unknown shape, it may broadcast 'unknown' up, which masked_fill does
    // not (dynamic-shape-mask-where.cpp): no fix.
    auto other = unknown.masked_select(m_unknown).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'masked_select()' waits for the GPU to count the elements of 'unknown' selected by mask 'm_unknown' if it is on CUDA; use 'masked_fill(m_unknown.logical_not(), 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto other = unknown.masked_select(m_unknown).sum();
    auto of_unknown = unknown.masked_select(unknown > 0).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'masked_select()' waits for the GPU to count the elements of 'unknown' selected by mask 'unknown > 0' if it is on CUDA; use 'masked_fill(~(unknown > 0), 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto of_unknown = unknown.masked_fill(~(unknown > 0), 0).sum();
    // sum(dtype) and other uses of the selection keep the warning, without a fix.
    auto typed = x.masked_select(valid).sum(torch::kDouble);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'masked_select()' waits for the GPU to count the elements of CUDA tensor 'x' selected by mask 'valid'; keep the shape with 'masked_fill(~valid, 0)' or 'torch::where(valid, x, 0)' [torchsync-dynamic-shape]
    // CHECK-FIXES: auto typed = x.masked_select(valid).sum(torch::kDouble);
    auto mean = x.masked_select(valid).mean();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'masked_select()' waits for the GPU to count the elements of CUDA tensor 'x' selected by mask 'valid'; keep the shape with 'masked_fill(~valid, 0)' or 'torch::where(valid, x, 0)' [torchsync-dynamic-shape]
    // CHECK-FIXES: auto mean = x.masked_select(valid).mean();
    (void)picked; (void)total; (void)pos; (void)free_form; (void)other;
    (void)typed; (void)mean; (void)of_unknown;
  }
}

// D5: indexing with a proven bool mask. torch::where keeps the shape (the
// result has the shape of the tensor, with zeros where the mask is false):
// the same sum, so `.sum()` at once is rewritten on the warning. The other
// uses and the notes are in dynamic-shape-mask-where.cpp.
void mask_index(torch::Tensor unknown) {
  using torch::indexing::Slice;
  auto x = torch::randn({64}, kDev);
  auto grid = torch::randn({8, 8}, kDev);
  for (int i = 0; i < 10; ++i) {
    auto big = x.index({x > 1});
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'x > 1'; keep the shape with 'torch::where(x > 1, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-FIXES: auto big = x.index({x > 1});
    auto big_sum = x.index({x > 1}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'x > 1'; use 'torch::where(x > 1, x, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto big_sum = torch::where(x > 1, x, 0).sum();
    auto finite = unknown.index({unknown.isnan().logical_not()}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'index()' waits for the GPU to count the elements of 'unknown' selected by bool mask 'unknown.isnan().logical_not()' if it is on CUDA; use 'torch::where(unknown.isnan().logical_not(), unknown, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto finite = torch::where(unknown.isnan().logical_not(), unknown, 0).sum();
    auto rows = grid.index({grid.sum(1) > 0, Slice()});
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'grid' selected by bool mask 'grid.sum(1) > 0'; keep the shape with 'torch::where(grid.sum(1) > 0, grid, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-FIXES: auto rows = grid.index({grid.sum(1) > 0, Slice()});
    auto rows_sum = grid.index({grid.sum(1) > 0}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'grid' selected by bool mask 'grid.sum(1) > 0'; keep the shape with 'torch::where(grid.sum(1) > 0, grid, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-FIXES: auto rows_sum = grid.index({grid.sum(1) > 0}).sum();
    auto cols = grid.index({Slice(), ~(grid.sum(0) > 0)});
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'index()' waits for the GPU to count the elements of CUDA tensor 'grid' selected by bool mask '~(grid.sum(0) > 0)'; keep the shape with 'torch::where(~(grid.sum(0) > 0), grid, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    auto listed = at::index(x, {x < 0});
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'at::index()' waits for the GPU to count the elements of CUDA tensor 'x' selected by bool mask 'x < 0'; keep the shape with 'torch::where(x < 0, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-FIXES: auto listed = at::index(x, {x < 0});
    (void)big; (void)big_sum; (void)finite; (void)rows; (void)rows_sum;
    (void)cols; (void)listed;
  }
}

// D10-D17.
void other_dynamic_shapes(torch::Tensor labels, torch::Tensor lengths) {
  auto x = torch::randint(0, 10, {64}, kDev);
  auto lp = torch::randn({50, 4, 20}, kDev).log_softmax(2);
  auto targets = torch::randint(1, 20, {4, 10}, kDev);
  for (int i = 0; i < 10; ++i) {
    auto u = at::_unique(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::_unique()' waits for the GPU to count the unique elements of CUDA tensor 'x'; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto u2 = torch::_unique2(x, true, false, true);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::_unique2()' waits for the GPU to count the unique elements of CUDA tensor 'x'; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto u3 = torch::unique_consecutive(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::unique_consecutive()' waits for the GPU to count the unique elements of CUDA tensor 'x'; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto u4 = torch::unique_consecutive(x, false, false, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::unique_consecutive()' waits for the GPU to count the unique elements of CUDA tensor 'x'; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto u5 = at::unique_dim(x, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::unique_dim()' waits for the GPU to count the unique elements of CUDA tensor 'x'; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto u6 = at::unique_dim_consecutive(labels, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'at::unique_dim_consecutive()' waits for the GPU to count the unique elements of 'labels' if it is on CUDA; compute it once outside the loop, or use a fixed-size form (at::sort and a 'diff() != 0' mask of the run starts) [torchsync-dynamic-shape]
    auto rep = x.repeat_interleave(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'x'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    auto rep2 = torch::repeat_interleave(lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::repeat_interleave()' waits for the GPU to read the total of the repeats in 'lengths' if it is on CUDA; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    auto rep3 = x.repeat_interleave(x, 0, c10::nullopt);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'x'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    auto bins = x.bincount();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'bincount()' waits for the GPU to read the maximum of CUDA tensor 'x'; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    auto bins2 = torch::bincount(labels, {}, 10);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'torch::bincount()' waits for the GPU to read the maximum of 'labels' if it is on CUDA; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    auto hist = lp.histc(20);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'histc()' without a range waits for the GPU to read the minimum and maximum of CUDA tensor 'lp'; pass the range (min < max) when it is known [torchsync-dynamic-shape]
    auto hist2 = torch::histc(lp, 20, 1.0, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'torch::histc()' with min == max waits for the GPU to read the minimum and maximum of CUDA tensor 'lp'; pass the range (min < max) when it is known [torchsync-dynamic-shape]
    auto oh = torch::one_hot(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'torch::one_hot()' without 'num_classes' waits for the GPU to read the maximum of CUDA tensor 'x'; pass 'num_classes' when the number of classes is known [torchsync-dynamic-shape]
    auto oh2 = torch::nn::functional::one_hot(labels, -1);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::nn::functional::one_hot()' without 'num_classes' waits for the GPU to read the maximum of 'labels' if it is on CUDA; pass 'num_classes' when the number of classes is known [torchsync-dynamic-shape]
    auto ctc = torch::ctc_loss(lp, targets, lengths, lengths);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::ctc_loss()' waits for the GPU to copy the lengths and target offsets for CUDA tensor 'lp' between host and device; compute the loss less often: ATen has no sync-free CTC loss, and host-side (IntArrayRef) lengths only remove the device-to-host copy [torchsync-dynamic-shape]
    auto ctc2 = at::ctc_loss(lp, targets, {50, 50, 50, 50}, {10, 10, 10, 10});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'at::ctc_loss()' waits for the GPU to copy the lengths and target offsets for CUDA tensor 'lp' between host and device; compute the loss less often: ATen has no sync-free CTC loss, and host-side (IntArrayRef) lengths only remove the device-to-host copy [torchsync-dynamic-shape]
    auto pairs = torch::combinations(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'torch::combinations()' waits for the GPU to count the combinations of CUDA tensor 'x' (it selects them with masked_select); use 'at::triu_indices(n, n, 1)' on the device and 'index_select' for pairs (r = 2, no replacement) [torchsync-dynamic-shape]
    auto sp = lp.to_sparse();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'to_sparse()' waits for the GPU to count the nonzero elements of CUDA tensor 'lp'; keep the tensor dense in the loop, or convert it once outside [torchsync-dynamic-shape]
    auto sp2 = lp.to_sparse(2);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'to_sparse()' waits for the GPU to count the nonzero elements of CUDA tensor 'lp'; keep the tensor dense in the loop, or convert it once outside [torchsync-dynamic-shape]
    auto co = sp.coalesce();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'coalesce()' waits for the GPU to count the unique indices of CUDA tensor 'sp'; coalesce once outside the loop [torchsync-dynamic-shape]
    (void)u; (void)u2; (void)u3; (void)u4; (void)u5; (void)u6; (void)rep;
    (void)rep2; (void)rep3; (void)bins; (void)bins2; (void)hist; (void)hist2;
    (void)oh; (void)oh2; (void)ctc; (void)ctc2; (void)pairs; (void)sp2; (void)co;
  }
}

// D11: output_size is added on a note when the total of the repeats is
// spelled as literals.
void repeat_known_total() {
  auto x = torch::randn({3, 4}, kDev);
  auto counts = torch::tensor({1, 2, 3}, kDev);
  for (int i = 0; i < 10; ++i) {
    auto a = x.repeat_interleave(counts, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'counts'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    // CHECK-FIXES: auto a = x.repeat_interleave(counts, 0, /*output_size=*/6);
    auto b = at::repeat_interleave(torch::tensor({2, 0, 2}, kDev));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'torch::tensor({2, 0, 2}, kDev)'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    // CHECK-FIXES: auto b = at::repeat_interleave(torch::tensor({2, 0, 2}, kDev), /*output_size=*/4);
    auto c = x.flatten().repeat_interleave(torch::tensor({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2}, kDev));
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'torch::tensor({1, 1, 1, 1, 1, 1, 1, 1...'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    // CHECK-FIXES: auto c = x.flatten().repeat_interleave(torch::tensor({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2}, kDev), /*dim=*/c10::nullopt, /*output_size=*/13);
    // One repeat value is repeated along dim: the total depends on x.
    auto d = x.repeat_interleave(torch::tensor({2}, kDev), 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'repeat_interleave()' waits for the GPU to read the total of the repeats in CUDA tensor 'torch::tensor({2}, kDev)'; pass 'output_size' (the total of the repeats) when it is known on the host [torchsync-dynamic-shape]
    // CHECK-FIXES: auto d = x.repeat_interleave(torch::tensor({2}, kDev), 0);
    (void)a; (void)b; (void)c; (void)d;
  }
}

// Called from a loop in this file, and forward of a Module: hot. A mask
// reduced along a dim has fewer dims than t: no torch::where rewrite.
torch::Tensor active_rows(torch::Tensor t) {
  return t.index({t.sum(1) != 0});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'index()' waits for the GPU to count the elements of 't' selected by bool mask 't.sum(1) != 0' if it is on CUDA; keep the shape with 'torch::where(t.sum(1) != 0, t, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
  // CHECK-FIXES: return t.index({t.sum(1) != 0});
}
void call_active_rows(torch::Tensor t) {
  for (int i = 0; i < 3; ++i)
    active_rows(t);
}
struct Router : torch::nn::Module {
  torch::Tensor forward(torch::Tensor scores) {
    auto chosen = (scores > 0.5).nonzero();
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'nonzero()' waits for the GPU to count the nonzero elements of '(scores > 0.5)' if it is on CUDA; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
    return chosen;
  }
};

// Through a pointer: reported; no torch::where rewrite (no text for *p).
void through_pointer(torch::Tensor *p) {
  for (int i = 0; i < 3; ++i) {
    auto v = p->index({*p > 0});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'index()' waits for the GPU to count the elements of 'p' selected by bool mask '*p > 0' if it is on CUDA; keep the shape with 'torch::where(*p > 0, p, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-FIXES: auto v = p->index({*p > 0});
    auto s = p->masked_select(*p > 0).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'masked_select()' waits for the GPU to count the elements of 'p' selected by mask '*p > 0' if it is on CUDA; use 'masked_fill(~(*p > 0), 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto s = p->masked_fill(~(*p > 0), 0).sum();
    (void)v; (void)s;
  }
}

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

void negatives(torch::Tensor unknown, torch::Tensor idx) {
  using torch::indexing::Slice;
  // CPU tensors never sync.
  auto cpu = torch::randn({64});
  auto cpu_mask = cpu > 0;
  auto g = torch::randn({64}, kDev);
  auto gm = g > 0;
  auto long_idx = torch::arange(8, torch::TensorOptions().dtype(torch::kLong).device(kDev));
  for (int i = 0; i < 10; ++i) {
    auto a = cpu.nonzero();
    auto b = cpu.masked_select(cpu_mask).sum();
    auto c = cpu.index({cpu_mask});
    auto d = at::_unique(cpu);
    auto e = cpu.histc(10);
    auto f = torch::one_hot(cpu.to(torch::kLong));
    auto h = cpu.to_sparse();
    auto k = torch::where(cpu_mask);
    // A CPU mask on a CUDA tensor: no nonzero() on the GPU (cpu-index's copy).
    auto l = g.index({cpu_mask});
    (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)h; (void)k;
    (void)l;
  }
  // NO-SYNC look-alikes on CUDA tensors (G6, G7, G14, D6).
  for (int i = 0; i < 10; ++i) {
    auto w = torch::where(gm, g, torch::zeros_like(g));   // three arguments
    auto w2 = torch::where(gm, g, 0);
    auto w3 = g.where(gm, g * 2);
    auto mf = g.masked_fill(~gm, 0);
    g.masked_fill_(gm, 1.0);
    g.masked_scatter_(gm, g * 2);
    auto sel = g.index_select(0, long_idx);
    auto gat = g.gather(0, long_idx);
    auto r1 = g.repeat_interleave(3);                       // int repeats
    auto r2 = g.repeat_interleave(long_idx, 0, 64);          // output_size
    auto r3 = torch::repeat_interleave(long_idx, 64);
    auto hi = g.histc(10, -1.0, 1.0);                        // explicit range
    auto hi2 = torch::histc(g, 10, 0, 1);
    float lo_v = -1, hi_v = 1;
    auto hi3 = g.histc(10, lo_v, hi_v);                       // not literal: assumed a range
    auto oh = torch::one_hot(long_idx, 10);                  // num_classes
    auto oh2 = torch::nn::functional::one_hot(long_idx, 8);
    auto li = g.index({long_idx});                           // long CUDA indices (D8)
    auto li2 = g.index({idx});                               // unknown dtype
    auto li3 = g.index({Slice(0, 4)});
    g.index_put_({gm}, 0.0);                                 // D6
    auto cnt = gm.sum();
    auto cnz = g.count_nonzero();
    auto s = g.sizes();
    (void)w; (void)w2; (void)w3; (void)mf; (void)sel; (void)gat; (void)r1;
    (void)r2; (void)r3; (void)hi; (void)hi2; (void)hi3; (void)oh; (void)oh2;
    (void)li; (void)li2; (void)li3; (void)cnt; (void)cnz; (void)s;
  }
  // A 0-dim bool index is host-read's finding (B8), not reported twice.
  for (int i = 0; i < 10; ++i) {
    auto z = g.index({gm.all()});
    (void)z;
  }
  // A variable reassigned to a tensor of unknown dtype is not a proven mask.
  auto maybe = g > 0;
  maybe = unknown;
  for (int i = 0; i < 10; ++i) {
    auto v = g.index({maybe});
    (void)v;
  }
  // Outside any loop: a one-off is not reported by default.
  auto once = g.nonzero();
  auto once2 = g.index({gm});
  (void)once; (void)once2;
}

// ---- Macros and templates: reported, never fixed ---------------------------

#define SELECT_SUM(t, m) (t).masked_select(m).sum()
#define PICK(t, m) (t).index({m})

void in_macros() {
  auto x = torch::randn({8}, kDev);
  auto m = x > 0;
  for (int i = 0; i < 3; ++i) {
    auto s = SELECT_SUM(x, m);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'masked_select()' waits for the GPU to count the elements of CUDA tensor '(t)' selected by mask 'm'; use 'masked_fill(~m, 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: auto s = SELECT_SUM(x, m);
    auto p = PICK(x, m);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'index()' waits for the GPU to count the elements of CUDA tensor '(t)' selected by bool mask 'm'; keep the shape with 'torch::where(m, (t), 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-FIXES: auto p = PICK(x, m);
    (void)s; (void)p;
  }
}

// A template whose code depends on its parameter, instantiated with two
// types: no fix.
template <typename T>
torch::Tensor select_sum(torch::Tensor x, T threshold) {
  torch::Tensor acc;
  for (int i = 0; i < 3; ++i) {
    acc = x.masked_select(x > threshold).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'masked_select()' waits for the GPU to count the elements of 'x' selected by mask 'x > threshold' if it is on CUDA; use 'masked_fill(~(x > threshold), 0).sum()', which sums the same elements on the device [torchsync-dynamic-shape]
    // CHECK-FIXES: acc = x.masked_select(x > threshold).sum();
    auto big = x.index({x > threshold}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'index()' waits for the GPU to count the elements of 'x' selected by bool mask 'x > threshold' if it is on CUDA; keep the shape with 'torch::where(x > threshold, x, 0)' or by multiplying by the mask [torchsync-dynamic-shape]
    // CHECK-FIXES: auto big = x.index({x > threshold}).sum();
    (void)big;
  }
  return acc;
}
template torch::Tensor select_sum<float>(torch::Tensor, float);
template torch::Tensor select_sum<double>(torch::Tensor, double);
