#pragma once
// torchsync mock of torch/csrc/api/include/torch/serialize.h (1.13).
// Saving a CUDA tensor copies it to the CPU (host-device sync).
#include <c10/util/Exception.h>
#include <torch/serialize/archive.h>
#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace torch {

/// Serializes the given `value`.
template <typename Value, typename... SaveToArgs>
void save(const Value& value, SaveToArgs&&... args) {
  serialize::OutputArchive archive;
  archive.save_to(std::forward<SaveToArgs>(args)...);
  (void)value;
}

/// Serializes the given `tensor_vec` of type `std::vector<torch::Tensor>`.
template <typename... SaveToArgs>
void save(const std::vector<torch::Tensor>& tensor_vec, SaveToArgs&&... args) {
  serialize::OutputArchive archive;
  for (size_t i = 0; i < tensor_vec.size(); ++i) {
    archive.write(std::to_string(i), tensor_vec[i]);
  }
  archive.save_to(std::forward<SaveToArgs>(args)...);
}

TORCH_API std::vector<char> pickle_save(const at::Tensor& ivalue);

/// Deserializes the given `value`.
template <typename Value, typename... LoadFromArgs>
void load(Value& value, LoadFromArgs&&... args) {
  serialize::InputArchive archive;
  archive.load_from(std::forward<LoadFromArgs>(args)...);
  (void)value;
}

/// Deserializes the given `tensor_vec` of type `std::vector<torch::Tensor>`.
template <typename... LoadFromArgs>
void load(std::vector<torch::Tensor>& tensor_vec, LoadFromArgs&&... args) {
  serialize::InputArchive archive;
  archive.load_from(std::forward<LoadFromArgs>(args)...);
  (void)tensor_vec;
}

} // namespace torch
