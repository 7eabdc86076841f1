// RUN: %check_torchsync %s cpu-index %t
#include <torch/torch.h>
#include <vector>

// A CPU index variable made in the loop and used only to index tensors that
// may be on a GPU (the minibatch indices of a PPO update): it is made on the
// device of the first indexed tensor where it is made, pinned and copied
// without blocking there when that tensor is on a GPU; the other uses move
// it to their own tensor's device, which copies nothing where the devices
// agree. The fix goes on the first use's warning; the others say so.

using torch::indexing::Slice;

// ---- Positives -------------------------------------------------------------

void update(torch::Device device, torch::Tensor obs, torch::Tensor returns,
            torch::Tensor actions, int64_t batch, int64_t minibatch) {
  torch::Tensor b_obs = obs.reshape({batch, -1}).to(device);
  torch::Tensor b_returns = returns.reshape(-1).to(device);
  torch::Tensor b_actions = actions.reshape(-1).to(device);
  for (int epoch = 0; epoch < 4; ++epoch) {
    torch::Tensor b_inds = torch::randperm(batch);
    for (int64_t start = 0; start < batch; start += minibatch) {
      torch::Tensor mb_inds = b_inds.index({Slice(start, start + minibatch)});
      auto x = b_obs.index({mb_inds});
      // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'index()' waits for the GPU to copy CPU index 'mb_inds' to the device of 'b_obs' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      auto a = b_actions.to(torch::kLong).index({mb_inds});
      // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'index()' waits for the GPU to copy CPU index 'mb_inds' to the device of 'b_actions.to(torch::kLong)' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      auto loss = (x.sum(1) - b_returns.index({mb_inds})).pow(2).mean() +
                  a.sum() * 0 + (x.mean() - b_returns.index({mb_inds})).sum();
      // CHECK-MESSAGES: :[[@LINE-2]]:41: warning: 'index()' waits for the GPU to copy CPU index 'mb_inds' to the device of 'b_returns' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      // CHECK-MESSAGES: :[[@LINE-2]]:55: warning: 'index()' waits for the GPU to copy CPU index 'mb_inds' to the device of 'b_returns' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
      (void)loss;
    }
  }
}
// CHECK-FIXES: torch::Tensor mb_inds = (b_obs.is_cuda() ? b_inds.index({Slice(start, start + minibatch)}).pin_memory().to(b_obs.device(), /*non_blocking=*/true) : b_inds.index({Slice(start, start + minibatch)}));
// CHECK-FIXES-NEXT: auto x = b_obs.index({mb_inds});
// CHECK-FIXES: auto a = b_actions.to(torch::kLong).index({mb_inds.to(b_actions.device())});
// CHECK-FIXES: auto loss = (x.sum(1) - b_returns.index({mb_inds.to(b_returns.device())})).pow(2).mean() +
// CHECK-FIXES-NEXT: a.sum() * 0 + (x.mean() - b_returns.index({mb_inds.to(b_returns.device())})).sum();

// An optional input: undefined where the caller passes none, and used only
// under a `defined()` test. The fix reads its device only where it is on a
// GPU (is_cuda() is false for an undefined tensor), so the index made before
// the test stays as it was there.
torch::Tensor optional_mask(torch::Tensor mask, int n) {
  torch::Tensor out = torch::zeros({1});
  auto idx = torch::tensor({0, 2});
  if (mask.defined()) {
    for (int i = 0; i < n; ++i)
      out = out + mask.index({idx}).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'index()' waits for the GPU to copy CPU index 'idx' to the device of 'mask' if it is on CUDA; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
  }
  return out;
}
// CHECK-FIXES: auto idx = (mask.is_cuda() ? torch::tensor({0, 2}).pin_memory().to(mask.device(), /*non_blocking=*/true) : torch::tensor({0, 2}));

// ---- Negatives: no fix -------------------------------------------------------

// The index is also read on the host: it must stay there.
void also_on_host(torch::Tensor x, int64_t n, std::vector<int64_t> &seen) {
  auto gx = x.cuda();
  for (int i = 0; i < 3; ++i) {
    torch::Tensor inds = torch::randperm(n);
    auto y = gx.index({inds});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'index()' waits for the GPU to copy CPU index 'inds' to the device of CUDA tensor 'gx'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    seen.push_back(inds.data_ptr<int64_t>()[0]);
    (void)y;
  }
}
// CHECK-FIXES: torch::Tensor inds = torch::randperm(n);

// No indexed tensor is named before the index: nothing to take the device
// from where it is made.
void no_device_before(torch::Tensor x, int64_t n) {
  for (int i = 0; i < 3; ++i) {
    torch::Tensor inds = torch::randperm(n);
    auto y = x.cuda().index({inds});
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'index()' waits for the GPU to copy CPU index 'inds' to the device of CUDA tensor 'x.cuda()'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)y;
  }
}
// CHECK-FIXES: auto y = x.cuda().index({inds});

// The index's memory is not shown to be pageable (a slice of pinned
// memory): pin_memory() would not copy it, and a copy without blocking
// could race with a later change; no fix.
void maybe_pinned(torch::Tensor x, int64_t n) {
  auto gx = x.cuda();
  torch::Tensor perm = torch::randperm(n).pin_memory();
  for (int64_t s = 0; s < n; s += 4) {
    torch::Tensor inds = perm.index({Slice(s, s + 4)});
    auto y = gx.index({inds});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'index()' waits for the GPU to copy CPU index 'inds' to the device of CUDA tensor 'gx'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)y;
  }
}
// CHECK-FIXES: torch::Tensor inds = perm.index({Slice(s, s + 4)});

// A use that is not hot (before the loop) would carry the fix-it on a
// warning that is not reported: none.
void first_use_cold(torch::Tensor x, int64_t n) {
  auto gx = x.cuda();
  torch::Tensor inds = torch::randperm(n);
  auto warm = gx.index({inds});
  for (int i = 0; i < 3; ++i) {
    auto y = gx.index({inds}) + gx.index({inds});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'index()' waits for the GPU to copy CPU index 'inds' to the device of CUDA tensor 'gx'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    // CHECK-MESSAGES: :[[@LINE-2]]:36: warning: 'index()' waits for the GPU to copy CPU index 'inds' to the device of CUDA tensor 'gx'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)y;
  }
  (void)warm;
}
// CHECK-FIXES: torch::Tensor inds = torch::randperm(n);
// CHECK-FIXES-NEXT: auto warm = gx.index({inds});

// A macro and a template whose code depends on its parameter (two
// instantiations): no fix.
#define PICK(t, i) t.index({i})
void in_macro(torch::Tensor x, int64_t n) {
  auto gx = x.cuda();
  for (int i = 0; i < 3; ++i) {
    torch::Tensor inds = torch::randperm(n);
    auto y = PICK(gx, inds);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'index()' waits for the GPU to copy CPU index 'inds' to the device of CUDA tensor 'gx'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)y;
  }
}
// CHECK-FIXES: auto y = PICK(gx, inds);

template <typename T> void in_template(T x, int64_t n) {
  auto gx = x.cuda();
  for (int i = 0; i < 3; ++i) {
    torch::Tensor inds = torch::randperm(n);
    auto y = gx.index({inds});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'index()' waits for the GPU to copy CPU index 'inds' to the device of CUDA tensor 'gx'; make the index on the device, or copy it there outside the hot path [torchsync-cpu-index]
    (void)y;
  }
}
template void in_template<torch::Tensor>(torch::Tensor, int64_t);
template void in_template<at::Tensor &>(at::Tensor &, int64_t);
// CHECK-FIXES: torch::Tensor inds = torch::randperm(n);
// CHECK-FIXES-NEXT: auto y = gx.index({inds});
