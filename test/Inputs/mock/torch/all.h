#pragma once
// torchsync mock of torch/csrc/api/include/torch/all.h (1.13). Like the real
// one it does NOT include the c10/cuda or ATen/cuda headers; tests include
// those explicitly.
#include <torch/autograd.h>
#include <torch/cuda.h>
#include <torch/data.h>
#include <torch/enum.h>
#include <torch/linalg.h>
#include <torch/nn.h>
#include <torch/optim.h>
#include <torch/serialize.h>
#include <torch/types.h>
#include <torch/utils.h>
#include <torch/version.h>
