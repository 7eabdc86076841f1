#pragma once

#include "request_queue.h"

#include <torch/torch.h>

#include <vector>

struct DeviceBatch {
  torch::Tensor inputs;   // [batch, rows, kFeatureDim], zero padded
  torch::Tensor lengths;  // [batch]
};

// Pads the requests' rows into one host buffer and moves it to `device`.
DeviceBatch collate(const std::vector<Request>& requests, const torch::Device& device);
