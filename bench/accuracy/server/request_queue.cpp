#include "request_queue.h"

#include <random>

void RequestQueue::fill(int64_t count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> rows(1, 12);
  std::normal_distribution<float> value(0.0f, 1.0f);
  for (int64_t id = 0; id < count; ++id) {
    Request r{id, {}};
    r.features.resize(static_cast<size_t>(rows(rng) * kFeatureDim));
    for (float& v : r.features)
      v = value(rng);
    pending_.push_back(std::move(r));
  }
}

std::vector<Request> RequestQueue::pop(size_t max_batch) {
  std::vector<Request> batch;
  while (!pending_.empty() && batch.size() < max_batch) {
    batch.push_back(std::move(pending_.front()));
    pending_.pop_front();
  }
  return batch;
}
