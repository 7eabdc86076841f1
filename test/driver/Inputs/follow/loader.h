#pragma once
#include <torch/torch.h>
#include <string>
#include <vector>

// Loads host buffers and moves them to the device the caller asks for.
class Archive {
public:
  torch::Tensor load_tensor(const std::string &name, torch::Device device) const;

private:
  std::vector<float> data_;
};

torch::Tensor load_squeezed(const Archive &a, const std::string &n,
                            torch::Device device);
torch::Tensor to_device(const torch::Tensor &t, torch::Device device);
torch::Tensor squeezed(const torch::Tensor &t);
