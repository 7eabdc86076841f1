#pragma once
// torchsync mock of torch/data/datasets.h (1.13), reduced.
#include <torch/data/datasets/base.h>
#include <torch/data/datasets/map.h>
#include <torch/data/datasets/mnist.h>
