#pragma once
// torchsync mock of torch/data.h (1.13): Example<>, datasets (MNIST,
// MapDataset), samplers, transforms (Stack, Normalize, Lambda) and stateless
// data loaders.
#include <torch/data/dataloader.h>
#include <torch/data/datasets.h>
#include <torch/data/samplers.h>
#include <torch/data/transforms.h>

// Some "exports".
namespace torch {
namespace data {
using datasets::BatchDataset;
using datasets::Dataset;
} // namespace data
} // namespace torch
