#include "data.h"

HostSet::HostSet() : x_(torch::rand({64, 4})), y_(torch::rand({64, 1})) {}
torch::data::Example<> HostSet::get(size_t i) { return {x_[i], y_[i]}; }
torch::optional<size_t> HostSet::size() const { return 64; }

GpuSet::GpuSet()
    : x_(torch::rand({64, 4}, torch::kCUDA)), y_(torch::rand({64, 1}, torch::kCUDA)) {}
torch::data::Example<> GpuSet::get(size_t i) {
  return {x_[i].to(torch::kCUDA), y_[i].to(torch::kCUDA)};
}
torch::optional<size_t> GpuSet::size() const { return 64; }

torch::Tensor Jitter::operator()(torch::Tensor input) { return input.flip(-1); }
torch::Tensor ToGpu::operator()(torch::Tensor input) { return input.cuda(); }
