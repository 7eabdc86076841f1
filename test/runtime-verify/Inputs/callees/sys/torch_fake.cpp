// The library behind torch_api.h: its functions sync (recordSync) as
// LibTorch's do on a CUDA tensor, except multinomial(), which does not (as
// in LibTorch 2.x).
#include "torch_api.h"

void recordSync(const char *Kind);

namespace at {
template <> long Tensor::item<long>() const {
  recordSync("stream_sync");
  return Device + 1;
}

Tensor Tensor::multinomial(long) const { return *this; }

Tensor _ops::to_device::call(const Tensor &Self, int D) {
  recordSync("pageable_memcpy");
  Tensor Out = Self;
  Out.Device = D;
  return Out;
}
} // namespace at
