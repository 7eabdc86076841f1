#include "loader.h"
// A host tensor moved to the caller's device.
torch::Tensor Archive::load_tensor(const std::string &name,
                                   torch::Device device) const {
  torch::Tensor cpu =
      torch::from_blob(const_cast<float *>(data_.data()), {4}).clone();
  return cpu.to(device).contiguous();
}
// On the device of its argument 'device', through 'load_tensor'.
torch::Tensor load_squeezed(const Archive &a, const std::string &n,
                            torch::Device device) {
  return a.load_tensor(n, device).squeeze().contiguous();
}
// On the device of 'device', wherever 't' is.
torch::Tensor to_device(const torch::Tensor &t, torch::Device device) {
  return t.to(device);
}
// On the device of 't'.
torch::Tensor squeezed(const torch::Tensor &t) { return t.squeeze(); }
