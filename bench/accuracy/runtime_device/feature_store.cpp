#include "feature_store.h"

FeatureStore::FeatureStore(int64_t items, int64_t dim)
    : dense_(torch::randn({items, dim})),
      clicks_(torch::randint(0, 2, {items}).to(torch::kFloat)) {}

std::pair<torch::Tensor, torch::Tensor> FeatureStore::sample(int64_t batch,
                                                             const torch::Device& device) {
  auto ids = torch::randint(0, dense_.size(0), {batch});
  auto x = dense_.index({ids}).to(device);
  auto y = clicks_.index_select(0, ids).to(device);
  return {x, y};
}
