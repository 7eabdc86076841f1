// The probe's cost per sync: a LibTorch program with N syncs per step, run
// with and without libtorchsync-probe.so (bench/probe/run.sh). Each step does
// a little GPU work (a 64x256 by 256x256 matrix product and tanh), then reads
// N elements back with .item() - each a device-to-host cudaMemcpyAsync (into
// pinned memory in LibTorch 2.x, so the probe does not record it) and a
// stream synchronize (recorded), through LibTorch's full call stack, as a
// training loop's loss.item() is. With N = 0 a step does not sync at all.
// Prints one JSON line.
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char *argv[]) {
  const int steps = argc > 1 ? std::atoi(argv[1]) : 1000;
  const int syncs = argc > 2 ? std::atoi(argv[2]) : 10;
  if (!torch::cuda::is_available()) {
    std::fprintf(stderr, "sync_bench: no CUDA device\n");
    return 2;
  }
  torch::manual_seed(0);
  const torch::Device dev(torch::kCUDA);
  auto w = torch::randn({256, 256}, dev) / 16;
  auto x = torch::randn({64, 256}, dev);
  double acc = 0;
  for (int i = 0; i < 50; ++i) { // warm-up: kernels loaded, allocator filled
    x = torch::tanh(x.mm(w));
    acc += x[0][i % 256].item<float>();
  }
  torch::cuda::synchronize();
  auto t0 = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) {
    x = torch::tanh(x.mm(w));
    for (int k = 0; k < syncs; ++k)
      acc += x[0][k % 256].item<float>();
  }
  torch::cuda::synchronize();
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("{\"steps\": %d, \"syncs_per_step\": %d, \"seconds\": %.6f, "
              "\"us_per_step\": %.3f, \"checksum\": %.6g}\n",
              steps, syncs, sec, 1e6 * sec / steps, acc);
  return 0;
}
