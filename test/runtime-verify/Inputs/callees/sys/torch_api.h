// Stands in for LibTorch's headers, outside the --root: inline functions
// (Functions.h's at::multinomial, TensorBody.h's Tensor::to) that call into
// the library (libtorch_fake.so, torch_fake.cpp), as the real ones do.
#pragma once

void openTrace(const char *Path);
void closeTrace();

namespace at {
struct Tensor;
namespace _ops {
struct to_device {
  static Tensor call(const Tensor &Self, int Device);
};
} // namespace _ops

struct Tensor {
  int Device = 0;
  template <typename T> T item() const;
  Tensor multinomial(long Samples) const;
  Tensor to(int D) const { return _ops::to_device::call(*this, D); }
};
template <> long Tensor::item<long>() const;

inline Tensor multinomial(const Tensor &Self, long Samples) {
  return Self.multinomial(Samples);
}
} // namespace at
