#pragma once
// torchsync mock of torch/csrc/api/include/torch/torch.h (LibTorch 1.13).
// See test/Inputs/mock/README.md.
#include <torch/all.h>
