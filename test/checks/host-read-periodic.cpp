// RUN: %check_torchsync %s host-read %t
// A value read in the branch that a remainder test picks is read once every
// N iterations already: the advice says so instead of asking for it.
#include <torch/torch.h>
#include <cstdio>

#define LOG_LOSS(t) std::printf("loss %f\n", (t).item<float>())

// ---- Positives: read once every N steps ------------------------------------

void train(int steps, int log_every) {
  auto w = torch::randn({4}, torch::kCUDA);
  for (int step = 0; step < steps; ++step) {
    auto loss = (w * w).sum();
    if (step % log_every == 0)
      std::printf("%f\n", loss.item<float>());
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'loss'; it is read once every N steps already: read it less often or keep it on the device [torchsync-host-read]
    if (step > 0 && step % 100 == 99) {
      float l = loss.item<float>();
      // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'loss'; it is read once every N steps already: read it less often or keep it on the device [torchsync-host-read]
      std::printf("%f\n", l);
    }
    if (step % log_every != 0) {
      w.add_(1);
    } else {
      LOG_LOSS(loss);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'item<float>()' waits for the GPU to read CUDA tensor '(t)'; it is read once every N steps already: read it less often or keep it on the device [torchsync-host-read]
    }
  }
}

template <typename T> void train_t(int steps) {
  auto w = torch::randn({4}, torch::kCUDA);
  for (int step = 0; step < steps; ++step)
    if (!(step % 50 != 0))
      std::printf("%f\n", static_cast<double>(w.sum().item<T>()));
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: 'item<T>()' waits for the GPU to read CUDA tensor 'w.sum()'; it is read once every N steps already: read it less often or keep it on the device [torchsync-host-read]
}
template void train_t<float>(int);

// ---- Negatives: every step, or most steps ----------------------------------

void every_step(int steps) {
  auto w = torch::randn({4}, torch::kCUDA);
  for (int step = 0; step < steps; ++step) {
    auto loss = (w * w).sum();
    if (step % 10)
      std::printf("%f\n", loss.item<float>());
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'loss'; keep it on the device or read it every N steps [torchsync-host-read]
    if (step % 10 == 0)
      w.add_(1);
    else
      std::printf("%f\n", loss.item<float>());
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'loss'; keep it on the device or read it every N steps [torchsync-host-read]
    if (step % 10 == 0 || step < 5)
      std::printf("%f\n", loss.item<float>());
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'loss'; keep it on the device or read it every N steps [torchsync-host-read]
  }
}

// A remainder test outside the loop does not make a read in it periodic.
void outer_test(int steps, int epoch) {
  auto w = torch::randn({4}, torch::kCUDA);
  if (epoch % 2 == 0)
    for (int step = 0; step < steps; ++step)
      std::printf("%f\n", w.sum().item<float>());
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'w.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
}
