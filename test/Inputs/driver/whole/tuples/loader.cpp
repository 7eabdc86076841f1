#include "loader.h"
// Host tensors, built in place.
std::tuple<torch::Tensor, torch::Tensor> Loader::next(int n) {
  auto x = torch::rand({n, 4});
  auto y = torch::randint(0, 3, {n});
  return std::make_tuple(x, y);
}
// Through a local pair: the first element a host tensor, the second CUDA.
std::pair<torch::Tensor, torch::Tensor> Loader::pinned_pair(int n) {
  std::pair<torch::Tensor, torch::Tensor> p;
  p.first = torch::rand({n});
  p.second = torch::rand({n}, torch::kCUDA);
  return p;
}
// Both on the device.
std::tuple<torch::Tensor, torch::Tensor> Loader::on_device(int n) {
  return {torch::rand({n}, torch::kCUDA), torch::rand({n}, torch::kCUDA)};
}
