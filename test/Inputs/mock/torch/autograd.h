#pragma once
// torchsync mock of torch/csrc/api/include/torch/autograd.h (1.13), reduced.
#include <torch/csrc/autograd/custom_function.h>
