// RUN: %clangxx -x c++-header -std=c++17 -isystem %mock_include %S/../Inputs/torch-pch.h -o %t.pch
// RUN: %check_torchsync %s version-specific %t -- -include-pch %t.pch
// RUN: %clangxx -x c++-header -std=c++17 -isystem %mock_include -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6 %S/../Inputs/torch-pch.h -o %t-26.pch
// RUN: %check_torchsync %s version-specific %t -check-suffix=V26 -- -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6 -include-pch %t-26.pch
// LibTorch's version is read from the parsed headers (TORCH_VERSION_MAJOR
// and _MINOR) also where they come from a precompiled header, as in a build
// with CMake's target_precompile_headers: the macros' tokens then carry no
// text in memory, and the version used to read as unknown, which silenced
// the version-dependent findings.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

void sample(int steps) {
  auto p = torch::rand({4, 10}, kDev);
  for (int i = 0; i < steps; ++i) {
    auto s = torch::multinomial(p, 3);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::multinomial()' without replacement waits for the GPU to validate the probabilities in LibTorch 1.x; sample with Gumbel top-k, 'std::get<1>((p.log() - at::log(-at::log(at::rand_like(p)))).topk(n))' (a different random stream), or use LibTorch 2.x [torchsync-version-specific]
    (void)s;
  }
}

void fill(int steps) {
  auto t = torch::randn({16}, kDev);
  auto v = torch::zeros({}, kDev);
  for (int i = 0; i < steps; ++i) {
    t.fill_(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value waits for the GPU to read CUDA tensor 'v' in LibTorch 1.x; use 'copy_' of the same value, which broadcasts it on the device (as LibTorch 2.x does) [torchsync-version-specific]
  }
}

void noise(torch::Tensor mean, torch::Tensor std, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto a = at::normal(mean, std);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0 if 'std' is on CUDA; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:14: warning: 'at::normal()' with a tensor std waits for the GPU to check std >= 0 if 'std' is on CUDA; use 'mean + std * at::randn_like(std)' (the same distribution, other random values, no check) [torchsync-version-specific]
    (void)a;
  }
}
