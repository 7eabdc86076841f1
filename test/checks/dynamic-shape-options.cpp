// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=DEFAULT
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=OUTSIDE -config="{CheckOptions: {torchsync-dynamic-shape.ReportOutsideLoops: true}}"
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=HOT -config="{CheckOptions: {HotFunctions: 'route'}}"
// RUN: %check_torchsync %s dynamic-shape %t -check-suffix=IGNORE -config="{CheckOptions: {UnknownDevice: ignore}}"
#include <torch/torch.h>

torch::Tensor route(torch::Tensor scores) {
  return (scores > 0).nonzero();
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:23: warning: 'nonzero()' waits for the GPU to count the nonzero elements of '(scores > 0)' if it is on CUDA; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
  // CHECK-MESSAGES-HOT: :[[@LINE-2]]:23: warning: 'nonzero()' waits for the GPU to count the nonzero elements of '(scores > 0)' if it is on CUDA; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
}

void loop(torch::Tensor unknown) {
  auto known = torch::randint(0, 4, {16}, torch::Device(torch::kCUDA, 0));
  for (int i = 0; i < 2; ++i) {
    auto a = unknown.bincount();
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:22: warning: 'bincount()' waits for the GPU to read the maximum of 'unknown' if it is on CUDA; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:22: warning: 'bincount()' waits for the GPU to read the maximum of 'unknown' if it is on CUDA; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:22: warning: 'bincount()' waits for the GPU to read the maximum of 'unknown' if it is on CUDA; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    auto b = known.bincount();
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:20: warning: 'bincount()' waits for the GPU to read the maximum of CUDA tensor 'known'; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    // CHECK-MESSAGES-OUTSIDE: :[[@LINE-2]]:20: warning: 'bincount()' waits for the GPU to read the maximum of CUDA tensor 'known'; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    // CHECK-MESSAGES-HOT: :[[@LINE-3]]:20: warning: 'bincount()' waits for the GPU to read the maximum of CUDA tensor 'known'; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    // CHECK-MESSAGES-IGNORE: :[[@LINE-4]]:20: warning: 'bincount()' waits for the GPU to read the maximum of CUDA tensor 'known'; use 'scatter_add_' into 'zeros({K})' when the number of bins K is known on the host [torchsync-dynamic-shape]
    (void)a; (void)b;
  }
  auto c = known.nonzero();
  // CHECK-MESSAGES-OUTSIDE: :[[@LINE-1]]:18: warning: 'nonzero()' waits for the GPU to count the nonzero elements of CUDA tensor 'known'; keep the shape with mask arithmetic (torch::where, multiplying by the mask) [torchsync-dynamic-shape]
  (void)c;
}
