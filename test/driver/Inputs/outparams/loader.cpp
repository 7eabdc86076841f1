#include "loader.h"
// Host tensors, as a tuple, as tensors, as a pair and in a vector.
void Loader::next(std::tuple<torch::Tensor, torch::Tensor> &out) {
  out = std::make_tuple(torch::rand({8, 4}), torch::randint(0, 3, {8}));
}
bool Loader::next_batch(torch::Tensor &x, torch::Tensor &y) {
  x = torch::rand({8, 4});
  y = torch::zeros({8}, torch::kLong);
  return true;
}
void Loader::fill(std::pair<torch::Tensor, torch::Tensor> &p) {
  p.first = torch::rand({4}, torch::kCUDA);
  p.second = torch::rand({4});
}
void Loader::fill_vec(std::vector<torch::Tensor> &v) {
  v.push_back(torch::rand({4}));
}
// On the device.
void Loader::on_device(torch::Tensor &x) { x = torch::rand({4}, torch::kCUDA); }
// Written by a function that no file defines: unknown.
void refill(torch::Tensor &x);
void Loader::opaque(torch::Tensor &x) { refill(x); }
