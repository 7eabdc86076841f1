// The rewrites that runtime-device.cpp leaves out, on a device chosen at
// run time as in the LibTorch tutorials: the program must run the same on a
// machine without CUDA after --fix, and must still run after --fix-notes
// (fix-runs-cpu-only-more.test). It prints the values that the warning
// fixes keep, and only the shapes and dtypes of what the note fixes may
// change (each note says what).
#include <torch/torch.h>
#include <cstdio>

static void show(const char *What, const torch::Tensor &T) {
  std::printf("%s %s %s\n", What, c10::str(T.sizes()).c_str(),
              c10::toString(T.scalar_type()));
}

static void print(const char *What, const torch::Tensor &T) {
  auto H = T.detach().to(torch::kCPU).to(torch::kDouble).flatten();
  std::printf("%s", What);
  for (int64_t I = 0; I < H.numel(); ++I)
    std::printf(" %.4f", H[I].item<double>());
  std::printf("\n");
}

// A replay buffer whose host tensors are private members written only in
// its constructor: on the host, but their memory is not shown to be
// pageable (the fix tests is_pinned()).
class Replay {
public:
  Replay()
      : obs_(torch::arange(32, torch::kFloat).reshape({8, 4})),
        reward_(torch::arange(4, torch::kFloat)) {}
  torch::Tensor sample(const torch::Device &device, torch::Tensor &buf) {
    auto total = torch::zeros({4}, device);
    for (int i = 0; i < 3; ++i) {
      auto obs = obs_.to(device);
      buf.copy_(reward_);
      total = total + obs.sum(0) + buf;
    }
    return total;
  }

private:
  torch::Tensor obs_;
  torch::Tensor reward_;
};

struct Squares : torch::data::datasets::Dataset<Squares> {
  torch::data::Example<> get(size_t i) override {
    auto v = torch::full({4}, static_cast<float>(i * i));
    return {v, v.sum()};
  }
  torch::optional<size_t> size() const override { return 8; }
};

// A parameter that only its callers show on the host (a whole-program
// fact): the fix tests t.is_cpu() too.
static torch::Tensor upload(const torch::Tensor &t, const torch::Device &device) {
  return t.to(device);
}

// A generic fine-tuning loop (a template, used with one module type): the
// clipping is rewritten for the types it is used with.
template <typename M>
static void finetune(M &model, const torch::Tensor &input, int steps) {
  torch::optim::SGD opt(model->parameters(), 0.05);
  for (int step = 0; step < steps; ++step) {
    opt.zero_grad();
    model->forward(input).pow(2).sum().backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 0.5);
    opt.step();
  }
}

// What a function returns, and a tensor over a host buffer, uploaded: each
// is given a variable of its own, which the fix tests (a CPU run takes the
// original copies).
static torch::Tensor makeRow(int k) {
  return torch::full({4}, static_cast<float>(k));
}

static torch::Tensor uploadRows(const torch::Device &device, int n) {
  auto table = torch::zeros({n, 4}, device);
  auto sum = torch::zeros({4}, device);
  std::vector<float> buf{0.5f, 1.5f, 2.5f, 3.5f};
  for (int k = 0; k < n; ++k) {
    auto row = makeRow(k).to(device);
    auto blob = torch::from_blob(buf.data(), {4}, torch::kFloat).to(device);
    sum = sum + row + blob;
    table[k] = makeRow(2 * k);
    buf[0] += 1.0f;
  }
  return table.sum(0) + sum;
}

// A running sum of a value that may have more than one element.
static double pairTotal(const torch::Tensor &pair, int &steps) {
  double pair_total = 0;
  for (int step = 0; step < 5; ++step) {
    pair_total += pair.item<double>();
    ++steps;
  }
  return pair_total;
}

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::DeviceType kind =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  // Uploads (warning fixes: the same values): a non_blocking copy already
  // written, a DeviceType, a variable given its own upload, factories with
  // a dtype, eye and empty made on the device, a parameter that only its
  // caller shows on the host.
  auto total = torch::zeros({4}, device);
  auto buf = torch::zeros({4}, device);
  for (int i = 0; i < 3; ++i) {
    auto noise = torch::arange(4, torch::kFloat) * i;
    auto fast = noise.to(device, /*non_blocking=*/true);
    buf.copy_(noise, /*non_blocking=*/true);
    auto by_kind = noise.to(kind);
    torch::Tensor h = torch::ones({4}) * i;
    h = h.to(device);
    auto keep = torch::ones({4}, torch::kBool).to(device);
    auto eye = torch::eye(4).to(device);
    auto ids = torch::zeros({4}, torch::kLong).to(device);
    auto scratch = torch::empty({4}).to(device);
    auto ones = torch::ones({4}).to(torch::Device(kind));
    auto up = upload(noise, device);
    total = total + fast + buf + by_kind + h + keep + eye.sum(0) + ids +
            ones + up;
    show("scratch", scratch);
  }
  print("total", total);
  Replay replay;
  print("replay", replay.sample(device, buf));

  // A loader's targets written into rows on the device, the first example
  // of an unstacked batch, and a running loss read once per epoch.
  auto loader = torch::data::make_data_loader(
      Squares().map(torch::data::transforms::Stack<>()), 4);
  auto plain = torch::data::make_data_loader(Squares(), 4);
  auto targets = torch::zeros({2, 4}, device);
  auto firsts = torch::zeros({4}, device);
  for (int epoch = 0; epoch < 2; ++epoch) {
    int64_t b = 0;
    for (auto &batch : *loader) {
      targets[b] = batch.target;
      ++b;
    }
    double epoch_loss = 0;
    for (auto &batch : *plain) {
      auto x = batch[0].data.to(device);
      firsts = firsts + x;
      epoch_loss += x.mean().item<double>() * 4;
    }
    std::printf("epoch %d loss %.3f\n", epoch, epoch_loss);
  }
  print("targets", targets);
  print("firsts", firsts);

  // Indexing: an index made before the loop and one made in it, each on the
  // device of the first tensor it indexes (another use moves it to its own
  // tensor's device), index_put_ values built on the device (a literal at a
  // long index; one element of a 1-D and of a 2-D tensor, filled), and a
  // where operand passed as a Scalar (a note: shape and dtype printed). The
  // probabilities are copied to the device once, before the loop (a note).
  auto table = torch::arange(64, torch::kFloat).reshape({16, 4}).to(device);
  auto vals = torch::arange(16, torch::kFloat).to(device);
  auto hist = torch::zeros({16}, device);
  auto grid = torch::zeros({4, 4}, device);
  auto sel = torch::tensor({0, 2, 5});
  auto probs = torch::full({4}, 0.5);
  auto drop = torch::zeros({4}, device);
  auto picked = torch::zeros({4}, device);
  for (int step = 0; step < 3; ++step) {
    picked = picked + table.index({sel}).sum(0);
    drop.bernoulli_(probs);
    show("drop", drop);
    auto idx = torch::randint(0, 16, {4}, torch::TensorOptions().dtype(torch::kLong).device(device));
    hist.index_put_({idx}, 0.0);
    hist.index_put_({step}, 1.5);
    grid.index_put_({step, step + 1}, 2.0);
    torch::Tensor mb = torch::arange(16).flip(0).index({torch::indexing::Slice(step, step + 4)});
    picked = picked + table.index({mb}).sum(0) + vals.index({mb}).sum();
    auto cond = vals > 7;
    auto clipped = torch::where(cond, vals, torch::tensor(0.0));
    show("clipped", clipped);
  }
  print("picked", picked);
  print("hist", hist);
  print("grid", grid);

  // Masked sums on the device (integers in float: exact in any order),
  // repeats of a known total (a note), and host data: one value filled on
  // the device (float, bool; an int8 in nested braces is a note), a vector
  // pinned only where the device (a Device, a DeviceType) is CUDA.
  std::vector<float> w = {1, 2, 3, 4};
  auto acc = torch::zeros({4}, device);
  for (int step = 0; step < 3; ++step) {
    auto pos = vals.masked_select(vals > 3).sum();
    auto low = at::masked_select(vals, vals < 9).sum();
    auto reps = torch::tensor({1, 2, 1}, torch::TensorOptions().dtype(torch::kLong).device(device));
    auto rep = torch::repeat_interleave(torch::arange(3, device), reps, 0);
    show("rep", rep);
    auto scale = torch::tensor({0.5f}, device);
    auto on = torch::tensor({true}, device);
    auto wt = torch::tensor(w, device);
    auto wk = torch::tensor(w, kind);
    auto code = torch::tensor({{int8_t(step & 1)}}, torch::TensorOptions().device(device));
    show("code", code);
    acc = acc + pos + low + scale * wt * on + wk;
  }
  print("acc", acc);

  // Running values of every accepted form, kept on the device and read
  // after the loop (the same additions in the same order).
  double loss_sum = 0;
  double drift = 0;
  float half_sum = 0;
  float ema = 0;
  int64_t seen = 0;
  int hits = 0;
  for (int step = 0; step < 4; ++step) {
    auto loss = (table * 0.01 * (step + 1)).pow(2).mean();
    loss_sum += loss.item<double>() * 4;
    drift -= loss.item().toDouble();
    half_sum += loss.item<float>() / 2;
    ema += loss.item<double>() * 0.1;
    seen += hist.ne(0).sum().item<int64_t>();
    hits += (vals > step).sum().item<int>();
  }
  std::printf("loss_sum %.6f drift %.6f half_sum %.6f ema %.6f seen %lld hits %d\n",
              loss_sum, drift, half_sum, ema, static_cast<long long>(seen), hits);

  // One element with a dimension ([1]) of a narrower dtype than the sum: on
  // the device it is viewed as 0-dim, so that it is added in double (and in
  // int64) as on the host; added as [1] it would be summed in float (and
  // overflow int32), which these values show.
  auto tenths = torch::full({8}, 0.1, torch::TensorOptions().dtype(torch::kFloat).device(device));
  auto big = torch::full({4}, 1500000000, torch::TensorOptions().dtype(torch::kInt).device(device));
  double head_total = 0;
  int64_t big_total = 0;
  for (int step = 0; step < 1000; ++step) {
    head_total += tenths.slice(0, 0, 1).item<float>();
    big_total += big.slice(0, 0, 1).item<int>();
  }
  std::printf("head_total %.9f big_total %lld\n", head_total,
              static_cast<long long>(big_total));

  // A value with two elements, which item() cannot read: the original
  // throws in the loop's first step, and so must the fixed one (viewed as
  // 0-dim, which needs one element too), not run every step with the pair
  // broadcast into the sum and throw only at the read after the loop.
  print("rows", uploadRows(device, 4));

  auto pair = torch::full({2}, 0.5, torch::TensorOptions().dtype(torch::kDouble).device(device));
  int pair_steps = 0;
  try {
    std::printf("pair_total %.3f\n", pairTotal(pair, pair_steps));
  } catch (const std::exception &) {
    // c10::Error from item(); from reshape() c10::Error on LibTorch 2.x and
    // std::runtime_error on 1.x (InferSize.h).
    std::printf("pair threw after %d steps\n", pair_steps);
  }

  // Note fixes: index_select, the _ex factorizations, device-side asserts
  // and downloads without blocking (shapes and dtypes only).
  auto spd = (torch::eye(3) * 2 + 1).to(device);
  auto rhs = torch::ones({3, 2}, device);
  auto scores = torch::rand({16}, device);
  for (int step = 0; step < 2; ++step) {
    auto best = table.index({scores.argmax()});
    show("best", best);
    auto L = torch::linalg_cholesky(spd);
    show("L", L);
    auto U = torch::cholesky(spd, /*upper=*/true);
    show("U", U);
    auto L2 = torch::linalg::cholesky(spd);
    show("L2", L2);
    auto inv = torch::linalg::inv(spd);
    show("inv", inv);
    auto inv2 = spd.inverse();
    show("inv2", inv2);
    auto sol = torch::linalg_solve(spd, rhs);
    show("sol", sol);
    auto res = torch::linalg_cholesky_ex(spd, false, true);
    show("res", std::get<0>(res));
    TORCH_CHECK(vals.isfinite().all().item<bool>(), "non-finite values");
    TORCH_CHECK(vals.ge(0).all().item().toBool(), "negative values");
    TORCH_CHECK(spd.diagonal().gt(0).all().is_nonzero(), "not positive");
    auto snapshot = vals.cpu();
    auto scores_host = scores.to(torch::kCPU);
    float top = vals.max().item<float>();
    show("snapshot", snapshot);
    show("scores_host", scores_host);
    std::printf("top %.1f\n", top);
  }

  // A training step: clipping on the device, and fill_ of a fresh 0-dim
  // value on the same device written as copy_ (the same values).
  torch::nn::Linear lin(4, 2);
  lin->to(device);
  torch::optim::SGD opt(lin->parameters(), 0.1);
  auto norm_buf = torch::zeros({2}, device);
  auto peak = torch::zeros({2}, device);
  auto input = torch::arange(8, torch::kFloat).reshape({2, 4}).to(device);
  for (int step = 0; step < 3; ++step) {
    opt.zero_grad();
    auto out = lin->forward(input);
    auto loss = out.pow(2).sum();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(lin->parameters(), 0.5);
    torch::nn::utils::clip_grad_norm_(lin->bias, 0.25);
    opt.step();
    norm_buf = norm_buf + out.sum(0).detach();
    norm_buf.fill_(norm_buf.sum());
    peak.fill_(at::scalar_tensor(1.5 * step, peak.options()));
    const auto top = norm_buf.max();
    norm_buf.fill_(top);
  }
  print("norm_buf", norm_buf);
  print("peak", peak);
  print("weight", lin->weight);
  print("bias", lin->bias);
  finetune(lin, input, 2);
  print("tuned", lin->weight);

  // A download without blocking read before anything waits (outside the
  // loops): the note fix waits for the GPU first, only where there is one
  // (on a CPU-only machine the wait would throw; the copy was synchronous).
  auto final_logits = (torch::arange(4, torch::kFloat) * 0.5).to(device);
  auto host_logits = final_logits.to(torch::kCPU, /*non_blocking=*/true);
  std::printf("final %.2f\n", host_logits[1].item<float>());
  return 0;
}
