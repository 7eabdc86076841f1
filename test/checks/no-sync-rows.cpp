// RUN: %check_torchsync %s '*' %t
// RUN: %check_torchsync %s '*' %t -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6
// Every NO-SYNC row of sync-catalog.md, on CUDA tensors in a hot loop, with
// every torchsync check enabled: none of them may be reported.
#include <torch/torch.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

struct Net : torch::nn::Module {
  Net() : fc(register_module("fc", torch::nn::Linear(8, 4))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};

void no_sync_rows(float *device_ptr) {
  const torch::Device cuda(torch::kCUDA);
  auto opts = torch::TensorOptions().device(cuda);
  auto model = std::make_shared<Net>();
  model->to(cuda);
  torch::optim::Adam adam(model->parameters(), torch::optim::AdamOptions(1e-3));
  torch::optim::SGD sgd(model->parameters(), torch::optim::SGDOptions(0.1));
  auto x = torch::randn({16, 8}, opts);
  auto mask = x > 0;
  auto idx = torch::arange(4, torch::TensorOptions().device(cuda).dtype(torch::kLong));
  auto pinned = torch::empty({16, 8}, torch::TensorOptions().pinned_memory(true));
  auto stream = c10::cuda::getCurrentCUDAStream();
  at::cuda::CUDAEvent event;
  for (int step = 0; step < 100; ++step) {
    // C7: scalars and factories built on the device.
    auto s1 = torch::tensor(3.14, opts);
    auto s2 = at::scalar_tensor(2.0, opts);
    auto f = torch::full({4}, 1.5, opts) + torch::zeros({4}, opts) +
             torch::ones({4}, opts) + torch::arange(4, opts);
    x.select(0, 0).fill_(0.5);
    // C8: a CPU 0-dim operand is read on the host, no copy.
    auto y = x * torch::tensor(2.0);
    y.add_(torch::tensor(1.0));
    // C9: wrapping a device pointer.
    auto wrapped = torch::from_blob(device_ptr, {16}, opts);
    // C10: device to device.
    auto other = x.to(torch::Device(torch::kCUDA, 1));
    y.copy_(x);
    // C11, C12: pinned-memory queries and pinning.
    bool is_pinned = pinned.is_pinned();
    // D6: masked assignment of a host scalar.
    y.index_put_({mask}, 0.0);
    // F4, F5: optimizer steps and backward.
    auto loss = model->forward(x).pow(2).mean();
    adam.zero_grad();
    loss.backward();
    adam.step();
    sgd.step();
    // G1: reductions without a dim stay on the device.
    auto r = x.max() + x.min() + x.sum() + x.mean() + x.argmax() + x.norm();
    // G2: metadata.
    auto meta = x.sizes().size() + x.numel() + x.dim() + x.size(0);
    bool on_gpu = x.is_cuda();
    auto dev = x.device();
    auto dt = x.dtype();
    x.print();
    auto str = x.toString();
    // G3: stream and event handles, enqueue-only calls.
    auto current = c10::cuda::getCurrentCUDAStream();
    c10::cuda::CUDAStreamGuard guard(stream);
    event.record(stream);
    event.block(current);
    bool done = event.query() && stream.query();
    // G4, G5: views and scalar assignment through a view.
    auto v = x.view({8, 16}).narrow(0, 0, 2).slice(1, 0, 4).select(0, 1);
    auto row = x[0];
    x[1] = 0.0;
    // G6: kernels only.
    auto w = torch::where(mask, x, torch::zeros_like(x));
    auto filled = x.masked_fill(mask, 0.0);
    x.masked_fill_(mask, 1.0);
    auto sel = x.index_select(0, idx);
    auto gathered = x.gather(1, idx.unsqueeze(0).expand({16, 4}));
    y.scatter_(1, idx.unsqueeze(0).expand({16, 4}), 0.0);
    y.index_add_(0, idx, x.index_select(0, idx));
    auto top = x.topk(2);
    auto sorted = x.sort();
    auto cum = x.cumsum(1);
    // G7, G8: async size check, device-side assert.
    y.masked_scatter_(mask, x);
    at::_assert_async(mask.any());
    // G9: losses and lookups with device-side bounds checks.
    auto target = torch::zeros({16}, torch::TensorOptions().device(cuda).dtype(torch::kLong));
    auto ce = torch::nn::functional::cross_entropy(x, target);
    // G14: the sync-free forms of D11, D13, D14.
    auto oh = torch::one_hot(target, 8);
    auto rep = torch::repeat_interleave(x, idx, 0, /*output_size=*/6);
    auto hist = torch::histc(x, 10, -1.0, 1.0);
    // G15 / C2: an asynchronous download into pinned memory.
    auto host = x.to(torch::kCPU, /*non_blocking=*/true);
    // G10: embedding renorm counts unique indices on the device.
    auto table = torch::randn({10, 8}, opts);
    at::embedding_renorm_(table, target, /*max_norm=*/1.0, /*norm_type=*/2.0);
    // G11: quantile checks q on the device for CUDA inputs.
    auto q = torch::rand({3}, opts);
    auto quant = torch::quantile(x, q);
    auto quant1 = x.nanquantile(0.5, /*dim=*/0);
    // G13: a foreach op with a CPU Scalar reads it on the host, no device sync.
    std::vector<torch::Tensor> grads = {x, y};
    at::_foreach_mul_(grads, 0.5);
    at::_foreach_add_(grads, grads, /*alpha=*/0.1);
#if TORCH_MOCK_2X
    // G13 (2.x): a CUDA scalar tensor goes to the kernel as a pointer.
    auto scale = torch::ones({}, opts);
    at::_foreach_mul_(grads, scale);
    // G12 (2.x): these sync in 1.13 only (E5, D8, E14).
    auto probs = torch::rand({4, 8}, opts);
    auto drawn = torch::multinomial(probs, 2, /*replacement=*/false);
    y.index_put_({idx}, torch::ones({4, 8}, opts), /*accumulate=*/true);
    y.fill_(x.max());
    (void)drawn;
#endif
    (void)s1; (void)s2; (void)f; (void)wrapped; (void)other; (void)is_pinned;
    (void)r; (void)meta; (void)on_gpu; (void)dev; (void)dt; (void)str;
    (void)done; (void)v; (void)row; (void)w; (void)filled; (void)sel;
    (void)gathered; (void)top; (void)sorted; (void)cum; (void)ce; (void)oh;
    (void)rep; (void)hist; (void)host; (void)quant; (void)quant1;
  }
}
