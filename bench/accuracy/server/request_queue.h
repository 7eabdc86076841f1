#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

struct Request {
  int64_t id;
  std::vector<float> features;  // rows of kFeatureDim floats, a variable count
};

constexpr int64_t kFeatureDim = 16;

// A FIFO of pending requests, filled by a synthetic client.
class RequestQueue {
public:
  void fill(int64_t count, uint32_t seed);
  std::vector<Request> pop(size_t max_batch);
  bool empty() const { return pending_.empty(); }

private:
  std::deque<Request> pending_;
};
