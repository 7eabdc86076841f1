#pragma once
// torchsync mock of torch/nn/utils/rnn.h (1.13), reduced.
#include <c10/util/Optional.h>
#include <torch/types.h>

#include <cstdint>
#include <tuple>
#include <vector>

namespace torch {
namespace nn {
namespace utils {
namespace rnn {

/// Holds the data and list of `batch_sizes` of a packed sequence.
class PackedSequence {
 public:
  explicit PackedSequence(
      Tensor data = Tensor(),
      Tensor batch_sizes = Tensor(),
      Tensor sorted_indices = Tensor(),
      Tensor unsorted_indices = Tensor());

  const Tensor& data() const {
    return data_;
  }
  const Tensor& batch_sizes() const {
    return batch_sizes_;
  }
  const Tensor& sorted_indices() const {
    return sorted_indices_;
  }
  const Tensor& unsorted_indices() const {
    return unsorted_indices_;
  }
  PackedSequence pin_memory() const;
  PackedSequence to(TensorOptions options) const;
  PackedSequence cuda() const;
  PackedSequence cpu() const;
  bool is_cuda() const;
  bool is_pinned() const;

 private:
  Tensor data_;
  Tensor batch_sizes_;
  Tensor sorted_indices_;
  Tensor unsorted_indices_;
};

/// Packs a Tensor containing padded sequences of variable length.
/// `lengths` must be a 1-D CPU int64 tensor.
PackedSequence pack_padded_sequence(
    Tensor input,
    Tensor lengths,
    bool batch_first = false,
    bool enforce_sorted = true);

/// Pads a packed batch of variable length sequences.
std::tuple<Tensor, Tensor> pad_packed_sequence(
    PackedSequence sequence,
    bool batch_first = false,
    double padding_value = 0.0,
    c10::optional<int64_t> total_length = torch::nullopt);

/// Pad a list of variable length Tensors with ``padding_value``
Tensor pad_sequence(
    ArrayRef<Tensor> sequences,
    bool batch_first = false,
    double padding_value = 0);

/// Packs a list of variable length Tensors
PackedSequence pack_sequence(
    ArrayRef<Tensor> sequences,
    bool enforce_sorted = true);

} // namespace rnn
} // namespace utils
} // namespace nn
} // namespace torch
