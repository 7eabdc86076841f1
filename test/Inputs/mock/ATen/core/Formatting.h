#pragma once
// torchsync mock of ATen/core/Formatting.h (1.13). As in the real header,
// operator<<(ostream&, const Tensor&) is `static inline` in namespace at and
// calls at::print(out, t, 80) (which moves the tensor to the CPU).
#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

#include <ostream>
#include <string>

namespace c10 {
TORCH_API std::ostream& operator<<(std::ostream & out, Scalar s);
TORCH_API std::string toString(Scalar s);
}
namespace at {

TORCH_API std::ostream& print(
    std::ostream& stream,
    const Tensor& tensor,
    int64_t linesize);
static inline std::ostream& operator<<(std::ostream & out, const Tensor & t) {
  return print(out,t,80);
}
TORCH_API void print(const Tensor & t, int64_t linesize=80);
}
