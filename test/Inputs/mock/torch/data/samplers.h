#pragma once
// torchsync mock of torch/data/samplers.h (1.13), reduced.
#include <torch/data/samplers/base.h>
#include <torch/data/samplers/random.h>
#include <torch/data/samplers/sequential.h>
