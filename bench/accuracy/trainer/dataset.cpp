#include "dataset.h"

SyntheticDataset::SyntheticDataset(int64_t samples, int64_t features, int64_t classes,
                                   uint64_t seed) {
  auto gen = at::detail::createCPUGenerator(seed);
  features_ = torch::randn({samples, features}, gen);
  auto teacher = torch::randn({features, classes}, gen);
  labels_ = features_.matmul(teacher).argmax(1);
}

torch::data::Example<> SyntheticDataset::get(size_t index) {
  const auto i = static_cast<int64_t>(index);
  return {features_[i], labels_[i]};
}

torch::optional<size_t> SyntheticDataset::size() const {
  return static_cast<size_t>(features_.size(0));
}
