#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

struct Response {
  int64_t request_id;
  int64_t label;
  float score;
};

// The best class and its probability per request; empty when the batch's
// scores are not finite.
std::vector<Response> respond(const torch::Tensor& logits, const std::vector<int64_t>& ids);
