#pragma once
// torchsync mock of torch/script.h (reduced: the ATen/autograd API only).
#include <ATen/ATen.h>
#include <torch/types.h>
