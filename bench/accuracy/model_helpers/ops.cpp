#include "ops.h"

// [batch, longest] boolean mask of the positions below each sequence's length.
torch::Tensor padding_mask(const torch::Tensor& lengths) {
  const int64_t longest = lengths.max().item<int64_t>();
  auto positions = torch::arange(longest, lengths.options());
  return positions.unsqueeze(0) < lengths.unsqueeze(1);
}

// Mean over the valid positions of each sequence: [batch, time, dim] -> [batch, dim].
torch::Tensor masked_mean(const torch::Tensor& h, const torch::Tensor& mask) {
  auto m = mask.unsqueeze(-1).to(h.dtype());
  return (h * m).sum(1) / m.sum(1).clamp_min(1.0);
}

// The valid positions of all sequences, packed: [tokens, dim].
torch::Tensor valid_tokens(const torch::Tensor& h, const torch::Tensor& mask) {
  return h.index({mask});
}

// Scales rows to unit norm; falls back to the raw input when a row is all zero.
torch::Tensor stable_normalize(torch::Tensor x) {
  auto norms = x.norm(2, -1, /*keepdim=*/true);
  if (norms.min().item<float>() == 0.0f)
    return x;
  return x / norms;
}
