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
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'torch::multinomial()' without replacement validates the probabilities on the host in LibTorch 1.x
    (void)s;
  }
}

void fill(int steps) {
  auto t = torch::randn({16}, kDev);
  auto v = torch::zeros({}, kDev);
  for (int i = 0; i < steps; ++i) {
    t.fill_(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fill_()' with a tensor value reads CUDA tensor 'v' on the host in LibTorch 1.x
  }
}

void noise(torch::Tensor mean, torch::Tensor std, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto a = at::normal(mean, std);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'at::normal()' with a tensor std checks std >= 0 on the host if 'std' is a CUDA tensor
    // CHECK-MESSAGES-V26: :[[@LINE-2]]:14: warning: 'at::normal()' with a tensor std checks std >= 0 on the host if 'std' is a CUDA tensor
    (void)a;
  }
}
