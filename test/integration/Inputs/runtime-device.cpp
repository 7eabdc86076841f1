// The device is chosen at run time, as in the LibTorch tutorials: the
// program must run the same on a machine without CUDA after --fix, and must
// still run after --fix-notes (fix-runs-cpu-only.test). The second half is a
// trainer step with the note fixes that touch shapes, dtypes and devices,
// and a row mask that no rewrite may touch; it prints what those rewrites
// may change (shapes, dtypes) and values that the warning fixes keep.
#include <torch/torch.h>
#include <cstdio>

static void show(const char *What, const torch::Tensor &T) {
  std::printf("%s %s %s\n", What, c10::str(T.sizes()).c_str(),
              c10::toString(T.scalar_type()));
}

// A data set whose batches' memory is not shown to be pageable (a data set
// may return pinned tensors).
struct Squares : torch::data::datasets::Dataset<Squares> {
  torch::data::Example<> get(size_t i) override {
    auto v = torch::full({2}, static_cast<float>(i * i));
    return {v, v.sum()};
  }
  torch::optional<size_t> size() const override { return 8; }
};

// A collate function: the images it stacks are host tensors only because
// its caller passes them (a whole-program fact), so the fix tests them.
static torch::Tensor collate(const std::vector<torch::Tensor> &images,
                             const torch::Device &device) {
  return torch::stack(images, 0).to(device);
}

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto weights = torch::ones({4}, device);
  auto acc = torch::zeros({4}, device);
  for (int i = 0; i < 3; ++i) {
    auto noise = torch::arange(4, torch::kFloat) * i;
    auto moved = noise.to(device);
    auto wide = noise.to(device, torch::kDouble);
    acc.copy_(noise);
    weights = weights + moved * acc + wide.to(torch::kFloat);
  }
  auto host = weights.to(torch::kCPU);
  std::printf("%.1f %.1f %.1f %.1f\n", host[0].item<float>(),
              host[1].item<float>(), host[2].item<float>(),
              host[3].item<float>());

  // Constant factories uploaded in the loop are made on the device, an index
  // made in the loop on the device of the tensor it indexes, and a row
  // assigned from the host is copied from pinned memory where the device is
  // CUDA (warning fixes: the same values).
  auto rows_table =
      torch::arange(64, torch::kFloat).reshape({16, 4}).to(device);
  auto gathered = torch::zeros({4}, device);
  auto slots = torch::zeros({2, 4}, device);
  for (int i = 0; i < 2; ++i) {
    auto ramp = torch::arange(4).to(device);
    auto half = torch::full({4}, 0.5).to(device);
    torch::Tensor perm = torch::arange(16).flip(0) + 0 * i;
    for (int64_t s = 0; s < 16; s += 8) {
      torch::Tensor mb = perm.index({torch::indexing::Slice(s, s + 8)});
      gathered = gathered + rows_table.index({mb}).sum(0) * half + ramp;
      slots[s / 8] = torch::full({4}, static_cast<float>(s + i));
    }
  }
  auto g = (gathered + slots.sum(0)).to(torch::kCPU);
  std::printf("gathered %.1f %.1f\n", g[0].item<float>(), g[3].item<float>());

  auto loader = torch::data::make_data_loader(
      Squares().map(torch::data::transforms::Stack<>()), 4);
  double squares = 0;
  auto heads = torch::zeros({2}, device);
  for (int epoch = 0; epoch < 2; ++epoch) {
    for (auto &batch : *loader) {
      auto x = batch.data.to(device);
      squares += x.sum().item<double>();
      // A view of the batch: its memory is the batch's (tested the same).
      auto head = batch.data.index({torch::indexing::Slice(0, 2)}).to(device);
      heads = heads + head.sum(1);
    }
  }
  std::printf("squares %.1f\n", squares);
  auto stacked = torch::zeros({2}, device);
  for (int i = 0; i < 2; ++i) {
    std::vector<torch::Tensor> images = {torch::full({2}, 1.0 * i),
                                         torch::full({2}, 2.0)};
    stacked = stacked + collate(images, device).sum(0);
  }
  // Token rows written into a tensor on the device, and a token batch made
  // with a dtype and the device (a decoder's prefill and decode step).
  auto tokens = torch::zeros({2, 3}, torch::TensorOptions().dtype(torch::kLong).device(device));
  std::vector<std::vector<int64_t>> token_rows = {{1, 2, 3}, {4, 5, 6}};
  for (int64_t b = 0; b < 2; ++b) {
    tokens.index_put_({b}, torch::tensor(token_rows[b], tokens.options()));
    auto step = torch::tensor(token_rows[b], torch::TensorOptions().dtype(torch::kLong).device(device));
    tokens = tokens + step.view({1, 3});
  }
  std::printf("tokens %lld\n", static_cast<long long>(tokens.sum().item<int64_t>()));
  auto st = stacked.to(torch::kCPU);
  std::printf("stacked %.1f %.1f\n", st[0].item<float>(), st[1].item<float>());
  auto h = heads.to(torch::kCPU);
  std::printf("heads %.1f %.1f\n", h[0].item<float>(), h[1].item<float>());

  auto logits = torch::randn({64, 4}, device);
  auto target = torch::randint(0, 4, {64}, torch::TensorOptions()
                                                   .dtype(torch::kLong)
                                                   .device(device));
  auto scores = torch::rand({16}, device);
  auto table = torch::randn({16, 8}, device);
  int64_t rows = 0;
  double positive = 0;
  size_t correct = 0;
  for (int step = 0; step < 3; ++step) {
    // A row mask [64] over [64, 4]: selects rows (no rewrite may be made).
    auto pred = logits.argmax(1);
    auto wrong = pred.ne(target);
    auto hard = logits.detach().index({wrong});
    rows += hard.size(0);
    // Running values kept on the device and read after the loop (warning
    // fixes: the same additions in the same order).
    correct += pred.eq(target).sum().item<int64_t>();
    // The same sum on the device (a warning fix).
    auto sum = logits.index({logits > 0}).sum();
    positive += sum.item<double>();
    // A mean that sees zeros after the note fix: its shape stays [].
    auto mean = logits.index({logits > 0}).mean();
    show("mean", mean);
    // A 0-dim rewrite viewed as [1]: shape and dtype as before.
    auto flag = torch::tensor({int16_t(step & 1)},
                              torch::TensorOptions().device(device));
    show("flag", flag);
    show("flag+row", flag + logits[0]);
    // One value in nested braces: a [1, 1] tensor filled on the device
    // (torch::full infers the same kLong).
    auto cell = torch::tensor({{static_cast<int>(step)}}, device);
    show("cell", cell);
    std::printf("cell %ld\n", static_cast<long>(cell.sum().item<int64_t>()));
    // index_select with a long index on the table's device.
    auto best = table[scores.argmax()];
    show("best", best);
  }
  std::printf("rows %lld positive %.3f correct %zu\n",
              static_cast<long long>(rows), positive, correct);
  return 0;
}
