#include "batcher.h"

#include <algorithm>

DeviceBatch collate(const std::vector<Request>& requests, const torch::Device& device) {
  int64_t longest = 0;
  std::vector<int64_t> lengths;
  for (const Request& r : requests) {
    lengths.push_back(static_cast<int64_t>(r.features.size()) / kFeatureDim);
    longest = std::max(longest, lengths.back());
  }
  const auto n = static_cast<int64_t>(requests.size());
  std::vector<float> buffer(static_cast<size_t>(n * longest * kFeatureDim), 0.0f);
  for (int64_t i = 0; i < n; ++i)
    std::copy(requests[i].features.begin(), requests[i].features.end(),
              buffer.begin() + i * longest * kFeatureDim);

  DeviceBatch batch;
  batch.inputs = torch::from_blob(buffer.data(), {n, longest, kFeatureDim}).to(device);
  batch.lengths = torch::tensor(lengths, torch::dtype(torch::kLong).device(device));
  return batch;
}
