// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=DEFAULT
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=OUTSIDE -config="{CheckOptions: {torchsync-dynamic-shape.ReportOutsideLoops: true}}"
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=HOT -config="{CheckOptions: {HotFunctions: 'route'}}"
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=IGNORE -config="{CheckOptions: {UnknownDevice: ignore}}"
#include <torch/torch.h>

torch::Tensor route(torch::Tensor scores) {
  return (scores > 0).nonzero();
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:23: warning: 'nonzero()' reads the number of nonzero elements of '(scores > 0)' on the host to size its output if '(scores > 0)' is a CUDA tensor
  // CHECK-MESSAGES-HOT: :[[@LINE-2]]:23: warning: 'nonzero()' reads the number of nonzero elements of '(scores > 0)' on the host to size its output if '(scores > 0)' is a CUDA tensor
}

void loop(torch::Tensor unknown) {
  auto known = torch::randint(0, 4, {16}, torch::Device(torch::kCUDA, 0));
  for (int i = 0; i < 2; ++i) {
    auto a = unknown.bincount();
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:22: warning: 'bincount()' reads the maximum of 'unknown' on the host to size its output if 'unknown' is a CUDA tensor
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:22: warning: 'bincount()' reads the maximum of 'unknown' on the host to size its output if 'unknown' is a CUDA tensor
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:22: warning: 'bincount()' reads the maximum of 'unknown' on the host to size its output if 'unknown' is a CUDA tensor
    auto b = known.bincount();
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:20: warning: 'bincount()' reads the maximum of CUDA tensor 'known' on the host
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:20: warning: 'bincount()' reads the maximum of CUDA tensor 'known' on the host
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:20: warning: 'bincount()' reads the maximum of CUDA tensor 'known' on the host
    // CHECK-MESSAGES-IGNORE: :[[@LINE-4]]:20: warning: 'bincount()' reads the maximum of CUDA tensor 'known' on the host
    (void)a; (void)b;
  }
  auto c = known.nonzero();
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:18: warning: 'nonzero()' reads the number of nonzero elements of CUDA tensor 'known'
  (void)c;
}
