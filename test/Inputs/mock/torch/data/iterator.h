#pragma once
// torchsync mock of torch/data/iterator.h (1.13), reduced: the iterator of a
// data loader, declared only.
#include <cstddef>
#include <iterator>
#include <memory>

namespace torch {
namespace data {

template <typename Batch>
class Iterator {
 public:
  using difference_type = std::ptrdiff_t;
  using value_type = Batch;
  using pointer = Batch*;
  using reference = Batch&;
  using iterator_category = std::input_iterator_tag;

  Iterator& operator++();
  Batch& operator*();
  Batch* operator->();
  bool operator==(const Iterator& other);
  bool operator!=(const Iterator& other);
};

} // namespace data
} // namespace torch
