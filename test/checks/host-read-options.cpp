// RUN: %check_torchsync %s host-read %t -check-suffix=DEFAULT
// RUN: %check_torchsync %s host-read %t -check-suffix=OUTSIDE -config="{CheckOptions: {torchsync-host-read.ReportOutsideLoops: true}}"
// RUN: %check_torchsync %s host-read %t -check-suffix=HOT -config="{CheckOptions: {HotFunctions: 'step;Trainer::log'}}"
// RUN: %check_torchsync %s host-read %t -check-suffix=IGNORE -config="{CheckOptions: {UnknownDevice: ignore}}"
#include <torch/torch.h>

float step(torch::Tensor loss) {
  return loss.item<float>();
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:15: warning: 'item<float>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
  // CHECK-MESSAGES-HOT: :[[@LINE-2]]:15: warning: 'item<float>()' waits for the GPU to read 'loss' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
}

struct Trainer {
  void log(torch::Tensor t) {
    auto cuda = t.cuda();
    double v = cuda.item<double>();
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:21: warning: 'item<double>()' waits for the GPU to read CUDA tensor 'cuda'; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-HOT: :[[@LINE-2]]:21: warning: 'item<double>()' waits for the GPU to read CUDA tensor 'cuda'; keep it on the device or read it every N steps [torchsync-host-read]
    (void)v;
  }
};

void loop(torch::Tensor unknown) {
  auto known = torch::zeros({2}, torch::Device(torch::kCUDA, 0));
  for (int i = 0; i < 2; ++i) {
    float a = unknown.item<float>();
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:23: warning: 'item<float>()' waits for the GPU to read 'unknown' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:23: warning: 'item<float>()' waits for the GPU to read 'unknown' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:23: warning: 'item<float>()' waits for the GPU to read 'unknown' if it is on CUDA; keep it on the device or read it every N steps [torchsync-host-read]
    float b = known.sum().item<float>();
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:27: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'known.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:27: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'known.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:27: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'known.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    // CHECK-MESSAGES-IGNORE: :[[@LINE-4]]:27: warning: 'item<float>()' waits for the GPU to read CUDA tensor 'known.sum()'; keep it on the device or read it every N steps [torchsync-host-read]
    (void)a; (void)b;
  }
}
