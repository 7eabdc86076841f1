#include "steps.h"
// The batch is a parameter: a copy when every caller passes host tensors.
float Trainer::step(torch::data::Example<> &batch) {
  auto x = batch.data.to(device_);
  auto y = batch.target.to(device_);
  return x.size(0) + y.size(0);
}
// Every caller passes a host tensor: a copy.
float upload(const torch::Tensor &x, torch::Device device) {
  return x.to(device).size(0);
}
// One caller passes a CUDA tensor: not a host source on every call.
float mixed(const torch::Tensor &x, torch::Device device) {
  return x.to(device).size(0);
}
// Every caller passes a tensor already on the run-time device: no copy.
float from_gpu(const torch::Tensor &x, torch::Device device) {
  return x.to(device).size(0);
}
// A loop here, but no caller in the project (code outside may call it).
float api(const torch::Tensor &x, torch::Device device) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += x.to(device).size(0);
  return s;
}
